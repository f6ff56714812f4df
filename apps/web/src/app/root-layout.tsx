import { Outlet, ScrollRestoration } from 'react-router';

/** The top route: every screen renders inside it. */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
