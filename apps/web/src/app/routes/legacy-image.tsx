import { useMemo } from 'react';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useDocumentTitle, useHotkeys } from '@mantine/hooks';
import { IconBrandFacebook, IconBrandLinkedin } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { galleryMessages } from '@studio-gallery/contract';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { readOrderSelection } from '../../features/cart/lib/order-selection';
import { facebookShareUrl, linkedInShareUrl } from '../../features/gallery/api/share-photo';
import { LegacyPhotoView } from '../../features/gallery/components/legacy-photo-view';
import { usePhotoEditor } from '../photo-editor';
import { ShareModal } from '../../features/gallery/components/share-modal';

/** /ImageDetail?imgUrl=…: the photo on its own; Escape goes to /main. */
export function ImageDetailRoute() {
  useDocumentTitle('Photo');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const imgUrl = params.get('imgUrl');
  const editor = usePhotoEditor();
  useHotkeys([['Escape', () => void navigate(paths.main)]]);
  return (
    <>
      <LegacyPhotoView key={imgUrl ?? ''} photoUrl={imgUrl} title="Photo" backHref={paths.main} loginHref={paths.login} onEdit={editor.open} />
      {editor.element}
    </>
  );
}

/** /ImageShare?imgUrl=…[&processed=…]: the photo with share links; Escape → /main, ← → /ImageDetail. */
export function ImageShareRoute() {
  useDocumentTitle('Share photo');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const imgUrl = params.get('imgUrl');
  const processed = ['1', 'true'].includes(params.get('processed') ?? '');
  useHotkeys([
    ['Escape', () => void navigate(paths.main)],
    ['ArrowLeft', () => void navigate(paths.imageDetailOf(imgUrl ?? ''))],
  ]);
  const shareTarget = imgUrl ? `${window.location.origin}${paths.sharedImage}?imgUrl=${encodeURIComponent(imgUrl)}` : '';
  return (
    <LegacyPhotoView key={imgUrl ?? ''} photoUrl={imgUrl} title={processed ? 'Share retouched photo' : 'Share photo'} backHref={paths.main} loginHref={paths.login}>
      <Group gap="sm">
        <Text size="sm">Share on</Text>
        <Anchor href={facebookShareUrl(shareTarget)} target="_blank" rel="noopener noreferrer">
          <Group gap={4}>
            <IconBrandFacebook size={18} aria-hidden /> Facebook
          </Group>
        </Anchor>
        <Anchor href={linkedInShareUrl(shareTarget)} target="_blank" rel="noopener noreferrer">
          <Group gap={4}>
            <IconBrandLinkedin size={18} aria-hidden /> LinkedIn
          </Group>
        </Anchor>
      </Group>
    </LegacyPhotoView>
  );
}

/**
 * /ImageShareMultiple: the share dialog for the photos last chosen in the gallery (`orderSessions`,
 * written as photos are selected); closing it (or Escape) goes to /main.
 */
export function ImageShareMultipleRoute() {
  useDocumentTitle('Share photos');
  const navigate = useNavigate();
  const photos = useMemo(() => readOrderSelection(), []);
  return (
    <>
      <PageHeader title="Share photos" description="Share links to the photos you chose in your gallery." />
      {photos.length === 0 ? (
        <Stack gap="xs">
          <Text fw={600}>{galleryMessages.noImagesToShare}</Text>
          <Text c="dimmed" size="sm">
            Select photos in your gallery, then choose Share.
          </Text>
          <Anchor component={Link} to={paths.main}>
            Back to gallery
          </Anchor>
        </Stack>
      ) : (
        <ShareModal opened photos={photos} onClose={() => void navigate(paths.main)} />
      )}
    </>
  );
}
