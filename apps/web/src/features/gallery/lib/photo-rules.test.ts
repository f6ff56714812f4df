import { describe, expect, it } from 'vitest';
import { canMarkFavourite, canToggleFavourite, canToggleSkip, flagForPath, skipLabel, thumbnailSrc } from './photo-rules';
import { testPhoto } from './test-photo';
import { menuPositionFor } from '../components/flip-menu';
import { fileNameFromDisposition } from '../api/download-zip';

describe('photo action rules (spec §4)', () => {
  it('hides Mark As Favorite on the Skip tab and for favourites', () => {
    expect(canMarkFavourite(testPhoto(1), 'All')).toBe(true);
    expect(canMarkFavourite(testPhoto(1), 'Skip')).toBe(false);
    expect(canMarkFavourite(testPhoto(1, { isUserFavourite: true }), 'All')).toBe(false);
    expect(canMarkFavourite(testPhoto(1, { isUserFavourite: null as never, favourite: true }), 'Original')).toBe(false);
    expect(canToggleFavourite('Skip')).toBe(false);
    expect(canToggleFavourite('Favorites')).toBe(true);
  });

  it('hides Skip/UnSkip on the Retouched tab and in the preview of a retouched photo', () => {
    const retouched = testPhoto(2, { isRetouched: true, processedUrl: '/x' });
    expect(canToggleSkip(testPhoto(1), 'All')).toBe(true);
    expect(canToggleSkip(testPhoto(1), 'Retouched')).toBe(false);
    expect(canToggleSkip(retouched, 'All')).toBe(true);
    expect(canToggleSkip(retouched, 'All', true)).toBe(false);
    expect(canToggleSkip(testPhoto(1), 'Skip', true)).toBe(true);
  });

  it('labels the skip action by state, reading the misspelt field too', () => {
    expect(skipLabel(testPhoto(1))).toBe('Skip');
    expect(skipLabel(testPhoto(1, { isSkipped: true }))).toBe('UnSkip');
    expect(skipLabel(testPhoto(1, { isSkipped: null as never, isSkkipped: true }))).toBe('UnSkip');
  });

  it('maps the /main sub-paths to tabs', () => {
    expect(flagForPath('/main')).toBe('All');
    expect(flagForPath('/main/favourites')).toBe('Favorites');
    expect(flagForPath('/main/retouched/')).toBe('Retouched');
    expect(flagForPath('/main/favouriteRetouch')).toBe('Favorites');
    expect(flagForPath('/main/shared')).toBe('Shared');
    expect(flagForPath('/main/download')).toBe('Downloads');
  });

  it('flips a menu upward with under 200 px below its button', () => {
    expect(menuPositionFor(199)).toBe('top-end');
    expect(menuPositionFor(200, 'start')).toBe('bottom-start');
  });

  it('reads the ZIP name from Content-Disposition', () => {
    expect(fileNameFromDisposition(`attachment; filename="22 Nov 2026 Studio.zip"; filename*=UTF-8''22%20Nov%202026%20Studio.zip`, 'x.zip')).toBe('22 Nov 2026 Studio.zip');
    expect(fileNameFromDisposition('attachment; filename="a.zip"', 'x.zip')).toBe('a.zip');
    expect(fileNameFromDisposition(null, 'x.zip')).toBe('x.zip');
  });
});

describe('the grid thumbnail srcset (issue 23)', () => {
  it('offers browsers with AVIF the 280 and 400 px AVIFs and the 800 px WebP, the others the WebP files, of the version shown', () => {
    expect(thumbnailSrc(testPhoto(7))).toEqual({
      src: '/api/photo-media/7/thumb.webp?sig=x',
      srcSet: '/api/photo-media/7/thumb.webp?sig=x 400w, /api/photo-media/7/thumb2x.webp?sig=x 800w',
      avifSrcSet: '/api/photo-media/7/thumbsm.avif?sig=x 280w, /api/photo-media/7/thumbavif.avif?sig=x 400w, /api/photo-media/7/thumb2x.webp?sig=x 800w',
    });
    const retouched = testPhoto(8, {
      processedThumbnailUrl: '/r/thumb.webp',
      processedThumbnail2xUrl: '/r/thumb2x.webp',
      processedThumbnailSmallUrl: '/r/thumbsm.avif',
      processedThumbnailAvifUrl: '/r/thumbavif.avif',
    });
    expect(thumbnailSrc(retouched).avifSrcSet).toBe('/r/thumbsm.avif 280w, /r/thumbavif.avif 400w, /r/thumb2x.webp 800w');
  });

  it('offers no AVIF source for a photo an older server answered', () => {
    const older = { ...testPhoto(9) } as Partial<ReturnType<typeof testPhoto>>;
    delete older.thumbnailSmallUrl;
    delete older.thumbnailAvifUrl;
    expect(thumbnailSrc(older as ReturnType<typeof testPhoto>)).toMatchObject({ srcSet: '/api/photo-media/9/thumb.webp?sig=x 400w, /api/photo-media/9/thumb2x.webp?sig=x 800w', avifSrcSet: null });
  });
});
