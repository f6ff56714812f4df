/**
 * The GETs the page may start before the app's code has run (index.html's preload script, see
 * src/app/preload-gallery.ts: the studio's branding, and the gallery's first page for a signed-in
 * visitor). Each waits under its name on a global for the API client, which adopts its response
 * instead of sending the same request again. A name's request is taken once, by the first caller that
 * asks for that name (the branding query, the gallery route's loader), matching or not, so a response
 * never outlives the start-up it was made for. The preload script is async: on a busy device it may run
 * after the app has already sent its own request of that name; it then sends none (it used to send the
 * same request again, unused: ~1.8 KB more on the first screen).
 */
const GLOBAL_NAME = '__studioGalleryEarlyRequests';

/** The requests the preload script may start; each has one home for its URL and headers. */
export type EarlyRequestName = 'branding' | 'gallery-page' | 'account';

interface EarlyRequest {
  url: string;
  headers: Record<string, string>;
  response: Promise<Response>;
}

/** 'asked': the app asked for that name before any early request of it had started. */
type EarlyRequestHolder = { [GLOBAL_NAME]?: Partial<Record<EarlyRequestName, EarlyRequest | 'asked'>> };

function sameHeaders(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** Sends the request and leaves it, under its name, for the API client; nothing when the app has asked for that name already. */
export function startEarlyRequest(name: EarlyRequestName, url: string, headers: Record<string, string>): Promise<Response> | undefined {
  const requests = ((globalThis as EarlyRequestHolder)[GLOBAL_NAME] ??= {});
  if (requests[name] === 'asked') return undefined;
  const response = fetch(url, { headers });
  // A failure is the adopter's to report; one nobody adopts is not an unhandled rejection.
  response.catch(() => undefined);
  requests[name] = { url, headers, response };
  return response;
}

/** The early response of that name when it was for this very request; either way it is gone after. */
export function takeEarlyResponse(name: EarlyRequestName, url: string, headers: Record<string, string>): Promise<Response> | undefined {
  const requests = ((globalThis as EarlyRequestHolder)[GLOBAL_NAME] ??= {});
  const early = requests[name];
  if (early === 'asked') return undefined;
  if (!early) {
    requests[name] = 'asked';
    return undefined;
  }
  delete requests[name];
  return early.url === url && sameHeaders(early.headers, headers) ? early.response : undefined;
}
