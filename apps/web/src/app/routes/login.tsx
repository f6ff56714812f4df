import { useEffect } from 'react';
import { useDocumentTitle } from '@mantine/hooks';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { paths } from '../../config/paths';
import { LoginForm } from '../../features/auth/components/login-form';
import { landingAfterSignIn } from '../../lib/account';
import { getSession } from '../../lib/session';

export function LoginRoute() {
  useDocumentTitle('Login · Your Photoshoot');
  const navigate = useNavigate();
  // The gallery comes next: fetch its code while the visitor types, so signing in doesn't wait for it.
  useEffect(() => {
    const timer = window.setTimeout(() => {
      void import('../layouts/app-layout');
      void import('./main');
    }, 2000);
    return () => window.clearTimeout(timer);
  }, []);
  const queryClient = useQueryClient();
  // Staff and admins land on /studio, customers on the gallery: the account's role decides (GET /account).
  const onSignedIn = () =>
    void landingAfterSignIn(queryClient, getSession()?.userId, { customer: paths.main, staff: paths.studio }).then((to) =>
      navigate(to, { replace: true }),
    );
  return <LoginForm onSignedIn={onSignedIn} />;
}
