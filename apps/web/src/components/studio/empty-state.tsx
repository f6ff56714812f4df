import type { ReactNode } from 'react';
import { Paper, Stack, Text } from '@mantine/core';

/** What an empty studio list says instead of an empty table. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack gap={4} align="center" ta="center">
        <Text fw={600}>{title}</Text>
        {children ? (
          <Text size="sm" c="dimmed">
            {children}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
