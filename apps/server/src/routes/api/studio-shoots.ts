import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { MAX_SHOOT_FILE_BYTES, createShootRequest, idParam, shootUpload, shootUploadsQuery, shootUploadsResponse } from '@studio-gallery/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ShootUploadsService } from '../../modules/studio-shoots/shoot-uploads.service';
import type { ShootUploadsTus } from '../../modules/studio-shoots/tus-uploads';
import { currentUserId } from '../../plugins/auth';
import { type StudioAuthorizer, guardStudioRoutes } from './studio-access';

/** tus answers carry their information in headers (Location, Upload-Offset), with no body. */
const EMPTY = z.null().describe('No body: see the headers');

const TUS_DESCRIPTION =
  'The tus 1.0 resumable upload protocol (https://tus.io/protocols/resumable-upload), creation extension: headers Tus-Resumable: 1.0.0, ' +
  'Upload-Length, Upload-Metadata (base64 values: shootId, filename, kind photo|retouched). ';

/**
 * Shoots uploaded from the browser (issue 15 §3): open an upload for a customer, send the files over
 * tus (these routes hand the raw request to @tus/server), start the import job, follow its progress.
 */
export const studioShootsRoutes: FastifyPluginAsyncZod<{ studio: StudioAuthorizer; shoots: ShootUploadsService; tus: ShootUploadsTus }> = async (app, { studio, shoots, tus }) => {
  const tags = ['studio'];
  guardStudioRoutes(app, studio);
  // tus reads the bytes itself, as they stream in: Fastify must leave the body alone.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null, undefined));
  const toTus = async (request: FastifyRequest, reply: FastifyReply) => {
    // tus refuses a request without its version in plain text: say it as every other refusal.
    if (request.method !== 'HEAD' && request.headers['tus-resumable'] !== '1.0.0') {
      return reply.code(412).send({ message: 'This is a tus 1.0 upload endpoint: send Tus-Resumable: 1.0.0.' });
    }
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  };

  app.post(
    '/studio/shoots',
    {
      config: {
        operation: {
          operationId: 'createStudioShoot',
          access: 'staff',
          answers: { 201: 'The shoot upload, taking files' },
          sample: () => ({ body: { email: 'matrix.shoot@example.test', sessionName: 'Matrix shoot' } }),
        },
      },
      schema: {
        tags,
        summary: 'Open a shoot upload for a customer (created, and invited after the import, when new)',
        body: createShootRequest,
        response: { 201: shootUpload },
      },
    },
    async (request, reply) => reply.code(201).send(await shoots.create({ id: currentUserId(request) }, request.body)),
  );

  app.get(
    '/studio/shoots',
    {
      config: { operation: { operationId: 'listStudioShoots', access: 'staff', answers: { 200: 'Shoot uploads, newest first' }, sample: () => ({ query: { page: 1, pageSize: 10 } }) } },
      schema: { tags, summary: 'Shoot uploads and their imports, newest first', querystring: shootUploadsQuery, response: { 200: shootUploadsResponse } },
    },
    async (request) => shoots.page(request.query.page, request.query.pageSize),
  );

  app.get(
    '/studio/shoots/:id',
    {
      config: { operation: { operationId: 'getStudioShoot', access: 'staff', answers: { 200: 'The shoot upload and its import progress' }, errors: [404], sample: () => ({ params: { id: 999_999 } }), expect: { staff: 404, admin: 404 } } },
      schema: { tags, summary: "A shoot upload: files uploaded, the import's state and counts, files skipped", params: z.object({ id: idParam }), response: { 200: shootUpload } },
    },
    async (request) => shoots.get(request.params.id),
  );

  app.post(
    '/studio/shoots/:id/import',
    {
      config: {
        operation: {
          operationId: 'importStudioShoot',
          access: 'staff',
          answers: { 202: 'The import job is queued' },
          errors: [404, 409],
          sample: () => ({ params: { id: 999_999 } }),
          expect: { staff: 404, admin: 404 },
        },
      },
      schema: {
        tags,
        summary: 'Import the uploaded files (a background job; again after a failure)',
        description:
          'The same import as `npm run studio -- import`: renditions, duplicates skipped, retouched files matched to photos by name, the invitation mailed to a new customer. ' +
          '400 without any photo uploaded; 409 while it is queued or running, or once done. Follow it with GET /studio/shoots/{id}.',
        params: z.object({ id: idParam }),
        response: { 202: shootUpload },
      },
    },
    async (request, reply) => reply.code(202).send(await shoots.startImport({ id: currentUserId(request) }, request.params.id)),
  );

  app.post(
    '/studio/uploads',
    {
      config: {
        operation: {
          operationId: 'createShootFileUpload',
          access: 'staff',
          answers: { 201: 'The upload is created: its URL is in Location' },
          errors: [404, 409, 412, 413],
          // The matrix speaks no tus: staff and admins reach the route, which asks for the protocol.
          expect: { staff: 412, admin: 412 },
        },
      },
      schema: {
        tags,
        summary: 'tus: create a file upload of a shoot',
        description: `${TUS_DESCRIPTION}Files above ${MAX_SHOOT_FILE_BYTES / 1024 / 1024} MB are refused with 413 from their Upload-Length; a shoot not taking files 409; an unknown shoot 404.`,
        response: { 201: EMPTY },
      },
    },
    toTus,
  );

  const uploadParams = z.object({ uploadId: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/) });
  const sample = () => ({ params: { uploadId: 'no-such-upload' } });
  app.route({
    method: 'HEAD',
    url: '/studio/uploads/:uploadId',
    config: { operation: { operationId: 'getShootFileUploadOffset', access: 'staff', answers: { 200: 'Upload-Offset: the bytes the server has' }, errors: [404], sample, expect: { staff: 404, admin: 404 } } },
    schema: { tags, summary: 'tus: how much of an upload the server has (to resume)', description: TUS_DESCRIPTION, params: uploadParams, response: { 200: EMPTY } },
    handler: toTus,
  });
  app.route({
    method: 'PATCH',
    url: '/studio/uploads/:uploadId',
    config: {
      operation: { operationId: 'appendShootFileUpload', access: 'staff', answers: { 204: 'The chunk is stored; Upload-Offset the new offset' }, errors: [404, 409, 412, 413, 415], sample, expect: { staff: 412, admin: 412 } },
    },
    schema: {
      tags,
      summary: 'tus: send the next bytes of an upload (Content-Type application/offset+octet-stream, Upload-Offset)',
      description: `${TUS_DESCRIPTION}The last chunk completes the file: it is checked by content (JPEG, PNG, WebP or TIFF), else deleted and refused with 400.`,
      params: uploadParams,
    },
    handler: toTus,
  });
  app.route({
    method: 'DELETE',
    url: '/studio/uploads/:uploadId',
    config: { operation: { operationId: 'deleteShootFileUpload', access: 'staff', answers: { 204: 'The unfinished upload is deleted' }, errors: [404, 412], sample, expect: { staff: 412, admin: 412 } } },
    schema: { tags, summary: 'tus: give up an unfinished upload', description: TUS_DESCRIPTION, params: uploadParams },
    handler: toTus,
  });
};
