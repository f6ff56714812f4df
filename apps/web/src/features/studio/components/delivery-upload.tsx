import { useRef, useState } from 'react';
import { Alert, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { deliveryMatchKey, MAX_DELIVERY_FILE_BYTES } from '@studio-gallery/contract';
import { IconCircleCheck, IconPhotoUp } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-client';
import { deliverOrderFile } from '../api/deliver-file';
import type { StudioOrder } from '../api/get-orders';
import { studioKeys } from '../api/query-keys';

/** What the browser offers to pick; the server judges the content. */
const ACCEPT = ['image/jpeg', 'image/png', 'image/webp', 'image/tiff'];

type UploadState =
  | { kind: 'waiting' }
  | { kind: 'uploading'; fraction: number }
  | { kind: 'delivered'; photoName: string }
  | { kind: 'failed'; message: string };

interface UploadEntry {
  id: number;
  file: File;
  state: UploadState;
}

/** The ordered photo a file would be attached to, by name without extension (as the server matches). */
export function matchPhoto(order: Pick<StudioOrder, 'items'>, fileName: string): string | null {
  const key = deliveryMatchKey(fileName);
  return order.items.find((item) => item.photoName.toLowerCase() === key)?.photoName ?? null;
}

function EntryRow({ entry }: { entry: UploadEntry }) {
  const { state } = entry;
  return (
    <Stack gap={4} component="li" aria-label={entry.file.name}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" truncate>
          {entry.file.name}
        </Text>
        <Text size="xs" c={state.kind === 'failed' ? 'red' : state.kind === 'delivered' ? 'teal' : 'dimmed'} ta="right">
          {state.kind === 'waiting' ? 'Waiting' : state.kind === 'uploading' ? `${Math.round(state.fraction * 100)}%` : state.kind === 'delivered' ? `Delivered as ${state.photoName}` : 'Not delivered'}
        </Text>
      </Group>
      <Progress
        value={state.kind === 'uploading' ? state.fraction * 100 : state.kind === 'waiting' ? 0 : 100}
        color={state.kind === 'failed' ? 'red' : state.kind === 'delivered' ? 'teal' : undefined}
        size="sm"
        aria-label={`Upload of ${entry.file.name}`}
      />
      {state.kind === 'failed' ? (
        <Text size="xs" c="red" role="alert">
          {state.message}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * Delivery by upload: drop the retouched files (named as the ordered photos); each goes up on its
 * own with its progress (PUT /studio/orders/{id}/files), one after the other. A file whose name
 * matches no ordered photo is refused before it is sent.
 */
export function DeliveryUpload({ order }: { order: StudioOrder }) {
  const queryClient = useQueryClient();
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const [completed, setCompleted] = useState<{ mailed: boolean } | null>(null);
  const nextId = useRef(1);
  const running = useRef(false);
  const queue = useRef<UploadEntry[]>([]);

  const update = (id: number, state: UploadState) => setEntries((list) => list.map((entry) => (entry.id === id ? { ...entry, state } : entry)));

  const drain = async () => {
    if (running.current) return;
    running.current = true;
    try {
      for (let entry = queue.current.shift(); entry; entry = queue.current.shift()) {
        const id = entry.id;
        update(id, { kind: 'uploading', fraction: 0 });
        try {
          const result = await deliverOrderFile(order.id, entry.file, (fraction) => update(id, { kind: 'uploading', fraction }));
          update(id, { kind: 'delivered', photoName: result.photoName });
          if (result.complete) setCompleted((done) => ({ mailed: result.customerMailed || (done?.mailed ?? false) }));
        } catch (error) {
          update(id, { kind: 'failed', message: errorMessage(error, 'The file could not be delivered. Please try again.') });
        }
        await queryClient.invalidateQueries({ queryKey: studioKeys.ordersAll() });
      }
    } finally {
      running.current = false;
    }
  };

  const add = (files: File[]) => {
    const added = files.map((file): UploadEntry => {
      const id = nextId.current++;
      if (matchPhoto(order, file.name) === null) {
        return { id, file, state: { kind: 'failed', message: `No photo of this order is named “${deliveryMatchKey(file.name)}”. Name the file as its photo: ${order.items.map((item) => item.photoName).join(', ')}.` } };
      }
      if (file.size > MAX_DELIVERY_FILE_BYTES) return { id, file, state: { kind: 'failed', message: 'This file is larger than 200 MB.' } };
      return { id, file, state: { kind: 'waiting' } };
    });
    setEntries((list) => [...added, ...list]);
    queue.current.push(...added.filter((entry) => entry.state.kind === 'waiting'));
    void drain();
  };

  const refuse = (files: File[]) => {
    const refused = files.map((file): UploadEntry => ({ id: nextId.current++, file, state: { kind: 'failed', message: 'Not a JPEG, PNG, WebP or TIFF image.' } }));
    setEntries((list) => [...refused, ...list]);
  };

  return (
    <Stack gap="sm">
      <Title order={2} fz="lg">
        Deliver the retouched files
      </Title>
      <Text size="sm" c="dimmed">
        Name each file as its photo (for example {order.items[0]?.photoName ?? 'IMG_0001'}.jpg). The order is delivered, and the customer mailed, when every photo has its file.
        A file sent again replaces the earlier one.
      </Text>
      {completed ? (
        <Alert color="teal" icon={<IconCircleCheck size={18} />} title="Order delivered">
          {completed.mailed ? 'Every photo has its retouched file. The customer was mailed.' : 'Every photo has its retouched file.'}
        </Alert>
      ) : null}
      <Dropzone onDrop={add} onReject={(rejected) => refuse(rejected.map((r) => r.file))} accept={ACCEPT} multiple aria-label="Retouched files" name="retouched-files">
        <Group justify="center" gap="md" mih={120} style={{ pointerEvents: 'none' }}>
          <IconPhotoUp size={36} stroke={1.5} aria-hidden />
          <Stack gap={2}>
            <Text fw={600}>Drop the retouched files here, or click to choose them</Text>
            <Text size="sm" c="dimmed">
              JPEG, PNG, WebP or TIFF, up to 200 MB each
            </Text>
          </Stack>
        </Group>
      </Dropzone>
      {entries.length > 0 ? (
        <Paper withBorder radius="md" p="md">
          <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Uploads">
            {entries.map((entry) => (
              <EntryRow key={entry.id} entry={entry} />
            ))}
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}
