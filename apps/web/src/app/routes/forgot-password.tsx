import { useDocumentTitle } from '@mantine/hooks';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';

export function ForgotPasswordRoute() {
  useDocumentTitle('Forgot Password · Your Photoshoot');
  return <ForgotPasswordForm />;
}
