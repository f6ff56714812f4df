import { fireEvent, screen } from '@testing-library/react';
import { DEFAULT_EDIT_VALUES } from '@studio-gallery/contract';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ToolsPanel } from './tools-panel';

describe('ToolsPanel', () => {
  // Issue 24 §9: the slider's tooltip covered the value shown beside its name (and the photo).
  it('shows each value beside its name and no tooltip over the thumb while it moves', async () => {
    const onPreview = vi.fn();
    renderWithProviders(<ToolsPanel values={{ ...DEFAULT_EDIT_VALUES, exposure: 0.5 }} disabled={false} onPreview={onPreview} onCommit={vi.fn()} />);
    const exposure = screen.getByRole('slider', { name: 'Exposure' });
    exposure.focus();
    fireEvent.keyDown(exposure, { key: 'ArrowRight' });
    fireEvent.mouseEnter(exposure);
    expect(onPreview).toHaveBeenCalled();
    expect(screen.getAllByText('+0.5').length).toBe(1);
    expect(document.querySelector('.mantine-Slider-label')).toBeNull();
  });
});
