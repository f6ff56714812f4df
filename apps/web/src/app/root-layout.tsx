import { useLayoutEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { FIRST_SCREEN_PATH, showApp } from '../lib/first-screen';

/** The top route: every screen renders inside it. */
export function RootLayout() {
  const { pathname } = useLocation();
  // The page started with the stored copy of /main but the app is elsewhere (signed out, say): show it now.
  useLayoutEffect(() => {
    if (pathname !== FIRST_SCREEN_PATH) showApp();
  }, [pathname]);
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
