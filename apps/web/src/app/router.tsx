import { createBrowserRouter, type RouteObject } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { setUnauthorizedHandler } from '../lib/api-client';
import { paths } from '../config/paths';
import { AppLayout } from './layouts/app-layout';
import { AuthLayout, type AuthRouteHandle } from './layouts/auth-layout';
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
import { ActivateAccountRoute } from './routes/activate-account';
import { FaqRoute } from './routes/faq';
import { ForgotPasswordRoute } from './routes/forgot-password';
import { ImageDetailRoute, ImageShareRoute } from './routes/legacy-image';
import { LoginRoute } from './routes/login';
import { MainRoute } from './routes/main';
import { NotFoundRoute } from './routes/not-found';
import { ResetFinishRoute } from './routes/reset-finish';
import { SettingsRoute } from './routes/settings';
import { SharedImageRoute } from './routes/shared-image';
import { SocialRoute } from './routes/social';
import { SignupRoute } from './routes/signup';

const slider: AuthRouteHandle = { showcase: 'slider' };

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    loader: rootLoader,
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      {
        element: <AuthLayout />,
        children: [
          { index: true, loader: indexLoader, handle: slider, element: <LoginRoute /> },
          { path: paths.login, loader: loginLoader, handle: slider, element: <LoginRoute /> },
          { path: paths.signup, element: <SignupRoute /> },
          { path: paths.forgotPassword, loader: signedOutOnlyLoader, element: <ForgotPasswordRoute /> },
          { path: `${paths.activateAccount}/*`, element: <ActivateAccountRoute /> },
          { path: paths.resetFinish, element: <ResetFinishRoute /> },
        ],
      },
      {
        element: <AppLayout />,
        children: [
          { path: paths.main, loader: galleryLoader, element: <MainRoute /> },
          { path: `${paths.main}/*`, loader: galleryLoader, element: <MainRoute /> },
          { path: paths.settings, loader: signedInLoader, element: <SettingsRoute /> },
          { path: paths.faq, element: <FaqRoute /> },
          { path: paths.sharedImage, element: <SharedImageRoute /> },
          { path: paths.social, element: <SocialRoute /> },
          { path: paths.imageDetail, element: <ImageDetailRoute /> },
          { path: paths.imageShare, element: <ImageShareRoute /> },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  // A 401 on a signed-in call: the client clears the session, the router shows the login screen.
  setUnauthorizedHandler(() => {
    void router.navigate(paths.login, { replace: true });
  });
  return router;
}
