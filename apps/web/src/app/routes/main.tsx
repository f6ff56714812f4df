import { useDocumentTitle } from '@mantine/hooks';
import { paths } from '../../config/paths';
import { GalleryPlaceholder } from '../../features/gallery/components/gallery-placeholder';

export function MainRoute() {
  useDocumentTitle('Your Photoshoot');
  return <GalleryPlaceholder helpHref={paths.faq} />;
}
