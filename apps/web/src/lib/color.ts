import type { MantineColorsTuple } from '@mantine/core';

type Rgb = [number, number, number];

export function hexToRgb(hex: string): Rgb | null {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) return null;
  const n = Number.parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function rgbToHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, '0')).join('')}`;
}

function mix(a: Rgb, b: Rgb, amountOfB: number): Rgb {
  return [0, 1, 2].map((i) => a[i]! + (b[i]! - a[i]!) * amountOfB) as Rgb;
}

/** WCAG relative luminance. */
export function luminance(hex: string): number {
  const rgb = hexToRgb(hex);
  if (!rgb) return 0;
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const la = luminance(a);
  const lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
const TINTS = [0.92, 0.82, 0.66, 0.5, 0.34, 0.16];
const SHADES = [0.14, 0.28, 0.42];

/**
 * Ten shades for Mantine from one accent colour: 0–5 lighter tints, 6 the accent itself,
 * 7–9 darker. (Mantine's primaryShade is set to 6, so filled buttons use the exact brand colour.)
 */
export function paletteFromHex(hex: string): MantineColorsTuple {
  const base = hexToRgb(hex) ?? [34, 139, 230];
  const tints = TINTS.map((t) => rgbToHex(mix(base, WHITE, t)));
  const shades = SHADES.map((t) => rgbToHex(mix(base, BLACK, t)));
  return [...tints, rgbToHex(base), ...shades] as unknown as MantineColorsTuple;
}

/**
 * `color` itself when it reaches `minRatio` against `background`, else the nearest mix of it
 * towards black (on light backgrounds) or white (on dark ones) that does.
 */
export function ensureContrast(color: string, background: string, minRatio = 4.5): string {
  const base = hexToRgb(color);
  if (!base || contrastRatio(color, background) >= minRatio) return color;
  const target = luminance(background) > 0.18 ? BLACK : WHITE;
  for (let t = 0.05; t <= 1.0001; t += 0.05) {
    const candidate = rgbToHex(mix(base, target, t));
    if (contrastRatio(candidate, background) >= minRatio) return candidate;
  }
  return rgbToHex(target);
}
