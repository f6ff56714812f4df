import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { setUnauthorizedHandler } from '../lib/api-client';
import { paths } from '../config/paths';
import type { AuthRouteHandle } from './layouts/auth-layout';
import {
  galleryLoader,
  indexLoader,
  loginLoader,
  rootLoader,
  signedInLoader,
  signedOutOnlyLoader,
} from './loaders';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

const slider: AuthRouteHandle = { showcase: 'slider' };
const login = () => import('./routes/login').then((m) => ({ Component: m.LoginRoute }));

/** The app's routes; with a query client, loaders may start a screen's first request early. */
export function createRoutes(queryClient?: QueryClient): RouteObject[] {
  const gallery = {
    loader: (args: LoaderFunctionArgs) => galleryLoader(args, queryClient),
    lazy: () => import('./routes/main').then((m) => ({ Component: m.MainRoute })),
  };
  // Every screen (and layout) is a lazy route, so each page downloads only its own code:
  //   { path: paths.x, lazy: () => import('./routes/x').then((m) => ({ Component: m.XRoute })) },
  return [
    {
      id: 'root',
      element: <RootLayout />,
      loader: rootLoader,
      errorElement: <RouteError />,
      hydrateFallbackElement: <FullPageLoader />,
      children: [
        {
          lazy: () => import('./layouts/auth-layout').then((m) => ({ Component: m.AuthLayout })),
          children: [
            { index: true, loader: indexLoader, handle: slider, lazy: login },
            { path: paths.login, loader: loginLoader, handle: slider, lazy: login },
            { path: paths.signup, lazy: () => import('./routes/signup').then((m) => ({ Component: m.SignupRoute })) },
            { path: paths.forgotPassword, loader: signedOutOnlyLoader, lazy: () => import('./routes/forgot-password').then((m) => ({ Component: m.ForgotPasswordRoute })) },
            { path: `${paths.activateAccount}/*`, lazy: () => import('./routes/activate-account').then((m) => ({ Component: m.ActivateAccountRoute })) },
            { path: paths.resetFinish, lazy: () => import('./routes/reset-finish').then((m) => ({ Component: m.ResetFinishRoute })) },
          ],
        },
        // Booking from an invite link: a public page of its own (the date picker needs the width).
        { path: paths.appointment, lazy: () => import('./routes/appointment').then((m) => ({ Component: m.AppointmentRoute })) },
        // The studio's dashboard (issue 15): its layout (the staff-only guard) and screens are lazy chunks
        // of their own, so none of it is on the customer's first screen.
        {
          path: paths.studio,
          lazy: () => import('./layouts/studio-layout').then((m) => ({ Component: m.StudioLayout, loader: () => m.studioLoader(queryClient) })),
          children: [
            { index: true, lazy: () => import('./routes/studio').then((m) => ({ Component: m.StudioHomeRoute, loader: () => m.studioHomeLoader(queryClient) })) },
            { path: paths.studioCustomers, lazy: () => import('./routes/studio-customers').then((m) => ({ Component: m.StudioCustomersRoute })) },
            { path: paths.studioCustomer, lazy: () => import('./routes/studio-customer').then((m) => ({ Component: m.StudioCustomerRoute })) },
            { path: paths.studioSession, lazy: () => import('./routes/studio-session').then((m) => ({ Component: m.StudioSessionRoute })) },
            { path: paths.studioBookings, lazy: () => import('./routes/studio-bookings').then((m) => ({ Component: m.StudioBookingsRoute })) },
            { path: paths.studioCalendars, lazy: () => import('./routes/studio-calendars').then((m) => ({ Component: m.StudioCalendarsRoute })) },
            { path: paths.studioAppointmentTypes, lazy: () => import('./routes/studio-appointment-types').then((m) => ({ Component: m.StudioAppointmentTypesRoute })) },
            { path: paths.studioInvites, lazy: () => import('./routes/studio-invites').then((m) => ({ Component: m.StudioInvitesRoute })) },
            { path: paths.studioActivity, lazy: () => import('./routes/studio-activity').then((m) => ({ Component: m.StudioActivityRoute })) },
            { path: paths.studioStaff, lazy: () => import('./routes/studio-staff').then((m) => ({ Component: m.StudioStaffRoute })) },
            { path: paths.studioJobs, lazy: () => import('./routes/studio-jobs').then((m) => ({ Component: m.StudioJobsRoute })) },
            { path: paths.studioCompanies, lazy: () => import('./routes/studio-companies').then((m) => ({ Component: m.StudioCompaniesRoute })) },
            { path: paths.studioCompany, lazy: () => import('./routes/studio-company').then((m) => ({ Component: m.StudioCompanyRoute })) },
            { path: paths.studioPrices, lazy: () => import('./routes/studio-prices').then((m) => ({ Component: m.StudioPricesRoute })) },
            { path: paths.studioCoupons, lazy: () => import('./routes/studio-coupons').then((m) => ({ Component: m.StudioCouponsRoute })) },
            { path: paths.studioSurveys, lazy: () => import('./routes/studio-surveys').then((m) => ({ Component: m.StudioSurveysRoute })) },
            { path: paths.studioOrders, lazy: () => import('./routes/studio-orders').then((m) => ({ Component: m.StudioOrdersRoute })) },
            { path: paths.studioOrder, lazy: () => import('./routes/studio-orders').then((m) => ({ Component: m.StudioOrderRoute })) },
            { path: paths.studioShoots, lazy: () => import('./routes/studio-shoots').then((m) => ({ Component: m.StudioShootsRoute })) },
            { path: paths.studioShootNew, lazy: () => import('./routes/studio-shoots').then((m) => ({ Component: m.StudioNewShootRoute })) },
            { path: paths.studioShoot, lazy: () => import('./routes/studio-shoots').then((m) => ({ Component: m.StudioShootRoute })) },
            { path: '*', lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundRoute })) },
          ],
        },
        {
          lazy: () => import('./layouts/app-layout').then((m) => ({ Component: m.AppLayout })),
          children: [
            { path: paths.main, ...gallery },
            { path: paths.mainOrders, loader: signedInLoader, lazy: () => import('./routes/orders').then((m) => ({ Component: m.OrdersRoute })) },
            { path: `${paths.main}/*`, ...gallery },
            { path: paths.settings, loader: signedInLoader, lazy: () => import('./routes/settings').then((m) => ({ Component: m.SettingsRoute })) },
            { path: paths.faq, lazy: () => import('./routes/faq').then((m) => ({ Component: m.FaqRoute })) },
            { path: paths.sharedImage, lazy: () => import('./routes/shared-image').then((m) => ({ Component: m.SharedImageRoute })) },
            { path: paths.social, lazy: () => import('./routes/social').then((m) => ({ Component: m.SocialRoute })) },
            { path: paths.imageDetail, lazy: () => import('./routes/legacy-image').then((m) => ({ Component: m.ImageDetailRoute })) },
            { path: paths.imageShare, lazy: () => import('./routes/legacy-image').then((m) => ({ Component: m.ImageShareRoute })) },
            { path: paths.imageShareMultiple, lazy: () => import('./routes/legacy-image').then((m) => ({ Component: m.ImageShareMultipleRoute })) },
            { path: paths.invoice, loader: signedInLoader, lazy: () => import('./routes/invoice').then((m) => ({ Component: m.InvoiceRoute })) },
            { path: paths.imageTouchup, lazy: () => import('./routes/legacy-retouch').then((m) => ({ Component: m.ImageTouchupRoute })) },
            { path: paths.imageTouchupMultiple, lazy: () => import('./routes/legacy-retouch').then((m) => ({ Component: m.ImageTouchupMultipleRoute })) },
            { path: paths.autoImageTouchup, lazy: () => import('./routes/auto-image-touchup').then((m) => ({ Component: m.AutoImageTouchupRoute })) },
            { path: paths.imageBackground, lazy: () => import('./routes/legacy-retouch').then((m) => ({ Component: m.ImageBackgroundRoute })) },
            { path: paths.imageBackgroundMultiple, lazy: () => import('./routes/legacy-retouch').then((m) => ({ Component: m.ImageBackgroundMultipleRoute })) },
            { path: '*', lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundRoute })) },
          ],
        },
      ],
    },
  ];
}

export const routes: RouteObject[] = createRoutes();

export function createAppRouter(queryClient?: QueryClient) {
  const router = createBrowserRouter(createRoutes(queryClient));
  // A 401 on a signed-in call: the client clears the session, the router shows the login screen.
  setUnauthorizedHandler(() => {
    void router.navigate(paths.login, { replace: true });
  });
  return router;
}
