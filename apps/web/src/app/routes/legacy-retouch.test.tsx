import { storageKeys } from '@studio-gallery/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testPage, testPhoto } from '../../features/gallery/lib/test-photo';
import { fakeJwt, renderWithProviders, stubFetch } from '../../test/render';
import { ImageTouchupRoute, photosFromQuery } from './legacy-retouch';

describe('legacy retouch routes', () => {
  const stored = [
    { id: 7, sessionId: 3, name: 'DSC_7', thumbnailUrl: '/t7', isRetouched: false },
    { id: 8, sessionId: 3, name: 'DSC_8', thumbnailUrl: '/t8', isRetouched: true },
  ];

  it('the …Multiple routes take the photos last chosen in the gallery (orderSessions)', () => {
    localStorage.setItem(storageKeys.orderSessions, JSON.stringify(stored));
    expect(photosFromQuery(new URLSearchParams(), true)).toEqual(stored);
  });

  it('one photo from imgUrl (our media URL names the photo) with the session from the query or the stored selection', () => {
    localStorage.setItem(storageKeys.orderSessions, JSON.stringify(stored));
    const fromStore = photosFromQuery(new URLSearchParams({ imgUrl: '/api/photo-media/8/preview.jpg?sig=x' }), false);
    expect(fromStore).toEqual([{ id: 8, sessionId: 3, name: 'DSC_8', thumbnailUrl: '/api/photo-media/8/preview.jpg?sig=x', isRetouched: true }]);
    localStorage.clear();
    const fromQuery = photosFromQuery(new URLSearchParams({ imgUrl: '/x.jpg', imageId: '9', sessionId: '4', name: 'Me' }), false);
    expect(fromQuery).toEqual([{ id: 9, sessionId: 4, name: 'Me', thumbnailUrl: '/x.jpg', isRetouched: false }]);
    expect(photosFromQuery(new URLSearchParams({ imgUrl: '/api/photo-media/9/preview.jpg' }), false)).toEqual([]);
  });
  it('/ImageTouchup with only imgUrl asks the server for the photo (and its session) in one call', async () => {
    localStorage.setItem('token', fakeJwt({ unique_name: '5', email: 'demo@example.com', id_token: 'z', iat: 1, exp: 4_000_000_000 }));
    localStorage.setItem('eusid', '5');
    const wanted = testPhoto(140, { sessionId: 9, SessionId: 9, name: 'Headshot-140' });
    const calls = stubFetch({
      'GET /ex/images/photo': { body: wanted },
      'GET /ServicePrice/GetServicePrices': { body: { touchServicePrice: 10, backgroundServicePrice: 12, allowedTurnAround: 72 } },
    });
    const imgUrl = '/api/photo-media/140/preview.jpg?exp=1&sig=abc';
    renderWithProviders(<></>, { path: `/ImageTouchup?imgUrl=${encodeURIComponent(imgUrl)}`, routes: [{ path: '/ImageTouchup', element: <ImageTouchupRoute /> }] });
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Headshot-140')).toBeInTheDocument();
    const lookup = new URL(calls.find((c) => c.path === '/ex/images/photo')!.url, 'http://x');
    expect(lookup.searchParams.get('url')).toBe(imgUrl);
    expect(calls.some((c) => c.path === '/sessions/GetUserSessionsPage')).toBe(false);
    expect(screen.queryByText('Incorrect URL')).toBeNull();
  });

  it('/ImageTouchup with the URL of a photo that is not the viewer’s says the URL is incorrect', async () => {
    localStorage.setItem('code', 'VOUCHER');
    stubFetch({ 'GET /sessions/getSessionImages': { body: testPage([testPhoto(1)]) } });
    renderWithProviders(<></>, { path: `/ImageTouchup?imgUrl=${encodeURIComponent('/api/photo-media/77/preview.jpg')}`, routes: [{ path: '/ImageTouchup', element: <ImageTouchupRoute /> }] });
    expect(await screen.findByText('Incorrect URL')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
