import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { testPhoto } from '../lib/test-photo';
import { DownloadSizeModal } from './download-size-modal';

const FULL = /^Full resolution \(original, about 4500 px\)/;
const options = (allowFullResolution: boolean) => ({
  body: { resolutions: allowFullResolution ? ['sm', 'hr', 'full'] : ['sm', 'hr'], allowFullResolution },
});

describe('DownloadSizeModal', () => {
  it('offers Full resolution when the server allows it, and asks for it by that name', async () => {
    localStorage.setItem('code', 'VOUCHER');
    const calls = stubFetch({
      'GET /ex/images/download-options': options(true),
      'POST /ex/images/download-single-image-with-photoresolution': { body: { hash: 'abc.def', downloadImageName: 'DSC_1001_full.jpg' } },
    });
    // The browser would save the file: the link is clicked, nothing is fetched.
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderWithProviders(<DownloadSizeModal photo={testPhoto(1)} onClose={vi.fn()} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: FULL }));
    expect(screen.getByRole('radio', { name: /^High Resolution/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /^Social Media Resolution/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(String(post.init?.body))).toMatchObject({ PhotoResolution: 'Full resolution' });
    expect(new Headers(calls.find((c) => c.path === '/ex/images/download-options')!.init?.headers).get('X-Session-Code')).toBe('VOUCHER');
    await waitFor(() => expect(click).toHaveBeenCalled());
    click.mockRestore();
  });

  it('shows only Social Media and High Resolution when the company does not allow it', async () => {
    localStorage.setItem('code', 'VOUCHER');
    const calls = stubFetch({ 'GET /ex/images/download-options': options(false) });
    renderWithProviders(<DownloadSizeModal photo={testPhoto(1)} onClose={vi.fn()} />);
    expect(await screen.findByRole('radio', { name: /^High Resolution/ })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.path === '/ex/images/download-options')).toBe(true));
    // Give the answer time to land: the option must still be missing.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    expect(screen.queryByRole('radio', { name: FULL })).toBeNull();
  });
});
