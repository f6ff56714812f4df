import { useEffect, useRef, useState } from 'react';
import { Button, Group, Paper, Progress, ScrollArea, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { MAX_SHOOT_FILE_BYTES, type ShootFileKind } from '@studio-gallery/contract';
import { IconPhotoUp, IconSparkles } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { FormErrorAlert } from '../../../components/form-alert';
import { errorMessage } from '../../../lib/api-client';
import { type StudioShoot, useStartImport } from '../api/shoots';
import { studioKeys } from '../api/query-keys';
import { type ShootFileUpload, uploadShootFile } from '../lib/tus-upload';

/** Files sent at the same time: enough to fill the line, few enough for the server's disk. */
export const PARALLEL_UPLOADS = 3;
const ACCEPT = ['image/jpeg', 'image/png', 'image/webp', 'image/tiff'];

type FileState = { kind: 'waiting' } | { kind: 'uploading'; percent: number } | { kind: 'done' } | { kind: 'failed'; message: string };

interface FileEntry {
  id: number;
  file: File;
  fileKind: ShootFileKind;
  state: FileState;
}

function statusText(state: FileState): string {
  switch (state.kind) {
    case 'waiting':
      return 'Waiting';
    case 'uploading':
      return `${state.percent}%`;
    case 'done':
      return 'Uploaded';
    case 'failed':
      return 'Failed';
  }
}

function FileRow({ entry }: { entry: FileEntry }) {
  const { state } = entry;
  return (
    <Stack gap={2} component="li" aria-label={entry.file.name}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" truncate>
          {entry.file.name}
          {entry.fileKind === 'retouched' ? (
            <Text span size="xs" c="dimmed">
              {' '}
              (retouched)
            </Text>
          ) : null}
        </Text>
        <Text size="xs" c={state.kind === 'failed' ? 'red' : state.kind === 'done' ? 'teal' : 'dimmed'}>
          {statusText(state)}
        </Text>
      </Group>
      <Progress
        size="xs"
        value={state.kind === 'uploading' ? state.percent : state.kind === 'waiting' ? 0 : 100}
        color={state.kind === 'failed' ? 'red' : state.kind === 'done' ? 'teal' : undefined}
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
 * Step two of a shoot upload: drop the photos (a folder or files) and, optionally, their retouched
 * versions; each file goes up over tus with its progress, PARALLEL_UPLOADS at a time, resuming by
 * itself after a dropped connection. Then Import starts the import job.
 */
export function ShootUploadPanel({ shoot }: { shoot: StudioShoot }) {
  const queryClient = useQueryClient();
  const startImport = useStartImport(shoot.id);
  const [entries, setEntries] = useState<FileEntry[]>([]);
  const [importFailure, setImportFailure] = useState<string | null>(null);
  const nextId = useRef(1);
  const waiting = useRef<FileEntry[]>([]);
  const running = useRef(new Map<number, ShootFileUpload>());

  // Leaving the page stops the uploads (tus keeps nothing half-recorded: an unfinished file is never imported).
  useEffect(() => {
    const uploads = running.current;
    return () => uploads.forEach((upload) => upload.abort());
  }, []);

  const setState = (id: number, state: FileState) => setEntries((list) => list.map((entry) => (entry.id === id ? { ...entry, state } : entry)));

  const pump = () => {
    while (running.current.size < PARALLEL_UPLOADS && waiting.current.length > 0) {
      const entry = waiting.current.shift()!;
      let shown = 0;
      setState(entry.id, { kind: 'uploading', percent: 0 });
      const upload = uploadShootFile(entry.file, shoot.id, entry.fileKind, (fraction) => {
        const percent = Math.min(99, Math.floor(fraction * 100));
        if (percent !== shown) {
          shown = percent;
          setState(entry.id, { kind: 'uploading', percent });
        }
      });
      running.current.set(entry.id, upload);
      upload.done
        .then(
          () => setState(entry.id, { kind: 'done' }),
          // uploadShootFile rejects with the server's message, or says what went wrong.
          (error: unknown) => setState(entry.id, { kind: 'failed', message: error instanceof Error ? error.message : 'The upload failed.' }),
        )
        .finally(() => {
          running.current.delete(entry.id);
          void queryClient.invalidateQueries({ queryKey: studioKeys.shoot(shoot.id) });
          pump();
        });
    }
  };

  const add = (files: File[], fileKind: ShootFileKind) => {
    const added = files.map((file): FileEntry => {
      const id = nextId.current++;
      if (file.size > MAX_SHOOT_FILE_BYTES) return { id, file, fileKind, state: { kind: 'failed', message: 'This file is larger than 200 MB.' } };
      return { id, file, fileKind, state: { kind: 'waiting' } };
    });
    setEntries((list) => [...list, ...added]);
    waiting.current.push(...added.filter((entry) => entry.state.kind === 'waiting'));
    pump();
  };
  const refuse = (files: File[], fileKind: ShootFileKind) => {
    setEntries((list) => [...list, ...files.map((file): FileEntry => ({ id: nextId.current++, file, fileKind, state: { kind: 'failed', message: 'Not a JPEG, PNG, WebP or TIFF image.' } }))]);
  };

  const busy = entries.some((entry) => entry.state.kind === 'waiting' || entry.state.kind === 'uploading');
  const uploaded = entries.filter((entry) => entry.state.kind === 'done');
  const photosUploaded = Math.max(shoot.uploadedFiles > 0 ? 1 : 0, uploaded.filter((entry) => entry.fileKind === 'photo').length);
  const bytesTotal = entries.filter((entry) => entry.state.kind !== 'failed').reduce((sum, entry) => sum + entry.file.size, 0);
  const bytesDone = entries.reduce((sum, entry) => {
    if (entry.state.kind === 'done') return sum + entry.file.size;
    if (entry.state.kind === 'uploading') return sum + (entry.file.size * entry.state.percent) / 100;
    return sum;
  }, 0);
  const overall = bytesTotal > 0 ? Math.round((bytesDone / bytesTotal) * 100) : 0;

  const runImport = async () => {
    setImportFailure(null);
    try {
      await startImport.mutateAsync();
    } catch (error) {
      setImportFailure(errorMessage(error, 'The import could not be started. Try again.'));
    }
  };

  const zone = (fileKind: ShootFileKind) => (
    <Dropzone
      onDrop={(files) => add(files, fileKind)}
      onReject={(rejected) => refuse(rejected.map((r) => r.file), fileKind)}
      accept={ACCEPT}
      multiple
      name={fileKind === 'photo' ? 'photos' : 'retouched'}
      aria-label={fileKind === 'photo' ? 'Photos of the shoot' : 'Retouched versions'}
    >
      <Group justify="center" gap="md" mih={fileKind === 'photo' ? 140 : 100} style={{ pointerEvents: 'none' }}>
        {fileKind === 'photo' ? <IconPhotoUp size={36} stroke={1.5} aria-hidden /> : <IconSparkles size={28} stroke={1.5} aria-hidden />}
        <Stack gap={2}>
          <Text fw={600}>{fileKind === 'photo' ? 'Drop the photos or their folder here, or click to choose' : 'Retouched versions (optional)'}</Text>
          <Text size="sm" c="dimmed">
            {fileKind === 'photo' ? 'JPEG, PNG, WebP or TIFF, up to 200 MB each' : 'Named as their photo: they are attached to it'}
          </Text>
        </Stack>
      </Group>
    </Dropzone>
  );

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {zone('photo')}
        {zone('retouched')}
      </SimpleGrid>
      {entries.length > 0 ? (
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Group justify="space-between">
              <Title order={2} fz="md">
                {uploaded.length} of {entries.length} files uploaded
              </Title>
              <Text size="sm" c="dimmed">
                {overall}%
              </Text>
            </Group>
            <Progress value={overall} size="lg" aria-label="Upload progress" />
            <ScrollArea.Autosize mah={360} type="auto" offsetScrollbars>
              <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Files">
                {entries.map((entry) => (
                  <FileRow key={entry.id} entry={entry} />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          </Stack>
        </Paper>
      ) : null}
      <FormErrorAlert message={importFailure} />
      <Group justify="flex-end">
        <Text size="sm" c="dimmed">
          {busy ? 'Uploading… the import can start once every file is up.' : photosUploaded > 0 ? 'Every file is up.' : 'Add the photos to import.'}
        </Text>
        <Button onClick={() => void runImport()} disabled={busy || photosUploaded === 0} loading={startImport.isPending}>
          Import the photos
        </Button>
      </Group>
    </Stack>
  );
}
