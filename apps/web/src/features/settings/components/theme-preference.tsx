import { Paper, Radio, SimpleGrid, useMantineColorScheme, useComputedColorScheme } from '@mantine/core';
import { ChoiceCard } from '../../../components/choice-card';
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
          <ChoiceCard
            key={option.value}
            value={option.value}
            label={option.label}
            description={option.description}
            picture={
              <div className={classes.preview} data-scheme={option.value} aria-hidden>
                <div className={classes.bar} />
                <div className={classes.line} />
                <div className={classes.lineShort} />
              </div>
            }
          />
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
