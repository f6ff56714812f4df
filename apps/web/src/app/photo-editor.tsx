import { lazy, Suspense, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { GalleryPhoto } from '@studio-gallery/contract';
import { paths } from '../config/paths';
import { useBrandingQuery } from '../features/branding/api/get-branding';
import { galleryQueryRoot } from '../features/gallery/api/get-gallery-page';
import { revertEdit } from '../features/gallery/api/revert-edit';
import { chosenPhotoOf } from '../lib/chosen-photos';
import { useSession } from '../lib/session';

// The editor (its code, and its models in a worker) loads when Edit is first opened.
const EditModal = lazy(() => import('../features/editor/components/edit-modal').then((m) => ({ default: m.EditModal })));
const ServiceOrder = lazy(() => import('../features/cart/components/service-modal').then((m) => ({ default: m.ServiceOrder })));

/** The edit modal for whichever photo `open` was given; render `element` once in the screen. */
export function usePhotoEditor() {
  const [photo, setPhoto] = useState<GalleryPhoto | null>(null);
  const [loaded, setLoaded] = useState(false);
  const session = useSession();
  const queryClient = useQueryClient();
  const canSave = session !== null;
  // The background panel offers the host's studio's backdrops.
  const branding = useBrandingQuery();

  const element = loaded ? (
    <Suspense fallback={null}>
      <EditModal
        photo={photo}
        onClose={() => setPhoto(null)}
        canSave={canSave}
        loginHref={paths.login}
        onSaved={() => void queryClient.invalidateQueries({ queryKey: galleryQueryRoot })}
        revertEdit={revertEdit}
        backgroundsClientId={branding.data?.id ?? null}
        professionalRetouch={
          // Not offered on already-retouched photos (spec §4); visitors see the order but cannot add it.
          photo && !photo.isRetouched ? (
            <ServiceOrder serviceType="TOUCHUPSERVICE" photos={[chosenPhotoOf(photo)]} canOrder={canSave} loginHref={paths.login} />
          ) : undefined
        }
      />
    </Suspense>
  ) : null;

  return {
    open: (next: GalleryPhoto) => {
      setLoaded(true);
      setPhoto(next);
    },
    element,
  };
}
