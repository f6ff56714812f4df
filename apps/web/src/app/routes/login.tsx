import { useDocumentTitle } from '@mantine/hooks';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { LoginForm } from '../../features/auth/components/login-form';

export function LoginRoute() {
  useDocumentTitle('Login · Your Photoshoot');
  const navigate = useNavigate();
  return <LoginForm onSignedIn={() => void navigate(paths.main, { replace: true })} />;
}
