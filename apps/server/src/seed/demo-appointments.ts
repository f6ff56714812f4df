import { DEFAULT_STUDIO_TIME_ZONE } from '@studio-gallery/contract';
import type { Clock } from '../clock';
import type { AccountsRepository } from '../modules/accounts/accounts.repository';
import type { AppointmentsRepository } from '../modules/appointments/appointments.repository';
import { DEMO_CUSTOMER } from './demo-customer';

/**
 * The demo invite's id: fixed (like the demo visitor session's code) so the README and end-to-end
 * tests can name it. Demo data only; real invites get random ids.
 */
export const DEMO_INVITE_ID = 'demo-headshot-invite-2026';

const DEMO_CALENDARS = [
  { name: 'Downtown studio', location: 'Booth 1, 120 W Madison St, Chicago, IL' },
  { name: 'Northside studio', location: '4200 N Lincoln Ave, Chicago, IL' },
];

const DEMO_TYPES = [
  { name: 'Headshot', duration_minutes: 20, capacity: 1, price_cents: 7500 },
  { name: 'Team headshot day', duration_minutes: 10, capacity: 3, price_cents: 0 },
];

/** Monday–Friday, 09:00–17:00 (the studio's wall clock). */
const WEEKDAYS = [1, 2, 3, 4, 5];
const OPENS = 9 * 60;
const CLOSES = 17 * 60;

/**
 * Demo booking data (DEMO_DATA on): two calendars open on weekdays, the types "Headshot" (20 minutes,
 * one person) and "Team headshot day" (10 minutes, three at once), and an open invite of the demo
 * customer for a headshot. Added only to a database without calendars; the invite only when missing.
 * Answers the demo invite's id, or null when the demo customer does not exist.
 */
export async function seedDemoAppointments(repository: AppointmentsRepository, accounts: AccountsRepository, clock: Clock): Promise<string | null> {
  const now = clock().toISOString();
  if ((await repository.listCalendars()).length === 0) {
    for (const calendar of DEMO_CALENDARS) {
      const row = await repository.insertCalendar({ ...calendar, time_zone: DEFAULT_STUDIO_TIME_ZONE, created_at: now });
      await repository.setHours(row.id, WEEKDAYS, OPENS, CLOSES);
    }
  }
  for (const type of DEMO_TYPES) {
    if (!(await repository.findTypeByName(type.name))) {
      await repository.insertType({ ...type, minimum_notice_hours: 2, booking_window_days: 60, change_cutoff_hours: 24, created_at: now });
    }
  }
  if (await repository.findInvite(DEMO_INVITE_ID)) return DEMO_INVITE_ID;
  const customer = await accounts.findByEmail(DEMO_CUSTOMER.email);
  const headshot = await repository.findTypeByName('Headshot');
  if (!customer || !headshot) return null;
  await repository.insertInvite({ id: DEMO_INVITE_ID, userId: customer.id, appointmentTypeId: headshot.id, calendarIds: null, expiresAt: null, createdAt: now });
  return DEMO_INVITE_ID;
}
