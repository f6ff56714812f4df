import { z } from 'zod';
import { idParam } from './common';

/**
 * Appointment booking from invite links (spec §2 "Appointment booking", §3 Invite / Calendar / Time
 * slot / Booked appointment, §4 "Appointment", §5, §7 "Appointments", §8, §9 America/Chicago), and
 * what the studio manages behind it (issue 14): calendars (a booth or room at a location), appointment
 * types, weekly opening hours with exceptions, invites, bookings. docs/api.md documents the calls.
 */

/** Texts of the booking screen and its calls (spec §8 where it gives them; ours otherwise). */
export const appointmentMessages = {
  /** Spec §8 empty views. */
  noInvite: 'Hi, No invite found please verify link.',
  noTimeslot: 'No timeslot available, please select some other date.',
  // Ours:
  inviteCancelled: 'This invitation has been cancelled. Please contact the studio.',
  inviteExpired: 'This invitation has expired. Please contact the studio for a new one.',
  alreadyBooked: 'You have already booked this appointment.',
  slotTaken: 'Sorry, that time was just taken. Please choose another time.',
  dateInvalid: 'Please choose a valid date.',
  dateInPast: 'Please choose a date from today on.',
  dateTooFar: 'That date is too far ahead to book yet.',
  timeNotOffered: 'That time is not available. Please choose one of the times shown.',
  calendarNotOffered: 'That location is not available for this invitation.',
  unknownAppointmentType: 'Unknown appointment type.',
  appointmentTypeNotOffered: 'That appointment type is not available for this invitation.',
  booked: 'Your appointment is booked.',
  rescheduled: 'Your appointment was moved.',
  cancelled: 'Your appointment was cancelled.',
  bookingNotFound: 'This booking link is not valid.',
  changeTooLate: 'It is too late to change this appointment online. Please contact the studio.',
  bookingAlreadyCancelled: 'This appointment has already been cancelled.',
  /** After the customer cancelled: the invite still books (issue 24 §3). */
  bookAgain: 'You can book a new time with this invitation.',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
} as const;

/** Spec §9: appointment times are shown in America/Chicago (a studio setting; this is its default). */
export const DEFAULT_STUDIO_TIME_ZONE = 'America/Chicago';

/** A calendar date, YYYY-MM-DD (a day on the studio's wall clock). */
export const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, appointmentMessages.dateInvalid);
/** A calendar month, YYYY-MM. */
export const calendarMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use YYYY-MM');
/**
 * An instant as ISO 8601 with the studio's offset, e.g. "2026-03-09T09:00:00-05:00": the wall-clock
 * time and the zone's offset on that day (a Z time is read too).
 */
export const isoInstant = z.string().datetime({ offset: true });

/** GET /ex/invites/schedule/{id} (spec §3 Invite, §7): the invite behind /appointment?id=…; 204 when there is none. */
export const inviteScheduleParams = z.object({ id: z.string().min(1).max(100) });
export const inviteSchedule = z
  .object({
    /** The invited customer's name (greeting). */
    name: z.string(),
    /** The booking made from this invite (null: none, or the customer cancelled it and may book again). */
    appointmentId: z.number().nullable(),
    appointmentTypeId: z.number(),
    /** The studio withdrew the invite: it books no more. */
    cancelled: z.boolean(),
    /** When the booking made from it is (ISO with the studio's offset), or null. */
    appointmentScheduledOn: isoInstant.nullable(),
    /** When the customer's last booking from it was, had they not cancelled it (null: none cancelled since). */
    cancelledAppointmentOn: isoInstant.nullable(),
    // Ours:
    appointmentTypeName: z.string(),
    durationMinutes: z.number().int().positive(),
    /** The studio's IANA time zone: every time on the screen is its wall clock. */
    timeZone: z.string(),
    /** Last day that may be booked (YYYY-MM-DD in the studio's zone). */
    lastBookableDate: calendarDate,
    expired: z.boolean(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    /** The booked calendar (location), when booked. */
    calendarId: z.number().nullable(),
  })
  .register(z.globalRegistry, { id: 'InviteSchedule', description: 'An appointment invite and its booking, if any' });
export type InviteSchedule = z.infer<typeof inviteSchedule>;

/** GET /invites/GetCalendarsByUser?ActivationKey (spec §7): the calendars (locations) the invite may book. */
export const calendarsByUserQuery = z.object({ ActivationKey: z.string().min(1).max(100) });
export const calendar = z
  .object({
    id: z.number(),
    name: z.string(),
    location: z.string(),
  })
  .register(z.globalRegistry, { id: 'Calendar', description: 'A booth or room at a location' });
export type Calendar = z.infer<typeof calendar>;
export const calendarsResponse = z.array(calendar);

/** POST /ex/invites/GetAvailableTimes (spec §7): the free slots of one day. */
export const availableTimesRequest = z.object({
  appointmentTypeId: idParam,
  appointmentDate: calendarDate,
  calendarId: idParam,
});
export type AvailableTimesRequest = z.input<typeof availableTimesRequest>;
export const timeSlot = z
  .object({
    /** The slot's start, ISO with the studio's offset. */
    time: isoInstant,
    // Ours:
    /** The wall-clock label in the studio's zone, e.g. "9:20 AM". */
    label: z.string(),
    /** Places left (capacity minus bookings). */
    remaining: z.number().int().positive(),
  })
  .register(z.globalRegistry, { id: 'TimeSlot', description: 'A bookable start time' });
export type TimeSlot = z.infer<typeof timeSlot>;
export const availableTimesResponse = z.array(timeSlot);

/** POST /ex/invites/GetAvailableDays (ours): the days of a month that have at least one free slot, in one call. */
export const availableDaysRequest = z.object({
  appointmentTypeId: idParam,
  calendarId: idParam,
  month: calendarMonth,
});
export const availableDaysResponse = z
  .object({
    month: calendarMonth,
    timeZone: z.string(),
    /** YYYY-MM-DD days (studio zone) with a free slot, ascending. */
    days: z.array(calendarDate),
  })
  .register(z.globalRegistry, { id: 'AvailableDays', description: 'The bookable days of a month' });
export type AvailableDays = z.infer<typeof availableDaysResponse>;

/** POST /ex/invites/Appointment (spec §7): books a slot for the invite. */
export const bookAppointmentRequest = z.object({
  /** The invite id (the `id` of /appointment?id=…). */
  activationKey: z.string().min(1).max(100),
  datetime: isoInstant,
  appointmentTypeID: idParam,
  firstName: z.string().trim().min(1, appointmentMessages.firstNameRequired).max(100),
  lastName: z.string().trim().min(1, appointmentMessages.lastNameRequired).max(100),
  notes: z.string().max(2000).optional().default(''),
  phone: z.string().max(40).optional().default(''),
  calendarId: idParam,
});
export type BookAppointmentRequest = z.input<typeof bookAppointmentRequest>;
export const bookedAppointment = z
  .object({
    firstName: z.string(),
    datetime: isoInstant,
    // Ours:
    appointmentId: z.number(),
    calendarId: z.number(),
    location: z.string(),
    timeZone: z.string(),
    durationMinutes: z.number().int().positive(),
  })
  .register(z.globalRegistry, { id: 'BookedAppointment', description: 'A booking as the customer sees it' });
export type BookedAppointment = z.infer<typeof bookedAppointment>;

/**
 * Managing a booking from its mail (ours): the link /appointment?id=<invite>&manage=<token> carries a
 * secret per booking. GET answers the booking; reschedule moves it to a free slot (same rules as
 * booking); cancel frees it. Until the studio's cutoff (hours before the start).
 */
export const manageTokenParams = z.object({ token: z.string().min(16).max(200) });
export const managedBooking = bookedAppointment
  .extend({
    status: z.enum(['booked', 'cancelled']),
    appointmentTypeId: z.number(),
    appointmentTypeName: z.string(),
    inviteId: z.string(),
    /** Changes are possible until this instant (ISO); after it the studio must be called. */
    changeableUntil: isoInstant,
  })
  .register(z.globalRegistry, { id: 'ManagedBooking', description: 'A booking opened from its mail link' });
export type ManagedBooking = z.infer<typeof managedBooking>;
export const rescheduleRequest = z.object({ datetime: isoInstant, calendarId: idParam });
