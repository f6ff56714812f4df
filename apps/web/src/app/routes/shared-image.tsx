import { useDocumentTitle } from '@mantine/hooks';
import { useSearchParams } from 'react-router';
import { env } from '../../config/env';
import { paths } from '../../config/paths';
import { SharedImage, sharedImageSrc } from '../../features/sharing/components/shared-image';

export function SharedImageRoute() {
  useDocumentTitle('Shared headshot');
  const [params] = useSearchParams();
  const src = sharedImageSrc(params.get('imgUrl'), window.location.origin, env.apiBaseUrl);
  return <SharedImage key={src ?? ''} src={src} homeHref={paths.main} />;
}
