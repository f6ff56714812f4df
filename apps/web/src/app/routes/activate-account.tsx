import { useDocumentTitle } from '@mantine/hooks';
import { useParams } from 'react-router';
import { storageKeys } from '@studio-gallery/contract';
import { ActivateAccount } from '../../features/auth/components/activate-account';
import { storage } from '../../lib/storage';

/** The activation code is the last path segment (/active-account/<code>), else the stored one. */
export function activationCodeFromSplat(splat: string | undefined): string | null {
  const segments = (splat ?? '').split('/').filter(Boolean);
  const last = segments[segments.length - 1];
  return last ? decodeURIComponent(last) : null;
}

export function ActivateAccountRoute() {
  useDocumentTitle('Activate Account · Your Photoshoot');
  const params = useParams();
  const code = activationCodeFromSplat(params['*']) ?? storage.get(storageKeys.activation);
  return <ActivateAccount code={code} />;
}
