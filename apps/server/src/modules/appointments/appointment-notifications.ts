import type { Executor } from '../../db/transaction';
import type { MailAttachment, OutgoingMail } from '../../mail/mailer';
import type { MailQueue } from '../../mail/outbox';
import type { BrandingService } from '../branding/branding.service';
import {
  APPOINTMENT_ICS_FILENAME,
  type AppointmentMailFacts,
  bookingCalendarEvent,
  bookingCancelled,
  bookingConfirmation,
  bookingReminder,
  bookingRescheduled,
  studioBookingNotice,
} from './appointment-mails';
import type { AppointmentNotifications, BookingDetails } from './appointments.service';
import { appointmentCalendar } from './ical';

/**
 * The booking mails, queued in the mail outbox with the transaction of the booking change they
 * report: the customer's (with the .ics: METHOD:REQUEST when booked or moved, the same UID and a
 * raised SEQUENCE when moved, METHOD:CANCEL when cancelled) and the studio's notice per booking,
 * reschedule and cancel, to the studio's support address (nowhere when it has none).
 */
export class AppointmentMails implements AppointmentNotifications {
  constructor(
    private readonly outbox: MailQueue,
    private readonly branding: Pick<BrandingService, 'mailBranding'>,
    private readonly publicUrl: string,
    /** The sender's address: the calendar file's organizer when the studio has no support address. */
    private readonly senderAddress: string,
  ) {}

  async booked(details: BookingDetails, executor: Executor): Promise<void> {
    const facts = await this.facts(details, executor);
    const confirmation = withCalendar(bookingConfirmation(facts), this.ics(details, facts, 'REQUEST'), 'REQUEST');
    await this.outbox.enqueue({ ...confirmation, kind: 'booking-confirmation' }, executor);
    await this.toStudio(facts, executor, (f) => studioBookingNotice('booked', f));
  }

  async rescheduled(details: BookingDetails, previous: { startsAt: string }, executor: Executor): Promise<void> {
    const facts = await this.facts(details, executor);
    const previousStart = new Date(previous.startsAt);
    const moved = withCalendar(bookingRescheduled(facts, previousStart), this.ics(details, facts, 'REQUEST'), 'REQUEST');
    await this.outbox.enqueue({ ...moved, kind: 'booking-rescheduled' }, executor);
    await this.toStudio(facts, executor, (f) => studioBookingNotice('rescheduled', f, previousStart));
  }

  async cancelled(details: BookingDetails, executor: Executor): Promise<void> {
    const facts = await this.facts({ ...details, manageToken: null }, executor);
    const cancelled = withCalendar(bookingCancelled(facts), this.ics(details, facts, 'CANCEL'), 'CANCEL');
    await this.outbox.enqueue({ ...cancelled, kind: 'booking-cancelled' }, executor);
    await this.toStudio(facts, executor, (f) => studioBookingNotice('cancelled', f));
  }

  async reminder(details: BookingDetails, now: Date, executor: Executor): Promise<void> {
    await this.outbox.enqueue({ ...bookingReminder(await this.facts(details, executor), now), kind: 'booking-reminder' }, executor);
  }

  async calendarFile(details: BookingDetails): Promise<string> {
    const facts = await this.facts(details);
    return this.ics(details, facts, details.appointment.status === 'cancelled' ? 'CANCEL' : 'REQUEST');
  }

  /** The .ics, with a UID stable for the booking's life and its SEQUENCE. */
  private ics(details: BookingDetails, facts: AppointmentMailFacts, method: 'REQUEST' | 'CANCEL'): string {
    return appointmentCalendar(
      bookingCalendarEvent(facts, { uid: `appointment-${details.appointment.id}@${hostOf(this.publicUrl)}`, sequence: Number(details.appointment.sequence), method }),
    );
  }

  private async toStudio(facts: AppointmentMailFacts, executor: Executor, mail: (facts: AppointmentMailFacts) => OutgoingMail): Promise<void> {
    if (!facts.branding.supportEmail) return;
    await this.outbox.enqueue({ ...mail(facts), kind: 'booking-studio-notice' }, executor);
  }

  private async facts(details: BookingDetails, executor?: Executor): Promise<AppointmentMailFacts> {
    return this.factsWith(details, await this.branding.mailBranding(executor));
  }

  private factsWith(details: BookingDetails, branding: AppointmentMailFacts['branding']): AppointmentMailFacts {
    return {
      customer: details.customer,
      branding,
      studioEmail: branding.supportEmail ?? this.senderAddress,
      appointmentTypeName: details.type.name,
      durationMinutes: Number(details.type.duration_minutes),
      start: new Date(details.appointment.starts_at),
      timeZone: details.calendar.time_zone,
      calendarName: details.calendar.name,
      location: details.calendar.location,
      inviteId: details.inviteId,
      manageToken: details.manageToken,
      changeableUntil: details.changeableUntil,
      publicUrl: this.publicUrl,
      phone: details.appointment.phone,
      notes: details.appointment.notes,
    };
  }
}

function withCalendar(mail: OutgoingMail, ics: string, method: 'REQUEST' | 'CANCEL'): OutgoingMail {
  const attachment: MailAttachment = { filename: APPOINTMENT_ICS_FILENAME, content: ics, contentType: `text/calendar; charset=utf-8; method=${method}` };
  return { ...mail, attachments: [...(mail.attachments ?? []), attachment] };
}

function hostOf(publicUrl: string): string {
  try {
    return new URL(publicUrl).host || 'studio-gallery';
  } catch {
    return 'studio-gallery';
  }
}

/** `Studio Gallery <no-reply@example.com>` → `no-reply@example.com`. */
export function addressOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();
}
