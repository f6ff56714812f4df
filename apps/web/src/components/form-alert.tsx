import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

export interface FormErrorAlertProps {
  /** What failed; nothing is rendered while null. */
  message: string | null;
}

/** Why a form's submit failed, announced as an alert above the fields. */
export function FormErrorAlert({ message }: FormErrorAlertProps) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
      {message}
    </Alert>
  );
}
