import {
  DEFAULT_STUDIO_TIME_ZONE,
  type StudioActivityResponse,
  type StudioBooking,
  type StudioBookingsResponse,
  type StudioCustomersResponse,
  type StudioMe,
  type StudioStaffMember,
  type StudioStaffResult,
  type StudioTodayResponse,
  type UserRole,
  isStudioRole,
  messages,
  normalizeEmail,
} from '@studio-gallery/contract';
import { DateTime } from 'luxon';
import type { Clock } from '../../clock';
import { type UserRow, fromFlag } from '../../db/schema';
import { ConflictError, ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../../errors';
import type { ActivityActor, ActivityRepository } from './activity.repository';
import type { StudioBookingRow, StudioRepository } from './studio.repository';

/** Who may call a studio operation: every studio user, or admins only. */
export type StudioLevel = 'staff' | 'admin';

/** Creates (or finds) an account by e-mail, and invites it into the studio (StaffInvitations). */
export interface StaffInviter {
  findOrCreate(email: string): Promise<{ user: UserRow; created: boolean }>;
  /**
   * For an account never activated, in one transaction: drops any sign-up password, activation links
   * and sessions, gives it `role` and mails a staff invitation whose link leads to set-password. The
   * updated user; null when the account was activated meanwhile (then nothing was done).
   */
  inviteToStudio(user: UserRow, role: 'staff' | 'admin'): Promise<UserRow | null>;
}

/** Activity only admins may read in full: staff see that it happened, not the coupon or who was made what. */
const ADMIN_ONLY_ACTIVITY: { prefix: string; subject: string }[] = [
  { prefix: 'coupon.', subject: 'a coupon' },
  { prefix: 'staff.', subject: 'a studio member' },
];

/** The studio dashboard's calls (issue 15 §1): roles, activity, home screen, customers, bookings, staff. */
export class StudioService {
  constructor(
    private readonly studio: StudioRepository,
    private readonly activity: ActivityRepository,
    private readonly inviter: StaffInviter,
    private readonly clock: Clock,
  ) {}

  /**
   * The caller's role when it reaches `level`; else 403 (401 when the account is gone). Read from the
   * database on every call, so a demoted user loses the studio at once.
   */
  async authorize(userId: number, level: StudioLevel): Promise<'staff' | 'admin'> {
    const role = await this.studio.roleOf(userId);
    if (role === null) throw new UnauthorizedError(messages.unauthorized);
    if (!isStudioRole(role) || (level === 'admin' && role !== 'admin')) throw new ForbiddenError(messages.forbidden);
    return role;
  }

  async me(userId: number): Promise<StudioMe> {
    const user = await this.studio.findUser(userId);
    if (!user || !isStudioRole(user.role)) throw new ForbiddenError(messages.forbidden);
    return { id: user.id, email: user.email, firstName: user.first_name, lastName: user.last_name, role: user.role };
  }

  /**
   * A page of the activity log, as the studio user `viewerId` may read it: staff get the entries about
   * coupons and roles without their subject and details (the coupons and the staff list are the
   * admins'), so the log does not leak codes, percentages, limits or who holds which role.
   */
  async activityPage(viewerId: number, page: number, pageSize: number): Promise<StudioActivityResponse> {
    const [viewerRole, result] = await Promise.all([this.authorize(viewerId, 'staff'), this.activity.page(page, pageSize)]);
    if (viewerRole === 'admin') return result;
    return {
      ...result,
      items: result.items.map((item) => {
        const hidden = ADMIN_ONLY_ACTIVITY.find((kind) => item.action.startsWith(kind.prefix));
        return hidden ? { ...item, subject: hidden.subject, details: { redacted: true } } : item;
      }),
    };
  }

  /** The studio's time zone: the first active calendar's (default America/Chicago). */
  async timeZone(): Promise<string> {
    return (await this.studio.calendars())[0]?.time_zone ?? DEFAULT_STUDIO_TIME_ZONE;
  }

  /** The home screen but for the expiring galleries (the gallery lifecycle's; the route adds them). */
  async today(): Promise<Omit<StudioTodayResponse, 'expiringGalleries'>> {
    const now = this.clock();
    // The counts do not need the studio's day: they run beside the day's bookings, not after them.
    const todaysBookings = async () => {
      const timeZone = await this.timeZone();
      const start = DateTime.fromJSDate(now, { zone: timeZone }).startOf('day');
      return { timeZone, start, rows: await this.studio.bookings(utcIso(start), utcIso(start.plus({ days: 1 }))) };
    };
    const [{ timeZone, start, rows }, ordersDue, newActivity] = await Promise.all([
      todaysBookings(),
      this.studio.ordersDue(),
      this.activity.countSince(new Date(now.getTime() - 24 * 3600_000)),
    ]);
    return { date: start.toISODate() ?? '', timeZone, bookings: rows.map(toStudioBooking), ordersDue, newActivity };
  }

  customers(search: string | undefined, page: number, pageSize: number): Promise<StudioCustomersResponse> {
    return this.studio.customers(search || undefined, page, pageSize);
  }

  /** The bookings of `days` days from `from` (each calendar's wall clock), per calendar and day. */
  async bookings(query: { calendarId?: number; from?: string; days: number }): Promise<StudioBookingsResponse> {
    const calendars = await this.studio.calendars(query.calendarId);
    if (query.calendarId !== undefined && calendars.length === 0) throw new NotFoundError('No such calendar');
    const fallbackZone = calendars[0]?.time_zone ?? DEFAULT_STUDIO_TIME_ZONE;
    const from = query.from ?? DateTime.fromJSDate(this.clock(), { zone: fallbackZone }).toISODate() ?? '';
    if (!DateTime.fromISO(from).isValid) throw new ValidationError('Use a real date as YYYY-MM-DD');
    const result: StudioBookingsResponse = { from, days: query.days, calendars: [] };
    for (const calendar of calendars) {
      const first = DateTime.fromISO(from, { zone: calendar.time_zone }).startOf('day');
      const rows = await this.studio.bookings(utcIso(first), utcIso(first.plus({ days: query.days })), calendar.id);
      const days = Array.from({ length: query.days }, (_, i) => ({ date: first.plus({ days: i }).toISODate() ?? '', bookings: [] as StudioBooking[] }));
      for (const row of rows) {
        const date = DateTime.fromISO(row.starts_at, { zone: calendar.time_zone }).toISODate();
        days.find((day) => day.date === date)?.bookings.push(toStudioBooking(row));
      }
      result.calendars.push({ calendarId: calendar.id, calendarName: calendar.name, timeZone: calendar.time_zone, days });
    }
    return result;
  }

  async staff(): Promise<StudioStaffMember[]> {
    return (await this.studio.staff()).map(toStaffMember).filter((member): member is StudioStaffMember => member !== null);
  }

  /**
   * Gives the user of `email` a role (admin's call, or the CLI's with a null actor); a new address is
   * invited (an inactive account and a mail with a link to set a password). An existing account that
   * was never activated is invited the same way: its sign-up password and activation links are not
   * trusted (StaffInvitations), and adding it again re-sends the invitation. An admin cannot change
   * their own role, and the last admin stays one. Recorded in the activity log.
   */
  async setRole(actor: ActivityActor, emailInput: string, role: UserRole): Promise<StudioStaffResult> {
    const email = normalizeEmail(emailInput);
    const existing = await this.studio.findUserByEmail(email);
    if (existing && actor && existing.id === actor.id && existing.role !== role) throw new ConflictError('You cannot change your own role');
    if (existing?.role === 'admin' && role !== 'admin' && (await this.studio.adminCount()) <= 1) {
      throw new ConflictError('The studio needs at least one admin');
    }
    if (!existing && role === 'customer') throw new NotFoundError('No account with this email address');
    const { user } = existing ? { user: existing } : await this.inviter.findOrCreate(email);
    const previous = user.role;
    // Never activated: the role comes with a staff invitation, and without whatever password a sign-up chose.
    const invitedAs = isStudioRole(role) && !fromFlag(user.activated) ? await this.inviter.inviteToStudio(user, role) : null;
    const invited = invitedAs !== null;
    const updated = invitedAs ?? (previous === role ? user : await this.studio.setRole(user.id, role, this.clock()));
    if (previous !== role || invited) {
      await this.activity.recordActivity(actor, 'staff.role', email, { userId: updated.id, from: previous, to: role, invited }, this.clock());
    }
    return {
      user: { id: updated.id, email: updated.email, firstName: updated.first_name, lastName: updated.last_name, role: updated.role, activated: fromFlag(updated.activated) },
      invited,
    };
  }
}

function utcIso(time: DateTime): string {
  return time.toJSDate().toISOString();
}

function toStudioBooking(row: StudioBookingRow): StudioBooking {
  const start = DateTime.fromISO(row.starts_at, { zone: row.time_zone });
  const end = DateTime.fromISO(row.ends_at, { zone: row.time_zone });
  return {
    id: Number(row.id),
    time: start.toISO() ?? row.starts_at,
    endTime: end.toISO() ?? row.ends_at,
    label: start.toFormat('h:mm a'),
    calendarId: Number(row.calendar_id),
    calendarName: row.calendar_name,
    typeName: row.type_name,
    customerName: `${row.first_name} ${row.last_name}`.trim(),
    email: row.email,
    status: row.status,
  };
}

function toStaffMember(user: UserRow): StudioStaffMember | null {
  if (!isStudioRole(user.role)) return null;
  return { id: user.id, email: user.email, firstName: user.first_name, lastName: user.last_name, role: user.role, activated: fromFlag(user.activated) };
}
