import { useState } from 'react';
import { ActionIcon, Group, Image, Loader, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconBrandFacebook, IconBrandLinkedin, IconCopy, IconX } from '@tabler/icons-react';
import { galleryMessages, type GalleryPhoto } from '@studio-gallery/contract';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { facebookShareUrl, linkedInShareUrl, useShareLinks } from '../api/share-photo';

export const URL_COPIED = 'URL copied to clipboard!';
export const COPY_FAILED = 'Failed to copy URL';

/** What the share list shows of a photo (a gallery photo, or one remembered for /ImageShareMultiple). */
export type ShareablePhoto = Pick<GalleryPhoto, 'id' | 'name' | 'thumbnailUrl'>;

export interface ShareModalProps {
  opened: boolean;
  photos: ShareablePhoto[];
  onClose: () => void;
}

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Share the selected photos (spec §2): copy each public link, remove from the list, Facebook, LinkedIn. */
export function ShareModal({ opened, photos, onClose }: ShareModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Share photos" size="lg" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {opened ? <ShareList photos={photos} /> : null}
    </Modal>
  );
}

function ShareList({ photos }: { photos: ShareablePhoto[] }) {
  const [removed, setRemoved] = useState<number[]>([]);
  const shown = photos.filter((p) => !removed.includes(p.id));
  const links = useShareLinks(
    photos.map((p) => p.id),
    true,
  );

  if (shown.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg">
        {galleryMessages.noImagesToShare}
      </Text>
    );
  }

  return (
    <Stack gap="sm">
      {links.isError ? (
        <Text c="red" size="sm" role="alert">
          The share links could not be created. Please try again.
        </Text>
      ) : null}
      <Stack gap={0} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {shown.map((photo) => {
          const url = links.data?.get(photo.id);
          return (
            <Group key={photo.id} component="li" gap="sm" wrap="nowrap" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
              <Image src={photo.thumbnailUrl} alt={photo.name} w={48} h={72} radius="sm" fit="cover" />
              <Text size="sm" fw={500} style={{ flex: 1, minWidth: 0 }} truncate>
                {photo.name}
              </Text>
              {url ? (
                <Group gap={6} wrap="nowrap">
                  <Tooltip label="Copy link">
                    <ActionIcon
                      variant="light"
                      size="lg"
                      aria-label={`Copy URL of ${photo.name}`}
                      onClick={() => {
                        void copyText(url).then((ok) => (ok ? notifySuccess(URL_COPIED) : notifyError(COPY_FAILED)));
                      }}
                    >
                      <IconCopy size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  <ActionIcon component="a" href={facebookShareUrl(url)} target="_blank" rel="noopener noreferrer" variant="light" color="blue" size="lg" aria-label={`Share ${photo.name} on Facebook`}>
                    <IconBrandFacebook size={18} aria-hidden />
                  </ActionIcon>
                  <ActionIcon component="a" href={linkedInShareUrl(url)} target="_blank" rel="noopener noreferrer" variant="light" color="indigo" size="lg" aria-label={`Share ${photo.name} on LinkedIn`}>
                    <IconBrandLinkedin size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              ) : links.isPending ? (
                <Loader size="sm" aria-label="Creating link" />
              ) : null}
              <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Remove ${photo.name} from the list`} onClick={() => setRemoved((r) => [...r, photo.id])}>
                <IconX size={18} aria-hidden />
              </ActionIcon>
            </Group>
          );
        })}
      </Stack>
      <Text size="xs" c="dimmed">
        Anyone with a link can see that photo.
      </Text>
    </Stack>
  );
}
