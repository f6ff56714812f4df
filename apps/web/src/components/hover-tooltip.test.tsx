import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { HoverTooltip } from './hover-tooltip';

const tooltipLoaded = vi.fn();
vi.mock('./tooltip', async (importOriginal) => {
  tooltipLoaded();
  return importOriginal();
});

describe('HoverTooltip', () => {
  // That the tooltip then shows on hover is proven in Chromium: jsdom does not run floating-ui's
  // hover handling on a `target`.
  it('loads its tooltip on the first pointer entry, not before, without remounting the element (focus stays)', async () => {
    renderWithProviders(
      <HoverTooltip label="Switch to dark theme">
        <button type="button">Theme</button>
      </HoverTooltip>,
    );
    const button = screen.getByRole('button', { name: 'Theme' });
    button.focus();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(tooltipLoaded).not.toHaveBeenCalled();
    fireEvent.pointerEnter(button);
    await waitFor(() => expect(tooltipLoaded).toHaveBeenCalledTimes(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByRole('button', { name: 'Theme' })).toBe(button);
    expect(document.activeElement).toBe(button);
  });
});
