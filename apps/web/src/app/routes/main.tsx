import { useDocumentTitle } from '@mantine/hooks';
import { useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { GalleryScreen } from '../../features/gallery/components/gallery-screen';
import { flagForPath } from '../../features/gallery/lib/photo-rules';

export function MainRoute() {
  useDocumentTitle('Your Photoshoot');
  const { pathname } = useLocation();
  const flag = flagForPath(pathname);
  // A new sub-path (the phone menu) starts the gallery afresh on its tab.
  return <GalleryScreen key={pathname} initialFlag={flag} helpHref={paths.faq} loginHref={paths.login} />;
}
