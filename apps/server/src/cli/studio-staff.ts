import { parseArgs } from 'node:util';
import { USER_ROLES, type UserRole } from '@studio-gallery/contract';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Database } from '../db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { ActivityRepository } from '../modules/studio/activity.repository';
import { StudioRepository } from '../modules/studio/studio.repository';
import { type StaffInviter, StudioService } from '../modules/studio/studio.service';

export const STAFF_USAGE = `  npm run studio -- staff add <email> --role admin|staff|customer
  npm run studio -- staff list

Studio staff and admins (sign in on /login, land on /studio). add gives an activated account the role;
a new address, or an account never activated, gets an inactive account without a password and a staff
invitation mail with a link to set one (a password chosen at sign-up is dropped); --role customer takes
the studio away. The activity log records the change with the studio CLI as its actor. list prints them.`;

/** A wrong command line: studio.ts prints it with the usage. */
export class StaffUsageError extends Error {}

export interface StaffCommandContext {
  db: Kysely<Database>;
  /** Creates the account of a new address and mails the staff invitation (StaffInvitations). */
  inviter: StaffInviter;
  clock: Clock;
  /** Where the answer goes (stdout); messages go to stderr. */
  out?: (line: string) => void;
  err?: (line: string) => void;
}

/** `staff add <email> --role …` and `staff list`; the CLI acts as the studio (actor null in the log). */
export async function runStaff(argv: string[], context: StaffCommandContext): Promise<number> {
  const out = context.out ?? ((line: string) => process.stdout.write(`${line}\n`));
  const err = context.err ?? ((line: string) => process.stderr.write(`${line}\n`));
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { role: { type: 'string' } } });
  const [action, email, ...extra] = positionals;
  const studio = new StudioService(new StudioRepository(context.db), new ActivityRepository(context.db), context.inviter, context.clock);
  try {
    switch (action) {
      case 'add': {
        if (!email || extra.length > 0) throw new StaffUsageError('staff add takes one email');
        if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new StaffUsageError(`${email} is not an email address`);
        const role = values.role as UserRole | undefined;
        if (!role || !USER_ROLES.includes(role)) throw new StaffUsageError('--role admin|staff|customer is required');
        const result = await studio.setRole(null, email, role);
        err(`${result.user.email} is now ${role}${result.invited ? ' (invited: a mail with a link to set a password was sent)' : ''}.`);
        out(String(result.user.id));
        return 0;
      }
      case 'list': {
        if (email !== undefined || values.role !== undefined) throw new StaffUsageError('staff list takes no arguments');
        const staff = await studio.staff();
        if (staff.length === 0) err('No studio staff yet: npm run studio -- staff add <email> --role admin');
        for (const member of staff) {
          out(`${member.id}\t${member.role}\t${member.activated ? 'active' : 'invited'}\t${member.email}\t${`${member.firstName} ${member.lastName}`.trim()}`);
        }
        return 0;
      }
      default:
        throw new StaffUsageError('staff takes add or list');
    }
  } catch (error) {
    if (error instanceof ConflictError || error instanceof NotFoundError || error instanceof ValidationError) throw new StaffUsageError(error.message);
    throw error;
  }
}
