import { storageKeys } from '@studio-gallery/contract';
import { describe, expect, it } from 'vitest';
import { photosFromQuery } from './legacy-retouch';

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
});
