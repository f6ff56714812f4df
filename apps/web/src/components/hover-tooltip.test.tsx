import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SETTLE_MS } from '../lib/when-idle';
import { renderWithProviders } from '../test/render';
import { HoverTooltip } from './hover-tooltip';

describe('HoverTooltip', () => {
  // That the tooltip then shows on hover is proven in Chromium (e2e/gallery.spec.ts): jsdom does not
  // run floating-ui's hover handling on a `target`.
  it('adds its tooltip once the page is idle without remounting the element (focus stays)', async () => {
    renderWithProviders(
      <HoverTooltip label="Select photos first">
        <button type="button">Download</button>
      </HoverTooltip>,
    );
    const button = screen.getByRole('button', { name: 'Download' });
    button.focus();
    await act(() => new Promise((resolve) => setTimeout(resolve, SETTLE_MS + 100)));
    expect(screen.getByRole('button', { name: 'Download' })).toBe(button);
    expect(document.activeElement).toBe(button);
  }, 10_000);
});
