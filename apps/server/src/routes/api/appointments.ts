import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  appointmentMessages,
  availableDaysRequest,
  availableDaysResponse,
  availableTimesRequest,
  availableTimesResponse,
  bookAppointmentRequest,
  bookedAppointment,
  calendarsByUserQuery,
  calendarsResponse,
  inviteSchedule,
  inviteScheduleParams,
  managedBooking,
  manageTokenParams,
  rescheduleRequest,
} from '@studio-gallery/contract';
import { z } from 'zod';
import type { AppointmentsService } from '../../modules/appointments/appointments.service';

export interface AppointmentsRoutesOptions {
  appointments: AppointmentsService;
}

const tags = ['appointments'];
/** What the authorization matrix sends: ids and tokens nobody holds. */
const UNKNOWN_INVITE = 'no-such-invite-000000000';
const UNKNOWN_TOKEN = 'no-such-manage-token-0000000000000000';
const everyone = <S extends 200 | 204 | 400 | 404>(status: S) => ({ anonymous: status, otherCustomer: status, visitor: status });

/**
 * Appointment booking from invite links (spec §7 "Appointments", issue 14; docs/api.md "Appointments").
 * Public: the invite id (or a booking's manage token) in the call is the credential; the calls that take
 * one count against the sign-in attempt budget per client address, as guessing them would.
 */
export const appointmentsRoutes: FastifyPluginAsyncZod<AppointmentsRoutesOptions> = async (app, { appointments }) => {
  app.get(
    '/ex/invites/schedule/:id',
    {
      onRequest: [app.authRateLimit],
      config: {
        operation: {
          operationId: 'getInviteSchedule',
          access: 'link',
          answers: { 200: 'The invite and its booking, if any', 204: 'No such invite' },
          expect: everyone(204),
          sample: () => ({ params: { id: UNKNOWN_INVITE } }),
        },
      },
      schema: {
        tags,
        summary: 'The invite behind /appointment?id=… (204 when there is none)',
        description:
          'cancelled: the studio cancelled the invite or its booking was cancelled; expired: past its expiry. appointmentScheduledOn ' +
          'is the booking’s start with the studio’s offset. Every time on the screen is the wall clock of timeZone.',
        params: inviteScheduleParams,
        response: { 200: inviteSchedule, 204: z.null() },
      },
    },
    async (request, reply) => (await appointments.inviteSchedule(request.params.id)) ?? reply.code(204).send(null),
  );

  app.get(
    '/invites/GetCalendarsByUser',
    {
      onRequest: [app.authRateLimit],
      config: {
        operation: {
          operationId: 'getInviteCalendars',
          access: 'link',
          answers: { 200: 'The calendars (locations) the invite may book', 204: 'No such invite' },
          expect: everyone(204),
          sample: () => ({ query: { ActivationKey: UNKNOWN_INVITE } }),
        },
      },
      schema: {
        tags,
        summary: 'The calendars (locations) an invite may book',
        description: 'ActivationKey is the invite id. One calendar: the screen picks it without asking.',
        querystring: calendarsByUserQuery,
        response: { 200: calendarsResponse, 204: z.null() },
      },
    },
    async (request, reply) => (await appointments.calendarsOfInvite(request.query.ActivationKey)) ?? reply.code(204).send(null),
  );

  app.post(
    '/ex/invites/GetAvailableTimes',
    {
      config: {
        operation: {
          operationId: 'getAvailableTimes',
          access: 'public',
          answers: { 200: 'The free slots of the day', 204: 'No free slot that day' },
          errors: [404],
          expect: everyone(404),
          sample: () => ({ body: { appointmentTypeId: 999999, appointmentDate: '2030-01-07', calendarId: 999999 } }),
        },
      },
      schema: {
        tags,
        summary: 'The free slots of one day of a calendar',
        description:
          `appointmentDate is a day of the studio’s calendar. 400 for an impossible date ("${appointmentMessages.dateInvalid}"), ` +
          `one before today in UTC ("${appointmentMessages.dateInPast}"), one past the type’s booking window ` +
          `("${appointmentMessages.dateTooFar}") or an unknown calendar ("${appointmentMessages.calendarNotOffered}"); ` +
          `404 for an unknown type. 204: "${appointmentMessages.noTimeslot}".`,
        body: availableTimesRequest,
        response: { 200: availableTimesResponse, 204: z.null() },
      },
    },
    async (request, reply) => {
      const slots = await appointments.availableTimes(request.body);
      return slots.length > 0 ? slots : reply.code(204).send(null);
    },
  );

  app.post(
    '/ex/invites/GetAvailableDays',
    {
      config: {
        operation: {
          operationId: 'getAvailableDays',
          access: 'public',
          answers: { 200: 'The days of the month with a free slot' },
          errors: [404],
          expect: everyone(404),
          sample: () => ({ body: { appointmentTypeId: 999999, calendarId: 999999, month: '2030-01' } }),
        },
      },
      schema: {
        tags,
        summary: 'The days of a month that have a free slot, in one call (for the date picker)',
        description: 'Days before today (UTC) and past the booking window are never listed. 404 for an unknown type; 400 for an unknown calendar.',
        body: availableDaysRequest,
        response: { 200: availableDaysResponse },
      },
    },
    async (request) => appointments.availableDays(request.body),
  );

  app.post(
    '/ex/invites/Appointment',
    {
      onRequest: [app.authRateLimit],
      config: {
        operation: {
          operationId: 'bookAppointment',
          access: 'link',
          answers: { 200: 'Booked' },
          errors: [403, 404, 409],
          expect: everyone(404),
          sample: () => ({
            body: {
              activationKey: UNKNOWN_INVITE,
              datetime: '2030-01-07T09:00:00-06:00',
              appointmentTypeID: 1,
              firstName: 'Ann',
              lastName: 'Example',
              calendarId: 1,
            },
          }),
        },
      },
      schema: {
        tags,
        summary: 'Book a slot for the invite',
        description:
          'The slot is re-checked in the booking’s database transaction and a per-slot counter makes over-booking impossible. ' +
          `404: "${appointmentMessages.noInvite}" or "${appointmentMessages.unknownAppointmentType}"; 403: "${appointmentMessages.calendarNotOffered}"; ` +
          `409: "${appointmentMessages.slotTaken}" (ask for the times again), "${appointmentMessages.alreadyBooked}", ` +
          `"${appointmentMessages.inviteCancelled}", "${appointmentMessages.inviteExpired}"; 400: a bad, past or too distant date, ` +
          `"${appointmentMessages.timeNotOffered}", "${appointmentMessages.appointmentTypeNotOffered}". The confirmation mail carries ` +
          'the .ics and the link to reschedule or cancel.',
        body: bookAppointmentRequest,
        response: { 200: bookedAppointment },
      },
    },
    async (request) => appointments.book(request.body),
  );

  app.get(
    '/ex/appointments/manage/:token',
    {
      onRequest: [app.authRateLimit],
      config: {
        operation: {
          operationId: 'getManagedAppointment',
          access: 'link',
          answers: { 200: 'The booking' },
          errors: [404],
          expect: everyone(404),
          sample: () => ({ params: { token: UNKNOWN_TOKEN } }),
        },
      },
      schema: {
        tags,
        summary: 'A booking opened from its mail link (/appointment?id=…&manage=<token>)',
        description: `404: "${appointmentMessages.bookingNotFound}". changeableUntil: after it, changes need the studio.`,
        params: manageTokenParams,
        response: { 200: managedBooking },
      },
    },
    async (request) => appointments.managed(request.params.token),
  );

  app.post(
    '/ex/appointments/manage/:token/reschedule',
    {
      onRequest: [app.authRateLimit],
      config: {
        operation: {
          operationId: 'rescheduleAppointment',
          access: 'link',
          answers: { 200: 'Moved' },
          errors: [403, 404, 409],
          expect: everyone(404),
          sample: () => ({ params: { token: UNKNOWN_TOKEN }, body: { datetime: '2030-01-07T09:00:00-06:00', calendarId: 1 } }),
        },
      },
      schema: {
        tags,
        summary: 'Move a booking to another free slot (same rules as booking)',
        description:
          `409: "${appointmentMessages.slotTaken}", "${appointmentMessages.changeTooLate}", "${appointmentMessages.bookingAlreadyCancelled}". ` +
          'The customer gets a mail with the updated .ics (same UID, SEQUENCE raised); the studio a notice.',
        params: manageTokenParams,
        body: rescheduleRequest,
        response: { 200: managedBooking },
      },
    },
    async (request) => appointments.reschedule(request.params.token, request.body),
  );

  app.post(
    '/ex/appointments/manage/:token/cancel',
    {
      onRequest: [app.authRateLimit],
      config: {
        operation: {
          operationId: 'cancelAppointment',
          access: 'link',
          answers: { 200: 'Cancelled' },
          errors: [404, 409],
          expect: everyone(404),
          sample: () => ({ params: { token: UNKNOWN_TOKEN } }),
        },
      },
      schema: {
        tags,
        summary: 'Cancel a booking (its place is free again)',
        description:
          `409: "${appointmentMessages.changeTooLate}", "${appointmentMessages.bookingAlreadyCancelled}". ` +
          'The customer gets a mail with a METHOD:CANCEL .ics; the studio a notice.',
        params: manageTokenParams,
        response: { 200: managedBooking },
      },
    },
    async (request) => appointments.cancel(request.params.token),
  );

  app.get(
    '/ex/appointments/calendar/:inviteId',
    {
      onRequest: [app.authRateLimit],
      config: {
        operation: {
          operationId: 'getAppointmentCalendarFile',
          access: 'link',
          answers: { 200: 'The booking as an iCalendar file' },
          files: ['text/calendar'],
          errors: [404],
          expect: everyone(404),
          sample: () => ({ params: { inviteId: UNKNOWN_INVITE } }),
        },
      },
      schema: {
        tags,
        summary: 'The invite’s booking as an .ics ("Add to calendar")',
        description: `404 when the invite has no booking ("${appointmentMessages.bookingNotFound}").`,
        params: z.object({ inviteId: z.string().min(1).max(100) }),
      },
    },
    async (request, reply) => {
      const ics = await appointments.inviteCalendarFile(request.params.inviteId);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="appointment.ics"')
        .header('cache-control', 'no-store')
        .send(ics);
    },
  );
};
