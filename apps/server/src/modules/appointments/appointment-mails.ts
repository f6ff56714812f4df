import { DateTime } from 'luxon';
import type { OutgoingMail } from '../../mail/mailer';
import { type MailBranding, brandedMail } from '../../mail/templates';
import type { CalendarEvent } from './ical';

/**
 * The booking mails (issue 14 §2 "Mails"): confirmation, reschedule, cancel and the reminder to the
 * customer, and a notice per booking, reschedule and cancel to the studio. Pure: the caller loads the
 * facts, adds the .ics (appointmentCalendar(bookingCalendarEvent(…))) to the customer mails and sends.
 * Every time is the studio's wall clock with the zone named ("Monday, March 9, 2026 at 9:00 AM CDT").
 * The look is the house one (brandedMail: studio name, accent colour, escaping).
 */

/** What the booking mails say. */
export interface AppointmentMailFacts {
  customer: { firstName: string; lastName: string; email: string };
  /** The studio's name, colour and support address (BrandingService.mailBranding()). */
  branding: MailBranding;
  /** Where the studio's notices go; also the organizer of the calendar file. */
  studioEmail: string;
  appointmentTypeName: string;
  durationMinutes: number;
  start: Date;
  /** The studio's IANA zone, e.g. America/Chicago. */
  timeZone: string;
  /** The calendar (booth or room), e.g. "Booth 1"; shown with the location when given. */
  calendarName?: string;
  /** Where, e.g. "Downtown Studio, 1 Main St, Chicago". */
  location: string;
  /** The invite of /appointment?id=…. */
  inviteId: string;
  /** The booking's manage secret; null once the cutoff has passed (no links then). */
  manageToken: string | null;
  /** Until when the links work (the studio's cutoff before the start); null: not stated. */
  changeableUntil: Date | null;
  /** PUBLIC_URL of the web app, e.g. https://gallery.example.com. */
  publicUrl: string;
  /** What the customer entered when booking (studio notices only). */
  phone?: string;
  notes?: string;
}

export type StudioNoticeKind = 'booked' | 'rescheduled' | 'cancelled';

/** The file name of the calendar attachment the customer mails refer to. */
export const APPOINTMENT_ICS_FILENAME = 'appointment.ics';

/** "Monday, March 9, 2026 at 9:00 AM CDT": the instant on the zone's wall clock, with the zone's abbreviation. */
export function formatAppointmentTime(start: Date, timeZone: string): string {
  return inZone(start, timeZone).toFormat("cccc, LLLL d, yyyy 'at' h:mm a ZZZZ");
}

/** The link of the booking's manage page: `${publicUrl}/appointment?id=<invite>&manage=<token>`. */
export function manageUrl(publicUrl: string, inviteId: string, manageToken: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/appointment?id=${encodeURIComponent(inviteId)}&manage=${encodeURIComponent(manageToken)}`;
}

/** To the customer when they booked; attach the .ics (METHOD:REQUEST, sequence 0). */
export function bookingConfirmation(facts: AppointmentMailFacts): OutgoingMail {
  const when = formatAppointmentTime(facts.start, facts.timeZone);
  return customerMail(facts, {
    subject: `Booked: your ${facts.appointmentTypeName} with ${facts.branding.studioName} on ${when}`,
    lead: `Your ${facts.appointmentTypeName} with ${facts.branding.studioName} is booked.`,
    calendarNote: `Add to calendar: open the attached file (${APPOINTMENT_ICS_FILENAME}) to add this appointment to your calendar.`,
    closing: 'We look forward to seeing you.',
  });
}

/** To the customer when the booking moved; attach the .ics with the same UID and a raised SEQUENCE. */
export function bookingRescheduled(facts: AppointmentMailFacts, previousStart: Date): OutgoingMail {
  const when = formatAppointmentTime(facts.start, facts.timeZone);
  const before = formatAppointmentTime(previousStart, facts.timeZone);
  return customerMail(facts, {
    subject: `Moved: your ${facts.appointmentTypeName} with ${facts.branding.studioName} is now on ${when}`,
    lead: `Your ${facts.appointmentTypeName} with ${facts.branding.studioName} was moved from ${before} to the new time below.`,
    calendarNote: `Add to calendar: open the attached file (${APPOINTMENT_ICS_FILENAME}) to update the appointment in your calendar.`,
    closing: 'We look forward to seeing you.',
  });
}

/** To the customer when the booking was cancelled; attach the .ics with METHOD:CANCEL. No links. */
export function bookingCancelled(facts: AppointmentMailFacts): OutgoingMail {
  const when = formatAppointmentTime(facts.start, facts.timeZone);
  return customerMail(
    { ...facts, manageToken: null },
    {
      subject: `Cancelled: your ${facts.appointmentTypeName} with ${facts.branding.studioName} on ${when}`,
      lead: `Your ${facts.appointmentTypeName} with ${facts.branding.studioName} on ${when} has been cancelled.`,
      calendarNote: `The attached file (${APPOINTMENT_ICS_FILENAME}) removes the appointment from your calendar.`,
      closing: `To book a new time, please contact ${facts.branding.studioName}${contactAddress(facts)}.`,
      cancelled: true,
    },
  );
}

/**
 * To the customer the day before. "today" / "tomorrow" are told from `now` on the studio's calendar
 * (a reminder sent late still says the right day); further ahead the date alone.
 */
export function bookingReminder(facts: AppointmentMailFacts, now: Date = new Date()): OutgoingMail {
  const start = inZone(facts.start, facts.timeZone);
  const days = Math.round(start.startOf('day').diff(inZone(now, facts.timeZone).startOf('day'), 'days').days);
  const time = start.toFormat('h:mm a ZZZZ');
  const day = days === 0 ? `today at ${time}` : days === 1 ? `tomorrow at ${time}` : `on ${formatAppointmentTime(facts.start, facts.timeZone)}`;
  return customerMail(facts, {
    subject: `Reminder: your ${facts.appointmentTypeName} with ${facts.branding.studioName} ${day}`,
    lead: `This is a reminder of your ${facts.appointmentTypeName} with ${facts.branding.studioName} ${day}.`,
    calendarNote: null,
    closing: 'We look forward to seeing you.',
  });
}

/** To the studio: a booking was made, moved (give previousStart) or cancelled. */
export function studioBookingNotice(kind: StudioNoticeKind, facts: AppointmentMailFacts, previousStart?: Date): OutgoingMail {
  const when = formatAppointmentTime(facts.start, facts.timeZone);
  const name = fullName(facts);
  const what = {
    booked: { title: 'New booking', sentence: `${name} booked a ${facts.appointmentTypeName}.` },
    rescheduled: { title: 'Rescheduled', sentence: `${name} moved their ${facts.appointmentTypeName}.` },
    cancelled: { title: 'Cancelled', sentence: `The ${facts.appointmentTypeName} of ${name} was cancelled; the time is free again.` },
  }[kind];
  return brandedMail(facts.studioEmail, facts.branding, {
    subject: `${what.title}: ${name}, ${facts.appointmentTypeName}, ${when}`,
    greeting: 'Hello studio,',
    paragraphs: [
      what.sentence,
      `When: ${when} (${durationText(facts.durationMinutes)})`,
      ...(kind === 'rescheduled' && previousStart ? [`Before: ${formatAppointmentTime(previousStart, facts.timeZone)}`] : []),
      `Where: ${where(facts)}`,
      `Customer: ${name}, ${facts.customer.email}${facts.phone ? `, ${facts.phone}` : ''}`,
      ...(facts.notes ? [`Notes: ${facts.notes}`] : []),
      `Invite: ${facts.inviteId}`,
    ],
    action: null,
    afterAction: 'This notice was sent by the booking system; the customer received their own mail.',
  });
}

/** The calendar file's event for a booking, in the words of the mails (pass it to appointmentCalendar). */
export function bookingCalendarEvent(
  facts: AppointmentMailFacts,
  options: { uid: string; sequence: number; method: CalendarEvent['method']; stamp?: Date },
): CalendarEvent {
  const link = facts.manageToken ? manageUrl(facts.publicUrl, facts.inviteId, facts.manageToken) : undefined;
  return {
    uid: options.uid,
    sequence: options.sequence,
    method: options.method,
    start: facts.start,
    end: new Date(facts.start.getTime() + facts.durationMinutes * 60_000),
    timeZone: facts.timeZone,
    summary: `${facts.appointmentTypeName} with ${facts.branding.studioName}`,
    description: [
      `${facts.appointmentTypeName} (${durationText(facts.durationMinutes)}) at ${where(facts)}.`,
      ...(link && options.method === 'REQUEST' ? [`Reschedule or cancel: ${link}`] : []),
    ].join('\n'),
    location: where(facts),
    organizer: { name: facts.branding.studioName, email: facts.studioEmail },
    attendee: { name: fullName(facts), email: facts.customer.email },
    ...(link && options.method === 'REQUEST' ? { url: link } : {}),
    ...(options.stamp ? { stamp: options.stamp } : {}),
  };
}

// ---------------------------------------------------------------------------------------------

interface CustomerMailWords {
  subject: string;
  lead: string;
  calendarNote: string | null;
  closing: string;
  cancelled?: boolean;
}

function customerMail(facts: AppointmentMailFacts, words: CustomerMailWords): OutgoingMail {
  const link = facts.manageToken ? manageUrl(facts.publicUrl, facts.inviteId, facts.manageToken) : null;
  const changes = words.cancelled
    ? []
    : link
      ? [
          facts.changeableUntil
            ? `You can reschedule or cancel online until ${formatAppointmentTime(facts.changeableUntil, facts.timeZone)}.`
            : 'You can reschedule or cancel online.',
        ]
      : [`To change this appointment, please contact ${facts.branding.studioName}${contactAddress(facts)}.`];
  return brandedMail(facts.customer.email, facts.branding, {
    subject: words.subject,
    greeting: facts.customer.firstName ? `Hi ${facts.customer.firstName},` : 'Hi,',
    paragraphs: [
      words.lead,
      `When: ${formatAppointmentTime(facts.start, facts.timeZone)} (${durationText(facts.durationMinutes)})`,
      `Where: ${where(facts)}`,
      `Appointment: ${facts.appointmentTypeName}`,
      ...(words.calendarNote ? [words.calendarNote] : []),
      ...changes,
    ],
    action: link ? { label: 'Reschedule or cancel', url: link } : null,
    afterAction: words.closing,
  });
}

function inZone(instant: Date, timeZone: string): DateTime {
  const dt = DateTime.fromJSDate(instant, { zone: timeZone }).setLocale('en-US');
  if (!dt.isValid) throw new Error(`Cannot show ${instant.toISOString()} in time zone ${timeZone}`);
  return dt;
}

function fullName(facts: AppointmentMailFacts): string {
  return `${facts.customer.firstName} ${facts.customer.lastName}`.trim();
}

function where(facts: AppointmentMailFacts): string {
  return facts.calendarName && facts.calendarName !== facts.location ? `${facts.calendarName}, ${facts.location}` : facts.location;
}

function contactAddress(facts: AppointmentMailFacts): string {
  const address = facts.branding.supportEmail ?? facts.studioEmail;
  return address ? ` at ${address}` : '';
}

function durationText(minutes: number): string {
  if (minutes % 60 === 0) return minutes === 60 ? '1 hour' : `${minutes / 60} hours`;
  return `${minutes} minutes`;
}
