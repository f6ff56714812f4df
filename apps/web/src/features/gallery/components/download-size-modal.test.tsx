import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { testPhoto } from '../lib/test-photo';
import { DownloadSizeModal } from './download-size-modal';

const RENDITIONS = [
  { resolution: 'sm', width: 1000, height: 1500 },
  { resolution: 'hr', width: 1600, height: 2400 },
];
const options = (full: { width: number; height: number } | null) => ({
  body: {
    resolutions: full ? ['sm', 'hr', 'full'] : ['sm', 'hr'],
    allowFullResolution: true,
    sizes: full ? [...RENDITIONS, { resolution: 'full', ...full }] : RENDITIONS,
  },
});

describe('DownloadSizeModal', () => {
  it("names each choice with the photo's pixel size, and asks for Full resolution by that name", async () => {
    localStorage.setItem('code', 'VOUCHER');
    const calls = stubFetch({
      'GET /ex/images/download-options': options({ width: 4480, height: 6720 }),
      'POST /ex/images/download-single-image-with-photoresolution': { body: { hash: 'abc.def', downloadImageName: 'DSC_1001_full.jpg' } },
    });
    // The browser would save the file: the link is clicked, nothing is fetched.
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const photo = testPhoto(1);
    renderWithProviders(<DownloadSizeModal photo={photo} onClose={vi.fn()} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /^Full resolution \(original, 4480 × 6720 px\)/ }));
    expect(screen.getByRole('radio', { name: /^High Resolution/ })).toHaveAccessibleDescription('1600 × 2400 px');
    expect(screen.getByRole('radio', { name: /^Social Media Resolution/ })).toHaveAccessibleDescription('1000 × 1500 px');
    await user.click(screen.getByRole('button', { name: 'Download' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(String(post.init?.body))).toMatchObject({ PhotoResolution: 'Full resolution' });
    const asked = calls.find((c) => c.path === '/ex/images/download-options')!;
    expect(new Headers(asked.init?.headers).get('X-Session-Code')).toBe('VOUCHER');
    expect(new URL(asked.url, 'http://x').searchParams.get('url')).toBe(photo.url);
    await waitFor(() => expect(click).toHaveBeenCalled());
    click.mockRestore();
  });

  it('offers no Full resolution when the server does not offer it for this photo', async () => {
    localStorage.setItem('code', 'VOUCHER');
    const calls = stubFetch({ 'GET /ex/images/download-options': options(null) });
    renderWithProviders(<DownloadSizeModal photo={testPhoto(1)} onClose={vi.fn()} />);
    expect(await screen.findByRole('radio', { name: /^High Resolution/ })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.path === '/ex/images/download-options')).toBe(true));
    // Give the answer time to land: the option must still be missing.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    expect(screen.queryByRole('radio', { name: /Full resolution/ })).toBeNull();
  });
});
