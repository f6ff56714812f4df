import { useDocumentTitle } from '@mantine/hooks';
import { useSearchParams } from 'react-router';
import { storageKeys } from '@studio-gallery/contract';
import { SetPasswordForm } from '../../features/auth/components/set-password-form';
import { useSession } from '../../lib/session';
import { storage } from '../../lib/storage';

export function ResetFinishRoute() {
  useDocumentTitle('Set Password · Your Photoshoot');
  const [params] = useSearchParams();
  const session = useSession();
  const resetKey = params.get('key') || storage.get(storageKeys.resetKey);
  return <SetPasswordForm resetKey={resetKey} signedIn={session !== null} />;
}
