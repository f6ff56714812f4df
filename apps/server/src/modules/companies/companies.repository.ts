import type { CompanyEmployee } from '@studio-gallery/contract';
import { type Kysely, type Transaction, sql } from 'kysely';
import type { CorporateClientRow, Database, NewCorporateClientRow } from '../../db/schema';
import { fromFlag } from '../../db/schema';
import { type ActivityActor, recordActivity } from '../studio/activity.repository';

/** A company's row with its host names and how many employees it has. */
export interface CompanyRecord {
  row: CorporateClientRow;
  hosts: string[];
  employeeCount: number;
}

/** What a company's employee is, for the lists, bulk invites and exports. */
export interface EmployeeRecord {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  activated: boolean;
}

/** A user found by e-mail, with the company they belong to (null: none). */
export interface UserByEmail {
  id: number;
  email: string;
  companyId: number | null;
}

/** One employee to write: a new account, or an existing one to attach. */
export interface EmployeeInput {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
}

/** An activity log entry to record in the same transaction as the change. */
export interface ActivityEntry {
  actor: ActivityActor;
  action: string;
  subject: string;
  details: Record<string, unknown>;
  at: Date;
}

export type CompanyChanges = Partial<
  Pick<NewCorporateClientRow, 'name' | 'base_url' | 'accent_color' | 'copyright' | 'tiktok_url' | 'instagram_url' | 'twitter_url' | 'youtube_url' | 'faqs_json' | 'support_email' | 'allow_full_resolution'>
>;

export type CompanyImageColumn = 'logo_dark_key' | 'logo_white_key' | 'background_key';

/** Rows of `IN (…)` lists per statement: well under SQLite's and PostgreSQL's parameter limits. */
const CHUNK = 500;

/** Which users count as a company's employees: its members, or for the studio itself its own customers. */
function employeesOf(company: Pick<CorporateClientRow, 'id' | 'is_default'>) {
  return fromFlag(company.is_default)
    ? sql<boolean>`(users.corporate_client_id is null and users.role = 'customer')`
    : sql<boolean>`users.corporate_client_id = ${company.id}`;
}

/** The SQL of companies (corporate_clients, their host names) and their employees (users.corporate_client_id). */
export class CompaniesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Every company, the studio first, then by name. */
  async list(): Promise<CompanyRecord[]> {
    const rows = await this.db.selectFrom('corporate_clients').selectAll().orderBy('is_default', 'desc').orderBy('name').orderBy('id').execute();
    const [hosts, counts] = await Promise.all([
      this.db.selectFrom('corporate_client_hosts').select(['corporate_client_id', 'host']).orderBy('id').execute(),
      this.db
        .selectFrom('users')
        .select((eb) => ['corporate_client_id', eb.fn.countAll<string | number>().as('n')])
        .where('corporate_client_id', 'is not', null)
        .groupBy('corporate_client_id')
        .execute(),
    ]);
    const own = rows.some((row) => fromFlag(row.is_default)) ? await this.countOwnCustomers() : 0;
    return rows.map((row) => ({
      row,
      hosts: hosts.filter((h) => h.corporate_client_id === row.id).map((h) => h.host),
      employeeCount: fromFlag(row.is_default) ? own : Number(counts.find((c) => c.corporate_client_id === row.id)?.n ?? 0),
    }));
  }

  async find(id: number): Promise<CompanyRecord | undefined> {
    const row = await this.db.selectFrom('corporate_clients').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    const [hosts, count] = await Promise.all([
      this.db.selectFrom('corporate_client_hosts').select('host').where('corporate_client_id', '=', id).orderBy('id').execute(),
      this.db.selectFrom('users').select((eb) => eb.fn.countAll<string | number>().as('n')).where(employeesOf(row)).executeTakeFirstOrThrow(),
    ]);
    return { row, hosts: hosts.map((h) => h.host), employeeCount: Number(count.n) };
  }

  private async countOwnCustomers(): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where(employeesOf({ id: 0, is_default: 1 }))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The `hosts` another company than `exceptId` already serves (its host names, or its base URL). */
  async hostsTaken(hosts: string[], exceptId: number | null): Promise<string[]> {
    if (hosts.length === 0) return [];
    let byHost = this.db.selectFrom('corporate_client_hosts').select('host').where('host', 'in', hosts);
    let byBaseUrl = this.db.selectFrom('corporate_clients').select('base_url as host').where('base_url', 'in', hosts);
    if (exceptId !== null) {
      byHost = byHost.where('corporate_client_id', '!=', exceptId);
      byBaseUrl = byBaseUrl.where('id', '!=', exceptId);
    }
    const rows = [...(await byHost.execute()), ...(await byBaseUrl.execute())];
    return [...new Set(rows.map((r) => r.host).filter((h): h is string => h !== null))];
  }

  /** Creates a company with its host names and records it, in one transaction. */
  async insert(company: NewCorporateClientRow, hosts: string[], activity: (id: number) => ActivityEntry): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx.insertInto('corporate_clients').values(company).returning('id').executeTakeFirstOrThrow();
      await replaceHosts(trx, id, hosts, company.created_at);
      await record(trx, activity(id));
      return id;
    });
  }

  /** Changes a company (and its host names when given) and records it, in one transaction. */
  async update(id: number, changes: CompanyChanges, hosts: string[] | undefined, now: Date, activity: ActivityEntry): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (Object.keys(changes).length > 0) await trx.updateTable('corporate_clients').set(changes).where('id', '=', id).execute();
      if (hosts !== undefined) await replaceHosts(trx, id, hosts, now.toISOString());
      await record(trx, activity);
    });
  }

  /** Points a branding image column at `key` (null: none) and records it; answers the key it replaced. */
  async setImage(id: number, column: CompanyImageColumn, key: string | null, activity: ActivityEntry): Promise<string | null> {
    return this.db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('corporate_clients').select(column).where('id', '=', id).executeTakeFirst();
      await trx.updateTable('corporate_clients').set({ [column]: key }).where('id', '=', id).execute();
      await record(trx, activity);
      return (before?.[column] as string | null | undefined) ?? null;
    });
  }

  /** A page of a company's employees matching `search` (email or names), by last then first name. */
  async employeesPage(company: Pick<CorporateClientRow, 'id' | 'is_default'>, search: string | undefined, page: number, pageSize: number): Promise<{ items: CompanyEmployee[]; total: number }> {
    let base = this.db.selectFrom('users').where(employeesOf(company));
    if (search) {
      const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      base = base.where(
        sql<boolean>`(users.email like ${pattern} escape '\\' or lower(users.first_name) like ${pattern} escape '\\' or lower(users.last_name) like ${pattern} escape '\\' or lower(users.first_name || ' ' || users.last_name) like ${pattern} escape '\\')`,
      );
    }
    const total = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .select(['users.id', 'users.email', 'users.first_name', 'users.last_name', 'users.contact_number', 'users.activated'])
      .orderBy(sql`lower(users.last_name)`)
      .orderBy(sql`lower(users.first_name)`)
      .orderBy('users.id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    return { total: Number(total.n), items: rows.map(toEmployee) };
  }

  /**
   * Every employee of a company (id, email, names, phone), by id: what bulk invites and the company
   * export start from.
   */
  async employees(companyId: number): Promise<EmployeeRecord[]> {
    const rows = await this.db
      .selectFrom('users')
      .select(['users.id', 'users.email', 'users.first_name', 'users.last_name', 'users.contact_number', 'users.activated'])
      .where('users.corporate_client_id', '=', companyId)
      .orderBy('users.id')
      .execute();
    return rows.map(toEmployee);
  }

  /** The users with these e-mails (lower case) and their companies. */
  async usersByEmail(emails: string[]): Promise<UserByEmail[]> {
    return usersByEmail(this.db, emails);
  }

  /**
   * Writes employees of a company in one transaction: existing accounts of no company are attached,
   * new ones made (inactive, no password, until invited). An email that belongs to another company
   * by now fails the whole write (`conflicts`). Records `activity` in the same transaction.
   */
  async addEmployees(
    companyId: number,
    employees: EmployeeInput[],
    now: Date,
    activity: (counts: { created: number; attached: number; alreadyMembers: number }) => ActivityEntry,
  ): Promise<{ created: number; attached: number; alreadyMembers: number; conflicts: string[]; users: Map<string, number> }> {
    return this.db.transaction().execute(async (trx) => {
      const found = new Map((await usersByEmail(trx, employees.map((e) => e.email))).map((u) => [u.email, u]));
      const conflicts = employees.filter((e) => {
        const user = found.get(e.email);
        return user !== undefined && user.companyId !== null && user.companyId !== companyId;
      });
      if (conflicts.length > 0) return { created: 0, attached: 0, alreadyMembers: 0, conflicts: conflicts.map((e) => e.email), users: new Map() };

      const timestamp = now.toISOString();
      const toAttach = employees.map((e) => found.get(e.email)).filter((u): u is UserByEmail => u !== undefined && u.companyId === null);
      for (let i = 0; i < toAttach.length; i += CHUNK) {
        const ids = toAttach.slice(i, i + CHUNK).map((u) => u.id);
        await trx.updateTable('users').set({ corporate_client_id: companyId, updated_at: timestamp }).where('id', 'in', ids).execute();
      }
      const toCreate = employees.filter((e) => !found.has(e.email));
      const users = new Map([...found.values()].map((u) => [u.email, u.id]));
      for (let i = 0; i < toCreate.length; i += CHUNK) {
        const inserted = await trx
          .insertInto('users')
          .values(
            toCreate.slice(i, i + CHUNK).map((e) => ({
              email: e.email,
              first_name: e.firstName,
              last_name: e.lastName,
              contact_number: e.phone,
              password_hash: null,
              activated: 0 as const,
              corporate_client_id: companyId,
              created_at: timestamp,
              updated_at: timestamp,
            })),
          )
          .returning(['id', 'email'])
          .execute();
        for (const row of inserted) users.set(row.email, row.id);
      }
      const counts = { created: toCreate.length, attached: toAttach.length, alreadyMembers: employees.length - toCreate.length - toAttach.length };
      await record(trx, activity(counts));
      return { ...counts, conflicts: [], users };
    });
  }

  async findEmployee(companyId: number, userId: number): Promise<EmployeeRecord | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select(['users.id', 'users.email', 'users.first_name', 'users.last_name', 'users.contact_number', 'users.activated'])
      .where('users.id', '=', userId)
      .where('users.corporate_client_id', '=', companyId)
      .executeTakeFirst();
    return row ? toEmployee(row) : undefined;
  }

  /** Takes a user out of a company (the account stays); false when they were not its employee. */
  async detachEmployee(companyId: number, userId: number, now: Date, activity: ActivityEntry): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('users')
        .set({ corporate_client_id: null, updated_at: now.toISOString() })
        .where('id', '=', userId)
        .where('corporate_client_id', '=', companyId)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await record(trx, activity);
      return true;
    });
  }
}

async function usersByEmail(db: Kysely<Database> | Transaction<Database>, emails: string[]): Promise<UserByEmail[]> {
  const unique = [...new Set(emails)];
  const found: UserByEmail[] = [];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const rows = await db
      .selectFrom('users')
      .select(['id', 'email', 'corporate_client_id'])
      .where('email', 'in', unique.slice(i, i + CHUNK))
      .execute();
    for (const row of rows) found.push({ id: Number(row.id), email: row.email, companyId: row.corporate_client_id === null ? null : Number(row.corporate_client_id) });
  }
  return found;
}

async function replaceHosts(trx: Transaction<Database>, companyId: number, hosts: string[], createdAt: string): Promise<void> {
  await trx.deleteFrom('corporate_client_hosts').where('corporate_client_id', '=', companyId).execute();
  if (hosts.length > 0) {
    await trx
      .insertInto('corporate_client_hosts')
      .values(hosts.map((host) => ({ corporate_client_id: companyId, host, created_at: createdAt })))
      .execute();
  }
}

function record(trx: Transaction<Database>, entry: ActivityEntry): Promise<void> {
  return recordActivity(trx, entry.actor, entry.action, entry.subject, entry.details, entry.at);
}

function toEmployee(row: { id: number; email: string; first_name: string; last_name: string; contact_number: string | null; activated: number }): EmployeeRecord {
  return {
    id: Number(row.id),
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.contact_number,
    activated: Number(row.activated) === 1,
  };
}
