import { useEffect } from 'react';
import { useDocumentTitle } from '@mantine/hooks';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { LoginForm } from '../../features/auth/components/login-form';

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
  return <LoginForm onSignedIn={() => void navigate(paths.main, { replace: true })} />;
}
