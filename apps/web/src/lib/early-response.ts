/**
 * One GET the page may start before the app's code has run (index.html's preload script, see
 * src/app/preload-gallery.ts: the gallery's first page for a signed-in visitor). It waits on a global
 * for the API client, which adopts its response instead of sending the same request again. The global
 * is taken once, by the first caller that asks (the gallery route's loader), matching or not, so a
 * response never outlives the start-up it was made for.
 */
const GLOBAL_NAME = '__studioGalleryEarlyRequest';

interface EarlyRequest {
  url: string;
  headers: Record<string, string>;
  response: Promise<Response>;
}

type EarlyRequestHolder = { [GLOBAL_NAME]?: EarlyRequest };

function sameHeaders(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** Sends the request and leaves it for the API client. */
export function startEarlyRequest(url: string, headers: Record<string, string>): Promise<Response> {
  const response = fetch(url, { headers });
  // A failure is the adopter's to report; one nobody adopts is not an unhandled rejection.
  response.catch(() => undefined);
  (globalThis as EarlyRequestHolder)[GLOBAL_NAME] = { url, headers, response };
  return response;
}

/** The early response when it was for this very request; either way the early request is gone after. */
export function takeEarlyResponse(url: string, headers: Record<string, string>): Promise<Response> | undefined {
  const holder = globalThis as EarlyRequestHolder;
  const early = holder[GLOBAL_NAME];
  if (!early) return undefined;
  delete holder[GLOBAL_NAME];
  return early.url === url && sameHeaders(early.headers, headers) ? early.response : undefined;
}
