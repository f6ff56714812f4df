import { useDocumentTitle } from '@mantine/hooks';
import { SignupForm } from '../../features/auth/components/signup-form';

export function SignupRoute() {
  useDocumentTitle('Create An Account · Your Photoshoot');
  return <SignupForm />;
}
