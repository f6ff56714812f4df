import { useState } from 'react';
import { ActionIcon, AspectRatio, Card, Group, Image, Loader, Paper, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { COMPANY_BACKDROP_MAX_BYTES } from '@studio-gallery/contract';
import { IconTrash } from '@tabler/icons-react';
import { LoadFailed } from '../../../components/studio/load-failed';
import { errorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { type StudioBackdrop, useCompanyBackdrops, useDeleteBackdrop, useSetBackdropEnabled, useUploadBackdrop } from '../api/company-media';
import { ConfirmDeleteModal } from './confirm-delete-modal';
import { PictureDropzone } from './picture-dropzone';

const BACKDROP_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/tiff'];

/**
 * "Editor backdrops": the backgrounds a company's customers may put behind themselves in the photo
 * editor. Upload by drop or click, show or hide each one in the editor, delete one once confirmed.
 */
export function CompanyBackdrops({ companyId, isDefault }: { companyId: number; isDefault: boolean }) {
  const backdrops = useCompanyBackdrops(companyId);
  const upload = useUploadBackdrop(companyId);
  const setEnabled = useSetBackdropEnabled(companyId);
  const remove = useDeleteBackdrop(companyId);
  const [deleting, setDeleting] = useState<StudioBackdrop | null>(null);

  const toggle = (backdrop: StudioBackdrop, enabled: boolean) =>
    setEnabled.mutate(
      { backdropId: backdrop.id, enabled },
      { onError: (error) => notifyError(errorMessage(error, 'The backdrop could not be changed. Try again.')) },
    );

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifySuccess(`Backdrop “${deleting.name}” deleted.`);
        setDeleting(null);
      },
      onError: (error) => notifyError(errorMessage(error, 'The backdrop could not be deleted. Try again.')),
    });
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={`backdrops-${companyId}`}>
      <Stack gap="sm">
        <div>
          <Title order={2} fz="lg" id={`backdrops-${companyId}`}>
            Editor backdrops
          </Title>
          <Text size="sm" c="dimmed">
            {isDefault
              ? 'The backgrounds customers can put behind themselves in the photo editor, on the studio’s hosts and for companies without backdrops of their own. With none, five built-in backdrops show.'
              : 'The backgrounds this company’s customers can put behind themselves in the photo editor. With none, the studio’s show.'}
          </Text>
        </div>
        <PictureDropzone
          name="backdrop-files"
          label="Upload backdrops"
          hint={`JPEG, PNG, WebP or TIFF, up to ${COMPANY_BACKDROP_MAX_BYTES / 1024 / 1024} MB; portrait 2:3 fits best`}
          accept={BACKDROP_TYPES}
          maxBytes={COMPANY_BACKDROP_MAX_BYTES}
          upload={(file, onProgress) => upload.mutateAsync({ file, onProgress })}
        />
        {backdrops.isPending ? (
          <Group justify="center" p="md">
            <Loader size="sm" aria-label="Loading the backdrops" />
          </Group>
        ) : backdrops.isError ? (
          <LoadFailed what="The backdrops" onRetry={() => void backdrops.refetch()} />
        ) : backdrops.data.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {isDefault ? 'No backdrops yet: the editor offers the five built-in ones.' : 'No backdrops of its own yet.'}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 2, xs: 3, sm: 4, lg: 6 }} spacing="sm" role="list" aria-label="Backdrops">
            {backdrops.data.items.map((backdrop) => (
              <Card key={backdrop.id} withBorder padding="xs" radius="md" role="listitem" aria-label={backdrop.name}>
                <Card.Section>
                  <AspectRatio ratio={2 / 3}>
                    <Image src={backdrop.thumbnailUrl} alt={backdrop.name} fit="cover" style={{ opacity: backdrop.enabled ? 1 : 0.4 }} />
                  </AspectRatio>
                </Card.Section>
                <Text size="sm" fw={500} mt="xs" truncate="end" title={backdrop.name}>
                  {backdrop.name}
                </Text>
                <Group justify="space-between" gap={4} mt={4} wrap="nowrap">
                  <Switch
                    size="xs"
                    label={backdrop.enabled ? 'Shown' : 'Hidden'}
                    checked={backdrop.enabled}
                    onChange={(event) => toggle(backdrop, event.currentTarget.checked)}
                    aria-label={`Show ${backdrop.name} in the editor`}
                  />
                  <ActionIcon variant="subtle" color="red" size="sm" aria-label={`Delete ${backdrop.name}`} onClick={() => setDeleting(backdrop)}>
                    <IconTrash size={14} />
                  </ActionIcon>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Stack>
      <ConfirmDeleteModal
        opened={deleting !== null}
        title="Delete this backdrop?"
        confirmLabel="Delete backdrop"
        deleting={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        “{deleting?.name}” will no longer be offered in the editor, and its file is deleted. Photos already saved with it keep it.
      </ConfirmDeleteModal>
    </Paper>
  );
}
