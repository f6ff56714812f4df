import { useMemo } from 'react';
import { Anchor, Stack, Text } from '@mantine/core';
import { useDocumentTitle, useHotkeys } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { galleryMessages } from '@studio-gallery/contract';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { useFindPhoto } from '../../features/gallery/api/find-photo';
import { galleryQueryRoot } from '../../features/gallery/api/get-gallery-page';
import { photoIdFromUrl } from '../../features/gallery/lib/photo-rules';
import { PresetPicker, PresetsNeedLogin } from '../../features/photo-presets/components/preset-picker';
import { getGalleryViewer } from '../../lib/viewer';

/** The photo the route names: imageId (imageid, id), else the one its imgUrl shows. */
function queryPhotoId(params: URLSearchParams): number | null {
  const raw = params.get('imageId') ?? params.get('imageid') ?? params.get('id');
  if (raw && /^\d{1,15}$/.test(raw) && Number(raw) > 0) return Number(raw);
  return photoIdFromUrl(params.get('imgUrl'));
}

/**
 * /AutoImageTouchup?imgUrl=…[&imageId=…] (spec §2, §4 "Legacy preset"): pick one of the presets the
 * server made from the photo, apply it, back to /main. Escape → /main, ← → /ImageDetail. For the
 * photo's signed-in owner; a session-code visitor is asked to log in.
 */
export function AutoImageTouchupRoute() {
  useDocumentTitle('Presets · Your Photoshoot');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const viewer = useMemo(() => getGalleryViewer(), []);
  const photoId = queryPhotoId(params);
  const lookup = useFindPhoto({ id: viewer.kind === 'user' ? photoId : null, url: params.get('imgUrl') });
  const imgUrl = params.get('imgUrl') ?? lookup.data?.url ?? null;
  const toMain = () => void navigate(paths.main);
  useHotkeys([
    ['Escape', toMain],
    ['ArrowLeft', () => imgUrl && void navigate(paths.imageDetailOf(imgUrl))],
  ]);

  const name = lookup.data?.name;
  return (
    <>
      <PageHeader title="Presets" description={name ? `One-click looks for ${name}.` : 'One-click looks for your photo.'} />
      {viewer.kind !== 'user' ? (
        <PresetsNeedLogin loginHref={paths.login} />
      ) : photoId === null || lookup.data === null ? (
        <Stack gap="xs">
          <Text fw={600}>{galleryMessages.incorrectUrl}</Text>
          <Text c="dimmed" size="sm">
            Open a photo in your gallery, then choose Presets.
          </Text>
          <Anchor component={Link} to={paths.main}>
            Back to gallery
          </Anchor>
        </Stack>
      ) : (
        <PresetPicker
          photoId={photoId}
          onCancel={toMain}
          onApplied={() => {
            void queryClient.invalidateQueries({ queryKey: galleryQueryRoot });
            toMain();
          }}
        />
      )}
    </>
  );
}
