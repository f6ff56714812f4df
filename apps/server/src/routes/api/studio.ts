import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  studioActivityQuery,
  studioActivityResponse,
  studioBookingsQuery,
  studioBookingsResponse,
  studioCustomersQuery,
  studioCustomersResponse,
  studioMe,
  studioStaffRequest,
  studioStaffResponse,
  studioStaffResult,
  studioTodayResponse,
} from '@studio-gallery/contract';
import type { StudioService } from '../../modules/studio/studio.service';
import type { GalleryLifecycleService } from '../../modules/gallery-lifecycle/gallery-lifecycle.service';
import { currentUserId } from '../../plugins/auth';
import { guardStudioRoutes } from './studio-access';

/**
 * The studio dashboard's core calls (issue 15 §1) under /api/studio: who is signed in, activity, home
 * screen, customers, bookings, staff. Each declares its level (`access: 'staff'` or `'admin'`), which
 * guardStudioRoutes enforces; other studio areas have their own route files with the same guard.
 */
export const studioRoutes: FastifyPluginAsyncZod<{ studio: StudioService; galleryLifecycle: Pick<GalleryLifecycleService, 'expiringSoon'> }> = async (
  app,
  { studio, galleryLifecycle },
) => {
  const tags = ['studio'];

  guardStudioRoutes(app, studio);

  app.get(
    '/studio/me',
    {
      config: { operation: { operationId: 'getStudioMe', access: 'staff', answers: { 200: 'The signed-in studio user and their role' } } },
      schema: { tags, summary: 'Who is signed in to the studio', response: { 200: studioMe } },
    },
    async (request) => studio.me(currentUserId(request)),
  );

  app.get(
    '/studio/activity',
    {
      config: {
        operation: { operationId: 'listStudioActivity', access: 'staff', answers: { 200: 'A page of the activity log, newest first' }, sample: () => ({ query: { page: 1, pageSize: 10 } }) },
      },
      schema: {
        tags,
        summary: 'The activity log: who changed what, when (null actor: the studio CLI)',
        description:
          "Staff (not admins) get the entries about coupons and roles (actions coupon.* and staff.*) with subject 'a coupon' or " +
          "'a studio member' and details { redacted: true }: coupon codes, percentages and limits and the staff list are the admins'.",
        querystring: studioActivityQuery,
        response: { 200: studioActivityResponse },
      },
    },
    async (request) => studio.activityPage(currentUserId(request), request.query.page, request.query.pageSize),
  );

  app.get(
    '/studio/today',
    {
      config: { operation: { operationId: 'getStudioToday', access: 'staff', answers: { 200: "Today's bookings, orders due and new activity" } } },
      schema: {
        tags,
        summary: 'The home screen: what needs attention today',
        description:
          "Today is the studio's day (the first active calendar's time zone). ordersDue: retouch orders not delivered; newActivity: log entries of the last 24 hours; " +
          'expiringGalleries: live galleries expiring within the reminder window (the gallery lifecycle).',
        response: { 200: studioTodayResponse },
      },
    },
    async () => {
      const [today, expiringGalleries] = await Promise.all([studio.today(), galleryLifecycle.expiringSoon()]);
      return { ...today, expiringGalleries };
    },
  );

  app.get(
    '/studio/customers',
    {
      config: {
        operation: { operationId: 'listStudioCustomers', access: 'staff', answers: { 200: 'A page of customers, newest first' }, sample: () => ({ query: { search: 'owner', page: 1, pageSize: 10 } }) },
      },
      schema: { tags, summary: 'Customers: search by email or name, with their sessions and photos', querystring: studioCustomersQuery, response: { 200: studioCustomersResponse } },
    },
    async (request) => studio.customers(request.query.search, request.query.page, request.query.pageSize),
  );

  app.get(
    '/studio/bookings',
    {
      config: {
        operation: { operationId: 'listStudioBookings', access: 'staff', answers: { 200: 'Bookings per calendar and day' }, errors: [404], sample: () => ({ query: { from: '2026-11-23', days: 7 } }) },
      },
      schema: {
        tags,
        summary: 'A week view: the bookings of `days` days from `from`, per calendar',
        description: "Days are each calendar's wall-clock days. Without calendarId: every active calendar. Cancelled bookings are included (status).",
        querystring: studioBookingsQuery,
        response: { 200: studioBookingsResponse },
      },
    },
    async (request) => studio.bookings(request.query),
  );

  app.get(
    '/studio/staff',
    {
      config: { operation: { operationId: 'listStudioStaff', access: 'admin', answers: { 200: 'Studio staff and admins' } } },
      schema: { tags, summary: 'Studio staff and admins (admin only)', response: { 200: studioStaffResponse } },
    },
    async () => ({ items: await studio.staff() }),
  );

  app.post(
    '/studio/staff',
    {
      config: {
        operation: {
          operationId: 'setStudioStaff',
          access: 'admin',
          answers: { 200: 'The user with their new role (invited when new)' },
          errors: [404, 409],
          sample: () => ({ body: { email: 'matrix.invitee@example.test', role: 'staff' } }),
        },
      },
      schema: {
        tags,
        summary: 'Give a user a role, or invite a new staff member (admin only)',
        description:
          'An unknown email is invited: an inactive account and a mail with a link to set a password. role customer takes the studio away ' +
          '(404 for an unknown email). 409: an admin cannot change their own role, and the last admin stays one. Recorded in the activity log.',
        body: studioStaffRequest,
        response: { 200: studioStaffResult },
      },
    },
    async (request) => studio.setRole({ id: currentUserId(request) }, request.body.email, request.body.role),
  );
};
