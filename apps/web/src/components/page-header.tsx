import type { ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';

export interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** Shown at the right of the title (buttons, counters). */
  aside?: ReactNode;
}

/** The h1 of a signed-in screen, with an optional line of description. */
export function PageHeader({ title, description, aside }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-end" mb="xl" gap="md" wrap="wrap">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }} lh={1.2}>
          {title}
        </Title>
        {description ? <Text c="dimmed">{description}</Text> : null}
      </Stack>
      {aside}
    </Group>
  );
}
