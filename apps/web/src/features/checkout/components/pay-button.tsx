import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconLock } from '@tabler/icons-react';

/** The card form's states (spec §4 "Checkout"). */
export type CardState = 'incomplete' | 'complete' | 'processing' | 'succeeded';

export interface PayFooterProps {
  state: CardState;
  /** "Payment failed: …" after a refused card; the form is usable again. */
  error: string | null;
  amountLabel: string;
}

/** Pay is active only when the card is complete, not processing and not succeeded (spec §5). */
export function PayFooter({ state, error, amountLabel }: PayFooterProps) {
  return (
    <Stack gap="sm">
      {error ? (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} p="sm" role="alert">
          {error}
        </Alert>
      ) : null}
      {state === 'succeeded' ? (
        <Group gap={6} c="teal" role="status">
          <IconCircleCheck size={18} aria-hidden />
          <Text size="sm" fw={600}>
            Payment succeeded. Placing your order…
          </Text>
        </Group>
      ) : null}
      <Button
        type="submit"
        size="md"
        fullWidth
        disabled={state !== 'complete'}
        loading={state === 'processing' || state === 'succeeded'}
        leftSection={<IconLock size={16} aria-hidden />}
      >
        Pay
      </Button>
      <Text size="xs" c="dimmed" ta="center">
        {amountLabel} will be charged to your card.
      </Text>
    </Stack>
  );
}
