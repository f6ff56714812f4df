import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '@studio-gallery/contract';
import { LegacyPhotoView } from '../../features/gallery/components/legacy-photo-view';
import { testPhoto } from '../../features/gallery/lib/test-photo';
import { renderWithProviders, stubFetch } from '../../test/render';
import { ImageDetailRoute, ImageShareMultipleRoute, ImageShareRoute } from './legacy-image';

const imgUrl = 'https://photos.example.com/s/1/DSC_1001.jpg?sig=abc';
const routes = [
  { path: '/ImageDetail', element: <ImageDetailRoute /> },
  { path: '/ImageShare', element: <ImageShareRoute /> },
  { path: '/ImageShareMultiple', element: <ImageShareMultipleRoute /> },
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
  it('/ImageShareMultiple opens the share dialog for the photos last chosen in the gallery; closing goes to /main', async () => {
    localStorage.setItem('code', 'VOUCHER');
    localStorage.setItem(
      storageKeys.orderSessions,
      JSON.stringify([
        { id: 7, sessionId: 3, name: 'DSC_7', thumbnailUrl: '/t7', isRetouched: false },
        { id: 8, sessionId: 3, name: 'DSC_8', thumbnailUrl: '/t8', isRetouched: true },
      ]),
    );
    stubFetch({
      'POST /Social': { body: { photoId: 7, socialType: 'link', shared: true, url: 'https://gallery.example.com/shared-image?imgUrl=x' } },
    });
    const { router } = renderWithProviders(<></>, { path: '/ImageShareMultiple', routes });
    const dialog = await screen.findByRole('dialog', { name: 'Share photos' });
    expect(within(dialog).getByText('DSC_7')).toBeInTheDocument();
    expect(within(dialog).getByText('DSC_8')).toBeInTheDocument();
    await userEvent.setup().keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/main'));
  });

  it('/ImageShareMultiple without photos chosen says so and leads back to the gallery', async () => {
    stubFetch({});
    renderWithProviders(<></>, { path: '/ImageShareMultiple', routes });
    expect(await screen.findByText('No images selected to share')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to gallery' })).toHaveAttribute('href', '/main');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the legacy photo view offers Edit once the server has named the photo its URL shows', async () => {
    urlStatics.createObjectURL = vi.fn(() => 'blob:photo');
    urlStatics.revokeObjectURL = vi.fn();
    localStorage.setItem('code', 'VOUCHER');
    stubFetch({
      'GET /ex/images/getImageBinary': { body: 'bytes' },
      'GET /ex/images/photo': { body: testPhoto(2) },
    });
    const onEdit = vi.fn();
    renderWithProviders(<LegacyPhotoView photoUrl="/api/photo-media/2/preview.jpg?sig=x" title="Photo" backHref="/main" loginHref="/login" onEdit={onEdit} />);
    const edit = await screen.findByRole('button', { name: 'Edit' });
    await waitFor(() => expect(edit).toBeEnabled());
    await userEvent.setup().click(edit);
    expect(onEdit).toHaveBeenCalledWith(expect.objectContaining({ id: 2, name: 'DSC_1002' }));
  });
});
