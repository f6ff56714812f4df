import { ActionIcon, Menu, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { RESOLUTION_OPTIONS } from '../api/download-photo';
import type { ZipResolution } from '../api/download-zip';

const ZIP_OPTIONS = RESOLUTION_OPTIONS.filter((option): option is Extract<(typeof RESOLUTION_OPTIONS)[number], { value: ZipResolution }> => option.value !== 'sm');

/**
 * Beside the selection's Download (a High Resolution ZIP at one click), where the photo owner's
 * company allows Full resolution: a menu of the ZIP's sizes, the originals among them.
 */
export function ZipDownloadMenu({ className, disabled, onDownload }: { className?: string; disabled: boolean; onDownload: (resolution: ZipResolution) => void }) {
  return (
    <Menu withinPortal shadow="md" width={300} position="top-end">
      <Menu.Target>
        <ActionIcon className={className} size={36} variant="filled" aria-label="More sizes" disabled={disabled}>
          <IconChevronDown size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {ZIP_OPTIONS.map((option) => (
          <Menu.Item key={option.value} onClick={() => onDownload(option.value)} rightSection={option.detail ? <Text size="xs" c="dimmed">{option.detail}</Text> : null}>
            {option.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
