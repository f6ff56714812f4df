import { useState, type ReactNode } from 'react';
import { Anchor, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconPhotoOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { GalleryPhoto } from '@studio-gallery/contract';
import { useImageBinary } from '../../../lib/image-binary';
import { useFindPhoto } from '../api/find-photo';
import { photoIdFromUrl } from '../lib/photo-rules';
import { BlobImage } from './blob-image';
import { ImageLoadErrorModal } from '../../../components/image-load-error-modal';

export interface LegacyPhotoViewProps {
  /** One of our signed photo URLs (the legacy routes' imgUrl); null when missing. */
  photoUrl: string | null;
  title: string;
  backHref: string;
  loginHref: string;
  /** Extra content under the photo (the share links). */
  children?: ReactNode;
  /**
   * Opens the editor on the photo (the app's). With it, an Edit button shows once the photo is found
   * in the viewer's gallery (the URL names the photo; the editor needs its gallery entry).
   */
  onEdit?: (photo: GalleryPhoto) => void;
}

/** The legacy /ImageDetail and /ImageShare view: the photo loaded as binary, with the §8 failure modal. */
export function LegacyPhotoView({ photoUrl, title, backHref, loginHref, children, onEdit }: LegacyPhotoViewProps) {
  const { blob, isLoading, failure, retry } = useImageBinary(photoUrl);
  const galleryPhoto = useFindPhoto({ id: onEdit ? photoIdFromUrl(photoUrl) : null, url: photoUrl });
  const [dismissed, setDismissed] = useState<typeof failure>(null);
  return (
    <Stack gap="md" align="center" py="md">
      <Anchor component={Link} to={backHref} style={{ alignSelf: 'flex-start' }}>
        Back to gallery
      </Anchor>
      <Title order={1} size="h3">
        {title}
      </Title>
      {!photoUrl ? <Text>No image was given.</Text> : null}
      {isLoading ? (
        <Center mih={240}>
          <Loader aria-label="Loading photo" />
        </Center>
      ) : null}
      {blob ? (
        <BlobImage blob={blob} alt={title} style={{ maxWidth: '100%', maxHeight: 'calc(100vh - 220px)', objectFit: 'contain' }} />
      ) : null}
      {failure ? (
        <Center mih={240}>
          <Stack align="center" gap="xs">
            <IconPhotoOff size={48} stroke={1.2} aria-hidden />
            <Text size="sm">This photo could not be loaded.</Text>
          </Stack>
        </Center>
      ) : null}
      {blob && onEdit && (galleryPhoto.isLoading || galleryPhoto.data) ? (
        <Button
          variant="light"
          leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
          loading={galleryPhoto.isLoading}
          onClick={() => galleryPhoto.data && onEdit(galleryPhoto.data)}
        >
          Edit
        </Button>
      ) : null}
      {blob ? children : null}
      <ImageLoadErrorModal
        failure={failure !== dismissed ? failure : null}
        onRetry={() => {
          setDismissed(null);
          retry();
        }}
        onClose={() => setDismissed(failure)}
        loginHref={loginHref}
      />
    </Stack>
  );
}
