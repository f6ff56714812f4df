import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { systemClock } from '../clock';
import type { Database } from '../db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import type { MailQueue } from '../mail/outbox';
import { AccountMails } from '../modules/accounts/account-mails';
import { AccountsRepository } from '../modules/accounts/accounts.repository';
import { CustomerInvitations } from '../modules/accounts/customer-invitations';
import { AppointmentsRepository } from '../modules/appointments/appointments.repository';
import { AppointmentsStudio, parseWeekdays } from '../modules/appointments/appointments-studio';
import type { BrandingService } from '../modules/branding/branding.service';

/** The studio CLI's appointment commands (studio.ts dispatches `invite`, `calendars`, `appointment-types`). */
export const APPOINTMENT_USAGE = `  npm run studio -- invite --email <customer> --type <name or id> [--calendar <id or name> ...]
                       [--expires-days 30] [--name "First Last"]

Creates an appointment invite (the customer too when new), mails its link and prints it
(PUBLIC_URL/appointment?id=...). --calendar restricts where it may be booked (repeat it; default: every
active calendar); --expires-days 0 means it never expires.

  npm run studio -- calendars list
  npm run studio -- calendars add --name <name> --location <where> [--time-zone America/Chicago]
  npm run studio -- calendars hours <calendar> --weekday 1-5 --from 09:00 --to 17:00
  npm run studio -- calendars closed <calendar> --date YYYY-MM-DD
  npm run studio -- calendars open <calendar> --date YYYY-MM-DD --from 10:00 --to 14:00

Calendars are booths or rooms at a location, each with the studio's time zone. hours sets the weekly
opening hours of the given weekdays (1 = Monday ... 7 = Sunday); closed and open set one date's exception.

  npm run studio -- appointment-types list
  npm run studio -- appointment-types add --name <name> --duration <minutes> --capacity <people>
                       [--buffer-before <min>] [--buffer-after <min>] [--notice-hours <h>]
                       [--window-days <days>] [--cutoff-hours <h>] [--price <dollars>]`;

interface AppointmentStudioContext {
  config: { publicUrl: string };
  db: Kysely<Database>;
  outbox: MailQueue;
  branding: BrandingService;
}

export interface AppointmentCommandDependencies {
  withStudio: <T>(run: (context: AppointmentStudioContext) => Promise<T>) => Promise<T>;
  usageError: (message: string) => Error;
}

function studioOf({ config, db, outbox, branding }: AppointmentStudioContext): AppointmentsStudio {
  const customers = new CustomerInvitations(new AccountsRepository(db), new AccountMails(outbox, branding, config.publicUrl), systemClock);
  return new AppointmentsStudio(new AppointmentsRepository(db), customers, outbox, branding, config.publicUrl, systemClock);
}

const minutesText = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

export async function runAppointmentCommand(command: 'invite' | 'calendars' | 'appointment-types', argv: string[], deps: AppointmentCommandDependencies): Promise<number> {
  const usage = deps.usageError;
  const whole = (value: string | undefined, what: string): number | undefined => {
    if (value === undefined) return undefined;
    if (!/^\d+$/.test(value)) throw usage(`${what} must be a whole number`);
    return Number(value);
  };
  const run = <T>(work: (studio: AppointmentsStudio) => Promise<T>) =>
    deps.withStudio(async (context) => {
      try {
        return await work(studioOf(context));
      } catch (error) {
        if (error instanceof NotFoundError || error instanceof ValidationError || error instanceof ConflictError) throw usage(error.message);
        throw error;
      }
    });

  if (command === 'invite') {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        email: { type: 'string' },
        type: { type: 'string' },
        calendar: { type: 'string', multiple: true },
        'expires-days': { type: 'string' },
        name: { type: 'string' },
      },
    });
    if (positionals.length > 0) throw usage('invite takes only options');
    if (!values.email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email)) throw usage('--email <customer> is required and must be an email address');
    if (!values.type) throw usage('--type <name or id> is required');
    const expires = whole(values['expires-days'], '--expires-days');
    return run(async (studio) => {
      const created = await studio.invite({
        email: values.email as string,
        type: values.type as string,
        calendars: values.calendar ?? [],
        expiresDays: expires === undefined ? 30 : expires === 0 ? null : expires,
        ...(values.name ? { name: values.name } : {}),
      });
      process.stderr.write(
        `Invite for ${created.customer.email}${created.customerCreated ? ' (new customer)' : ''}` +
          `${created.invite.expires_at ? `, expires ${created.invite.expires_at}` : ''}; mailed. Its link:\n`,
      );
      process.stdout.write(`${created.link}\n`);
      return 0;
    });
  }

  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      location: { type: 'string' },
      'time-zone': { type: 'string' },
      weekday: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      date: { type: 'string' },
      duration: { type: 'string' },
      capacity: { type: 'string' },
      'buffer-before': { type: 'string' },
      'buffer-after': { type: 'string' },
      'notice-hours': { type: 'string' },
      'window-days': { type: 'string' },
      'cutoff-hours': { type: 'string' },
      price: { type: 'string' },
    },
  });
  const [action, argument, ...extra] = positionals;
  if (extra.length > 0) throw usage(`${command} takes one action and at most one argument`);

  if (command === 'calendars') {
    switch (action) {
      case 'list':
        return run(async (studio) => {
          const calendars = await studio.listCalendars();
          if (calendars.length === 0) process.stderr.write('No calendars yet: add one with `calendars add`.\n');
          for (const c of calendars) {
            const hours = await studio.hoursOf(c.id);
            const text = hours.map((h) => `${h.weekday} ${minutesText(h.start_minute)}-${minutesText(h.end_minute)}`).join(', ') || 'no hours';
            process.stdout.write(`${c.id}\t${c.active === 1 ? 'active' : 'inactive'}\t${c.name}\t${c.location}\t${c.time_zone}\t${text}\n`);
          }
          return 0;
        });
      case 'add':
        if (!values.name || !values.location) throw usage('calendars add needs --name and --location');
        return run(async (studio) => {
          const row = await studio.addCalendar({ name: values.name as string, location: values.location as string, ...(values['time-zone'] ? { timeZone: values['time-zone'] } : {}) });
          process.stderr.write(`Calendar "${row.name}" (${row.location}, ${row.time_zone}) added; its id:\n`);
          process.stdout.write(`${row.id}\n`);
          return 0;
        });
      case 'hours':
        if (!argument || !values.weekday || !values.from || !values.to) throw usage('calendars hours takes <calendar> --weekday 1-5 --from HH:MM --to HH:MM');
        return run(async (studio) => {
          const row = await studio.setHours(argument, parseWeekdays(values.weekday as string), values.from as string, values.to as string);
          process.stderr.write(`Calendar ${row.id} "${row.name}": weekdays ${values.weekday} open ${values.from}-${values.to}.\n`);
          return 0;
        });
      case 'closed':
      case 'open':
        if (!argument || !values.date) throw usage(`calendars ${action} takes <calendar> --date YYYY-MM-DD`);
        if (action === 'open' && (!values.from || !values.to)) throw usage('calendars open needs --from HH:MM --to HH:MM');
        return run(async (studio) => {
          const row = await studio.setDate(argument, values.date as string, action === 'open' ? { from: values.from as string, to: values.to as string } : null);
          process.stderr.write(`Calendar ${row.id} "${row.name}": ${values.date} ${action === 'open' ? `open ${values.from}-${values.to}` : 'closed'}.\n`);
          return 0;
        });
      default:
        throw usage('calendars takes list, add, hours, closed or open');
    }
  }

  switch (action) {
    case 'list':
      return run(async (studio) => {
        for (const t of await studio.listTypes()) {
          process.stdout.write(
            `${t.id}\t${t.name}\t${t.duration_minutes} min\tcapacity ${t.capacity}\tbuffers ${t.buffer_before_minutes}/${t.buffer_after_minutes} min\t` +
              `notice ${t.minimum_notice_hours} h\twindow ${t.booking_window_days} days\tcutoff ${t.change_cutoff_hours} h\t$${(t.price_cents / 100).toFixed(2)}\n`,
          );
        }
        return 0;
      });
    case 'add': {
      if (!values.name || !values.duration || !values.capacity) throw usage('appointment-types add needs --name, --duration and --capacity');
      if (values.price !== undefined && !/^\d+(\.\d{1,2})?$/.test(values.price)) throw usage('--price must be dollars, e.g. 75 or 75.50');
      const durationMinutes = whole(values.duration, '--duration') as number;
      const capacity = whole(values.capacity, '--capacity') as number;
      const optional = {
        bufferBeforeMinutes: whole(values['buffer-before'], '--buffer-before'),
        bufferAfterMinutes: whole(values['buffer-after'], '--buffer-after'),
        minimumNoticeHours: whole(values['notice-hours'], '--notice-hours'),
        bookingWindowDays: whole(values['window-days'], '--window-days'),
        changeCutoffHours: whole(values['cutoff-hours'], '--cutoff-hours'),
        priceCents: values.price === undefined ? undefined : Math.round(Number(values.price) * 100),
      };
      return run(async (studio) => {
        const row = await studio.addType({
          name: values.name as string,
          durationMinutes,
          capacity,
          ...Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined)),
        });
        process.stderr.write(`Appointment type "${row.name}" (${row.duration_minutes} min, capacity ${row.capacity}) added; its id:\n`);
        process.stdout.write(`${row.id}\n`);
        return 0;
      });
    }
    default:
      throw usage('appointment-types takes list or add');
  }
}
