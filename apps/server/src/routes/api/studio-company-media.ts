import type { FastifyPluginAsyncZod, ZodTypeProvider } from '@fastify/type-provider-zod';
import {
  COMPANY_BACKDROP_MAX_BYTES,
  COMPANY_SLIDER_IMAGE_MAX_BYTES,
  backdropParams,
  idPathParams,
  reorderSliderImagesRequest,
  sliderImageParams,
  sliderKindParams,
  studioBackdrop,
  studioBackdropsResponse,
  studioSliderImage,
  studioSliderImagesResponse,
  updateBackdropRequest,
  uploadBackdropQuery,
  uploadSliderImageQuery,
} from '@studio-gallery/contract';
import type { FastifyRequest } from 'fastify';
import type { CompanyMediaService } from '../../modules/companies/company-media.service';
import { currentUserId } from '../../plugins/auth';
import { MULTIPART_OVERHEAD_BYTES, acceptImageUploads, imageUploadOf } from './image-upload';
import { type StudioAuthorizer, guardStudioRoutes } from './studio-access';

const MB = 1024 * 1024;
const UPLOAD_BODY =
  'The body is the image itself (Content-Type image/* or application/octet-stream) or multipart/form-data with one file. Judged by its content, ' +
  'never its name: anything else is refused (400 "Not an image…"), and a file over the limit is refused before it is read (413 naming the limit).';
/** A matrix sample: JSON, not a file; admins reach the call and are told to send one. */
const NOT_A_FILE = { file: 'not an image' };
const NO_SUCH_ID = 999_999_999;

/**
 * A company's pictures (issue 15 §2) under /api/studio/companies/{id}: the editor's backdrops and the
 * login and sidebar sliders. Branding is the admins': every call is admin only, and every change is in
 * the activity log. The studio itself (the default company) is managed the same way.
 */
export const studioCompanyMediaRoutes: FastifyPluginAsyncZod<{ studio: StudioAuthorizer; companyMedia: CompanyMediaService }> = async (app, { studio, companyMedia }) => {
  const tags = ['studio'];
  guardStudioRoutes(app, studio);
  const actor = (request: FastifyRequest) => ({ id: currentUserId(request) });

  app.get(
    '/studio/companies/:id/backdrops',
    {
      config: {
        operation: {
          operationId: 'listStudioCompanyBackdrops',
          access: 'admin',
          answers: { 200: 'Every backdrop of the company, disabled ones too, oldest first' },
          errors: [404],
          sample: (r) => ({ params: { id: r.companyId } }),
        },
      },
      schema: {
        tags,
        summary: "A company's editor backdrops (admin only)",
        description: 'The editor (GET /background/background-images/by-client/{client}) lists the enabled ones; a company with none gets the studio’s.',
        params: idPathParams,
        response: { 200: studioBackdropsResponse },
      },
    },
    async (request) => ({ items: await companyMedia.backdrops(request.params.id) }),
  );

  await app.register(async (scope) => {
    const uploads = scope.withTypeProvider<ZodTypeProvider>();
    await acceptImageUploads(scope, COMPANY_BACKDROP_MAX_BYTES);
    uploads.post(
      '/studio/companies/:id/backdrops',
      {
        bodyLimit: COMPANY_BACKDROP_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
        config: {
          operation: {
            operationId: 'uploadStudioCompanyBackdrop',
            access: 'admin',
            answers: { 201: 'The backdrop, stored and enabled' },
            errors: [404, 413, 415],
            expect: { admin: 400 },
            sample: (r) => ({ params: { id: r.companyId }, body: NOT_A_FILE }),
          },
        },
        schema: {
          tags,
          summary: 'Upload an editor backdrop for a company (admin only)',
          description:
            `${UPLOAD_BODY} At most ${COMPANY_BACKDROP_MAX_BYTES / MB} MB; JPEG, PNG, WebP or TIFF. Stored as a JPEG within 2400x3600 with a ` +
            '240x360 WebP thumbnail, enabled. Recorded in the activity log.',
          params: idPathParams,
          querystring: uploadBackdropQuery,
          response: { 201: studioBackdrop },
        },
      },
      async (request, reply) => {
        const upload = await imageUploadOf(request, COMPANY_BACKDROP_MAX_BYTES);
        return reply.code(201).send(await companyMedia.addBackdrop(actor(request), request.params.id, upload.data, request.query.name, upload.fileName));
      },
    );
  });

  app.put(
    '/studio/companies/:id/backdrops/:backdropId',
    {
      config: {
        operation: {
          operationId: 'updateStudioCompanyBackdrop',
          access: 'admin',
          answers: { 200: 'The backdrop as changed' },
          errors: [404],
          expect: { admin: 404 },
          sample: (r) => ({ params: { id: r.companyId, backdropId: NO_SUCH_ID }, body: { enabled: false } }),
        },
      },
      schema: {
        tags,
        summary: 'Enable or disable a backdrop (admin only)',
        description: 'A disabled backdrop is kept but not listed in the editor. 404 when the company has no such backdrop. Recorded in the activity log.',
        params: backdropParams,
        body: updateBackdropRequest,
        response: { 200: studioBackdrop },
      },
    },
    async (request) => companyMedia.setBackdropEnabled(actor(request), request.params.id, request.params.backdropId, request.body.enabled),
  );

  app.delete(
    '/studio/companies/:id/backdrops/:backdropId',
    {
      config: {
        operation: {
          operationId: 'deleteStudioCompanyBackdrop',
          access: 'admin',
          answers: { 204: 'The backdrop and its files are gone' },
          errors: [404],
          expect: { admin: 404 },
          sample: (r) => ({ params: { id: r.companyId, backdropId: NO_SUCH_ID } }),
        },
      },
      schema: { tags, summary: 'Delete a backdrop and its files (admin only)', params: backdropParams },
    },
    async (request, reply) => {
      await companyMedia.removeBackdrop(actor(request), request.params.id, request.params.backdropId);
      return reply.code(204).send();
    },
  );

  app.get(
    '/studio/companies/:id/sliders/:kind',
    {
      config: {
        operation: {
          operationId: 'listStudioCompanySliderImages',
          access: 'admin',
          answers: { 200: "The slider's pictures, in order" },
          errors: [404],
          sample: (r) => ({ params: { id: r.companyId, kind: 'login' } }),
        },
      },
      schema: {
        tags,
        summary: "A company's login or sidebar slider (admin only)",
        description:
          'login: GET /background/GetAllGalleryRotateImage on the company’s hosts; sidebar: GET /background/GetAllCorporateRotateImage (the first 5 show). ' +
          'A company with no pictures in a slider shows the studio’s.',
        params: sliderKindParams,
        response: { 200: studioSliderImagesResponse },
      },
    },
    async (request) => ({ items: await companyMedia.sliderImages(request.params.id, request.params.kind) }),
  );

  await app.register(async (scope) => {
    const uploads = scope.withTypeProvider<ZodTypeProvider>();
    await acceptImageUploads(scope, COMPANY_SLIDER_IMAGE_MAX_BYTES);
    uploads.post(
      '/studio/companies/:id/sliders/:kind',
      {
        bodyLimit: COMPANY_SLIDER_IMAGE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
        config: {
          operation: {
            operationId: 'uploadStudioCompanySliderImage',
            access: 'admin',
            answers: { 201: 'The picture, last in the slider' },
            errors: [404, 413, 415],
            expect: { admin: 400 },
            sample: (r) => ({ params: { id: r.companyId, kind: 'login' }, body: NOT_A_FILE }),
          },
        },
        schema: {
          tags,
          summary: 'Add a picture to a company’s login or sidebar slider (admin only)',
          description:
            `${UPLOAD_BODY} At most ${COMPANY_SLIDER_IMAGE_MAX_BYTES / MB} MB; PNG, JPEG, WebP, GIF, TIFF, AVIF or SVG. Stored as a JPEG within 1920x1920, ` +
            'last in the slider; title and url (where it links) are optional. Recorded in the activity log.',
          params: sliderKindParams,
          querystring: uploadSliderImageQuery,
          response: { 201: studioSliderImage },
        },
      },
      async (request, reply) => {
        const upload = await imageUploadOf(request, COMPANY_SLIDER_IMAGE_MAX_BYTES);
        return reply.code(201).send(await companyMedia.addSliderImage(actor(request), request.params.id, request.params.kind, upload.data, request.query));
      },
    );
  });

  app.put(
    '/studio/companies/:id/sliders/:kind/order',
    {
      config: {
        operation: {
          operationId: 'reorderStudioCompanySliderImages',
          access: 'admin',
          answers: { 200: "The slider's pictures in their new order" },
          errors: [404],
          // The matrix company's login slider is empty: the empty order is its whole order.
          sample: (r) => ({ params: { id: r.companyId, kind: 'login' }, body: { ids: [] } }),
        },
      },
      schema: {
        tags,
        summary: 'Put a slider’s pictures in a new order (admin only)',
        description: 'ids: every picture of the slider, once each, first shown first; 400 otherwise (the slider may have changed). Recorded in the activity log.',
        params: sliderKindParams,
        body: reorderSliderImagesRequest,
        response: { 200: studioSliderImagesResponse },
      },
    },
    async (request) => ({ items: await companyMedia.reorderSliderImages(actor(request), request.params.id, request.params.kind, request.body.ids) }),
  );

  app.delete(
    '/studio/companies/:id/sliders/:kind/:imageId',
    {
      config: {
        operation: {
          operationId: 'deleteStudioCompanySliderImage',
          access: 'admin',
          answers: { 204: 'The picture and its file are gone' },
          errors: [404],
          expect: { admin: 404 },
          sample: (r) => ({ params: { id: r.companyId, kind: 'sidebar', imageId: NO_SUCH_ID } }),
        },
      },
      schema: { tags, summary: 'Delete a slider picture and its file (admin only)', params: sliderImageParams },
    },
    async (request, reply) => {
      await companyMedia.removeSliderImage(actor(request), request.params.id, request.params.kind, request.params.imageId);
      return reply.code(204).send();
    },
  );
};
