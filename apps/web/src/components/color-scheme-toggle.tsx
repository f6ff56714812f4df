import { ActionIcon, useComputedColorScheme, useMantineColorScheme, type MantineBreakpoint } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { HoverTooltip } from './hover-tooltip';

/** The light/dark theme switch of the page headers. */
export function ColorSchemeToggle({ visibleFrom }: { visibleFrom?: MantineBreakpoint }) {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const nextScheme = scheme === 'dark' ? 'light' : 'dark';

  return (
    <HoverTooltip label={`Switch to ${nextScheme} theme`} withArrow>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        onClick={() => setColorScheme(nextScheme)}
        aria-label={`Switch to ${nextScheme} theme`}
        visibleFrom={visibleFrom}
      >
        {scheme === 'dark' ? <IconSun size={20} stroke={1.6} /> : <IconMoon size={20} stroke={1.6} />}
      </ActionIcon>
    </HoverTooltip>
  );
}
