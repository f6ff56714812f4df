import type { GalleryPhoto, PagedPhotosResponse } from '@studio-gallery/contract';

/** A gallery photo for tests. */
export function testPhoto(id: number, over: Partial<GalleryPhoto> = {}): GalleryPhoto {
  const url = `/api/photo-media/${id}/preview.jpg?sig=x`;
  return {
    id,
    imageID: id,
    sessionId: 1,
    SessionId: 1,
    name: `DSC_${1000 + id}`,
    imageName: `DSC_${1000 + id}`,
    width: 1000,
    height: 1500,
    url,
    imageURL: url,
    OriginalImageURL: url,
    previewUrl: url,
    thumbnailUrl: `/api/photo-media/${id}/thumb.webp?sig=x`,
    imageThumbnail: `/api/photo-media/${id}/thumb.webp?sig=x`,
    thumbnail2xUrl: `/api/photo-media/${id}/thumb2x.webp?sig=x`,
    thumbnailSmallUrl: `/api/photo-media/${id}/thumbsm.avif?sig=x`,
    thumbnailAvifUrl: `/api/photo-media/${id}/thumbavif.avif?sig=x`,
    processedUrl: null,
    RetouchImageURL: null,
    processedThumbnailUrl: null,
    processedThumbnail2xUrl: null,
    processedThumbnailSmallUrl: null,
    processedThumbnailAvifUrl: null,
    isRetouched: false,
    isSkipped: false,
    isSkkipped: false,
    isUserFavourite: false,
    favourite: false,
    shared: false,
    selected: false,
    isEdited: false,
    editRecipe: null,
    editSourceUrl: url,
    ...over,
  };
}

export function testPage(items: GalleryPhoto[], over: Partial<PagedPhotosResponse> = {}): PagedPhotosResponse {
  return {
    items,
    page: 1,
    pageSize: 12,
    totalPages: 1,
    totalCount: items.length,
    overallAllCount: items.length,
    totalRetouchedCount: 0,
    totalOriginalCount: items.length,
    totalLikedCount: 0,
    totalSkipCount: 0,
    showSinglePage: true,
    ...over,
  };
}
