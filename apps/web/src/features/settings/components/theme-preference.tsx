import { Group, Paper, Radio, SimpleGrid, Stack, Text, useMantineColorScheme, useComputedColorScheme } from '@mantine/core';
import type { Theme } from '@studio-gallery/contract';
import classes from './theme-preference.module.css';

const OPTIONS: { value: Theme; label: string; description: string }[] = [
  { value: 'light', label: 'Light', description: 'Bright and clean, the classic look.' },
  { value: 'dark', label: 'Dark', description: 'Dark background, easy on the eyes.' },
];

/**
 * Light or dark theme. Mantine's colour scheme manager keeps the choice in local storage under
 * `theme`, so it survives a reload.
 */
export function ThemePreference() {
  const { setColorScheme } = useMantineColorScheme();
  const current = useComputedColorScheme('light');

  return (
    <Radio.Group
      value={current}
      onChange={(value) => setColorScheme(value === 'dark' ? 'dark' : 'light')}
      label="Theme"
      description="Choose how the gallery looks on this device."
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" mt="md" maw={560}>
        {OPTIONS.map((option) => (
          <Radio.Card key={option.value} value={option.value} className={classes.card} radius="lg" p={0}>
            <div className={classes.preview} data-scheme={option.value} aria-hidden>
              <div className={classes.bar} />
              <div className={classes.line} />
              <div className={classes.lineShort} />
            </div>
            <Group p="md" gap="sm" wrap="nowrap" align="flex-start">
              <Radio.Indicator />
              <Stack gap={2}>
                <Text fw={600}>{option.label}</Text>
                <Text size="sm" c="dimmed">
                  {option.description}
                </Text>
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}

export function ThemePreferencePanel() {
  return (
    <Paper withBorder p="lg">
      <ThemePreference />
    </Paper>
  );
}
