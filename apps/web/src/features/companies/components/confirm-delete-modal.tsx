import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export interface ConfirmDeleteModalProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  deleting: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** "Delete this …?" with a way out: a company's pictures are deleted only once confirmed. */
export function ConfirmDeleteModal({ opened, title, children, confirmLabel, deleting, onConfirm, onClose }: ConfirmDeleteModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="md">
        <Text size="sm">{children}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep it
          </Button>
          <Button color="red" loading={deleting} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
