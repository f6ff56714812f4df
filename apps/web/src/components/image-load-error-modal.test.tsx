import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { ImageLoadErrorModal } from './image-load-error-modal';

describe('ImageLoadErrorModal', () => {
  it('is titled with the message; Try Again retries and Close closes', async () => {
    const onRetry = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(<ImageLoadErrorModal failure={{ kind: 'status', status: 404 }} onRetry={onRetry} onClose={onClose} loginHref="/login" />);
    expect(await screen.findByRole('dialog', { name: 'Image Not Found' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('offers Log in for a 401', async () => {
    renderWithProviders(<ImageLoadErrorModal failure={{ kind: 'status', status: 401 }} onRetry={vi.fn()} onClose={vi.fn()} loginHref="/login" />);
    expect(await screen.findByRole('dialog', { name: 'Unauthorized Access' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
  });

  it('is closed without a failure', () => {
    renderWithProviders(<ImageLoadErrorModal failure={null} onRetry={vi.fn()} onClose={vi.fn()} loginHref="/login" />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
