import type { FastifyPluginAsyncZod, ZodTypeProvider } from '@fastify/type-provider-zod';
import {
  COMPANY_IMAGE_MAX_BYTES,
  EMPLOYEES_CSV_LIMITS,
  addEmployeeRequest,
  addEmployeeResult,
  companiesResponse,
  company,
  companyEmployeeParams,
  companyEmployeesQuery,
  companyEmployeesResponse,
  companyImageParams,
  createCompanyRequest,
  employeesImportCommand,
  employeesImportPreview,
  employeesImportRefusal,
  employeesImportRequest,
  employeesImportResult,
  idPathParams,
  updateCompanyRequest,
} from '@studio-gallery/contract';
import type { FastifyRequest } from 'fastify';
import { type CompaniesService, EmployeesImportRefused } from '../../modules/companies/companies.service';
import { currentUserId } from '../../plugins/auth';
import { MULTIPART_OVERHEAD_BYTES, acceptImageUploads, imageUploadOf } from './image-upload';
import { type StudioAuthorizer, guardStudioRoutes } from './studio-access';

/** A 2 MB CSV in a JSON string: quotes and line breaks are escaped, up to twice its size. */
const IMPORT_BODY_LIMIT = 2 * EMPLOYEES_CSV_LIMITS.maxBytes + 64 * 1024;

const MATRIX_CSV = 'First name,Last name,Email\r\nMatrix,Employee,matrix.import@example.test\r\n';

/**
 * Companies (issue 15 §2) under /api/studio/companies: branding is the admins' (create, edit, images),
 * employees are every studio user's (add, import from CSV, remove). Every change is in the activity log.
 */
export const studioCompaniesRoutes: FastifyPluginAsyncZod<{ studio: StudioAuthorizer; companies: CompaniesService }> = async (app, { studio, companies }) => {
  const tags = ['studio'];
  guardStudioRoutes(app, studio);
  const actor = (request: FastifyRequest) => ({ id: currentUserId(request) });

  app.get(
    '/studio/companies',
    {
      config: { operation: { operationId: 'listStudioCompanies', access: 'staff', answers: { 200: 'Every company with its employee count, the studio first' } } },
      schema: { tags, summary: 'Companies (corporate clients) and how many employees each has', response: { 200: companiesResponse } },
    },
    async () => ({ items: await companies.list() }),
  );

  app.get(
    '/studio/companies/:id',
    {
      config: {
        operation: { operationId: 'getStudioCompany', access: 'staff', answers: { 200: 'The company and its branding' }, errors: [404], sample: (r) => ({ params: { id: r.companyId } }) },
      },
      schema: { tags, summary: 'A company: branding, host names, FAQ, employee count', params: idPathParams, response: { 200: company } },
    },
    async (request) => companies.get(request.params.id),
  );

  app.post(
    '/studio/companies',
    {
      config: {
        operation: {
          operationId: 'createStudioCompany',
          access: 'admin',
          answers: { 201: 'The company created' },
          errors: [409],
          sample: () => ({ body: { name: 'Matrix company' } }),
        },
      },
      schema: {
        tags,
        summary: 'Create a company (admin only)',
        description:
          'Only name is required; the accent colour defaults to the studio’s, the copyright to “© year name”. Host names are stored lower case ' +
          'without scheme, port or path (400 when one is not a host name); 409 when another company uses one. Recorded in the activity log.',
        body: createCompanyRequest,
        response: { 201: company },
      },
    },
    async (request, reply) => reply.code(201).send(await companies.create(actor(request), request.body)),
  );

  app.put(
    '/studio/companies/:id',
    {
      config: {
        operation: {
          operationId: 'updateStudioCompany',
          access: 'admin',
          answers: { 200: 'The company as changed' },
          errors: [404, 409],
          sample: (r) => ({ params: { id: r.companyId }, body: { accentColor: '#1C7ED6' } }),
        },
      },
      schema: {
        tags,
        summary: 'Change a company’s branding (admin only): the fields sent change, the others stay',
        description:
          'hosts, when sent, replaces the list (its first becomes the base URL); 409 when another company uses one. Footer links are full http(s) URLs ' +
          '(empty or null: none). An empty FAQ list shows the default FAQ. Recorded in the activity log.',
        params: idPathParams,
        body: updateCompanyRequest,
        response: { 200: company },
      },
    },
    async (request) => companies.update(actor(request), request.params.id, request.body),
  );

  await app.register(async (scope) => {
    const images = scope.withTypeProvider<ZodTypeProvider>();
    // Only here: an image upload is the file's bytes, raw or as multipart/form-data.
    await acceptImageUploads(scope, COMPANY_IMAGE_MAX_BYTES);

    images.post(
      '/studio/companies/:id/images/:kind',
      {
        bodyLimit: COMPANY_IMAGE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
        config: {
          operation: {
            operationId: 'uploadStudioCompanyImage',
            access: 'admin',
            answers: { 200: 'The company with its new image' },
            errors: [404, 413, 415],
            // The matrix sends JSON, not a file: admins reach the call and are told to send one.
            expect: { admin: 400 },
            sample: (r) => ({ params: { id: r.companyId, kind: 'logoDark' }, body: { file: 'not an image' } }),
          },
        },
        schema: {
          tags,
          summary: 'Upload a branding image: logoDark, logoWhite or banner (admin only)',
          description:
            `The body is the image itself (Content-Type image/* or application/octet-stream) or multipart/form-data with one file; at most ${COMPANY_IMAGE_MAX_BYTES / 1024 / 1024} MB. ` +
            'Judged by its content, never its name (PNG, JPEG, WebP, GIF, TIFF, AVIF or SVG; anything else 400), and re-encoded: logos as PNG within 1200x600, ' +
            'the banner as JPEG within 2560x2560. Replaces the previous image. Recorded in the activity log.',
          params: companyImageParams,
          response: { 200: company },
        },
      },
      async (request) => {
        const upload = await imageUploadOf(request, COMPANY_IMAGE_MAX_BYTES);
        return companies.setImage(actor(request), request.params.id, request.params.kind, upload.data);
      },
    );

    images.delete(
      '/studio/companies/:id/images/:kind',
      {
        config: {
          operation: {
            operationId: 'deleteStudioCompanyImage',
            access: 'admin',
            answers: { 200: 'The company without that image' },
            errors: [404],
            sample: (r) => ({ params: { id: r.companyId, kind: 'banner' } }),
          },
        },
        schema: { tags, summary: 'Remove a branding image (admin only)', params: companyImageParams, response: { 200: company } },
      },
      async (request) => companies.removeImage(actor(request), request.params.id, request.params.kind),
    );
  });

  app.get(
    '/studio/companies/:id/employees',
    {
      config: {
        operation: {
          operationId: 'listStudioCompanyEmployees',
          access: 'staff',
          answers: { 200: 'A page of employees, by last name' },
          errors: [404],
          sample: (r) => ({ params: { id: r.companyId }, query: { search: 'matrix', page: 1, pageSize: 10 } }),
        },
      },
      schema: {
        tags,
        summary: 'A company’s employees: search by email or name',
        description: "For the studio itself (the default company): its own customers, those of no company.",
        params: idPathParams,
        querystring: companyEmployeesQuery,
        response: { 200: companyEmployeesResponse },
      },
    },
    async (request) => companies.employeesPage(request.params.id, request.query.search, request.query.page, request.query.pageSize),
  );

  app.post(
    '/studio/companies/:id/employees',
    {
      config: {
        operation: {
          operationId: 'addStudioCompanyEmployee',
          access: 'staff',
          answers: { 200: 'The employee, attached or created' },
          errors: [404, 409],
          sample: (r) => ({ params: { id: r.companyId }, body: { firstName: 'Matrix', lastName: 'Employee', email: 'matrix.employee@example.test' } }),
        },
      },
      schema: {
        tags,
        summary: 'Add one employee to a company',
        description:
          'An existing customer of no company is attached (their names stay theirs); a new email gets an inactive account (no password, no mail: ' +
          'inviting is separate). 409 when the email belongs to another company’s employee; 400 for the studio itself. Recorded in the activity log.',
        params: idPathParams,
        body: addEmployeeRequest,
        response: { 200: addEmployeeResult },
      },
    },
    async (request) => companies.addEmployee(actor(request), request.params.id, request.body),
  );

  app.delete(
    '/studio/companies/:id/employees/:userId',
    {
      config: {
        operation: {
          operationId: 'removeStudioCompanyEmployee',
          access: 'staff',
          answers: { 204: 'The user no longer belongs to the company (the account stays)' },
          errors: [404],
          // The first customer is nobody's employee.
          expect: { staff: 404, admin: 404 },
          sample: (r) => ({ params: { id: r.companyId, userId: r.userId } }),
        },
      },
      schema: { tags, summary: 'Take an employee out of a company; the account stays', params: companyEmployeeParams },
    },
    async (request, reply) => {
      await companies.removeEmployee(actor(request), request.params.id, request.params.userId);
      return reply.code(204).send();
    },
  );

  app.post(
    '/studio/companies/:id/employees/import/preview',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      config: {
        operation: {
          operationId: 'previewStudioEmployeesImport',
          access: 'staff',
          answers: { 200: 'What importing would do, row by row (nothing written)' },
          errors: [404],
          sample: (r) => ({ params: { id: r.companyId }, body: { csv: MATRIX_CSV } }),
        },
      },
      schema: {
        tags,
        summary: 'Check an employees CSV without importing it',
        description:
          'The CSV (RFC 4180, UTF-8, BOM allowed) needs a header row naming first name, last name, email and optionally phone (spellings like ' +
          `"First name", "first_name", "firstName"); at most ${EMPLOYEES_CSV_LIMITS.maxRows} rows and ${EMPLOYEES_CSV_LIMITS.maxBytes / 1024 / 1024} MB. ` +
          '400 when the file cannot be read (the message names wrong or missing columns). Each row: its line, fields, errors ("Line 3: email is not a valid email address", ' +
          'an email twice in the file, an employee of another company) and what the import would do.',
        params: idPathParams,
        body: employeesImportRequest,
        response: { 200: employeesImportPreview },
      },
    },
    async (request) => companies.previewImport(request.params.id, request.body.csv),
  );

  app.post(
    '/studio/companies/:id/employees/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      config: {
        operation: {
          operationId: 'importStudioEmployees',
          access: 'staff',
          answers: { 200: 'Every row imported, in one transaction' },
          errors: [404, 409],
          sample: (r) => ({ params: { id: r.companyId }, body: { csv: MATRIX_CSV } }),
        },
      },
      schema: {
        tags,
        summary: 'Import employees from a CSV: all rows (but the lines chosen to skip) or none',
        description:
          'Checks the file again as the preview does and writes every row, except the lines in skipLines, in one transaction. 400 when the ' +
          'file cannot be read or a row not in skipLines has an error: nothing is written, and the body carries the preview (rows with their ' +
          'errors) beside message. Recorded in the activity log (with the skipped lines).',
        params: idPathParams,
        body: employeesImportCommand,
        response: { 200: employeesImportResult, 400: employeesImportRefusal },
      },
    },
    async (request, reply) => {
      try {
        return await companies.importEmployees(actor(request), request.params.id, request.body.csv, request.body.skipLines);
      } catch (error) {
        if (error instanceof EmployeesImportRefused) return reply.code(400).send({ message: error.message, ...error.preview });
        throw error;
      }
    },
  );
};
