import { z } from 'zod';
import { idParam } from './common';
import { editRecipe } from './editor';

/** Texts of the gallery calls (spec §5, §8) and ours. */
export const galleryMessages = {
  favouriteNeedsLogin: 'You can update Favorite after logging in',
  editNameNeedsLogin: 'You can edit name after logging in',
  /** Skip, delete: refused to session-code visitors too (ours; the spec names no text). */
  photoChangeNeedsLogin: 'You can change photos after logging in',
  addToCartNeedsLogin: 'You can Add to Cart after logging in',
  noSession: 'No Session Available',
  incorrectUrl: 'Incorrect URL',
  imageNotFound: 'Image Not Found',
  photoDeleted: 'Photo deleted successfully',
  photoSkipped: 'Photo skipped successfully.',
  photoUnskipped: 'Photo unskipped successfully.',
  favouriteUpdated: 'Favorite updated successfully.',
  nameUpdated: 'Name updated successfully.',
  downloadExpired: 'This download link has expired. Please download the photo again.',
  linkExpired: 'This link has expired. Please reload the gallery.',
  zipNeedsSelection: 'Please select at least one photo.',
  noImagesToShare: 'No images selected to share',
  zipTooMany: 'At most 500 photos can be downloaded at once.',
  resizeInvalid: 'Width and height must be between 16 and 2400 pixels.',
  fullResolutionNotAllowed: 'Full-resolution downloads are not available for this gallery. Please choose High Resolution or Social Media.',
} as const;

/** Gallery tabs (spec §2), the `flag` of the page calls; matched case-insensitively. */
export const GALLERY_TAB_FLAGS = ['All', 'Original', 'Favorites', 'Retouched', 'Skip'] as const;
/**
 * The views of /main/shared and /main/download (spec §2, issue 24 §1), also `flag` values: the photos
 * the customer shared, and those downloaded (single, ZIP or Full resolution). Not skipped ones.
 */
export const GALLERY_VIEW_FLAGS = ['Shared', 'Downloads'] as const;
export const GALLERY_FLAGS = [...GALLERY_TAB_FLAGS, ...GALLERY_VIEW_FLAGS] as const;
export type GalleryFlag = (typeof GALLERY_FLAGS)[number];
export type GalleryViewFlag = (typeof GALLERY_VIEW_FLAGS)[number];

export function isGalleryView(flag: GalleryFlag): flag is GalleryViewFlag {
  return (GALLERY_VIEW_FLAGS as readonly string[]).includes(flag);
}

export const galleryFlag = z
  .string()
  .transform((value, ctx) => {
    const flag = GALLERY_FLAGS.find((f) => f.toLowerCase() === value.trim().toLowerCase());
    if (!flag) {
      ctx.addIssue({ code: 'custom', message: `flag must be one of ${GALLERY_FLAGS.join(', ')}` });
      return z.NEVER;
    }
    return flag;
  })
  // The document lists the values; the server also takes them in any letter case.
  .meta({ enum: [...GALLERY_FLAGS], description: 'Gallery tab, or the Shared / Downloads view (any letter case)' });

/** Gallery page sizes (spec §9): 12, 24, 36 in the gallery, 20 and 30 in older flows; any 1-100 accepted. */
/**
 * Width in pixels of a grid thumbnail (`thumbnailUrl`); `thumbnail2xUrl` is twice as wide. The server
 * makes them at import and the grid's srcset names these widths, so the browser picks the smaller one
 * whenever it is enough for the card at the screen's density.
 */
export const GRID_THUMBNAIL_WIDTH = 400;
/**
 * Width of the small grid thumbnail (`thumbnailSmallUrl`, AVIF): a desktop card (at most 254 px) at
 * 1x, with a little to spare. `thumbnailAvifUrl` is the 400 px one in AVIF. Photos imported before
 * them are served their 400 px WebP at these URLs until the backfill has made them (docs/api.md).
 */
export const GRID_THUMBNAIL_SMALL_WIDTH = 280;

export const GALLERY_PAGE_SIZES = [12, 24, 36] as const;
export const MAX_PAGE_SIZE = 100;
const pageNumber = z.coerce.number().int().min(1).max(1_000_000);
const pageSize = z.coerce.number().int().min(1).max(MAX_PAGE_SIZE);
const searchKey = z.string().trim().max(200).optional();

/** GET /sessions/GetUserSessionsPage (spec §7), also the corporate spelling (Page, PageSize, Flag, SrearchKey, OrderByColName, OrderBy). */
export const userSessionsPageQuery = z.object({
  userId: idParam,
  page: pageNumber.optional(),
  pageSize: pageSize.optional(),
  flag: galleryFlag.optional(),
  searchKey,
  Page: pageNumber.optional(),
  PageSize: pageSize.optional(),
  Flag: galleryFlag.optional(),
  SrearchKey: searchKey,
  OrderByColName: z.enum(['name', 'date', 'id']).optional(),
  OrderBy: z
    .string()
    .transform((v) => (v.toLowerCase() === 'asc' ? 'asc' : 'desc'))
    .meta({ enum: ['asc', 'desc'], description: 'asc, else descending' })
    .optional(),
});
export type UserSessionsPageQuery = z.infer<typeof userSessionsPageQuery>;

/** GET /sessions/getSessionImages (session-code visitors). */
export const sessionImagesQuery = z.object({
  couponcode: z.string().trim().min(1).max(200),
  page: pageNumber.default(1),
  pageSize: pageSize.default(12),
  flag: galleryFlag.default('All'),
  searchKey,
});
export type SessionImagesQuery = z.infer<typeof sessionImagesQuery>;

/**
 * A photo (spec §3) with every legacy alias. URLs are signed, expiring media URLs (docs/api.md):
 * `url`/`imageURL`/`OriginalImageURL` show the original photo's preview (JPEG, 1600 px long edge),
 * `thumbnailUrl`/`imageThumbnail` its 400 px grid WebP, `thumbnail2xUrl` the 800 px one,
 * `thumbnailSmallUrl` and `thumbnailAvifUrl` 280 and 400 px AVIFs; `processedUrl`, `processedThumbnailUrl`, `RetouchImageURL` (and
 * the other `processed*`) the retouched version's, or null.
 *
 * An edited photo (`isEdited`, saved by the editor) shows its edited version in the fields of the
 * version the edit was made from: the original's fields when it was made from the original, the
 * `processed*` / `RetouchImageURL` fields when made from the retouched version. `editSourceUrl` is the
 * unedited file the editor opens (the retouched version's when there is one), `editRecipe` how the
 * edit was made.
 */
export const galleryPhoto = z.object({
  id: z.number(),
  imageID: z.number(),
  sessionId: z.number(),
  SessionId: z.number(),
  name: z.string(),
  imageName: z.string(),
  width: z.number(),
  height: z.number(),
  url: z.string(),
  imageURL: z.string(),
  OriginalImageURL: z.string(),
  previewUrl: z.string(),
  thumbnailUrl: z.string(),
  imageThumbnail: z.string(),
  thumbnail2xUrl: z.string(),
  thumbnailSmallUrl: z.string(),
  thumbnailAvifUrl: z.string(),
  processedUrl: z.string().nullable(),
  RetouchImageURL: z.string().nullable(),
  processedThumbnailUrl: z.string().nullable(),
  processedThumbnail2xUrl: z.string().nullable(),
  processedThumbnailSmallUrl: z.string().nullable(),
  processedThumbnailAvifUrl: z.string().nullable(),
  isRetouched: z.boolean(),
  isSkipped: z.boolean(),
  isSkkipped: z.boolean(),
  isUserFavourite: z.boolean(),
  favourite: z.boolean(),
  shared: z.boolean(),
  /** Client-side selection state; always false from the server. */
  selected: z.boolean(),
  /** An edited version was saved (POST /ex/images/save-edited-image) and not reverted. */
  isEdited: z.boolean(),
  /** How the edited version was made, to restore it on reopening the editor; null when none (or unreadable). */
  editRecipe: editRecipe.nullable(),
  /**
   * The unedited file the editor loads (through GET /ex/images/getImageBinary): the retouched
   * version's original when there is one, else the original's; its preview JPEG when that file is a TIFF.
   */
  editSourceUrl: z.string(),
}).register(z.globalRegistry, {
  id: 'Photo',
  description:
    'A photo with its legacy aliases. Its URLs are signed and expire: url/imageURL/OriginalImageURL/previewUrl the preview (JPEG, 1600 px), ' +
    'thumbnailUrl/imageThumbnail the 400 px WebP, thumbnail2xUrl the 800 px one, thumbnailSmallUrl and thumbnailAvifUrl 280 and 400 px AVIFs (the 400 px WebP until a photo imported before them has them); processed* and RetouchImageURL the retouched version, or null. ' +
    'When isEdited, the fields of the version the edit was made from show the edited version instead (edited- files); ' +
    'editSourceUrl is the unedited file the editor opens, editRecipe how the edit was made',
});
export type GalleryPhoto = z.infer<typeof galleryPhoto>;

/** Reads a photo from any source (old payloads say `isSkkipped`, `favourite`). */
export function photoIsSkipped(photo: { isSkipped?: boolean | null; isSkkipped?: boolean | null }): boolean {
  return Boolean(photo.isSkipped ?? photo.isSkkipped);
}
export function photoIsFavourite(photo: { isUserFavourite?: boolean | null; favourite?: boolean | null }): boolean {
  return Boolean(photo.isUserFavourite ?? photo.favourite);
}

/**
 * Paged photo response (spec §3). Counts: All = not skipped; Original = not skipped and not retouched;
 * Retouched = not skipped and retouched; Favorites = favourite and not skipped; Skip = skipped.
 * `totalCount` counts the current flag and search; the five others ignore the search.
 */
export const pagedPhotosResponse = z.object({
  items: z.array(galleryPhoto),
  page: z.number(),
  pageSize: z.number(),
  totalPages: z.number(),
  totalCount: z.number(),
  overallAllCount: z.number(),
  totalRetouchedCount: z.number(),
  totalOriginalCount: z.number(),
  totalLikedCount: z.number(),
  totalSkipCount: z.number(),
  showSinglePage: z.boolean(),
}).register(z.globalRegistry, {
  id: 'PhotoPage',
  description:
    'A page of photos with the five tab counts: All (not skipped), Original (not skipped, not retouched), Retouched, Favorites (not skipped), Skip. ' +
    'totalCount counts the current tab and search; the five others ignore the search',
});
export type PagedPhotosResponse = z.infer<typeof pagedPhotosResponse>;

/** Session (spec §3). */
export const gallerySession = z.object({
  id: z.number(),
  name: z.string(),
  /** YYYY-MM-DD. */
  sessionDate: z.string(),
  photoCount: z.number(),
  archivedAt: z.string().nullable().optional().describe('Set once the gallery is archived: its photos are no longer shown (ask the studio to restore it)'),
  sessionImages: z.array(galleryPhoto),
}).register(z.globalRegistry, { id: 'Session', description: 'A photo session (a shoot) with its photos' });
export type GallerySession = z.infer<typeof gallerySession>;

/** A session without its photos (lists, rename). */
export const sessionSummary = gallerySession
  .omit({ sessionImages: true })
  .register(z.globalRegistry, { id: 'SessionSummary', description: 'A photo session without its photos' });

/** GET /sessions/GetUserSessionsCorporateOrders/{userId}: the sessions, newest first (204 when none). */
export const sessionListResponse = z.object({
  sessionDetailsDtos: z.array(sessionSummary),
  totalCount: z.number(),
});
export type SessionListResponse = z.infer<typeof sessionListResponse>;

export const sessionCodeParams = z.object({ code: z.string().trim().min(1).max(200) });

/** Booleans from old clients may come as "true"/"false" or 0/1. */
const looseBoolean = z.union([
  z.boolean(),
  z.literal(0).transform(() => false),
  z.literal(1).transform(() => true),
  z.enum(['true', 'false']).transform((v) => v === 'true'),
]);

export const skipImageRequest = z.object({ photoId: idParam, value: looseBoolean });
export const updateFavouritePhotoRequest = z.object({ sessionId: idParam, photoId: idParam });
export const markUserFavouriteRequest = z.object({ id: idParam, isUserFavourite: looseBoolean });
export const renameRequest = z.object({ id: idParam, name: z.string().trim().min(1).max(120) });
export const socialShareRequest = z.object({ socialType: z.string().trim().max(40).default('link'), photoId: idParam });
export const socialShareResponse = z.object({ photoId: z.number(), socialType: z.string(), shared: z.literal(true), url: z.string() });

/** What the write calls answer: the photo as it is now. */
export const photoResponse = galleryPhoto;

/**
 * Download sizes: Social Media (1000x1500), High Resolution (1600x2400), and Full resolution (issue
 * 15 §3): the version's original file as stored, only where the photo owner's company allows it
 * (GET /ex/images/download-options says whether it does).
 */
export const DOWNLOAD_RESOLUTIONS = ['sm', 'hr', 'full'] as const;
export type DownloadResolution = (typeof DOWNLOAD_RESOLUTIONS)[number];

/** "High Resolution" / "hr" / "1600x2400" → hr; "Social Media" / "sm" / "1000x1500" → sm; "Full resolution" / "full" / "original" → full. */
export const photoResolution = z
  .string()
  .transform((value, ctx): DownloadResolution => {
    const v = value.toLowerCase().replace(/[\s_-]/g, '');
    if (['hr', 'high', 'highresolution', '1600x2400'].includes(v)) return 'hr';
    if (['sm', 'social', 'socialmedia', 'socialmediaresolution', '1000x1500'].includes(v)) return 'sm';
    if (['full', 'fullresolution', 'original'].includes(v)) return 'full';
    ctx.addIssue({ code: 'custom', message: 'PhotoResolution must be High Resolution, Social Media or Full resolution' });
    return z.NEVER;
  })
  .meta({
    enum: ['High Resolution', 'Social Media', 'Full resolution', 'hr', 'sm', 'full', 'original', '1600x2400', '1000x1500'],
    description:
      'High Resolution (1600x2400), Social Media (1000x1500) or Full resolution (the original file; 403 unless the photo owner\'s company allows it); ' +
      'letter case, spaces and dashes are ignored',
  });

/** The renditions' exact pixel sizes (spec §9: Social Media 1000x1500, High Resolution 1600x2400). */
export const RENDITION_SIZES = { sm: { width: 1000, height: 1500 }, hr: { width: 1600, height: 2400 } } as const;

/**
 * Full resolution is offered for a photo only when its original has more pixels than High Resolution
 * (issue 24 §7: a 800x1200 original is no "full" size next to the 1600x2400 rendition).
 */
export function fullResolutionIsLarger(size: { width: number; height: number }): boolean {
  return size.width * size.height > RENDITION_SIZES.hr.width * RENDITION_SIZES.hr.height;
}

const photoUrl = z.string().trim().max(2048);

/** GET /ex/images/download-options: with `url`, the sizes of that one photo. */
export const downloadOptionsQuery = z.object({
  url: photoUrl.min(1).optional().describe("A signed URL of one photo (any of its files): that photo's sizes, Full resolution only when its original is larger"),
});

const downloadSize = z.object({ resolution: z.enum(DOWNLOAD_RESOLUTIONS), width: z.number(), height: z.number() });
export type DownloadSize = z.infer<typeof downloadSize>;

/** GET /ex/images/download-options: the sizes the viewer's photos can be downloaded at (the owner's company decides Full resolution). */
export const downloadOptionsResponse = z
  .object({
    resolutions: z
      .array(z.enum(DOWNLOAD_RESOLUTIONS))
      .describe("sm and hr always; full when allowed (and, with url, when that photo's original is larger than High Resolution)"),
    allowFullResolution: z.boolean().describe("Whether the photo owner's company allows Full resolution downloads"),
    sizes: z
      .array(downloadSize)
      .describe('The pixel size of each offered resolution (full: only with url, the size of the original the photo shows)'),
  })
  .register(z.globalRegistry, { id: 'DownloadOptions', description: 'The download sizes offered to this viewer' });
export type DownloadOptionsResponse = z.infer<typeof downloadOptionsResponse>;

export const downloadSingleImageRequest = z.object({
  SessionId: idParam.optional(),
  Width: z.coerce.number().int().positive().optional(),
  Height: z.coerce.number().int().positive().optional(),
  OriginalImageURL: photoUrl.nullable().optional(),
  RetouchImageURL: photoUrl.nullable().optional(),
});
export const downloadWithResolutionRequest = z.object({
  SessionId: idParam.optional(),
  OriginalImageURL: photoUrl.nullable().optional(),
  RetouchImageURL: photoUrl.nullable().optional(),
  PhotoResolution: photoResolution,
});
/** Download response (spec §3): fetch GET /ex/images/download/{hash} within 5 minutes. */
export const downloadTokenResponse = z
  .object({
    hash: z.string().describe('Fetch GET /api/ex/images/download/{hash} within 5 minutes'),
    downloadImageName: z.string().describe('The file name to save as (_sm.jpg or _hr.jpg; Full resolution: _full and the original\'s extension)'),
  })
  .register(z.globalRegistry, { id: 'DownloadToken', description: 'A short-lived download of one photo' });
export type DownloadTokenResponse = z.infer<typeof downloadTokenResponse>;

/** A JSON array of photo URLs, or `{ urls, resolution? }`. */
export const MAX_ZIP_PHOTOS = 500;
export const zipRequest = z.union([
  z.array(photoUrl).max(MAX_ZIP_PHOTOS),
  z.object({ urls: z.array(photoUrl).max(MAX_ZIP_PHOTOS), resolution: photoResolution.optional() }),
]);

/**
 * One signed photo media URL (a path or absolute on the public origin; a /shared-image link is
 * unwrapped): GET /ex/images/getImageBinary (the file it names) and GET /ex/images/photo (the photo).
 */
export const imageBinaryQuery = z.object({ url: photoUrl });
export const resizeRequest = z.object({
  sharedUrl: photoUrl,
  width: z.coerce.number().int().min(16).max(2400),
  height: z.coerce.number().int().min(16).max(2400),
});
export const getFilenameRequest = z.object({ SessionId: idParam, DefaultFilename: z.string().trim().max(200).optional() });
export const getFilenameResponse = z.object({ fileName: z.string() });
