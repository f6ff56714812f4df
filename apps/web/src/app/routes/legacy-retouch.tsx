import { useMemo } from 'react';
import { Anchor, Center, Loader, Stack, Text } from '@mantine/core';
import { useDocumentTitle, useHotkeys } from '@mantine/hooks';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { galleryMessages, serviceLabels, type ServiceType } from '@studio-gallery/contract';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import type { OrderablePhoto } from '../../features/cart/lib/cart-items';
import { readOrderSelection } from '../../features/cart/lib/order-selection';
import { ServiceModal } from '../../features/cart/components/service-modal';
import { useFindPhoto } from '../../features/gallery/api/find-photo';
import { photoIdFromUrl } from '../../features/gallery/lib/photo-rules';
import { useSession } from '../../lib/session';
import { chosenPhotoOf } from '../../lib/chosen-photos';

function positiveInt(value: string | null): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

/**
 * The photos a legacy route carries: one photo from its query (imgUrl, and imageId / sessionId /
 * name when given), or the photos last chosen for a service (`orderSessions`).
 */
export function photosFromQuery(params: URLSearchParams, multiple: boolean): OrderablePhoto[] {
  const stored = readOrderSelection();
  if (multiple) return stored;
  const imgUrl = params.get('imgUrl');
  const id = queryPhotoId(params);
  if (id === null) return stored.slice(0, 1);
  const known = stored.find((photo) => photo.id === id);
  const sessionId = positiveInt(params.get('sessionId') ?? params.get('sessionid')) ?? known?.sessionId ?? null;
  if (sessionId === null) return [];
  return [
    {
      id,
      sessionId,
      name: params.get('name') ?? known?.name ?? `Photo ${id}`,
      thumbnailUrl: imgUrl ?? known?.thumbnailUrl ?? '',
      isRetouched: ['1', 'true'].includes(params.get('processed') ?? '') || (known?.isRetouched ?? false),
    },
  ];
}

/** The photo a single-photo legacy route names: imageId (imageid, id), else the one its imgUrl shows. */
function queryPhotoId(params: URLSearchParams): number | null {
  return positiveInt(params.get('imageId') ?? params.get('imageid') ?? params.get('id')) ?? photoIdFromUrl(params.get('imgUrl'));
}


function LegacyRetouch({ serviceType, multiple, comingSoon = false }: { serviceType: ServiceType; multiple: boolean; comingSoon?: boolean }) {
  const label = serviceLabels[serviceType];
  useDocumentTitle(`${label} · Your Photoshoot`);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const session = useSession();
  const fromQuery = useMemo(() => photosFromQuery(params, multiple), [params, multiple]);
  // A link with the photo's URL only (no session id, not among the photos last chosen): the photo is
  // looked up in the viewer's gallery, which knows its session.
  const lookupId = !multiple && fromQuery.length === 0 ? queryPhotoId(params) : null;
  const lookup = useFindPhoto({ id: lookupId, url: params.get('imgUrl') });
  const photos = useMemo(() => (fromQuery.length > 0 ? fromQuery : lookup.data ? [chosenPhotoOf(lookup.data)] : []), [fromQuery, lookup.data]);
  const imgUrl = params.get('imgUrl');
  // Escape goes to /main (the modal's close); ← goes to /ImageDetail (spec §2 keyboard).
  useHotkeys([['ArrowLeft', () => imgUrl && void navigate(paths.imageDetailOf(imgUrl))]]);

  return (
    <>
      <PageHeader title={label} description="Order professional retouching for your photos." />
      {lookup.isLoading ? (
        <Center mih={200}>
          <Loader aria-label="Finding the photo" />
        </Center>
      ) : photos.length === 0 && !comingSoon ? (
        <Stack gap="xs">
          <Text fw={600}>{galleryMessages.incorrectUrl}</Text>
          <Text c="dimmed" size="sm">
            Choose photos in your gallery, then pick Touch-up or Background.
          </Text>
          <Anchor component={Link} to={paths.main}>
            Back to gallery
          </Anchor>
        </Stack>
      ) : (
        <ServiceModal
          opened
          onClose={() => void navigate(paths.main)}
          serviceType={serviceType}
          photos={photos}
          canOrder={session !== null}
          loginHref={paths.login}
          comingSoon={comingSoon}
        />
      )}
    </>
  );
}

/** /ImageTouchup?imgUrl=… */
export function ImageTouchupRoute() {
  return <LegacyRetouch serviceType="TOUCHUPSERVICE" multiple={false} />;
}
/** /ImageTouchupMultiple: the photos last chosen in the gallery. */
export function ImageTouchupMultipleRoute() {
  return <LegacyRetouch serviceType="TOUCHUPSERVICE" multiple />;
}
/** /ImageBackground: shown but disabled, "Coming Soon" (spec §2). */
export function ImageBackgroundRoute() {
  return <LegacyRetouch serviceType="BACKGROUNDSERVICE" multiple={false} comingSoon />;
}
/** /ImageBackgroundMultiple: the photos last chosen in the gallery. */
export function ImageBackgroundMultipleRoute() {
  return <LegacyRetouch serviceType="BACKGROUNDSERVICE" multiple />;
}
