import { lazy, Suspense, useState } from 'react';
import { Button } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconBackground, IconSparkles } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import type { GalleryPhoto, ServiceType } from '@studio-gallery/contract';
import { paths } from '../../config/paths';
import type { OrderablePhoto } from '../../features/cart/lib/cart-items';
import { chosenPhotoOf, rememberChosenPhotos } from '../../lib/chosen-photos';
import { usePhotoEditor } from '../photo-editor';
import { GalleryScreen } from '../../features/gallery/components/gallery-screen';
import { flagForPath } from '../../features/gallery/lib/photo-rules';
import { useSession } from '../../lib/session';

// The touch-up / background modal loads when first asked for.
const ServiceModal = lazy(() => import('../../features/cart/components/service-modal').then((m) => ({ default: m.ServiceModal })));

export function MainRoute() {
  useDocumentTitle('Your Photoshoot');
  const { pathname } = useLocation();
  const flag = flagForPath(pathname);
  const session = useSession();
  const [order, setOrder] = useState<{ serviceType: ServiceType; photos: OrderablePhoto[] } | null>(null);
  const [modalLoaded, setModalLoaded] = useState(false);
  const editor = usePhotoEditor();

  const openService = (serviceType: ServiceType, photos: GalleryPhoto[]) => {
    const list = photos.map(chosenPhotoOf);
    rememberChosenPhotos(list);
    setModalLoaded(true);
    setOrder({ serviceType, photos: list });
  };

  // The gallery shows these only while photos are selected.
  const selectionActions = (selected: GalleryPhoto[]) => {
    const actions = [
      { label: 'Touch-up', serviceType: 'TOUCHUPSERVICE' as const, Icon: IconSparkles },
      { label: 'Background', serviceType: 'BACKGROUNDSERVICE' as const, Icon: IconBackground },
    ];
    return actions.map(({ label, serviceType, Icon }) => (
      <Button key={label} variant="default" leftSection={<Icon size={18} aria-hidden />} onClick={() => openService(serviceType, selected)}>
        {label}
      </Button>
    ));
  };

  return (
    <>
      {/* A new sub-path (the phone menu) starts the gallery afresh on its tab. */}
      <GalleryScreen
        key={pathname}
        initialFlag={flag}
        helpHref={paths.faq}
        loginHref={paths.login}
        selectionActions={selectionActions}
        onEditPhoto={editor.open}
        previewActions={(photo) =>
          // Professional retouch is not offered on already-retouched photos (spec §4).
          photo.isRetouched
            ? []
            : [{ key: 'retouch', label: 'Professional Retouch', icon: <IconSparkles size={16} aria-hidden />, onClick: () => openService('TOUCHUPSERVICE', [photo]) }]
        }
      />
      {modalLoaded ? (
        <Suspense fallback={null}>
          <ServiceModal
            opened={order !== null}
            onClose={() => setOrder(null)}
            serviceType={order?.serviceType ?? 'TOUCHUPSERVICE'}
            photos={order?.photos ?? []}
            canOrder={session !== null}
            loginHref={paths.login}
          />
        </Suspense>
      ) : null}
      {editor.element}
    </>
  );
}
