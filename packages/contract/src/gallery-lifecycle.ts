import { z } from 'zod';

/**
 * The gallery lifecycle (issue 15 §3; spec §9 FAQ: "hosted 1 year plus 12 months archive"): each
 * session is hosted until its expiry (12 months after it was created, or a date the studio picks),
 * its customer is mailed a reminder shortly before, and on expiry it is archived: its photos are no
 * longer shown or downloadable, the originals are kept for the archive period, and the studio can
 * restore it with a new expiry.
 */

/** A session is shown for this long after it is created (spec §9). */
export const GALLERY_HOSTING_MONTHS = 12;
/** After expiry the originals are kept, archived, for this long (spec §9). */
export const GALLERY_ARCHIVE_MONTHS = 12;
/** The reminder mail goes out this many days before the expiry. */
export const GALLERY_EXPIRY_REMINDER_DAYS = 14;

export const galleryLifecycleMessages = {
  archived: 'This gallery has been archived. Contact the studio to restore it.',
  expiryInPast: 'Please pick a date in the future.',
  invalidDate: 'Please give a valid date (YYYY-MM-DD).',
  alreadyArchived: 'This gallery is already archived.',
  notArchived: 'This gallery is not archived.',
  noSuchSession: 'This session does not exist.',
} as const;

/** `date` plus whole calendar months (UTC); the 31st of a shorter month becomes its last day. */
export function addMonthsUtc(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/** When a session hosted from `from` (its creation, or a restore) expires. */
export function galleryExpiryFrom(from: Date): Date {
  return addMonthsUtc(from, GALLERY_HOSTING_MONTHS);
}

/** Until when an archived session's originals are kept. */
export function archiveKeptUntil(archivedAt: Date): Date {
  return addMonthsUtc(archivedAt, GALLERY_ARCHIVE_MONTHS);
}

/** From when the expiry reminder of a session expiring at `expiresAt` is due. */
export function expiryReminderDueFrom(expiresAt: Date): Date {
  return new Date(expiresAt.getTime() - GALLERY_EXPIRY_REMINDER_DAYS * 86_400_000);
}

/** A calendar day, YYYY-MM-DD, that exists. */
const calendarDay = z
  .string({ error: galleryLifecycleMessages.invalidDate })
  .regex(/^\d{4}-\d{2}-\d{2}$/, galleryLifecycleMessages.invalidDate)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00.000Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, galleryLifecycleMessages.invalidDate);

/**
 * The end of a picked day: a gallery set to expire on 12 Mar 2027 is shown all that day (UTC) and
 * archived by the first sweep after it.
 */
export function endOfDayUtc(day: string): Date {
  return new Date(`${day}T23:59:59.999Z`);
}

export const sessionExpiryRequest = z
  .object({ expiresOn: calendarDay.describe('The last day the gallery is shown (YYYY-MM-DD); it expires at the end of that day, UTC') })
  .register(z.globalRegistry, { id: 'SessionExpiryRequest' });
export type SessionExpiryRequest = z.input<typeof sessionExpiryRequest>;

export const sessionRestoreRequest = z
  .object({
    expiresOn: calendarDay
      .optional()
      .describe(`The new last day (YYYY-MM-DD); default ${GALLERY_HOSTING_MONTHS} months from now`),
  })
  .register(z.globalRegistry, { id: 'SessionRestoreRequest' });
export type SessionRestoreRequest = z.input<typeof sessionRestoreRequest>;

/** What the studio sees of a session's lifecycle (on the customer page's sessions and these calls' answers). */
export const sessionLifecycleFields = {
  expiresAt: z.string().nullable().describe('When the gallery expires and is archived (ISO 8601); null: never'),
  archivedAt: z.string().nullable().describe('When it was archived: its photos are no longer shown (null: live)'),
  reminderSentAt: z.string().nullable().describe('When the expiry reminder mail went to the customer (null: not yet)'),
};

/** A gallery expiring soon, for the studio's home screen. */
export const expiringGallery = z.object({
  sessionId: z.number(),
  sessionName: z.string(),
  customerId: z.number(),
  customerName: z.string(),
  expiresAt: z.string(),
  reminderSentAt: z.string().nullable(),
});
export type ExpiringGallery = z.infer<typeof expiringGallery>;

export const gallerySweepResult = z
  .object({
    reminded: z.number().describe('Reminder mails queued now'),
    archived: z.number().describe('Sessions archived now (past their expiry)'),
  })
  .register(z.globalRegistry, { id: 'GallerySweepResult' });
export type GallerySweepResult = z.infer<typeof gallerySweepResult>;
