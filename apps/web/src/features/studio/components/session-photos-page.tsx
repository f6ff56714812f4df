import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ActionIcon, Anchor, AspectRatio, Badge, Button, Card, Group, Image, Modal, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type StudioRenameRequest, studioRenameRequest } from '@studio-gallery/contract';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { FormErrorAlert } from '../../../components/form-alert';
import { FullPageLoader } from '../../../components/full-page-loader';
import { PageHeader } from '../../../components/page-header';
import { EmptyState } from '../../../components/studio/empty-state';
import { LoadFailed } from '../../../components/studio/load-failed';
import { paths } from '../../../config/paths';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { type StudioSessionPhoto, useDeletePhoto, useRenamePhoto, useSessionPhotos } from '../api/session-photos';

type PhotoFilter = 'all' | 'favourites' | 'skipped' | 'retouched';

const FILTERS: { value: PhotoFilter; label: string; keep: (photo: StudioSessionPhoto) => boolean }[] = [
  { value: 'all', label: 'All', keep: () => true },
  { value: 'favourites', label: 'Favourites', keep: (photo) => photo.favourite && !photo.skipped },
  { value: 'skipped', label: 'Skipped', keep: (photo) => photo.skipped },
  { value: 'retouched', label: 'Retouched', keep: (photo) => photo.retouched },
];

function PhotoBadges({ photo }: { photo: StudioSessionPhoto }) {
  const badges = [
    photo.favourite && !photo.skipped ? { label: 'Favourite', color: 'pink' } : null,
    photo.skipped ? { label: 'Skipped', color: 'gray' } : null,
    photo.retouched ? { label: 'Retouched', color: 'teal' } : null,
    photo.edited ? { label: 'Edited', color: 'blue' } : null,
  ].filter((badge) => badge !== null);
  if (badges.length === 0) return null;
  return (
    <Group gap={4}>
      {badges.map((badge) => (
        <Badge key={badge.label} size="xs" variant="light" color={badge.color}>
          {badge.label}
        </Badge>
      ))}
    </Group>
  );
}

function PhotoCard({ photo, onRename, onDelete }: { photo: StudioSessionPhoto; onRename: () => void; onDelete: () => void }) {
  return (
    <Card withBorder radius="md" padding="xs" data-testid="studio-photo">
      <Card.Section>
        <AspectRatio ratio={2 / 3}>
          <Image src={photo.thumbUrl} alt={photo.name} loading="lazy" fit="cover" />
        </AspectRatio>
      </Card.Section>
      <Stack gap={6} mt="xs">
        <Group justify="space-between" gap={4} wrap="nowrap">
          <Text size="sm" fw={600} truncate="end" title={photo.name}>
            {photo.name}
          </Text>
          <Group gap={2} wrap="nowrap">
            <Tooltip label="Rename">
              <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Rename ${photo.name}`} onClick={onRename}>
                <IconPencil size={14} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Delete">
              <ActionIcon variant="subtle" color="red" size="sm" aria-label={`Delete ${photo.name}`} onClick={onDelete}>
                <IconTrash size={14} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <PhotoBadges photo={photo} />
      </Stack>
    </Card>
  );
}

function RenamePhotoModal({ sessionId, photo, onClose }: { sessionId: number; photo: StudioSessionPhoto | null; onClose: () => void }) {
  const rename = useRenamePhoto(sessionId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<StudioRenameRequest>({ resolver: zodResolver(studioRenameRequest), values: { name: photo?.name ?? '' } });
  const close = () => {
    setFailure(null);
    onClose();
  };
  const submit = form.handleSubmit(async ({ name }) => {
    if (!photo) return;
    setFailure(null);
    try {
      await rename.mutateAsync({ photoId: photo.id, name });
      notifications.show({ color: 'teal', title: 'Photo renamed', message: `The customer now sees “${name}”.` });
      close();
    } catch (error) {
      setFailure(errorMessage(error, 'The photo could not be renamed.'));
    }
  });
  return (
    <Modal opened={photo !== null} onClose={close} title="Rename the photo" centered>
      <form noValidate onSubmit={(event) => void submit(event)} aria-label="Rename the photo">
        <Stack gap="sm">
          <FormErrorAlert message={failure} />
          <TextInput label="Name" data-autofocus maxLength={120} error={form.formState.errors.name?.message} {...form.register('name')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={rename.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function DeletePhotoModal({ sessionId, photo, onClose }: { sessionId: number; photo: StudioSessionPhoto | null; onClose: () => void }) {
  const remove = useDeletePhoto(sessionId);
  const confirm = () => {
    if (!photo) return;
    remove.mutate(photo.id, {
      onSuccess: () => {
        notifications.show({ color: 'teal', title: 'Photo deleted', message: `“${photo.name}” is gone from the customer's gallery.` });
        onClose();
      },
      onError: (error) => notifications.show({ color: 'red', title: 'Not deleted', message: errorMessage(error, 'The photo could not be deleted.') }),
    });
  };
  return (
    <Modal opened={photo !== null} onClose={onClose} title="Delete this photo?" centered>
      <Stack gap="md">
        <Text size="sm">“{photo?.name}” will disappear from the customer's gallery. Their activity timeline keeps its name.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep it
          </Button>
          <Button color="red" loading={remove.isPending} onClick={confirm}>
            Delete photo
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A session's photos in the studio (GET /studio/sessions/{id}/photos): filter, rename or delete single photos. */
export function SessionPhotosPage({ sessionId }: { sessionId: number }) {
  const answer = useSessionPhotos(sessionId);
  const [filter, setFilter] = useState<PhotoFilter>('all');
  const [renaming, setRenaming] = useState<StudioSessionPhoto | null>(null);
  const [deleting, setDeleting] = useState<StudioSessionPhoto | null>(null);

  if (answer.isPending) return <FullPageLoader label="Loading the photos" />;
  if (answer.isError) {
    if (isApiError(answer.error) && answer.error.status === 404) return <PageHeader title="Session not found" description={answer.error.message} />;
    return <LoadFailed what="The photos" onRetry={() => void answer.refetch()} />;
  }
  const { session, photos } = answer.data;
  const keep = FILTERS.find((option) => option.value === filter)?.keep ?? (() => true);
  const shown = photos.filter(keep);

  return (
    <>
      <Anchor component={Link} to={paths.studioCustomerOf(session.customerId)} size="sm" mb="sm" display="inline-block">
        ← {session.customerName}
      </Anchor>
      <PageHeader title={session.name} description={`${photos.length} ${photos.length === 1 ? 'photo' : 'photos'} · ${session.customerName}`} />
      <Group gap="xs" mb="md" role="group" aria-label="Show">
        {FILTERS.map((option) => (
          <Button
            key={option.value}
            size="xs"
            radius="xl"
            variant={filter === option.value ? 'filled' : 'default'}
            aria-pressed={filter === option.value}
            onClick={() => setFilter(option.value)}
          >
            {option.label} ({photos.filter(option.keep).length})
          </Button>
        ))}
      </Group>
      {shown.length === 0 ? (
        <EmptyState title={photos.length === 0 ? 'No photos in this session' : 'No photos match'}>
          {photos.length === 0 ? 'Upload a shoot to add photos.' : 'Choose another filter.'}
        </EmptyState>
      ) : (
        <SimpleGrid cols={{ base: 2, xs: 3, md: 4, lg: 5 }} spacing="sm">
          {shown.map((photo) => (
            <PhotoCard key={photo.id} photo={photo} onRename={() => setRenaming(photo)} onDelete={() => setDeleting(photo)} />
          ))}
        </SimpleGrid>
      )}
      <RenamePhotoModal sessionId={sessionId} photo={renaming} onClose={() => setRenaming(null)} />
      <DeletePhotoModal sessionId={sessionId} photo={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
