import { useState } from 'react';
import { ActionIcon, Anchor, Badge, Group, Image, Loader, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { COMPANY_SLIDER_IMAGE_MAX_BYTES, type CompanySliderKind, SIDEBAR_SLIDER, isHttpUrl } from '@studio-gallery/contract';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { LoadFailed } from '../../../components/studio/load-failed';
import { errorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { type StudioSliderImage, useCompanySlider, useDeleteSliderImage, useReorderSlider, useUploadSliderImage } from '../api/company-media';
import { ConfirmDeleteModal } from './confirm-delete-modal';
import { PictureDropzone } from './picture-dropzone';

const SLIDER_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'image/svg+xml'];

const SLIDERS: Record<CompanySliderKind, { title: string; what: string; picture: string }> = {
  login: { title: 'Login slider', what: 'The pictures that take turns beside the sign-in form, 4 seconds each, in this order.', picture: 'Login picture' },
  sidebar: {
    title: 'Sidebar images',
    what: `The promotion in the gallery’s sidebar: the first ${SIDEBAR_SLIDER.maxImages} take turns, 10 seconds each. A picture with a link opens it.`,
    picture: 'Sidebar picture',
  },
};

/** The slider's pictures with `ids` moved: the one at `from` goes to `to`. */
function moved(items: readonly StudioSliderImage[], from: number, to: number): number[] {
  const ids = items.map((item) => item.id);
  const [id] = ids.splice(from, 1);
  if (id !== undefined) ids.splice(to, 0, id);
  return ids;
}

/**
 * "Login slider" or "Sidebar images" of a company: its pictures in the order they show (move up or
 * down, delete once confirmed) and an upload with an optional title and link.
 */
export function CompanySlider({ companyId, kind, isDefault }: { companyId: number; kind: CompanySliderKind; isDefault: boolean }) {
  const slider = useCompanySlider(companyId, kind);
  const upload = useUploadSliderImage(companyId, kind);
  const reorder = useReorderSlider(companyId, kind);
  const remove = useDeleteSliderImage(companyId, kind);
  const [title, setTitle] = useState('');
  const [link, setLink] = useState('');
  const [deleting, setDeleting] = useState<StudioSliderImage | null>(null);
  const { title: heading, what, picture } = SLIDERS[kind];
  const linkError = link.trim() && !isHttpUrl(link.trim()) ? 'Use a full web address starting with https://' : null;
  const headingId = `slider-${kind}-${companyId}`;

  const send = async (file: File, onProgress: (fraction: number) => void) => {
    await upload.mutateAsync({ file, title, url: link, onProgress });
    setTitle('');
    setLink('');
  };

  const move = (items: readonly StudioSliderImage[], from: number, to: number) =>
    reorder.mutate(moved(items, from, to), { onError: (error) => notifyError(errorMessage(error, 'The order could not be saved. Try again.')) });

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifySuccess(`${picture} deleted.`);
        setDeleting(null);
      },
      onError: (error) => notifyError(errorMessage(error, 'The picture could not be deleted. Try again.')),
    });
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <div>
          <Title order={2} fz="lg" id={headingId}>
            {heading}
          </Title>
          <Text size="sm" c="dimmed">
            {what} {isDefault ? 'They show on the studio’s hosts and for companies without pictures of their own.' : 'With none, the studio’s show.'}
          </Text>
        </div>
        {slider.isPending ? (
          <Group justify="center" p="md">
            <Loader size="sm" aria-label={`Loading the ${heading.toLowerCase()}`} />
          </Group>
        ) : slider.isError ? (
          <LoadFailed what={`The ${heading.toLowerCase()}`} onRetry={() => void slider.refetch()} />
        ) : slider.data.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {isDefault ? 'No pictures yet.' : 'No pictures of its own yet.'}
          </Text>
        ) : (
          <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={`${heading} in order`}>
            {slider.data.items.map((item, index, items) => {
              const name = item.title ?? `${picture} ${index + 1}`;
              return (
                <Group key={item.id} component="li" gap="sm" wrap="nowrap" aria-label={name}>
                  <Text size="sm" c="dimmed" w={20} ta="right" aria-hidden>
                    {index + 1}
                  </Text>
                  <Image src={item.photoUrl} alt={name} w={96} h={64} radius="sm" fit="cover" style={{ flexShrink: 0 }} />
                  <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                    <Text size="sm" fw={500} truncate="end" c={item.title ? undefined : 'dimmed'}>
                      {item.title ?? 'No title'}
                    </Text>
                    {item.url ? (
                      <Anchor href={item.url} target="_blank" rel="noreferrer" size="xs" truncate="end">
                        {item.url}
                      </Anchor>
                    ) : null}
                    {kind === 'sidebar' && index >= SIDEBAR_SLIDER.maxImages ? (
                      <Badge size="xs" variant="light" color="gray" mt={2}>
                        Not shown: only the first {SIDEBAR_SLIDER.maxImages} show
                      </Badge>
                    ) : null}
                  </Stack>
                  <Group gap={2} wrap="nowrap">
                    <ActionIcon variant="subtle" aria-label={`Move ${name} up`} disabled={index === 0 || reorder.isPending} onClick={() => move(items, index, index - 1)}>
                      <IconArrowUp size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Move ${name} down`}
                      disabled={index === items.length - 1 || reorder.isPending}
                      onClick={() => move(items, index, index + 1)}
                    >
                      <IconArrowDown size={16} />
                    </ActionIcon>
                    <ActionIcon variant="subtle" color="red" aria-label={`Delete ${name}`} onClick={() => setDeleting(item)}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                </Group>
              );
            })}
          </Stack>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Title (optional)" description="Its caption, read out to screen readers" value={title} onChange={(event) => setTitle(event.currentTarget.value)} maxLength={200} />
          <TextInput
            label="Link (optional)"
            description="Where a click on it goes"
            placeholder="https://"
            value={link}
            onChange={(event) => setLink(event.currentTarget.value)}
            error={linkError}
            maxLength={500}
          />
        </SimpleGrid>
        <PictureDropzone
          name={`slider-${kind}-files`}
          label={`Upload ${heading.toLowerCase()}`}
          hint={`JPEG, PNG, WebP, GIF or SVG, up to ${COMPANY_SLIDER_IMAGE_MAX_BYTES / 1024 / 1024} MB; landscape fits best`}
          accept={SLIDER_TYPES}
          maxBytes={COMPANY_SLIDER_IMAGE_MAX_BYTES}
          upload={send}
          disabled={linkError !== null}
        />
      </Stack>
      <ConfirmDeleteModal
        opened={deleting !== null}
        title="Delete this picture?"
        confirmLabel="Delete picture"
        deleting={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        {deleting?.title ? `“${deleting.title}”` : 'The picture'} leaves the {heading.toLowerCase()} and its file is deleted.
      </ConfirmDeleteModal>
    </Paper>
  );
}
