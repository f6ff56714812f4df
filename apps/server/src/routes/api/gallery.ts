import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  downloadSingleImageRequest,
  downloadOptionsQuery,
  downloadOptionsResponse,
  downloadTokenResponse,
  downloadWithResolutionRequest,
  galleryMessages,
  gallerySession,
  getFilenameRequest,
  getFilenameResponse,
  idPathParams,
  imageBinaryQuery,
  markUserFavouriteRequest,
  messages,
  pagedPhotosResponse,
  photoResponse,
  renameRequest,
  resizeRequest,
  sessionCodeParams,
  sessionImagesQuery,
  sessionListResponse,
  sessionSummary,
  skipImageRequest,
  socialShareRequest,
  socialShareResponse,
  successBody,
  successResponse,
  updateFavouritePhotoRequest,
  userIdPathParams,
  userSessionsPageQuery,
  zipRequest,
} from '@studio-gallery/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { UnauthorizedError } from '../../errors';
import type { ImageWorkQueue } from '../../media/image-work-queue';
import { resizeWithin } from '../../media/resize';
import type { DownloadsService, FileDownload } from '../../modules/gallery/downloads.service';
import { attachmentDisposition } from '../../media/content-disposition';
import type { GalleryService, Viewer } from '../../modules/gallery/gallery.service';
import type { PageAnswer, PageAnswers } from '../../modules/gallery/page-answers';
import { assertSelf } from '../../plugins/auth';
import type { Operation } from './operation';
import { fastSerializerCompiler, matchesEtag, memoizedQueryValidator, preferredEncoding } from './responses';

export interface GalleryRoutesOptions {
  gallery: GalleryService;
  pageAnswers: PageAnswers;
  downloads: DownloadsService;
  /** Request-time image work (the Resize call) waits its turn here; 503 when full. */
  imageWork: ImageWorkQueue;
}

/** Header a session-code visitor sends on the calls that act on photos (ours; docs/api.md). */
export const SESSION_CODE_HEADER = 'x-session-code';

/**
 * Who may call what on a photo: its owner; another customer is told it does not exist (404); a
 * session-code visitor of its session may read, share and download it (200) but not change it (403,
 * with the spec's messages).
 */
const photoRead = { access: 'viewer', expect: { otherCustomer: 404, visitor: 200 }, errors: [404] } as const satisfies Partial<Operation>;
export const photoWrite = { access: 'viewer', expect: { otherCustomer: 404, visitor: 403 }, errors: [403, 404] } as const satisfies Partial<Operation>;
export const THE_PHOTO = 'The photo as it is now';

/**
 * The caller of a gallery call: the signed-in customer (bearer token), else a visitor with a session
 * code (`X-Session-Code` header or `couponcode` query); else 401.
 */
export function viewerOf(request: FastifyRequest): Viewer {
  if (request.userId !== null) return { kind: 'user', userId: request.userId };
  const code = visitorCodeOf(request);
  if (!code) throw new UnauthorizedError(messages.unauthorized);
  return { kind: 'visitor', code };
}

/**
 * The hooks of a group of calls that act on photos as a viewer (viewerOf): who is signed in, and the
 * budget of wrong session codes a visitor's calls spend (plugins/session-code-limit.ts).
 */
export function identifyViewers(scope: FastifyInstance): void {
  scope.addHook('onRequest', scope.identifyUser);
  // After identifyUser: a signed-in caller's code is ignored, and not counted.
  const byVisitorCode = scope.sessionCodeLimit(visitorCodeOf);
  scope.addHook('onRequest', byVisitorCode.onRequest);
}

/** The session code a visitor acts with (none for a signed-in caller): what viewerOf uses, and what the code budget counts. */
function visitorCodeOf(request: FastifyRequest): string | null {
  if (request.userId !== null) return null;
  const header = request.headers[SESSION_CODE_HEADER];
  const query = (request.query as Record<string, unknown> | undefined)?.couponcode;
  const code = typeof header === 'string' && header.trim() ? header.trim() : typeof query === 'string' ? query.trim() : '';
  return code || null;
}

/** A code from the path or query of the two lookup calls, as their schemas read it. */
function codeField(source: unknown, field: string): string | null {
  const value = (source as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}


/**
 * A gallery page as built by PageAnswers: compressed when the browser accepts it, revalidated by ETag
 * (304 while the page is unchanged), never stored by shared caches.
 */
function sendPageAnswer(request: FastifyRequest, reply: FastifyReply, answer: PageAnswer) {
  reply
    .header('content-type', 'application/json; charset=utf-8')
    .header('cache-control', 'private, no-cache')
    .header('vary', 'accept-encoding, authorization')
    .header('etag', answer.etag);
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding === null) return reply.send(answer.json);
  return reply.header('content-encoding', encoding).send(answer.encoded(encoding));
}

function sendDownload(reply: FastifyReply, download: FileDownload) {
  reply.header('content-type', download.contentType).header('content-disposition', attachmentDisposition(download.fileName)).header('cache-control', 'no-store');
  if (download.size !== null) reply.header('content-length', download.size);
  return reply.send(download.stream);
}

/** Spec §7 "Photos and sessions", with the spec's paths, query names and shapes. */
export const galleryRoutes: FastifyPluginAsyncZod<GalleryRoutesOptions> = async (app, { gallery, pageAnswers, downloads, imageWork }) => {
  const tags = ['gallery'];
  // Every call that opens a gallery by code spends the caller's budget of wrong codes (plugins/session-code-limit.ts).
  const byQueryCode = app.sessionCodeLimit((request) => codeField(request.query, 'couponcode'));
  const byPathCode = app.sessionCodeLimit((request) => codeField(request.params, 'code'));

  // --- signed media (no bearer: <img src>) ---

  app.get(
    '/photo-media/:photoId/:file',
    {
      config: {
        operation: {
          operationId: 'getPhotoMedia',
          access: 'link',
          answers: { 200: 'The file: JPEG previews, WebP thumbnails', 304: 'Not modified: the ETag sent in If-None-Match still matches' },
          files: ['image/*'],
          errors: [403, 404],
          sample: (r) => ({ path: r.photoUrl }),
        },
      },
      schema: {
        tags,
        summary: 'A photo file by signed, expiring URL (as given in the photo fields)',
        description: '404 for any URL that is not a valid signature of a live photo’s current file; 403 once it has expired.',
        params: z.object({ photoId: z.string(), file: z.string() }),
        querystring: z.object({ v: z.string().optional(), exp: z.string().optional(), sig: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const media = await gallery.openMedia(request.url);
      reply
        .header('content-type', media.contentType)
        .header('etag', media.etag)
        .header('cache-control', `private, max-age=${media.maxAgeSeconds}${media.immutable ? ', immutable' : ''}`)
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cross-origin-resource-policy', 'same-origin');
      if (request.headers['if-none-match'] === media.etag) {
        media.stored.stream.destroy();
        return reply.code(304).send();
      }
      return reply.header('content-length', media.stored.size).send(media.stored.stream);
    },
  );

  // --- reading ---

  app.get(
    '/sessions/GetUserSessionsPage',
    {
      onRequest: app.requireUser,
      config: {
        operation: {
          operationId: 'getUserPhotoPage',
          access: 'user',
          answers: { 200: 'The page', 304: 'Not modified: the page is unchanged since the ETag sent in If-None-Match' },
          errors: [403],
          expect: { otherCustomer: 403 },
          sample: (r) => ({ query: { userId: r.userId, page: 1, pageSize: 12, flag: 'All' } }),
        },
      },
      schema: {
        tags,
        summary: "A page of the caller's photos across their sessions, with the five tab counts",
        description:
          'Also takes the corporate spelling: Page, PageSize (default 30), Flag, SrearchKey, OrderByColName (name|date|id), OrderBy (desc by default). ' +
          'Answers carry a weak ETag (If-None-Match: 304 while unchanged) and are br/gzip-compressed when Accept-Encoding allows.',
        querystring: userSessionsPageQuery,
        response: { 200: pagedPhotosResponse },
      },
      // The page is the gallery's hottest call: built and serialized once per revision (PageAnswers);
      // its schema compiles to fast-json-stringify, not zod (see responses.ts); failures are the error handler's.
      serializerCompiler: fastSerializerCompiler,
      // A query seen before is not parsed through zod again (responses.ts).
      validatorCompiler: memoizedQueryValidator,
    },
    // Not async: a page held at the customer's current revision is answered at once (issue 23).
    (request, reply) => {
      const q = request.query;
      const userId = assertSelf(request, q.userId);
      const corporate = q.Page !== undefined || q.PageSize !== undefined || q.OrderByColName !== undefined || q.OrderBy !== undefined;
      const column = q.OrderByColName === 'name' ? 'name' : q.OrderByColName === 'id' ? 'id' : 'display';
      const answer = pageAnswers.userPage(userId, {
        page: q.page ?? q.Page ?? 1,
        pageSize: q.pageSize ?? q.PageSize ?? (corporate ? 30 : 20),
        flag: q.flag ?? q.Flag ?? 'All',
        search: q.searchKey ?? q.SrearchKey ?? null,
        order: { column, direction: q.OrderBy ?? 'desc' },
      });
      if (answer instanceof Promise) {
        return answer.then((built) => {
          sendPageAnswer(request, reply, built);
        });
      }
      sendPageAnswer(request, reply, answer);
      return undefined;
    },
  );

  app.get(
    '/sessions/getSessionImages',
    {
      ...byQueryCode,
      config: {
        operation: {
          operationId: 'getSessionPhotoPage',
          access: 'link',
          answers: { 200: 'The page', 304: 'Not modified: the page is unchanged since the ETag sent in If-None-Match' },
          errors: [404, 429],
          sample: (r) => ({ query: { couponcode: r.sessionCode, page: 1, pageSize: 12, flag: 'All' } }),
        },
      },
      schema: {
        tags,
        summary: 'A page of the photos of the session a code opens (visitors)',
        description:
          'Answers carry a weak ETag (If-None-Match: 304 while unchanged) and are br/gzip-compressed when Accept-Encoding allows. ' +
          '404 for a code that opens no session; 429 once an address has tried too many wrong codes.',
        querystring: sessionImagesQuery,
        response: { 200: pagedPhotosResponse },
      },
      serializerCompiler: fastSerializerCompiler,
      validatorCompiler: memoizedQueryValidator,
    },
    // Not async, as the customer's page: a held page is answered at once.
    (request, reply) => {
      const q = request.query;
      const answer = pageAnswers.sessionPage(q.couponcode, { page: q.page, pageSize: q.pageSize, flag: q.flag, search: q.searchKey ?? null });
      if (answer instanceof Promise) {
        return answer.then((built) => {
          sendPageAnswer(request, reply, built);
        });
      }
      sendPageAnswer(request, reply, answer);
      return undefined;
    },
  );

  app.get(
    '/sessions/GetSessionDetailByCode/:code',
    {
      ...byPathCode,
      config: {
        operation: {
          operationId: 'getSessionByCode',
          access: 'link',
          answers: { 200: 'The session and its photos' },
          errors: [404, 429],
          sample: (r) => ({ params: { code: r.sessionCode } }),
        },
      },
      schema: { tags, summary: 'The session a code opens, with its photos', params: sessionCodeParams, response: { 200: gallerySession } },
    },
    async (request) => gallery.sessionDetailByCode(request.params.code),
  );

  app.get(
    '/sessions/GetUserSessionsCorporateOrders/:userId',
    {
      onRequest: app.requireUser,
      config: {
        operation: {
          operationId: 'listUserSessions',
          access: 'user',
          answers: { 200: "The caller's sessions", 204: 'The caller has no sessions' },
          errors: [403],
          expect: { otherCustomer: 403 },
          sample: (r) => ({ params: { userId: r.userId } }),
        },
      },
      schema: {
        tags,
        summary: "The caller's sessions, newest first (204 when none)",
        params: userIdPathParams,
        response: { 200: sessionListResponse, 204: z.null() },
      },
    },
    async (request, reply) => {
      const list = await gallery.userSessions(assertSelf(request, request.params.userId));
      return list ?? reply.code(204).send(null);
    },
  );

  // --- writes: the signed-in owner only; visitors get the spec's messages (403) ---

  const viewerRoutes: FastifyPluginAsyncZod = async (writes) => {
    identifyViewers(writes);

    writes.post(
      '/ex/images/skip-image',
      {
        config: {
          operation: { ...photoWrite, operationId: 'skipPhoto', answers: { 200: THE_PHOTO }, sample: (r) => ({ body: { photoId: r.photoId, value: false } }) },
        },
        schema: { tags, summary: 'Skip (value true) or unskip a photo', body: skipImageRequest, response: { 200: photoResponse } },
      },
      async (request) => gallery.setSkipped(viewerOf(request), request.body.photoId, request.body.value),
    );

    writes.post(
      '/sessions/UpdateFavouritePhoto',
      {
        config: {
          operation: {
            ...photoWrite,
            operationId: 'toggleFavouritePhoto',
            answers: { 200: THE_PHOTO },
            sample: (r) => ({ body: { sessionId: r.sessionId, photoId: r.photoId } }),
          },
        },
        schema: { tags, summary: 'Toggle the favourite mark', body: updateFavouritePhotoRequest, response: { 200: photoResponse } },
      },
      async (request) => gallery.toggleFavourite(viewerOf(request), request.body.sessionId, request.body.photoId),
    );

    writes.put(
      '/Photos/MarkUserFavourite',
      {
        config: {
          operation: {
            ...photoWrite,
            operationId: 'setFavouritePhoto',
            answers: { 200: THE_PHOTO },
            sample: (r) => ({ body: { id: r.photoId, isUserFavourite: false } }),
          },
        },
        schema: { tags, summary: 'Set the favourite mark', body: markUserFavouriteRequest, response: { 200: photoResponse } },
      },
      async (request) => gallery.setFavourite(viewerOf(request), request.body.id, request.body.isUserFavourite),
    );

    writes.put(
      '/sessions/UpdateSessionName',
      {
        config: {
          operation: {
            ...photoWrite,
            operationId: 'renameSession',
            answers: { 200: 'The session as it is now' },
            sample: (r) => ({ body: { id: r.sessionId, name: 'Renamed by someone else' } }),
          },
        },
        schema: { tags, summary: 'Rename a session', body: renameRequest, response: { 200: sessionSummary } },
      },
      async (request) => gallery.renameSession(viewerOf(request), request.body.id, request.body.name),
    );

    writes.put(
      '/Photos/UpdateName',
      {
        config: {
          operation: {
            ...photoWrite,
            operationId: 'renamePhoto',
            answers: { 200: THE_PHOTO },
            sample: (r) => ({ body: { id: r.photoId, name: 'Renamed by someone else' } }),
          },
        },
        schema: { tags, summary: 'Rename a photo', body: renameRequest, response: { 200: photoResponse } },
      },
      async (request) => gallery.renamePhoto(viewerOf(request), request.body.id, request.body.name),
    );

    writes.delete(
      '/Photos/:id',
      {
        config: {
          operation: { ...photoWrite, operationId: 'deletePhoto', answers: { 200: 'Deleted' }, sample: (r) => ({ params: { id: r.photoId } }) },
        },
        schema: { tags, summary: 'Delete a photo from the gallery', params: idPathParams, response: { 200: successResponse } },
      },
      async (request) => {
        await gallery.deletePhoto(viewerOf(request), request.params.id);
        return successBody(true, galleryMessages.photoDeleted);
      },
    );

    // --- sharing and downloads: owners and visitors of the photo's session ---

    writes.post(
      '/Social',
      {
        config: {
          operation: {
            ...photoRead,
            operationId: 'sharePhoto',
            answers: { 200: 'The public link of the photo' },
            sample: (r) => ({ body: { photoId: r.photoId, socialType: 'link' } }),
          },
        },
        schema: { tags, summary: 'Record a share; answers the public link', body: socialShareRequest, response: { 200: socialShareResponse } },
      },
      async (request) => {
        const { photo, url } = await gallery.share(viewerOf(request), request.body.photoId);
        return { photoId: photo.id, socialType: request.body.socialType, shared: true as const, url };
      },
    );

    writes.post(
      '/ex/images/download-single-image',
      {
        config: {
          operation: {
            ...photoRead,
            operationId: 'createDownloadToken',
            answers: { 200: 'The token: GET /api/ex/images/download/{hash} within 5 minutes' },
            sample: (r) => ({ body: { OriginalImageURL: r.photoUrl, Width: 1000 } }),
          },
        },
        schema: {
          tags,
          summary: 'A download token for one photo (Width ≤ 1000: Social Media, else High Resolution)',
          body: downloadSingleImageRequest,
          response: { 200: downloadTokenResponse },
        },
      },
      async (request) => {
        const { Width, Height, OriginalImageURL, RetouchImageURL } = request.body;
        const small = (Width !== undefined && Width <= 1000) || (Height !== undefined && Height <= 1500);
        return downloads.createToken(viewerOf(request), { originalUrl: OriginalImageURL, retouchUrl: RetouchImageURL, resolution: small ? 'sm' : 'hr' });
      },
    );

    writes.post(
      '/ex/images/download-single-image-with-photoresolution',
      {
        config: {
          operation: {
            ...photoRead,
            operationId: 'createDownloadTokenWithResolution',
            answers: { 200: 'The token: GET /api/ex/images/download/{hash} within 5 minutes' },
            errors: [403, 404],
            sample: (r) => ({ body: { OriginalImageURL: r.photoUrl, PhotoResolution: 'Social Media' } }),
          },
        },
        schema: {
          tags,
          summary: 'A download token for one photo at a resolution (High Resolution, Social Media or Full resolution)',
          description: "Full resolution (the version's original file): 403 unless the photo owner's company allows it (GET /ex/images/download-options).",
          body: downloadWithResolutionRequest,
          response: { 200: downloadTokenResponse },
        },
      },
      async (request) => {
        const { OriginalImageURL, RetouchImageURL, PhotoResolution } = request.body;
        return downloads.createToken(viewerOf(request), { originalUrl: OriginalImageURL, retouchUrl: RetouchImageURL, resolution: PhotoResolution });
      },
    );

    writes.post(
      '/ex/images/download-selected-images-zip',
      {
        bodyLimit: 4 * 1024 * 1024,
        config: {
          operation: {
            ...photoRead,
            operationId: 'downloadPhotosZip',
            answers: { 200: 'The ZIP, as an attachment (Content-Length known up front)' },
            errors: [403, 404],
            files: ['application/zip'],
            sample: (r) => ({ body: { urls: [r.photoUrl], resolution: 'sm' } }),
          },
        },
        schema: {
          tags,
          summary: 'A ZIP of the photos the URLs name, streamed',
          description:
            'A JSON array of photo URLs, or { urls, resolution } (High Resolution by default). Any URL the caller may not see fails the whole call (404); ' +
            "Full resolution (the originals) 403 unless the photos' owner's company allows it.",
          body: zipRequest,
        },
      },
      async (request, reply) => {
        const body = request.body;
        const urls = Array.isArray(body) ? body : body.urls;
        const resolution = Array.isArray(body) ? undefined : body.resolution;
        return sendDownload(reply, await downloads.zip(viewerOf(request), urls, resolution));
      },
    );

    writes.get(
      '/ex/images/download-options',
      {
        config: {
          operation: {
            access: 'viewer',
            expect: { otherCustomer: 200, visitor: 200 },
            errors: [404],
            operationId: 'getDownloadOptions',
            answers: { 200: 'The download sizes offered' },
          },
        },
        schema: {
          tags,
          summary: 'The download sizes offered to the caller (Full resolution when the photo owner’s company allows it)',
          description:
            "A customer's own company decides; a visitor's, the session owner's company (404 for an unknown session code). " +
            "With `url` (a signed URL of one of the caller's photos), that photo's sizes: Full resolution only when its original is larger than High Resolution, with its pixel size.",
          querystring: downloadOptionsQuery,
          response: { 200: downloadOptionsResponse },
        },
      },
      async (request) => downloads.options(viewerOf(request), request.query.url),
    );

    writes.get(
      '/ex/images/getImageBinary',
      {
        config: {
          operation: {
            ...photoRead,
            operationId: 'getPhotoFile',
            answers: { 200: 'The file the URL names (JPEG previews, WebP thumbnails)' },
            files: ['image/*'],
            sample: (r) => ({ query: { url: r.photoUrl } }),
          },
        },
        schema: { tags, summary: 'The bytes of the photo file a URL names (for the editor)', querystring: imageBinaryQuery },
      },
      async (request, reply) => {
        const ref = await gallery.photoFromUrl(viewerOf(request), request.query.url);
        const { stored, contentType } = await gallery.openFile(ref, ref.file);
        return reply.header('content-type', contentType).header('content-length', stored.size).header('cache-control', 'private, no-cache').send(stored.stream);
      },
    );

    writes.get(
      '/ex/images/photo',
      {
        config: {
          operation: { ...photoRead, operationId: 'getPhotoByUrl', answers: { 200: THE_PHOTO }, sample: (r) => ({ query: { url: r.photoUrl } }) },
        },
        schema: {
          tags,
          summary: 'The photo a signed media URL names (the legacy /ImageDetail and /ImageTouchup routes carry only that URL)',
          description:
            'Any file of any version of the photo names it (edited- and retouched- files included); the answer carries fresh URLs. ' +
            'The same callers as getImageBinary: the owner, or a visitor of its session (an expired URL still names the photo to them); ' +
            '400 for a URL that is not ours or a bad signature, 404 for anyone else’s photo, a deleted one or a replaced edit.',
          querystring: imageBinaryQuery,
          response: { 200: photoResponse },
        },
      },
      async (request) => gallery.photoByUrl(viewerOf(request), request.query.url),
    );

    writes.post(
      '/ex/images/Resize',
      {
        config: {
          operation: {
            operationId: 'resizeSharedPhoto',
            access: 'public',
            optionalViewer: true,
            answers: { 200: 'The resized JPEG' },
            files: ['image/jpeg'],
            errors: [404, 503],
            // A photo nobody shared: only the owner and the session's visitors may resize it.
            expect: { anonymous: 404, otherCustomer: 404, visitor: 200 },
            sample: (r) => ({ body: { sharedUrl: r.privatePhotoUrl, width: 120, height: 120 } }),
          },
        },
        schema: {
          tags,
          summary: 'A shared photo resized to fit width x height (JPEG); shared photos are public',
          description:
            'Anyone may resize a shared photo (its /shared-image link or signed URL); with a bearer token or session code, also the photos the caller may see. ' +
            '503 while the server is busy with other images.',
          body: resizeRequest,
        },
      },
      async (request, reply) => {
        const viewer = request.userId !== null || request.headers[SESSION_CODE_HEADER] ? viewerOf(request) : null;
        const ref = await gallery.photoFromUrl(viewer, request.body.sharedUrl, { allowShared: true });
        const image = await imageWork.run(async () => {
          const { stored } = await gallery.openFile(ref, 'hr');
          return resizeWithin(stored.stream, request.body.width, request.body.height);
        });
        return reply.header('content-type', 'image/jpeg').header('cache-control', 'private, max-age=3600').send(image);
      },
    );

    writes.post(
      '/ex/images/getfilename',
      {
        config: {
          operation: {
            ...photoRead,
            operationId: 'getEditedFileName',
            answers: { 200: 'A file name not taken in the session' },
            sample: (r) => ({ body: { SessionId: r.sessionId, DefaultFilename: 'IMG_0001.jpg' } }),
          },
        },
        schema: { tags, summary: 'A file name for an edited copy, unique in the session', body: getFilenameRequest, response: { 200: getFilenameResponse } },
      },
      async (request) => ({ fileName: await gallery.editedFileName(viewerOf(request), request.body.SessionId, request.body.DefaultFilename) }),
    );
  };
  await app.register(viewerRoutes);

  app.get(
    '/ex/images/download/:hash',
    {
      config: {
        operation: {
          operationId: 'downloadFile',
          access: 'link',
          answers: {
            200: 'The photo (JPEG; Full resolution: the original, JPEG, PNG, WebP or TIFF), as an attachment',
            302: 'With object storage (STORAGE=s3): Location is a presigned URL of the store, valid for S3_PRESIGN_TTL_SECONDS, that answers the same file and attachment name',
          },
          files: ['image/jpeg', 'image/png', 'image/webp', 'image/tiff'],
          errors: [403, 404],
          sample: (r) => ({ params: { hash: r.downloadHash } }),
        },
      },
      schema: {
        tags,
        summary: 'The file of a download token (5 minutes), as an attachment',
        description: "404 for an unknown, forged or expired token; 403 for a Full resolution token once the owner's company no longer allows it.",
        params: z.object({ hash: z.string().max(512) }),
      },
    },
    async (request, reply) => {
      const download = await downloads.openToken(request.params.hash);
      // Single files go straight from the store when it can serve them (docs/operations.md, "Object storage").
      if ('redirectTo' in download) return reply.header('cache-control', 'no-store').redirect(download.redirectTo, 302);
      return sendDownload(reply, download);
    },
  );
};
