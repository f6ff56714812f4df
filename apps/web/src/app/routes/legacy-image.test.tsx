import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../../test/render';
import { ImageDetailRoute, ImageShareRoute } from './legacy-image';

const imgUrl = 'https://photos.example.com/s/1/DSC_1001.jpg?sig=abc';
const routes = [
  { path: '/ImageDetail', element: <ImageDetailRoute /> },
  { path: '/ImageShare', element: <ImageShareRoute /> },
  { path: '/main', element: <p>Gallery</p> },
];

const urlStatics = URL as unknown as Record<string, unknown>;

afterEach(() => {
  delete urlStatics.createObjectURL;
  delete urlStatics.revokeObjectURL;
});

describe('legacy image routes', () => {
  it('/ImageDetail loads the binary with the session code, shows the failure modal, and Escape goes to /main', async () => {
    localStorage.setItem('code', 'VOUCHER');
    const calls = stubFetch({ 'GET /ex/images/getImageBinary': { status: 404, body: { message: 'Not found.' } } });
    const { router } = renderWithProviders(<></>, { path: `/ImageDetail?imgUrl=${encodeURIComponent(imgUrl)}`, routes });
    expect(await screen.findByRole('dialog', { name: 'Image Not Found' })).toBeInTheDocument();
    const call = calls.find((c) => c.path === '/ex/images/getImageBinary')!;
    expect(new URL(call.url, 'http://x').searchParams.get('url')).toBe(imgUrl);
    expect((call.init?.headers as Record<string, string>)['X-Session-Code']).toBe('VOUCHER');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('This photo could not be loaded.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/main'));
  });

  it('/ImageShare shows the photo with share links; left arrow goes to /ImageDetail with the same imgUrl', async () => {
    // jsdom has no object URLs.
    urlStatics.createObjectURL = vi.fn(() => 'blob:photo');
    urlStatics.revokeObjectURL = vi.fn();
    stubFetch({ 'GET /ex/images/getImageBinary': { body: 'bytes' } });
    const { router } = renderWithProviders(<></>, { path: `/ImageShare?imgUrl=${encodeURIComponent(imgUrl)}&processed=true`, routes });
    expect(await screen.findByRole('img', { name: 'Share retouched photo' })).toHaveAttribute('src', 'blob:photo');
    expect(screen.getByRole('link', { name: /Facebook/ })).toHaveAttribute('href', expect.stringContaining('facebook.com/sharer'));
    expect(screen.getByRole('link', { name: /LinkedIn/ })).toHaveAttribute('href', expect.stringContaining('linkedin.com'));
    await userEvent.setup().keyboard('{ArrowLeft}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/ImageDetail'));
    expect(router.state.location.search).toBe(`?imgUrl=${encodeURIComponent(imgUrl)}`);
  });
});
