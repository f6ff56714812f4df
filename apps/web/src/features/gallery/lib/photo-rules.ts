import { GRID_THUMBNAIL_SMALL_WIDTH, GRID_THUMBNAIL_WIDTH, photoIsFavourite, photoIsSkipped, type GalleryFlag, type GalleryPhoto } from '@studio-gallery/contract';
import { paths } from '../../../config/paths';

/** "Mark As Favorite" (spec §4): hidden on the Skip tab and for photos already favourite. */
export function canMarkFavourite(photo: GalleryPhoto, flag: GalleryFlag): boolean {
  return flag !== 'Skip' && !photoIsFavourite(photo);
}

/** The grid's favourite toggle: everywhere but the Skip tab (a favourite can be removed there). */
export function canToggleFavourite(flag: GalleryFlag): boolean {
  return flag !== 'Skip';
}

/** Skip / UnSkip (spec §4): hidden on the Retouched tab and in the preview of a retouched photo. */
export function canToggleSkip(photo: GalleryPhoto, flag: GalleryFlag, inPreview = false): boolean {
  if (flag === 'Retouched') return false;
  if (inPreview && photo.isRetouched) return false;
  return true;
}

/** A photo the customer edited in the editor (the server keeps the unedited file beside it). */
export function photoIsEdited(photo: Pick<GalleryPhoto, 'isEdited'>): boolean {
  return photo.isEdited === true;
}

export function skipLabel(photo: GalleryPhoto): 'Skip' | 'UnSkip' {
  return photoIsSkipped(photo) ? 'UnSkip' : 'Skip';
}

/** Sub-paths of /main (spec §2) and the tab each opens on. */
export function flagForPath(pathname: string): GalleryFlag {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  if (path === paths.mainFavourites.toLowerCase()) return 'Favorites';
  if (path === paths.mainRetouched.toLowerCase()) return 'Retouched';
  if (path === paths.mainFavouriteRetouch.toLowerCase()) return 'Favorites';
  if (path === paths.mainShared.toLowerCase()) return 'Shared';
  if (path === paths.mainDownload.toLowerCase()) return 'Downloads';
  return 'All';
}

/** The Shared and Downloads views (issue 24 §1): their title and what they show when empty. */
export const GALLERY_VIEWS = {
  Shared: { title: 'Shared', empty: 'No shared photos yet. Photos you share appear here.' },
  Downloads: { title: 'Downloads', empty: 'No downloaded photos yet. Photos you download appear here.' },
} as const;

/** The tab's label and the count field of the paged response. */
export const GALLERY_TABS = [
  { flag: 'All', label: 'Photos', count: 'overallAllCount' },
  { flag: 'Original', label: 'Original', count: 'totalOriginalCount' },
  { flag: 'Favorites', label: 'Favorites', count: 'totalLikedCount' },
  { flag: 'Retouched', label: 'Retouched', count: 'totalRetouchedCount' },
  { flag: 'Skip', label: 'Skip', count: 'totalSkipCount' },
] as const;

const MEDIA_PATH_ID = /\/api\/photo-media\/([1-9]\d{0,14})\//;

/**
 * The photo a media URL names (`…/api/photo-media/<id>/<file>?…`, the legacy routes' imgUrl; also
 * inside a /shared-image?imgUrl=… link), or null.
 */
export function photoIdFromUrl(url: string | null | undefined): number | null {
  if (!url) return null;
  let text = url;
  try {
    text = decodeURIComponent(url);
  } catch {
    // not percent-encoded: read as is
  }
  const id = MEDIA_PATH_ID.exec(text)?.[1];
  return id ? Number(id) : null;
}

/** The preview image: the retouched version when there is one. */
export function previewSrc(photo: GalleryPhoto): string {
  return photo.processedUrl ?? photo.previewUrl ?? photo.url;
}

/**
 * The grid image's rendered width per screen, as gallery.module.css and the app shell lay it out: two
 * columns (12 px apart, 16 px page padding) below 48em; from there the 280 px navbar, 32 px padding and
 * three columns 16 px apart; four 20 px apart from 75em, in a container of at most 1140 px (cards of
 * at most 254 px). Measured: 219 px at 1280 px, 184 px on a 412 px phone.
 */
export const GRID_IMAGE_SIZES =
  '(max-width: 47.99em) calc(50vw - 22px), (max-width: 74.99em) calc(33.33vw - 126px), (max-width: 88.74em) calc(25vw - 101px), 254px';

/**
 * The grid image's files: `srcSet` the WebP ones (every browser), `avifSrcSet` the 280 and 400 px
 * AVIFs and the 800 px WebP, for a `<source type="image/avif">` (null for a photo without them: a page
 * an older server answered).
 */
export function thumbnailSrc(photo: GalleryPhoto): { src: string; srcSet: string; avifSrcSet: string | null } {
  const retouched = photo.processedThumbnailUrl !== null;
  const src = photo.processedThumbnailUrl ?? photo.thumbnailUrl;
  const src2x = photo.processedThumbnail2xUrl ?? photo.thumbnail2xUrl;
  const small = (retouched ? photo.processedThumbnailSmallUrl : photo.thumbnailSmallUrl) as string | null | undefined;
  const avif = (retouched ? photo.processedThumbnailAvifUrl : photo.thumbnailAvifUrl) as string | null | undefined;
  // Width descriptors, so the card's rendered size (`sizes`) decides: a 219 px desktop card at 1x takes
  // the 280 px file, a 184 px phone card at 1.75x the 400 px one, not the 800 px one a `2x` descriptor
  // would pick.
  const srcSet = `${src} ${GRID_THUMBNAIL_WIDTH}w, ${src2x} ${GRID_THUMBNAIL_WIDTH * 2}w`;
  const avifSrcSet = small && avif ? `${small} ${GRID_THUMBNAIL_SMALL_WIDTH}w, ${avif} ${GRID_THUMBNAIL_WIDTH}w, ${src2x} ${GRID_THUMBNAIL_WIDTH * 2}w` : null;
  return { src, srcSet, avifSrcSet };
}
