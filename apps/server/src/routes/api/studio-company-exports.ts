import type { FastifyPluginAsyncZod, ZodTypeProvider } from '@fastify/type-provider-zod';
import {
  bulkInvite,
  bulkInviteParams,
  companyExportLink,
  createBulkInviteRequest,
  idPathParams,
  studioOrdersQuery,
  studioOrdersResponse,
} from '@studio-gallery/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CompaniesService } from '../../modules/companies/companies.service';
import type { CompanyExportFile, CompanyExportService } from '../../modules/companies/company-export';
import type { CompanyInvitesService } from '../../modules/companies/company-invites.service';
import type { StudioOrdersService } from '../../modules/studio-orders/studio-orders.service';
import { currentUserId } from '../../plugins/auth';
import { type StudioAuthorizer, guardStudioRoutes } from './studio-access';

export interface StudioCompanyExportsOptions {
  studio: StudioAuthorizer;
  companies: CompaniesService;
  companyInvites: CompanyInvitesService;
  companyExport: CompanyExportService;
  studioOrders: StudioOrdersService;
}

function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

function sendZip(reply: FastifyReply, file: CompanyExportFile) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', attachment(file.fileName))
    .header('cache-control', 'no-store')
    .header('content-length', file.size)
    .send(file.stream);
}

const EXPORT_DESCRIPTION =
  'Per employee, their chosen photo: the retouched version of their favourite when it has one, else the favourite, else their latest retouched ' +
  'photo; named Last_First.jpg (unique), full resolution (the stored JPEG original of that version, else its High Resolution rendition). ' +
  'employees.csv lists every employee: first name, last name, email, file name (or "no photo chosen"), photo name, session, chosen because ' +
  '(favourite / retouched / none). Streamed with its Content-Length; recorded in the activity log.';

/**
 * The rest of a company's page (issue 15 §2) under /api/studio/companies/{id}: bulk invites of its
 * employees (a background job, its progress polled), the export of their chosen photos for HR (a
 * streamed ZIP with a CSV), and the retouch orders of its employees. The export also answers at a
 * short-lived signed link (/api/company-exports/{token}) so the browser can download it by navigating.
 */
export const studioCompanyExportsRoutes: FastifyPluginAsyncZod<StudioCompanyExportsOptions> = async (parent, options) => {
  const { studio, companies, companyInvites, companyExport, studioOrders } = options;
  const tags = ['studio'];

  await parent.register(async (scope) => {
    guardStudioRoutes(scope, studio);
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const actor = (request: FastifyRequest) => ({ id: currentUserId(request) });

    app.post(
      '/studio/companies/:id/invites',
      {
        config: {
          operation: {
            operationId: 'createStudioCompanyInvites',
            access: 'staff',
            answers: { 201: 'The bulk invite, created and queued' },
            errors: [404],
            // The matrix's company has the employees studio-companies.ts's samples added (registered before): they are invited.
            sample: (r) => ({ params: { id: r.companyId }, body: { kind: 'gallery' } }),
          },
        },
        schema: {
          tags,
          summary: 'Invite a company’s employees, in bulk: to book a headshot day, or to their gallery',
          description:
            'Every employee, or those of employeeIds (400 when one is not an employee, or when there is nobody to invite). booking: an appointment ' +
            'invite each for appointmentTypeId (at calendarIds, default every active one; links work expiresInDays, default 30, 0 never expire), mailed. ' +
            'gallery: the invitation to the employee’s latest session (an inactive account gets its activation link, an active one a sign-in link); ' +
            'an employee without a session fails with "No photos yet". Sent by a background job: poll GET …/invites/{bulkId}. Recorded in the activity log.',
          params: idPathParams,
          body: createBulkInviteRequest,
          response: { 201: bulkInvite },
        },
      },
      async (request, reply) => reply.code(201).send(await companyInvites.create(actor(request), request.params.id, request.body)),
    );

    app.get(
      '/studio/companies/:id/invites/:bulkId',
      {
        config: {
          operation: {
            operationId: 'getStudioCompanyInvites',
            access: 'staff',
            answers: { 200: 'The bulk invite: state, counts, failures' },
            errors: [404],
            expect: { staff: 404, admin: 404 },
            sample: (r) => ({ params: { id: r.companyId, bulkId: 999_999 } }),
          },
        },
        schema: { tags, summary: 'A bulk invite’s progress: sent and failed so far, and why each failure failed', params: bulkInviteParams, response: { 200: bulkInvite } },
      },
      async (request) => companyInvites.progress(request.params.id, request.params.bulkId),
    );

    app.get(
      '/studio/companies/:id/export.zip',
      {
        config: {
          operation: {
            operationId: 'exportStudioCompanyPhotos',
            access: 'staff',
            answers: { 200: 'The ZIP, as an attachment: a photo per employee who chose one, and employees.csv' },
            files: ['application/zip'],
            errors: [404],
            sample: (r) => ({ params: { id: r.companyId } }),
          },
        },
        schema: { tags, summary: 'The employees’ chosen photos as a ZIP with a CSV of names (for the company’s HR)', description: EXPORT_DESCRIPTION, params: idPathParams },
      },
      async (request, reply) => sendZip(reply, await companyExport.zip(actor(request), request.params.id)),
    );

    app.post(
      '/studio/companies/:id/export',
      {
        config: {
          operation: {
            operationId: 'createStudioCompanyExportLink',
            access: 'staff',
            answers: { 200: 'A link to the ZIP, signed for 5 minutes' },
            errors: [404],
            sample: (r) => ({ params: { id: r.companyId } }),
          },
        },
        schema: {
          tags,
          summary: 'A link to the export ZIP the browser can open without the bearer token (5 minutes)',
          description: 'GET the url within 5 minutes (it carries who asked; a user no longer on the staff gets 403). The ZIP is the one of GET …/export.zip.',
          params: idPathParams,
          response: { 200: companyExportLink },
        },
      },
      async (request) => companyExport.link(actor(request), request.params.id),
    );

    app.get(
      '/studio/companies/:id/orders',
      {
        config: {
          operation: {
            operationId: 'listStudioCompanyOrders',
            access: 'staff',
            answers: { 200: 'A page of the retouch orders of the company’s employees' },
            errors: [404],
            sample: (r) => ({ params: { id: r.companyId }, query: { status: 'all', page: 1, pageSize: 10 } }),
          },
        },
        schema: {
          tags,
          summary: 'The corporate order list: retouch orders of the company’s employees, as the studio order queue lists them',
          description: 'For the studio itself (the default company): the orders of its own customers, those of no company. overdue counts this company’s only.',
          params: idPathParams,
          querystring: studioOrdersQuery,
          response: { 200: studioOrdersResponse },
        },
      },
      async (request) => {
        const company = await companies.get(request.params.id);
        return studioOrders.queue(request.query.status, request.query.page, request.query.pageSize, company.isDefault ? null : company.id);
      },
    );
  });

  parent.get(
    '/company-exports/:token',
    {
      config: {
        operation: {
          operationId: 'downloadCompanyExport',
          access: 'link',
          answers: { 200: 'The company export ZIP, as an attachment' },
          files: ['application/zip'],
          errors: [403, 404],
          expect: { anonymous: 404, otherCustomer: 404, visitor: 404, staff: 404, admin: 404 },
          sample: () => ({ params: { token: 'AAAAAAAAAAAAAAAAAAAAAAAA.forged' } }),
        },
      },
      schema: {
        tags,
        summary: 'The company export of a link from POST /studio/companies/{id}/export (5 minutes)',
        description: `404 for a forged or expired link; 403 when whoever asked for it is no longer on the staff. ${EXPORT_DESCRIPTION}`,
        params: z.object({ token: z.string().max(256) }),
      },
    },
    async (request, reply) => {
      const { companyId, actorId } = companyExport.verifyLink(request.params.token);
      await studio.authorize(actorId, 'staff');
      return sendZip(reply, await companyExport.zip({ id: actorId }, companyId));
    },
  );
};
