import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { testPhoto } from '../lib/test-photo';
import { PreviewModal } from './preview-modal';

describe('PreviewModal', () => {
  it('goes from loading to loaded (Download enabled) and offers Try Again after an error', async () => {
    const onClose = vi.fn();
    renderWithProviders(<PreviewModal photo={testPhoto(1)} flag="All" onClose={onClose} onMarkFavourite={vi.fn()} onToggleSkip={vi.fn()} />);
    expect(await screen.findByText('Loading photo…')).toBeInTheDocument();
    const download = screen.getByRole('button', { name: 'Download' });
    expect(download).toBeDisabled();
    fireEvent.load(screen.getByRole('img', { name: 'DSC_1001' }));
    expect(download).toBeEnabled();
    fireEvent.error(screen.getByRole('img', { name: 'DSC_1001' }));
    expect(screen.getByRole('alert')).toHaveTextContent('This photo could not be loaded.');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('Loading photo…')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('offers both download sizes', async () => {
    renderWithProviders(<PreviewModal photo={testPhoto(1)} flag="All" onClose={vi.fn()} onMarkFavourite={vi.fn()} onToggleSkip={vi.fn()} />);
    fireEvent.load(await screen.findByRole('img', { name: 'DSC_1001' }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByRole('menuitem', { name: /High Resolution/ })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: /Social Media Resolution/ })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /Full resolution/ })).toBeNull();
  });

  it('offers Full resolution too when the photo owner’s company allows it', async () => {
    localStorage.setItem('code', 'VOUCHER');
    stubFetch({
      'GET /ex/images/download-options': {
        body: { resolutions: ['sm', 'hr', 'full'], allowFullResolution: true, sizes: [{ resolution: 'full', width: 4480, height: 6720 }] },
      },
    });
    renderWithProviders(<PreviewModal photo={testPhoto(1)} flag="All" onClose={vi.fn()} onMarkFavourite={vi.fn()} onToggleSkip={vi.fn()} />);
    fireEvent.load(await screen.findByRole('img', { name: 'DSC_1001' }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByRole('menuitem', { name: 'Full resolution (original, 4480 × 6720 px)' })).toBeInTheDocument();
  });
  it('offers Edit when given onEdit, and Revert to original only for an edited photo', async () => {
    const onEdit = vi.fn();
    const onRevertEdit = vi.fn();
    const props = { flag: 'All' as const, onClose: vi.fn(), onMarkFavourite: vi.fn(), onToggleSkip: vi.fn(), onEdit, onRevertEdit };
    const { unmount } = renderWithProviders(<PreviewModal photo={testPhoto(1)} {...props} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    expect(onEdit).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await screen.findByRole('menuitem', { name: 'Edit' });
    expect(screen.queryByRole('menuitem', { name: 'Revert to original' })).toBeNull();
    expect(screen.queryByText('Edited')).toBeNull();
    unmount();

    renderWithProviders(<PreviewModal photo={testPhoto(1, { isEdited: true })} {...props} />);
    expect(screen.getByText('Edited')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Revert to original' }));
    expect(onRevertEdit).toHaveBeenCalledWith(expect.objectContaining({ id: 1, isEdited: true }));
  });
});
