import { z } from 'zod';
import { idParam } from './common';
import { expiringGallery } from './gallery-lifecycle';
import { isValidEmail, STUDIO_ROLES, USER_ROLES } from './account-rules';

/**
 * The studio dashboard (issue 15): calls under /api/studio/…, for studio staff and admins only.
 * Customers and session-code visitors get 403, anonymous callers 401.
 */

export { isStudioRole, STUDIO_ROLES, USER_ROLES, type StudioRole, type UserRole } from './account-rules';

/** A user's role (USER_ROLES), and the roles that may sign in to /studio (STUDIO_ROLES). */
export const userRole = z.enum(USER_ROLES).describe("The user's role: customer (default), studio staff or studio admin");
export const studioRole = z.enum(STUDIO_ROLES);

/** An email a studio form takes (staff, a shoot's customer): the project's email rule, stored lower case. */
export const studioEmail = z.string().trim().toLowerCase().refine(isValidEmail, 'Enter a valid email');

/** Page/pageSize of the studio's lists: page from 1, pageSize 1..100 (default 25). */
export const studioPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type StudioPageQuery = z.input<typeof studioPageQuery>;

/** GET /api/studio/me */
export const studioMe = z
  .object({
    id: z.number(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: studioRole,
  })
  .register(z.globalRegistry, { id: 'StudioMe', description: 'The signed-in studio staff member or admin' });
export type StudioMe = z.infer<typeof studioMe>;

/** One entry of the activity log: who (null actor = the studio CLI), what, when. */
export const studioActivityItem = z
  .object({
    id: z.number(),
    at: z.string().describe('When (ISO 8601, UTC)'),
    actor: z
      .object({ id: z.number(), email: z.string() })
      .nullable()
      .describe('Who; null when the studio CLI did it'),
    action: z.string().describe("What was done, e.g. 'staff.role'"),
    subject: z.string().describe("What it was done to, e.g. 'user:12' or an email"),
    details: z.record(z.string(), z.unknown()).describe('Anything else worth keeping (JSON object)'),
  })
  .register(z.globalRegistry, { id: 'StudioActivityItem', description: 'An entry of the studio activity log' });
export type StudioActivityItem = z.infer<typeof studioActivityItem>;

/** GET /api/studio/activity?page&pageSize (newest first) */
export const studioActivityQuery = studioPageQuery;
export const studioActivityResponse = z
  .object({ items: z.array(studioActivityItem), total: z.number() })
  .register(z.globalRegistry, { id: 'StudioActivityPage', description: 'A page of the activity log, newest first' });
export type StudioActivityResponse = z.infer<typeof studioActivityResponse>;

/** A booking as the studio's screens show it (home screen and week view). */
export const studioBooking = z
  .object({
    id: z.number(),
    time: z.string().describe('Start, ISO 8601 with the calendar’s offset'),
    endTime: z.string().describe('End, ISO 8601 with the calendar’s offset'),
    label: z.string().describe('Start on the wall clock, e.g. "9:30 AM"'),
    calendarId: z.number(),
    calendarName: z.string(),
    typeName: z.string(),
    customerName: z.string(),
    email: z.string(),
    status: z.enum(['booked', 'cancelled']),
  })
  .register(z.globalRegistry, { id: 'StudioBooking', description: 'A booking as the studio sees it' });
export type StudioBooking = z.infer<typeof studioBooking>;

/** GET /api/studio/today: what needs attention today. */
export const studioTodayResponse = z
  .object({
    date: z.string().describe('Today in the studio’s time zone (YYYY-MM-DD)'),
    timeZone: z.string(),
    bookings: z.array(studioBooking).describe("Today's bookings (cancelled ones included), by time"),
    ordersDue: z.number().describe('Retouch orders not yet delivered'),
    newActivity: z.number().describe('Activity log entries of the last 24 hours'),
    expiringGalleries: z.array(expiringGallery).describe('Live galleries expiring within the reminder window, soonest first (at most 10)'),
  })
  .register(z.globalRegistry, { id: 'StudioToday', description: 'The studio home screen' });
export type StudioTodayResponse = z.infer<typeof studioTodayResponse>;

/** GET /api/studio/customers?search&page&pageSize */
export const studioCustomersQuery = studioPageQuery.extend({
  search: z.string().trim().max(200).optional().describe('Matches email, first or last name (case-insensitive)'),
});
export type StudioCustomersQuery = z.input<typeof studioCustomersQuery>;
export const studioCustomer = z
  .object({
    id: z.number(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    sessions: z.number().describe('Photo sessions'),
    photos: z.number().describe('Photos in them (not deleted)'),
    lastActivityAt: z.string().nullable().describe('Latest of sign-up, session, order, booking (ISO 8601)'),
  })
  .register(z.globalRegistry, { id: 'StudioCustomer', description: 'A customer in the studio list' });
export type StudioCustomer = z.infer<typeof studioCustomer>;
export const studioCustomersResponse = z
  .object({ items: z.array(studioCustomer), total: z.number() })
  .register(z.globalRegistry, { id: 'StudioCustomersPage', description: 'A page of customers' });
export type StudioCustomersResponse = z.infer<typeof studioCustomersResponse>;

/** GET /api/studio/bookings?calendarId&from=YYYY-MM-DD&days=7: a week view per calendar. */
export const studioBookingsQuery = z.object({
  calendarId: idParam.optional().describe('One calendar; all when left out'),
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD')
    .optional()
    .describe('First day (studio wall clock); today when left out'),
  days: z.coerce.number().int().min(1).max(42).default(7),
});
export type StudioBookingsQuery = z.input<typeof studioBookingsQuery>;
export const studioCalendarWeek = z
  .object({
    calendarId: z.number(),
    calendarName: z.string(),
    timeZone: z.string(),
    days: z.array(z.object({ date: z.string(), bookings: z.array(studioBooking) })),
  })
  .register(z.globalRegistry, { id: 'StudioCalendarWeek', description: "A calendar's bookings, day by day" });
export type StudioCalendarWeek = z.infer<typeof studioCalendarWeek>;
export const studioBookingsResponse = z
  .object({
    from: z.string(),
    days: z.number(),
    calendars: z.array(studioCalendarWeek),
  })
  .register(z.globalRegistry, { id: 'StudioBookings', description: 'Bookings per calendar per day' });
export type StudioBookingsResponse = z.infer<typeof studioBookingsResponse>;

/** A studio staff member or admin (GET /api/studio/staff, admin only). */
export const studioStaffMember = z
  .object({
    id: z.number(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: studioRole,
    activated: z.boolean().describe('False: invited, has not set a password yet'),
  })
  .register(z.globalRegistry, { id: 'StudioStaffMember', description: 'A studio staff member or admin' });
export type StudioStaffMember = z.infer<typeof studioStaffMember>;
export const studioStaffResponse = z.object({ items: z.array(studioStaffMember) });
export type StudioStaffResponse = z.infer<typeof studioStaffResponse>;

/**
 * POST /api/studio/staff (admin only): gives an existing user a role, or invites a new one. Role
 * 'customer' takes the studio away (an admin cannot demote themselves).
 */
export const studioStaffRequest = z.object({
  email: studioEmail,
  role: userRole,
});
export type StudioStaffRequest = z.input<typeof studioStaffRequest>;
export const studioStaffResult = z
  .object({
    user: studioStaffMember.omit({ role: true }).extend({ role: userRole }),
    invited: z.boolean().describe('True when the user did not exist and was invited by mail'),
  })
  .register(z.globalRegistry, { id: 'StudioStaffResult', description: 'The user whose role was set' });
export type StudioStaffResult = z.infer<typeof studioStaffResult>;
