import { useMemo } from 'react';
import { createTheme, type CSSVariablesResolver, type MantineThemeOverride } from '@mantine/core';
import { ensureContrast, paletteFromHex } from '../../../lib/color';
import { useBranding } from './use-branding';

const FONT_STACK =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI Variable', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

const LIGHT_BODY = '#ffffff';
const DARK_BODY = '#242424';

/** Mantine theme with the studio's accent colour as the primary colour. */
export function createBrandTheme(accentColor: string): MantineThemeOverride {
  return createTheme({
    primaryColor: 'brand',
    primaryShade: { light: 6, dark: 6 },
    colors: { brand: paletteFromHex(accentColor) },
    autoContrast: true,
    luminanceThreshold: 0.4,
    defaultRadius: 'md',
    fontFamily: FONT_STACK,
    headings: { fontFamily: FONT_STACK, fontWeight: '700' },
    cursorType: 'pointer',
    focusRing: 'auto',
    components: {
      Button: { defaultProps: { radius: 'md' } },
      TextInput: { defaultProps: { size: 'md' } },
      PasswordInput: { defaultProps: { size: 'md' } },
      Paper: { defaultProps: { radius: 'lg' } },
      Card: { defaultProps: { radius: 'lg' } },
      Title: { defaultProps: { c: 'bright' } },
      Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
    },
  });
}

/**
 * Keeps accent-coloured text readable whatever accent a studio picks (links, light buttons, active
 * nav entries), and lifts Mantine's dimmed and error text to WCAG AA contrast.
 */
export function createBrandCssVariablesResolver(accentColor: string): CSSVariablesResolver {
  const p = paletteFromHex(accentColor);
  const lightText = ensureContrast(p[6], LIGHT_BODY);
  // Light-variant buttons and the active nav entry sit on shade 1 (hover: shade 2).
  const lightOnTint = ensureContrast(p[7], p[2]);
  const darkText = ensureContrast(p[4], DARK_BODY);
  return () => ({
    variables: {},
    light: {
      '--mantine-color-anchor': lightText,
      '--mantine-color-brand-text': lightText,
      '--mantine-color-brand-light-color': lightOnTint,
      '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
      '--mantine-color-error': 'var(--mantine-color-red-9)',
    },
    dark: {
      '--mantine-color-anchor': darkText,
      '--mantine-color-brand-text': darkText,
      '--mantine-color-brand-light-color': darkText,
      '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
      '--mantine-color-error': 'var(--mantine-color-red-4)',
    },
  });
}

export function useBrandTheme() {
  const { branding } = useBranding();
  const accent = branding.accentColor;
  return useMemo(
    () => ({
      theme: createBrandTheme(accent),
      cssVariablesResolver: createBrandCssVariablesResolver(accent),
      accentColor: accent,
    }),
    [accent],
  );
}
