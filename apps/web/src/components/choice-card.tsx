import type { ReactNode } from 'react';
import { Group, Radio, Stack, Text } from '@mantine/core';
import classes from './choice-card.module.css';

export interface ChoiceCardProps {
  value: string;
  label: string;
  description: string;
  /** Shown above the text (beside it on phones with `rowOnPhone`). */
  picture: ReactNode;
  disabled?: boolean;
  rowOnPhone?: boolean;
}

/** One card of a Radio.Group: a picture, the radio dot, a label and a description. */
export function ChoiceCard({ value, label, description, picture, disabled, rowOnPhone }: ChoiceCardProps) {
  return (
    <Radio.Card value={value} className={classes.card} radius="lg" p={0} disabled={disabled} data-row-on-phone={rowOnPhone || undefined}>
      {picture}
      <Group p="md" gap="sm" wrap="nowrap" align="flex-start">
        <Radio.Indicator />
        <Stack gap={2}>
          <Text fw={600}>{label}</Text>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
      </Group>
    </Radio.Card>
  );
}
