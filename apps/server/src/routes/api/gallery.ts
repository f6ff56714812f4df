import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  downloadSingleImageRequest,
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
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { UnauthorizedError } from '../../errors';
import { resizeWithin } from '../../media/resize';
import type { DownloadsService, FileDownload } from '../../modules/gallery/downloads.service';
import type { GalleryService, Viewer } from '../../modules/gallery/gallery.service';
import type { PageAnswer, PageAnswers } from '../../modules/gallery/page-answers';
import { assertSelf } from '../../plugins/auth';
import { bearerAuth, errorResponses, fastSerializerCompiler, matchesEtag, preferredEncoding } from './responses';

export interface GalleryRoutesOptions {
  gallery: GalleryService;
  pageAnswers: PageAnswers;
  downloads: DownloadsService;
}

/** Header a session-code visitor sends on the calls that act on photos (ours; docs/api.md). */
export const SESSION_CODE_HEADER = 'x-session-code';

const viewerAuth: Record<string, string[]>[] = [{ bearerAuth: [] }, { sessionCode: [] }];

/**
 * The caller of a gallery call: the signed-in customer (bearer token), else a visitor with a session
 * code (`X-Session-Code` header or `couponcode` query); else 401.
 */
function viewerOf(request: FastifyRequest): Viewer {
  if (request.userId !== null) return { kind: 'user', userId: request.userId };
  const header = request.headers[SESSION_CODE_HEADER];
  const query = (request.query as Record<string, unknown> | undefined)?.couponcode;
  const code = typeof header === 'string' && header.trim() ? header.trim() : typeof query === 'string' ? query.trim() : '';
  if (!code) throw new UnauthorizedError(messages.unauthorized);
  return { kind: 'visitor', code };
}

/** RFC 6266: an ASCII fallback plus the UTF-8 name. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
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
  reply.header('content-type', download.contentType).header('content-disposition', attachment(download.fileName)).header('cache-control', 'no-store');
  if (download.size !== null) reply.header('content-length', download.size);
  return reply.send(download.stream);
}

/** Spec §7 "Photos and sessions", with the spec's paths, query names and shapes. */
export const galleryRoutes: FastifyPluginAsyncZod<GalleryRoutesOptions> = async (app, { gallery, pageAnswers, downloads }) => {
  const tags = ['gallery'];

  // --- signed media (no bearer: <img src>) ---

  app.get(
    '/photo-media/:photoId/:file',
    {
      schema: {
        tags,
        summary: 'A photo file by signed, expiring URL (as given in the photo fields)',
        params: z.object({ photoId: z.string(), file: z.string() }),
        querystring: z.object({ v: z.string().optional(), exp: z.string().optional(), sig: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const media = await gallery.openMedia(request.url);
      reply
        .header('content-type', media.contentType)
        .header('etag', media.etag)
        .header('cache-control', `private, max-age=${media.maxAgeSeconds}, immutable`)
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
      schema: {
        tags,
        summary: "A page of the caller's photos across their sessions, with the five tab counts",
        description:
          'Also takes the corporate spelling: Page, PageSize (default 30), Flag, SrearchKey, OrderByColName (name|date|id), OrderBy (desc by default). ' +
          'Answers carry a weak ETag (If-None-Match: 304 while unchanged) and are br/gzip-compressed when Accept-Encoding allows.',
        security: bearerAuth,
        querystring: userSessionsPageQuery,
        response: { 200: pagedPhotosResponse, ...errorResponses },
      },
      // The page is the gallery's hottest call: built and serialized once per revision (PageAnswers);
      // its failures are serialized by a compiled schema, not by zod (see responses.ts).
      serializerCompiler: fastSerializerCompiler,
    },
    async (request, reply) => {
      const q = request.query;
      const userId = assertSelf(request, q.userId);
      const corporate = q.Page !== undefined || q.PageSize !== undefined || q.OrderByColName !== undefined || q.OrderBy !== undefined;
      const column = q.OrderByColName === 'name' ? 'name' : q.OrderByColName === 'id' ? 'id' : 'display';
      const answer = await pageAnswers.userPage(userId, {
        page: q.page ?? q.Page ?? 1,
        pageSize: q.pageSize ?? q.PageSize ?? (corporate ? 30 : 20),
        flag: q.flag ?? q.Flag ?? 'All',
        search: q.searchKey ?? q.SrearchKey ?? null,
        order: { column, direction: q.OrderBy ?? 'desc' },
      });
      return sendPageAnswer(request, reply, answer);
    },
  );

  app.get(
    '/sessions/getSessionImages',
    {
      schema: {
        tags,
        summary: 'A page of the photos of the session a code opens (visitors)',
        description: 'Answers carry a weak ETag (If-None-Match: 304 while unchanged) and are br/gzip-compressed when Accept-Encoding allows.',
        querystring: sessionImagesQuery,
        response: { 200: pagedPhotosResponse, ...errorResponses },
      },
      serializerCompiler: fastSerializerCompiler,
    },
    async (request, reply) => {
      const q = request.query;
      const answer = await pageAnswers.sessionPage(q.couponcode, { page: q.page, pageSize: q.pageSize, flag: q.flag, search: q.searchKey ?? null });
      return sendPageAnswer(request, reply, answer);
    },
  );

  app.get(
    '/sessions/GetSessionDetailByCode/:code',
    {
      schema: { tags, summary: 'The session a code opens, with its photos', params: sessionCodeParams, response: { 200: gallerySession, ...errorResponses } },
    },
    async (request) => gallery.sessionDetailByCode(request.params.code),
  );

  app.get(
    '/sessions/GetUserSessionsCorporateOrders/:userId',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "The caller's sessions, newest first (204 when none)",
        security: bearerAuth,
        params: userIdPathParams,
        response: { 200: sessionListResponse, 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const list = await gallery.userSessions(assertSelf(request, request.params.userId));
      return list ?? reply.code(204).send(null);
    },
  );

  // --- writes: the signed-in owner only; visitors get the spec's messages (403) ---

  const viewerRoutes: FastifyPluginAsyncZod = async (writes) => {
    writes.addHook('onRequest', app.identifyUser);

    writes.post(
      '/ex/images/skip-image',
      { schema: { tags, summary: 'Skip (value true) or unskip a photo', security: viewerAuth, body: skipImageRequest, response: { 200: photoResponse, ...errorResponses } } },
      async (request) => gallery.setSkipped(viewerOf(request), request.body.photoId, request.body.value),
    );

    writes.post(
      '/sessions/UpdateFavouritePhoto',
      {
        schema: { tags, summary: 'Toggle the favourite mark', security: viewerAuth, body: updateFavouritePhotoRequest, response: { 200: photoResponse, ...errorResponses } },
      },
      async (request) => gallery.toggleFavourite(viewerOf(request), request.body.sessionId, request.body.photoId),
    );

    writes.put(
      '/Photos/MarkUserFavourite',
      { schema: { tags, summary: 'Set the favourite mark', security: viewerAuth, body: markUserFavouriteRequest, response: { 200: photoResponse, ...errorResponses } } },
      async (request) => gallery.setFavourite(viewerOf(request), request.body.id, request.body.isUserFavourite),
    );

    writes.put(
      '/sessions/UpdateSessionName',
      {
        schema: {
          tags,
          summary: 'Rename a session',
          security: viewerAuth,
          body: renameRequest,
          response: { 200: gallerySession.omit({ sessionImages: true }), ...errorResponses },
        },
      },
      async (request) => gallery.renameSession(viewerOf(request), request.body.id, request.body.name),
    );

    writes.put(
      '/Photos/UpdateName',
      { schema: { tags, summary: 'Rename a photo', security: viewerAuth, body: renameRequest, response: { 200: photoResponse, ...errorResponses } } },
      async (request) => gallery.renamePhoto(viewerOf(request), request.body.id, request.body.name),
    );

    writes.delete(
      '/Photos/:id',
      { schema: { tags, summary: 'Delete a photo from the gallery', security: viewerAuth, params: idPathParams, response: { 200: successResponse, ...errorResponses } } },
      async (request) => {
        await gallery.deletePhoto(viewerOf(request), request.params.id);
        return successBody(true, galleryMessages.photoDeleted);
      },
    );

    // --- sharing and downloads: owners and visitors of the photo's session ---

    writes.post(
      '/Social',
      {
        schema: { tags, summary: 'Record a share; answers the public link', security: viewerAuth, body: socialShareRequest, response: { 200: socialShareResponse, ...errorResponses } },
      },
      async (request) => {
        const { photo, url } = await gallery.share(viewerOf(request), request.body.photoId);
        return { photoId: photo.id, socialType: request.body.socialType, shared: true as const, url };
      },
    );

    writes.post(
      '/ex/images/download-single-image',
      {
        schema: {
          tags,
          summary: 'A download token for one photo (Width ≤ 1000: Social Media, else High Resolution)',
          security: viewerAuth,
          body: downloadSingleImageRequest,
          response: { 200: downloadTokenResponse, ...errorResponses },
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
        schema: {
          tags,
          summary: 'A download token for one photo at a resolution (High Resolution or Social Media)',
          security: viewerAuth,
          body: downloadWithResolutionRequest,
          response: { 200: downloadTokenResponse, ...errorResponses },
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
        schema: { tags, summary: 'A ZIP of the photos the URLs name, streamed', security: viewerAuth, body: zipRequest },
      },
      async (request, reply) => {
        const body = request.body;
        const urls = Array.isArray(body) ? body : body.urls;
        const resolution = Array.isArray(body) ? undefined : body.resolution;
        return sendDownload(reply, await downloads.zip(viewerOf(request), urls, resolution));
      },
    );

    writes.get(
      '/ex/images/getImageBinary',
      { schema: { tags, summary: 'The bytes of the photo file a URL names (for the editor)', security: viewerAuth, querystring: imageBinaryQuery } },
      async (request, reply) => {
        const ref = await gallery.photoFromUrl(viewerOf(request), request.query.url);
        const { stored, contentType } = await gallery.openFile(ref, ref.file);
        return reply.header('content-type', contentType).header('content-length', stored.size).header('cache-control', 'private, no-cache').send(stored.stream);
      },
    );

    writes.post(
      '/ex/images/Resize',
      {
        schema: {
          tags,
          summary: 'A shared photo resized to fit width x height (JPEG); shared photos are public',
          body: resizeRequest,
        },
      },
      async (request, reply) => {
        const viewer = request.userId !== null || request.headers[SESSION_CODE_HEADER] ? viewerOf(request) : null;
        const ref = await gallery.photoFromUrl(viewer, request.body.sharedUrl, { allowShared: true });
        const { stored } = await gallery.openFile(ref, 'hr');
        const image = await resizeWithin(stored.stream, request.body.width, request.body.height);
        return reply.header('content-type', 'image/jpeg').header('cache-control', 'private, max-age=3600').send(image);
      },
    );

    writes.post(
      '/ex/images/getfilename',
      {
        schema: { tags, summary: 'A file name for an edited copy, unique in the session', security: viewerAuth, body: getFilenameRequest, response: { 200: getFilenameResponse, ...errorResponses } },
      },
      async (request) => ({ fileName: await gallery.editedFileName(viewerOf(request), request.body.SessionId, request.body.DefaultFilename) }),
    );
  };
  await app.register(viewerRoutes);

  app.get(
    '/ex/images/download/:hash',
    {
      schema: { tags, summary: 'The file of a download token (5 minutes), as an attachment', params: z.object({ hash: z.string().max(512) }) },
    },
    async (request, reply) => sendDownload(reply, await downloads.openToken(request.params.hash)),
  );
};
