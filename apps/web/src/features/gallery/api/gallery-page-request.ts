import type { GalleryFlag } from '@studio-gallery/contract';
import type { ApiQuery } from '../../../lib/api-url';
import type { GalleryViewer } from '../../../lib/viewer';

export interface GalleryPageParams {
  page: number;
  pageSize: number;
  flag: GalleryFlag;
  search: string;
}

/**
 * Loading rule (spec §4): a signed-in customer gets their photos (GET /sessions/GetUserSessionsPage),
 * a visitor the photos of the stored session code (GET /sessions/getSessionImages). Null for nobody.
 * Shared by the API call (get-gallery-page.ts) and index.html's preload script, which starts the
 * first page's request early (src/app/preload-gallery.ts).
 */
export function galleryPageRequest(viewer: GalleryViewer, params: GalleryPageParams): { path: string; query: ApiQuery } | null {
  const common = { page: params.page, pageSize: params.pageSize, flag: params.flag, searchKey: params.search || undefined };
  if (viewer.kind === 'user') return { path: '/sessions/GetUserSessionsPage', query: { userId: viewer.userId, ...common } };
  if (viewer.kind === 'visitor') return { path: '/sessions/getSessionImages', query: { couponcode: viewer.code, ...common } };
  return null;
}
