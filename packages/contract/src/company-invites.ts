import { z } from 'zod';
import { idParam } from './common';

/**
 * Bulk invites of a company's employees and the company's photo export (issue 15 §2): staff invite
 * every employee (or some) to book a headshot day or to their gallery, as one background job whose
 * progress the page polls; after the shoot, HR gets a ZIP of each employee's chosen photo and a CSV.
 */

export const BULK_INVITE_KINDS = ['booking', 'gallery'] as const;
export const bulkInviteKind = z.enum(BULK_INVITE_KINDS);
export type BulkInviteKind = z.infer<typeof bulkInviteKind>;

/** At most this many employees are named in one request (a company's whole list is the default). */
export const MAX_BULK_INVITE_EMPLOYEES = 5000;

/** POST /api/studio/companies/{id}/invites */
export const createBulkInviteRequest = z
  .object({
    kind: bulkInviteKind.describe('booking: an appointment invite each (mailed); gallery: the invitation to their gallery (their latest session)'),
    appointmentTypeId: idParam.optional().describe('The appointment type to book (booking invites: required)'),
    calendarIds: z.array(idParam).max(100).optional().describe('Where it may be booked; none: every active calendar (booking invites)'),
    expiresInDays: z.number().int().min(0).max(365).optional().describe('Days the booking links work (default 30; 0: never expire)'),
    employeeIds: z.array(idParam).min(1).max(MAX_BULK_INVITE_EMPLOYEES).optional().describe("Only these employees (default: every employee of the company)"),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'booking' && value.appointmentTypeId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['appointmentTypeId'], message: 'Please choose the appointment type to invite to.' });
    }
  })
  .register(z.globalRegistry, { id: 'CreateBulkInviteRequest' });
export type CreateBulkInviteRequest = z.infer<typeof createBulkInviteRequest>;

export const BULK_INVITE_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

export const bulkInviteFailure = z.object({
  userId: z.number(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  error: z.string(),
});
export type BulkInviteFailure = z.infer<typeof bulkInviteFailure>;

export const bulkInvite = z
  .object({
    id: z.number(),
    companyId: z.number(),
    kind: bulkInviteKind,
    status: z.enum(BULK_INVITE_STATUSES).describe('queued → running → done (every employee sent or failed) | failed (the job itself failed)'),
    total: z.number(),
    sent: z.number(),
    failed: z.number(),
    error: z.string().nullable().describe('Why the whole bulk invite failed'),
    failures: z.array(bulkInviteFailure).describe('The employees whose invite failed, with the reason'),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .register(z.globalRegistry, { id: 'BulkInvite', description: 'A bulk invite of a company’s employees and its progress' });
export type BulkInvite = z.infer<typeof bulkInvite>;

export const bulkInviteParams = z.object({ id: idParam, bulkId: idParam });

/** GET /api/studio/appointment-types: what booking invites can be for. */
export const studioAppointmentOptions = z
  .object({
    types: z.array(z.object({ id: z.number(), name: z.string(), durationMinutes: z.number(), priceCents: z.number() })),
    calendars: z.array(z.object({ id: z.number(), name: z.string(), location: z.string() })),
  })
  .register(z.globalRegistry, { id: 'StudioAppointmentOptions' });
export type StudioAppointmentOptions = z.infer<typeof studioAppointmentOptions>;

/** POST /api/studio/companies/{id}/export: a link to the ZIP, signed for a few minutes (no bearer needed). */
export const companyExportLink = z
  .object({
    url: z.string().describe('GET it within expiresAt: the ZIP as an attachment'),
    expiresAt: z.string(),
  })
  .register(z.globalRegistry, { id: 'CompanyExportLink' });
export type CompanyExportLink = z.infer<typeof companyExportLink>;

/** Why an employee's photo is the one in the export (the CSV's last column). */
export const EXPORT_CHOICES = ['favourite', 'retouched', 'none'] as const;
export type ExportChoice = (typeof EXPORT_CHOICES)[number];

/** The header of the export's employees.csv. */
export const COMPANY_EXPORT_CSV_HEADER = ['First name', 'Last name', 'Email', 'File name', 'Photo name', 'Session', 'Chosen because'] as const;
