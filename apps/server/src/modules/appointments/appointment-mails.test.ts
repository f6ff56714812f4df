import ical, { type VEvent } from 'node-ical';
import { describe, expect, it } from 'vitest';
import {
  type AppointmentMailFacts,
  bookingCalendarEvent,
  bookingCancelled,
  bookingConfirmation,
  bookingReminder,
  bookingRescheduled,
  formatAppointmentTime,
  manageUrl,
  studioBookingNotice,
} from './appointment-mails';
import { appointmentCalendar } from './ical';

const MANAGE = 'https://gallery.example.com/appointment?id=inv_AbC123&manage=tok_0123456789abcdef';

function facts(overrides: Partial<AppointmentMailFacts> = {}): AppointmentMailFacts {
  return {
    customer: { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com' },
    branding: { studioName: 'Lumen Studio', accentColor: '#7048E8', supportEmail: 'hello@lumen.example' },
    studioEmail: 'bookings@lumen.example',
    appointmentTypeName: 'Headshot',
    durationMinutes: 20,
    start: new Date('2026-03-09T14:00:00Z'), // 9:00 AM CDT, the Monday after the spring switch
    timeZone: 'America/Chicago',
    calendarName: 'Booth 1',
    location: 'Downtown Studio, 1 Main St, Chicago',
    inviteId: 'inv_AbC123',
    manageToken: 'tok_0123456789abcdef',
    changeableUntil: new Date('2026-03-08T14:00:00Z'),
    publicUrl: 'https://gallery.example.com/',
    ...overrides,
  };
}

describe('formatAppointmentTime', () => {
  it.each([
    ['2026-03-09T14:00:00Z', 'Monday, March 9, 2026 at 9:00 AM CDT'],
    ['2026-01-12T15:00:00Z', 'Monday, January 12, 2026 at 9:00 AM CST'],
    ['2026-03-08T08:00:00Z', 'Sunday, March 8, 2026 at 3:00 AM CDT'],
    ['2026-11-01T06:30:00Z', 'Sunday, November 1, 2026 at 1:30 AM CDT'],
    ['2026-11-01T07:30:00Z', 'Sunday, November 1, 2026 at 1:30 AM CST'],
    ['2026-07-13T19:40:00Z', 'Monday, July 13, 2026 at 2:40 PM CDT'],
  ])('%s is %s on the studio wall clock', (instant, text) => {
    expect(formatAppointmentTime(new Date(instant), 'America/Chicago')).toBe(text);
  });

  it('names other zones too', () => {
    expect(formatAppointmentTime(new Date('2026-03-09T14:00:00Z'), 'America/New_York')).toBe('Monday, March 9, 2026 at 10:00 AM EDT');
  });
});

describe('manageUrl', () => {
  it('builds the manage link, encoding its parts', () => {
    expect(manageUrl('https://gallery.example.com/', 'inv_AbC123', 'tok_0123456789abcdef')).toBe(MANAGE);
    expect(manageUrl('https://g.example', 'a b&c', 't/=')).toBe('https://g.example/appointment?id=a%20b%26c&manage=t%2F%3D');
  });
});

describe('bookingConfirmation', () => {
  it('tells the customer when (wall clock and zone), where, what, and links to reschedule or cancel until the cutoff', () => {
    const mail = bookingConfirmation(facts());
    expect(mail.to).toBe('ann@example.com');
    expect(mail.subject).toBe('Booked: your Headshot with Lumen Studio on Monday, March 9, 2026 at 9:00 AM CDT');
    expect(mail.text).toContain('Hi Ann,');
    expect(mail.text).toContain('When: Monday, March 9, 2026 at 9:00 AM CDT (20 minutes)');
    expect(mail.text).toContain('Where: Booth 1, Downtown Studio, 1 Main St, Chicago');
    expect(mail.text).toContain('Appointment: Headshot');
    expect(mail.text).toContain('appointment.ics');
    expect(mail.text).toContain('until Sunday, March 8, 2026 at 9:00 AM CDT');
    expect(mail.text).toContain(`Reschedule or cancel: ${MANAGE}`);
    expect(mail.links).toEqual([MANAGE]);
    expect(mail.html).toContain(`href="${MANAGE.replace(/&/g, '&#38;')}"`);
    expect(mail.html).toContain('Reschedule or cancel</a>');
    expect(mail.html).toContain('#7048E8');
    expect(mail.html).toContain('Monday, March 9, 2026 at 9:00 AM CDT');
  });

  it('has no links after the cutoff and names the studio to contact instead', () => {
    const mail = bookingConfirmation(facts({ manageToken: null }));
    expect(mail.links).toEqual([]);
    expect(mail.text).not.toContain('manage=');
    expect(mail.html).not.toContain('manage=');
    expect(mail.text).toContain('please contact Lumen Studio at hello@lumen.example');
  });

  it('escapes names and places in the HTML, and keeps them readable in the text', () => {
    const mail = bookingConfirmation(
      facts({
        customer: { firstName: '<b>Ann</b> & "Co"', lastName: 'Lee', email: 'ann@example.com' },
        branding: { studioName: "O'Hare <Studio>", accentColor: 'red;background:url(x)', supportEmail: null },
        location: '<script>alert(1)</script>',
        appointmentTypeName: 'Head & shoulders',
      }),
    );
    expect(mail.html).not.toContain('<b>Ann</b>');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<Studio>');
    expect(mail.html).toContain('&#60;b&#62;Ann&#60;/b&#62; &#38; &#34;Co&#34;');
    expect(mail.html).toContain('O&#39;Hare &#60;Studio&#62;');
    expect(mail.html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(mail.html).not.toContain('red;background');
    expect(mail.text).toContain('Hi <b>Ann</b> & "Co",');
    expect(mail.subject).toContain("Head & shoulders with O'Hare <Studio>");
  });
});

describe('bookingRescheduled', () => {
  it('names the old and the new time and keeps the manage link', () => {
    const mail = bookingRescheduled(facts({ start: new Date('2026-03-10T20:20:00Z') }), new Date('2026-03-09T14:00:00Z'));
    expect(mail.subject).toBe('Moved: your Headshot with Lumen Studio is now on Tuesday, March 10, 2026 at 3:20 PM CDT');
    expect(mail.text).toContain('was moved from Monday, March 9, 2026 at 9:00 AM CDT');
    expect(mail.text).toContain('When: Tuesday, March 10, 2026 at 3:20 PM CDT');
    expect(mail.text).toContain('update the appointment in your calendar');
    expect(mail.links).toEqual([MANAGE]);
  });
});

describe('bookingCancelled', () => {
  it('says which appointment was cancelled, with no manage link', () => {
    const mail = bookingCancelled(facts());
    expect(mail.subject).toBe('Cancelled: your Headshot with Lumen Studio on Monday, March 9, 2026 at 9:00 AM CDT');
    expect(mail.text).toContain('has been cancelled');
    expect(mail.text).toContain('removes the appointment from your calendar');
    expect(mail.text).toContain('contact Lumen Studio at hello@lumen.example');
    expect(mail.links).toEqual([]);
    expect(mail.html).not.toContain('manage=');
  });
});

describe('bookingReminder', () => {
  it('says "tomorrow" the day before on the studio calendar, with the time and zone', () => {
    // 8:00 PM CST on Sunday March 8 is already Monday in UTC; the appointment is still "tomorrow".
    const mail = bookingReminder(facts(), new Date('2026-03-09T01:00:00Z'));
    expect(mail.subject).toBe('Reminder: your Headshot with Lumen Studio tomorrow at 9:00 AM CDT');
    expect(mail.text).toContain('When: Monday, March 9, 2026 at 9:00 AM CDT');
    expect(mail.links).toEqual([MANAGE]);
  });

  it('says "today" on the day, and the date when further ahead', () => {
    expect(bookingReminder(facts(), new Date('2026-03-09T12:00:00Z')).subject).toContain('today at 9:00 AM CDT');
    expect(bookingReminder(facts(), new Date('2026-03-06T12:00:00Z')).subject).toContain('on Monday, March 9, 2026 at 9:00 AM CDT');
  });
});

describe('studioBookingNotice', () => {
  it('tells the studio who booked what, when and where', () => {
    const mail = studioBookingNotice('booked', facts({ phone: '555-0100', notes: 'Glasses & <hat>' }));
    expect(mail.to).toBe('bookings@lumen.example');
    expect(mail.subject).toBe('New booking: Ann Lee, Headshot, Monday, March 9, 2026 at 9:00 AM CDT');
    expect(mail.text).toContain('Customer: Ann Lee, ann@example.com, 555-0100');
    expect(mail.text).toContain('Notes: Glasses & <hat>');
    expect(mail.html).toContain('Notes: Glasses &#38; &#60;hat&#62;');
    expect(mail.text).toContain('Where: Booth 1, Downtown Studio');
    expect(mail.links).toEqual([]);
    expect(mail.text).not.toContain('manage=');
  });

  it('names the previous time of a reschedule, and says a cancel frees the time', () => {
    const moved = studioBookingNotice('rescheduled', facts({ start: new Date('2026-03-10T20:20:00Z') }), new Date('2026-03-09T14:00:00Z'));
    expect(moved.subject).toBe('Rescheduled: Ann Lee, Headshot, Tuesday, March 10, 2026 at 3:20 PM CDT');
    expect(moved.text).toContain('Before: Monday, March 9, 2026 at 9:00 AM CDT');
    const cancelled = studioBookingNotice('cancelled', facts());
    expect(cancelled.subject).toBe('Cancelled: Ann Lee, Headshot, Monday, March 9, 2026 at 9:00 AM CDT');
    expect(cancelled.text).toContain('the time is free again');
  });
});

describe('bookingCalendarEvent', () => {
  it('makes the calendar file of the mails: the booked time, summary, place and people', () => {
    const text = appointmentCalendar(bookingCalendarEvent(facts(), { uid: 'appointment-7@gallery.example.com', sequence: 0, method: 'REQUEST' }));
    const event = Object.values(ical.sync.parseICS(text)).find((c): c is VEvent => c.type === 'VEVENT')!;
    expect(event.start.toISOString()).toBe('2026-03-09T14:00:00.000Z');
    expect(event.end.toISOString()).toBe('2026-03-09T14:20:00.000Z');
    expect(event.summary).toBe('Headshot with Lumen Studio');
    expect(event.location).toBe('Booth 1, Downtown Studio, 1 Main St, Chicago');
    expect(event.description).toContain(`Reschedule or cancel: ${MANAGE}`);
    expect(text).toContain('ORGANIZER;CN="Lumen Studio":mailto:bookings@lumen.example');
  });

  it('leaves the manage link out of a cancel', () => {
    const event = bookingCalendarEvent(facts(), { uid: 'u@x', sequence: 2, method: 'CANCEL' });
    expect(event.url).toBeUndefined();
    expect(event.description).not.toContain('manage=');
  });
});
