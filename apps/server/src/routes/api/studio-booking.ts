import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  calendarExceptionParams,
  calendarExceptionRequest,
  idPathParams,
  studioAppointmentType,
  studioAppointmentTypeRequest,
  studioAppointmentTypesQuery,
  studioAppointmentTypesResponse,
  studioBookingMessages,
  studioCalendar,
  studioCalendarRequest,
  studioCalendarsResponse,
  studioInvite,
  studioInviteParams,
  studioInviteRequest,
  studioInvitesQuery,
  studioInvitesResponse,
  weekHoursRequest,
} from '@studio-gallery/contract';
import type { FastifyRequest } from 'fastify';
import type { StudioBookingService } from '../../modules/appointments/studio-booking.service';
import { currentUserId } from '../../plugins/auth';
import { type StudioAuthorizer, guardStudioRoutes } from './studio-access';

export interface StudioBookingRoutesOptions {
  studio: StudioAuthorizer;
  booking: StudioBookingService;
}

/** No calendar, type or invite has this id in the matrix's database: staff and admins get the 404. */
const UNKNOWN_ID = 2_147_483_000;
const UNKNOWN_INVITE = 'matrix-unknown-invite';

/**
 * The studio's booking settings (issue 15 §4) under /api/studio: calendars with their weekly opening
 * hours and date exceptions, appointment types, and booking invites (the CLI's `calendars`,
 * `appointment-types` and `invite`). Staff may do all of it except set an appointment type's price
 * (admins: 403 otherwise). Guarded like every studio route file; each change is in the activity log.
 */
export const studioBookingRoutes: FastifyPluginAsyncZod<StudioBookingRoutesOptions> = async (app, { studio, booking }) => {
  const tags = ['studio'];
  guardStudioRoutes(app, studio);
  const actor = (request: FastifyRequest) => ({ id: currentUserId(request) });
  const who = async (request: FastifyRequest) => ({ actor: actor(request), role: await studio.authorize(currentUserId(request), 'staff') });

  // --- Calendars ---

  app.get(
    '/studio/calendars',
    {
      config: { operation: { operationId: 'listStudioCalendars', access: 'staff', answers: { 200: 'Every calendar with its week and upcoming exceptions' } } },
      schema: { tags, summary: 'Calendars (active and not) with their weekly opening hours and exceptions from today on', response: { 200: studioCalendarsResponse } },
    },
    async () => ({ items: await booking.calendars() }),
  );

  app.post(
    '/studio/calendars',
    {
      config: {
        operation: {
          operationId: 'createStudioCalendar',
          access: 'staff',
          answers: { 201: 'The new calendar (no opening hours yet)' },
          sample: () => ({ body: { name: 'Matrix booth', location: 'Matrix street 1', timeZone: 'America/Chicago' } }),
        },
      },
      schema: {
        tags,
        summary: 'Create a calendar: a booth or room at a location, with its time zone',
        description: 'timeZone: an IANA zone (America/Chicago). Customers can book it once it has opening hours. Recorded in the activity log.',
        body: studioCalendarRequest,
        response: { 201: studioCalendar },
      },
    },
    async (request, reply) => reply.code(201).send(await booking.createCalendar(actor(request), request.body)),
  );

  app.put(
    '/studio/calendars/:id',
    {
      config: {
        operation: {
          operationId: 'updateStudioCalendar',
          access: 'staff',
          answers: { 200: 'The calendar as saved' },
          errors: [404],
          expect: { staff: 404, admin: 404 },
          sample: () => ({ params: { id: UNKNOWN_ID }, body: { name: 'Matrix booth', location: 'Matrix street 1', timeZone: 'America/Chicago' } }),
        },
      },
      schema: {
        tags,
        summary: "Change a calendar's name, location and time zone",
        description: 'Bookings keep their instants; opening hours are read in the new zone. 404: unknown calendar. Recorded in the activity log.',
        params: idPathParams,
        body: studioCalendarRequest,
        response: { 200: studioCalendar },
      },
    },
    async (request) => booking.updateCalendar(actor(request), request.params.id, request.body),
  );

  for (const action of ['deactivate', 'activate'] as const) {
    app.post(
      `/studio/calendars/:id/${action}`,
      {
        config: {
          operation: {
            operationId: action === 'activate' ? 'activateStudioCalendar' : 'deactivateStudioCalendar',
            access: 'staff',
            answers: { 200: `The calendar, ${action}d` },
            errors: [404],
            expect: { staff: 404, admin: 404 },
            sample: () => ({ params: { id: UNKNOWN_ID } }),
          },
        },
        schema: {
          tags,
          summary: action === 'activate' ? 'Open a calendar to new bookings again' : 'Close a calendar to new bookings (its bookings stay)',
          description: 'Recorded in the activity log when it changes. 404: unknown calendar.',
          params: idPathParams,
          response: { 200: studioCalendar },
        },
      },
      async (request) => booking.setCalendarActive(actor(request), request.params.id, action === 'activate'),
    );
  }

  app.put(
    '/studio/calendars/:id/hours',
    {
      config: {
        operation: {
          operationId: 'setStudioCalendarHours',
          access: 'staff',
          answers: { 200: 'The calendar with its new week' },
          errors: [404],
          expect: { staff: 404, admin: 404 },
          sample: () => ({ params: { id: UNKNOWN_ID }, body: { days: [{ weekday: 1, ranges: [{ from: '09:00', to: '17:00' }] }] } }),
        },
      },
      schema: {
        tags,
        summary: "Replace a calendar's weekly opening hours",
        description:
          "Per weekday (1 = Monday … 7 = Sunday) its ranges, HH:MM on the calendar's wall clock (24:00 ends the day); a weekday left out or " +
          'with no ranges is closed. Each range runs forwards; ranges of a day must not overlap. Recorded in the activity log.',
        params: idPathParams,
        body: weekHoursRequest,
        response: { 200: studioCalendar },
      },
    },
    async (request) => booking.setWeek(actor(request), request.params.id, request.body.days),
  );

  app.post(
    '/studio/calendars/:id/exceptions',
    {
      config: {
        operation: {
          operationId: 'setStudioCalendarException',
          access: 'staff',
          answers: { 200: 'The calendar with its exceptions' },
          errors: [404],
          expect: { staff: 404, admin: 404 },
          sample: () => ({ params: { id: UNKNOWN_ID }, body: { date: '2030-12-24', kind: 'closed' } }),
        },
      },
      schema: {
        tags,
        summary: 'Close a calendar for a date, or open it at extra hours that date',
        description: "Replaces that date's exception. closed: the whole day; open: its ranges are added to the weekday's hours. Recorded in the activity log.",
        params: idPathParams,
        body: calendarExceptionRequest,
        response: { 200: studioCalendar },
      },
    },
    async (request) => booking.setException(actor(request), request.params.id, request.body),
  );

  app.delete(
    '/studio/calendars/:id/exceptions/:date',
    {
      config: {
        operation: {
          operationId: 'deleteStudioCalendarException',
          access: 'staff',
          answers: { 200: 'The calendar without that exception' },
          errors: [404],
          expect: { staff: 404, admin: 404 },
          sample: () => ({ params: { id: UNKNOWN_ID, date: '2030-12-24' } }),
        },
      },
      schema: {
        tags,
        summary: "Remove a date's exception: the weekday's hours apply again",
        description: `404: unknown calendar, or no exception that date ("${studioBookingMessages.exceptionNotFound}"). Recorded in the activity log.`,
        params: calendarExceptionParams,
        response: { 200: studioCalendar },
      },
    },
    async (request) => booking.removeException(actor(request), request.params.id, request.params.date),
  );

  // --- Appointment types ---

  app.get(
    '/studio/appointment-types',
    {
      config: { operation: { operationId: 'listStudioAppointmentTypes', access: 'staff', answers: { 200: 'The appointment types and calendars' } } },
      schema: {
        tags,
        summary: 'What booking invites can be for: appointment types and calendars',
        description: 'Active ones only, unless includeInactive=true.',
        querystring: studioAppointmentTypesQuery,
        response: { 200: studioAppointmentTypesResponse },
      },
    },
    async (request) => booking.types(request.query.includeInactive),
  );

  app.post(
    '/studio/appointment-types',
    {
      config: {
        operation: {
          operationId: 'createStudioAppointmentType',
          access: 'staff',
          answers: { 201: 'The new appointment type' },
          errors: [409],
          // With a price: an admin matter, so staff get 403.
          expect: { staff: 403 },
          sample: () => ({
            body: {
              name: 'Matrix headshot',
              durationMinutes: 20,
              capacity: 1,
              bufferBeforeMinutes: 0,
              bufferAfterMinutes: 5,
              minimumNoticeHours: 12,
              bookingWindowDays: 60,
              changeCutoffHours: 24,
              priceCents: 2500,
            },
          }),
        },
      },
      schema: {
        tags,
        summary: 'Create an appointment type',
        description:
          `priceCents is for admins: staff get 403 ("${studioBookingMessages.priceAdminOnly}") unless it is left out or 0. ` +
          '409: the name is taken. Recorded in the activity log.',
        body: studioAppointmentTypeRequest,
        response: { 201: studioAppointmentType },
      },
    },
    async (request, reply) => reply.code(201).send(await booking.createType(await who(request), request.body)),
  );

  app.put(
    '/studio/appointment-types/:id',
    {
      config: {
        operation: {
          operationId: 'updateStudioAppointmentType',
          access: 'staff',
          answers: { 200: 'The appointment type as saved' },
          errors: [404, 409],
          expect: { staff: 404, admin: 404 },
          sample: () => ({
            params: { id: UNKNOWN_ID },
            body: { name: 'Matrix', durationMinutes: 20, capacity: 1, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, minimumNoticeHours: 0, bookingWindowDays: 60, changeCutoffHours: 24 },
          }),
        },
      },
      schema: {
        tags,
        summary: 'Change an appointment type',
        description:
          'Every value is set. priceCents left out: unchanged; a staff member changing it gets 403. Existing bookings keep their times and price. ' +
          '404: unknown type; 409: the name is taken. Recorded in the activity log.',
        params: idPathParams,
        body: studioAppointmentTypeRequest,
        response: { 200: studioAppointmentType },
      },
    },
    async (request) => booking.updateType(await who(request), request.params.id, request.body),
  );

  for (const action of ['deactivate', 'activate'] as const) {
    app.post(
      `/studio/appointment-types/:id/${action}`,
      {
        config: {
          operation: {
            operationId: action === 'activate' ? 'activateStudioAppointmentType' : 'deactivateStudioAppointmentType',
            access: 'staff',
            answers: { 200: `The appointment type, ${action}d` },
            errors: [404],
            expect: { staff: 404, admin: 404 },
            sample: () => ({ params: { id: UNKNOWN_ID } }),
          },
        },
        schema: {
          tags,
          summary: action === 'activate' ? 'Offer an appointment type for new invites again' : 'Offer an appointment type for no new invites (open invites stay)',
          description: 'Recorded in the activity log when it changes. 404: unknown type.',
          params: idPathParams,
          response: { 200: studioAppointmentType },
        },
      },
      async (request) => booking.setTypeActive(actor(request), request.params.id, action === 'activate'),
    );
  }

  // --- Invites ---

  app.get(
    '/studio/appointment-invites',
    {
      config: {
        operation: { operationId: 'listStudioAppointmentInvites', access: 'staff', answers: { 200: 'A page of booking invites, newest first' }, sample: () => ({ query: { page: 1, pageSize: 10 } }) },
      },
      schema: {
        tags,
        summary: 'Booking invites with their status: open, used (booked), expired or revoked',
        querystring: studioInvitesQuery,
        response: { 200: studioInvitesResponse },
      },
    },
    async (request) => booking.invites(request.query.page, request.query.pageSize),
  );

  app.post(
    '/studio/appointment-invites',
    {
      config: {
        operation: {
          operationId: 'createStudioAppointmentInvite',
          access: 'staff',
          answers: { 201: 'The invite, mailed to the customer' },
          errors: [404],
          expect: { staff: 404, admin: 404 },
          sample: () => ({ body: { email: 'matrix.booker@example.test', appointmentTypeId: UNKNOWN_ID } }),
        },
      },
      schema: {
        tags,
        summary: 'Invite a customer to book (as `npm run studio -- invite`)',
        description:
          'The customer is created when new (name: "First Last"). calendarIds: where it may be booked (empty: every active calendar); ' +
          'expiresInDays: default 30, 0 never expires. The link is mailed. 404: unknown type or calendar. Recorded in the activity log.',
        body: studioInviteRequest,
        response: { 201: studioInvite },
      },
    },
    async (request, reply) => reply.code(201).send(await booking.createInvite(actor(request), request.body)),
  );

  app.post(
    '/studio/appointment-invites/:id/resend',
    {
      config: {
        operation: {
          operationId: 'resendStudioAppointmentInvite',
          access: 'staff',
          answers: { 200: 'The invite, mailed again' },
          errors: [404, 409],
          expect: { staff: 404, admin: 404 },
          sample: () => ({ params: { id: UNKNOWN_INVITE } }),
        },
      },
      schema: {
        tags,
        summary: "Mail an open invite's link to its customer again",
        description: `409 when it is not open ("${studioBookingMessages.inviteNotOpen}"). Recorded in the activity log.`,
        params: studioInviteParams,
        response: { 200: studioInvite },
      },
    },
    async (request) => booking.resendInvite(actor(request), request.params.id),
  );

  app.post(
    '/studio/appointment-invites/:id/revoke',
    {
      config: {
        operation: {
          operationId: 'revokeStudioAppointmentInvite',
          access: 'staff',
          answers: { 200: 'The invite, revoked' },
          errors: [404, 409],
          expect: { staff: 404, admin: 404 },
          sample: () => ({ params: { id: UNKNOWN_INVITE } }),
        },
      },
      schema: {
        tags,
        summary: 'Revoke an invite: its link no longer books',
        description: `409 when it was used for a booking ("${studioBookingMessages.inviteUsed}"). Recorded in the activity log.`,
        params: studioInviteParams,
        response: { 200: studioInvite },
      },
    },
    async (request) => booking.revokeInvite(actor(request), request.params.id),
  );
};
