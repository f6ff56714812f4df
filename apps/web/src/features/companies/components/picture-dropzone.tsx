import { useState } from 'react';
import { Alert, Group, Progress, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconAlertCircle, IconPhotoUp } from '@tabler/icons-react';
import { errorMessage } from '../../../lib/api-client';

export interface PictureDropzoneProps {
  /** The file input's name and the zone's accessible name. */
  name: string;
  label: string;
  /** What may be dropped, in words: "JPEG, PNG, WebP or TIFF, up to 25 MB". */
  hint: string;
  accept: string[];
  maxBytes: number;
  /** Sends one file; `onProgress` gets the fraction sent. Several dropped files go one after another. */
  upload: (file: File, onProgress: (fraction: number) => void) => Promise<unknown>;
  /** Takes nothing (a field of the upload is wrong). */
  disabled?: boolean;
}

interface Sending {
  name: string;
  fraction: number;
  /** The file's place among those dropped together, and how many there are. */
  index: number;
  count: number;
}

/**
 * Drop pictures or click to choose them; each is sent with a progress bar. What the server refuses
 * (not an image, too large) shows under the zone in its words; the server judges by content, the
 * zone's own check only spares a useless upload.
 */
export function PictureDropzone({ name, label, hint, accept, maxBytes, upload, disabled = false }: PictureDropzoneProps) {
  const [sending, setSending] = useState<Sending | null>(null);
  const [failures, setFailures] = useState<string[]>([]);

  const send = async (files: File[]) => {
    setFailures([]);
    for (const [index, file] of files.entries()) {
      setSending({ name: file.name, fraction: 0, index, count: files.length });
      try {
        await upload(file, (fraction) => setSending((current) => (current ? { ...current, fraction } : current)));
      } catch (error) {
        setFailures((list) => [...list, `${file.name}: ${errorMessage(error, 'The picture could not be uploaded. Try again.')}`]);
      }
    }
    setSending(null);
  };

  const refuse = (rejections: FileRejection[]) => {
    const megabytes = maxBytes / 1024 / 1024;
    setFailures(rejections.map(({ file }) => (file.size > maxBytes ? `${file.name}: larger than ${megabytes} MB.` : `${file.name}: not a picture this takes (${hint}).`)));
  };

  return (
    <Stack gap="xs">
      <Dropzone
        onDrop={(files) => void send(files)}
        onReject={refuse}
        accept={accept}
        maxSize={maxBytes}
        loading={sending !== null}
        disabled={disabled}
        name={name}
        aria-label={label}
        p="md"
      >
        <Group justify="center" gap="md" mih={72} style={{ pointerEvents: 'none' }}>
          <IconPhotoUp size={30} stroke={1.5} aria-hidden />
          <Stack gap={0}>
            <Text fw={600} size="sm">
              Drop pictures here, or click to choose them
            </Text>
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          </Stack>
        </Group>
      </Dropzone>
      {sending ? (
        <Stack gap={4}>
          <Text size="xs" c="dimmed">
            Uploading {sending.name}
            {sending.count > 1 ? ` (${sending.index + 1} of ${sending.count})` : ''}
          </Text>
          <Progress value={Math.round(sending.fraction * 100)} aria-label={`Uploading ${sending.name}`} size="sm" animated />
        </Stack>
      ) : null}
      {failures.length > 0 ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert" title="Not uploaded">
          {failures.map((failure) => (
            <Text key={failure} size="sm">
              {failure}
            </Text>
          ))}
        </Alert>
      ) : null}
    </Stack>
  );
}
