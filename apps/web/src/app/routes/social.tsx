import { useDocumentTitle } from '@mantine/hooks';
import { paths } from '../../config/paths';
import { SocialPage } from '../../features/sharing/components/social-page';

export function SocialRoute() {
  useDocumentTitle('Share your headshots');
  return <SocialPage galleryHref={paths.main} />;
}
