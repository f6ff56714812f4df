import { useState } from 'react';
import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import type { GalleryPhoto } from '@studio-gallery/contract';
import { usePhotoDownloadOptions } from '../api/download-options';
import { photoResolutionOptions, useDownloadPhoto, type ResolutionChoice } from '../api/download-photo';

export const RESOLUTION_REQUIRED = 'Please choose a resolution.';

export interface DownloadSizeModalProps {
  photo: GalleryPhoto | null;
  onClose: () => void;
}

/** The download-size chooser (spec §2, §5): one resolution must be chosen; each named with its pixel size; Full resolution only where offered. */
export function DownloadSizeModal({ photo, onClose }: DownloadSizeModalProps) {
  return (
    <Modal opened={photo !== null} onClose={onClose} title="Download photo" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {photo ? <DownloadSizeForm key={photo.id} photo={photo} onDone={onClose} /> : null}
    </Modal>
  );
}

function DownloadSizeForm({ photo, onDone }: { photo: GalleryPhoto; onDone: () => void }) {
  const [choice, setChoice] = useState<ResolutionChoice | null>(null);
  const [error, setError] = useState<string | null>(null);
  const download = useDownloadPhoto();
  const options = photoResolutionOptions(usePhotoDownloadOptions(photo));

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!choice) {
          setError(RESOLUTION_REQUIRED);
          return;
        }
        download.mutate({ photo, resolution: choice }, { onSuccess: onDone });
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {photo.name}
        </Text>
        <Radio.Group
          label="Choose a size"
          withAsterisk
          value={choice}
          onChange={(value) => {
            setChoice(value as ResolutionChoice);
            setError(null);
          }}
          error={error}
        >
          <Stack gap="sm" mt="xs">
            {options.map((option) => (
              <Radio key={option.value} value={option.value} label={option.label} description={option.description} />
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={download.isPending}>
            Download
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
