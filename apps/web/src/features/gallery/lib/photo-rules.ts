import { photoIsFavourite, photoIsSkipped, type GalleryFlag, type GalleryPhoto } from '@studio-gallery/contract';
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

export function skipLabel(photo: GalleryPhoto): 'Skip' | 'UnSkip' {
  return photoIsSkipped(photo) ? 'UnSkip' : 'Skip';
}

/** Sub-paths of /main (spec §2) and the tab each opens on. */
export function flagForPath(pathname: string): GalleryFlag {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  if (path === paths.mainFavourites.toLowerCase()) return 'Favorites';
  if (path === paths.mainRetouched.toLowerCase()) return 'Retouched';
  if (path === paths.mainFavouriteRetouch.toLowerCase()) return 'Favorites';
  return 'All';
}

/** The tab's label and the count field of the paged response. */
export const GALLERY_TABS = [
  { flag: 'All', label: 'Photos', count: 'overallAllCount' },
  { flag: 'Original', label: 'Original', count: 'totalOriginalCount' },
  { flag: 'Favorites', label: 'Favorites', count: 'totalLikedCount' },
  { flag: 'Retouched', label: 'Retouched', count: 'totalRetouchedCount' },
  { flag: 'Skip', label: 'Skip', count: 'totalSkipCount' },
] as const;

/** The preview image: the retouched version when there is one. */
export function previewSrc(photo: GalleryPhoto): string {
  return photo.processedUrl ?? photo.previewUrl ?? photo.url;
}

export function thumbnailSrc(photo: GalleryPhoto): { src: string; srcSet: string } {
  const src = photo.processedThumbnailUrl ?? photo.thumbnailUrl;
  const src2x = photo.processedThumbnail2xUrl ?? photo.thumbnail2xUrl;
  return { src, srcSet: `${src} 1x, ${src2x} 2x` };
}
