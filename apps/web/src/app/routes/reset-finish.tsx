import { useDocumentTitle } from '@mantine/hooks';
import { useSearchParams } from 'react-router';
import { storageKeys } from '@studio-gallery/contract';
import { SetPasswordForm } from '../../features/auth/components/set-password-form';
import { SurveyGate } from '../../features/surveys/components/survey-gate';
import { useSession } from '../../lib/session';
import { storage } from '../../lib/storage';

export function ResetFinishRoute() {
  useDocumentTitle('Set Password · Your Photoshoot');
  const [params] = useSearchParams();
  const session = useSession();
  const resetKey = params.get('key') || storage.get(storageKeys.resetKey);
  // The studio's survey first when the entry link's q named one (spec §2 "Set Password screen").
  return (
    <SurveyGate
      formKey={storage.get(storageKeys.formKey)}
      email={storage.get(storageKeys.emailKey)}
      code={storage.get(storageKeys.code) ?? ''}
      resetKey={resetKey}
    >
      <SetPasswordForm resetKey={resetKey} signedIn={session !== null} />
    </SurveyGate>
  );
}
