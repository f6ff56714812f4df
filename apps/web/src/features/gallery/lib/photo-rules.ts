import { GRID_THUMBNAIL_WIDTH, photoIsFavourite, photoIsSkipped, type GalleryFlag, type GalleryPhoto } from '@studio-gallery/contract';
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

/** The grid image's rendered width per screen (two columns on phones, three on tablets, 260 px cards above). */
export const GRID_IMAGE_SIZES = '(max-width: 36em) 50vw, (max-width: 62em) 33vw, 260px';

export function thumbnailSrc(photo: GalleryPhoto): { src: string; srcSet: string } {
  const src = photo.processedThumbnailUrl ?? photo.thumbnailUrl;
  const src2x = photo.processedThumbnail2xUrl ?? photo.thumbnail2xUrl;
  // Width descriptors, so the card's rendered size (the img's `sizes`) decides: a phone at 1.75x
  // showing a 206 px card takes the 400 px file, not the 800 px one a `2x` descriptor would pick.
  return { src, srcSet: `${src} ${GRID_THUMBNAIL_WIDTH}w, ${src2x} ${GRID_THUMBNAIL_WIDTH * 2}w` };
}
