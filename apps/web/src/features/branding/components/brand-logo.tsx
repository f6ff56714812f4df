import { Group, Text, ThemeIcon, useComputedColorScheme } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useBranding } from '../hooks/use-branding';

export interface BrandLogoProps {
  /** Logo height in px. */
  height?: number;
  /** Force the white logo (for dark backgrounds such as the photo panel). */
  onDark?: boolean;
}

/**
 * The studio's logo: the dark logo (logoDB) on the light theme, the white one (logoWB) on the dark
 * theme; the studio's name when it has no logo.
 */
export function BrandLogo({ height = 36, onDark = false }: BrandLogoProps) {
  const { branding } = useBranding();
  const scheme = useComputedColorScheme('light');
  const dark = onDark || scheme === 'dark';
  const src = dark ? (branding.logoWB ?? branding.logoDB) : (branding.logoDB ?? branding.logoWB);

  if (src) {
    return (
      <img
        src={src}
        alt={branding.name}
        style={{ height, width: 'auto', maxWidth: 220, objectFit: 'contain', display: 'block' }}
      />
    );
  }
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon size={height} radius="md" color="brand" aria-hidden>
        <IconCamera size={height * 0.6} stroke={1.8} />
      </ThemeIcon>
      <Text fw={700} fz={height * 0.5} c={onDark ? 'white' : undefined} lh={1}>
        {branding.name}
      </Text>
    </Group>
  );
}
