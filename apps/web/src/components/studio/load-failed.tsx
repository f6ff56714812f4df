import { Button, Stack } from '@mantine/core';
import { FormErrorAlert } from '../form-alert';

/** A studio list or screen whose data didn't come: what happened, and a way to ask again. */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <Stack maw={480} gap="sm" align="flex-start">
      <FormErrorAlert message={`${what} could not be loaded. Check your connection and try again.`} />
      <Button variant="default" onClick={onRetry}>
        Try again
      </Button>
    </Stack>
  );
}
