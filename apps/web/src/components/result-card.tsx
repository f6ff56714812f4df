import type { ReactNode } from 'react';
import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';

export interface ResultCardProps {
  status: 'success' | 'error';
  title: string;
  children?: ReactNode;
  /** Buttons or links below the text. */
  actions?: ReactNode;
  /** Heading level; the screen's only h1 by default. */
  order?: 1 | 2;
}

/** The end state of a flow: a big check (or warning), a title, a sentence and the way on. */
export function ResultCard({ status, title, children, actions, order = 1 }: ResultCardProps) {
  const success = status === 'success';
  return (
    <Stack align="center" gap="md" ta="center" py="md" role={success ? 'status' : 'alert'}>
      <ThemeIcon size={72} radius={999} variant="light" color={success ? 'brand' : 'red'} aria-hidden>
        {success ? <IconCircleCheck size={40} stroke={1.6} /> : <IconAlertTriangle size={40} stroke={1.6} />}
      </ThemeIcon>
      <Title order={order} fz={28}>
        {title}
      </Title>
      {children ? (
        <Text c="dimmed" maw={380}>
          {children}
        </Text>
      ) : null}
      {actions ? (
        <Stack w="100%" gap="xs" mt="sm">
          {actions}
        </Stack>
      ) : null}
    </Stack>
  );
}
