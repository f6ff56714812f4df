import { getSession, getSessionCode } from './session';

/** Header a session-code visitor sends on the calls that act on photos (docs/api.md). */
export const SESSION_CODE_HEADER = 'X-Session-Code';

/** Who is looking at the gallery: a signed-in customer, a visitor with a session code, or nobody. */
export type GalleryViewer = { kind: 'user'; userId: string } | { kind: 'visitor'; code: string } | { kind: 'none' };

/** The viewer rule: the signed-in user first, then a session code (also index.html's preload script's). */
export function viewerFrom(session: { userId: string } | null, code: string | null): GalleryViewer {
  if (session) return { kind: 'user', userId: session.userId };
  if (code) return { kind: 'visitor', code };
  return { kind: 'none' };
}

export function getGalleryViewer(): GalleryViewer {
  return viewerFrom(getSession(), getSessionCode());
}

/**
 * Whether `viewer` (read when a screen opened) is still who the stored session says: after a logout
 * (storage cleared) a screen still on its way out must not ask for its photos again, without
 * credentials (a 401).
 */
export function isCurrentViewer(viewer: GalleryViewer): boolean {
  const now = getGalleryViewer();
  if (viewer.kind === 'user') return now.kind === 'user' && now.userId === viewer.userId;
  if (viewer.kind === 'visitor') return now.kind === 'visitor' && now.code === viewer.code;
  return false;
}

/** Extra headers of the photo calls: the session code for visitors (users send their bearer). */
export function viewerHeaders(): Record<string, string> {
  const viewer = getGalleryViewer();
  return viewer.kind === 'visitor' ? { [SESSION_CODE_HEADER]: viewer.code } : {};
}
