import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { studioCouponRequest, studioPricesRequest } from '@studio-gallery/contract';
import type { z } from 'zod';
import { systemClock } from '../clock';
import { ConfigError, loadConfig } from '../config';
import { createDb } from '../db/create-db';
import type { Database } from '../db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { migrateToLatest } from '../db/migrate';
import { createMailer } from '../mail/mailer';
import { MailOutbox } from '../mail/outbox';
import { AccountMails } from '../modules/accounts/account-mails';
import { AccountsRepository } from '../modules/accounts/accounts.repository';
import { BackgroundsRepository } from '../modules/backgrounds/backgrounds.repository';
import { BackgroundsService } from '../modules/backgrounds/backgrounds.service';
import { CustomerInvitations } from '../modules/accounts/customer-invitations';
import { StaffInvitations } from '../modules/studio/staff-invitations';
import { BrandingRepository } from '../modules/branding/branding.repository';
import { BrandingService } from '../modules/branding/branding.service';
import { PricingRepository } from '../modules/commerce/pricing.repository';
import { StudioSettingsService } from '../modules/studio-settings/studio-settings.service';
import { ActivityRepository, recordActivity } from '../modules/studio/activity.repository';
import { GalleryRepository } from '../modules/gallery/gallery.repository';
import type { ImportOutcome, ImportSource } from '../modules/gallery/photo-import.service';
import { PhotoImportService } from '../modules/gallery/photo-import.service';
import { ShootImportService } from '../modules/gallery/shoot-import.service';
import { DeliveryRepository } from '../modules/orders/delivery.repository';
import { DeliveryService } from '../modules/orders/delivery.service';
import { OrderMails } from '../modules/orders/order-mails';
import { OrdersRepository } from '../modules/orders/orders.repository';
import { seedDatabase } from '../seed';
import { APPOINTMENT_USAGE, runAppointmentCommand } from './appointments';
import { BACKUP_USAGE, BackupUsageError, runBackupCommand, runRestoreCommand } from './backup';
import { createStorage } from '../storage/create-storage';
import { SURVEYS_USAGE, SurveysUsageError, runSurveys } from './studio-surveys';
import { STAFF_USAGE, StaffUsageError, runStaff } from './studio-staff';
import { STORAGE_USAGE, StorageUsageError, runStorage } from './storage';
import { BACKFILL_THUMBNAILS_USAGE, SWEEP_ORPHANS_USAGE, SweepOrphansUsageError, runBackfillThumbnails, runSweepOrphans } from './storage-maintenance';
import type { Storage } from '../storage/storage';

const USAGE = `Usage:
  npm run studio -- import <folder> --email <customer> [--name "Session name"] [--date YYYY-MM-DD]
                       [--retouched <folder>] [--first-name <name>] [--last-name <name>] [--no-invite]

Imports every JPEG, PNG, WebP and TIFF photo of <folder> (judged by content, not by extension) into a
photo session of the customer, creating the customer (and mailing an invitation) when new. Retouched
versions in --retouched are matched by file name without extension. Running it again adds nothing twice.

  npm run studio -- deliver <orderId> <folder>

Attaches the retouched files of <folder> to the photos of order <orderId> (123 or SP-123), matched by
file name without extension, marks the order delivered once every photo has its file, and mails the
customer. Run it again with the missing files to finish a partial delivery.

  npm run studio -- prices [--touch-up <dollars>] [--background <dollars>] [--turnaround <hours>] [--tax <percent>]

Sets (and prints) the studio's retouching prices, turnaround (1 to 720 hours) and sales tax (at most
2 decimals); with no option, prints them. The same rules as the dashboard's /studio/prices.

  npm run studio -- coupon <CODE> --percent <n> [--expires YYYY-MM-DD] [--max-uses <n>] [--inactive]

Creates a coupon (code of letters, digits, - and _, saved upper-cased; percent 1 to 100). The same
rules as the dashboard's /studio/coupons, where coupons are also listed and switched off and on.

  npm run studio -- backgrounds list [--client <id>]
  npm run studio -- backgrounds add <file> --name <name> [--client <id>]
  npm run studio -- backgrounds disable <id> | enable <id> | remove <id>

The editor's studio backdrops (GET /api/background/background-images/by-client/{client}). add checks
the file by content (JPEG, PNG, WebP or TIFF) and stores a JPEG of at most 2400x3600 and a thumbnail;
--client is a corporate client's id (default: the studio's own). A client without listed backdrops
gets the studio's; a studio without any, five built-ins. disable hides one, enable shows it again,
remove deletes it and its files.

${SURVEYS_USAGE}

${STAFF_USAGE}

${APPOINTMENT_USAGE}

${STORAGE_USAGE}

${SWEEP_ORPHANS_USAGE}

${BACKFILL_THUMBNAILS_USAGE}

${BACKUP_USAGE}

Every command uses the server's configuration: DATA_DIR, DATABASE_URL, STORAGE (and S3_*), SMTP_URL, PUBLIC_URL.`;

class UsageError extends Error {}

interface ImportArgs {
  folder: string;
  email: string;
  name: string;
  date: string | null;
  retouched: string | null;
  firstName?: string;
  lastName?: string;
  invite: boolean;
}

function parseImportArgs(argv: string[]): ImportArgs {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      date: { type: 'string' },
      retouched: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      'no-invite': { type: 'boolean', default: false },
    },
  });
  const [folder, ...extra] = positionals;
  if (!folder || extra.length > 0) throw new UsageError('import takes exactly one folder');
  if (!values.email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email)) throw new UsageError('--email <customer> is required and must be an email address');
  if (values.date !== undefined && !isIsoDate(values.date)) throw new UsageError('--date must be a date as YYYY-MM-DD');
  const name = values.name?.trim() || path.basename(path.resolve(folder));
  return {
    folder: path.resolve(folder),
    email: values.email,
    name,
    date: values.date ?? null,
    retouched: values.retouched ? path.resolve(values.retouched) : null,
    firstName: values['first-name'],
    lastName: values['last-name'],
    invite: !values['no-invite'],
  };
}

function isIsoDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
}

/** Regular, visible files of a folder (not recursive). */
async function filesOf(folder: string): Promise<ImportSource[]> {
  let entries;
  try {
    entries = await fs.readdir(folder, { withFileTypes: true });
  } catch (error) {
    throw new UsageError(`cannot read the folder ${folder}: ${(error as Error).message}`);
  }
  return entries
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => ({ fileName: entry.name, read: () => fs.readFile(path.join(folder, entry.name)) }));
}

/** A progress bar on stderr (a line every 10 % when stderr is not a terminal). */
function progressBar(): (done: number, total: number, outcome: ImportOutcome) => void {
  const tty = process.stderr.isTTY;
  let lastTenth = -1;
  return (done, total, outcome) => {
    if (outcome.status === 'unreadable' || outcome.status === 'failed') {
      if (tty) process.stderr.write('\r\x1b[K');
      process.stderr.write(`  skipped ${outcome.fileName}: ${outcome.reason ?? outcome.status}\n`);
    }
    if (tty) {
      const width = 30;
      const filled = Math.round((done / total) * width);
      process.stderr.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} ${outcome.fileName.slice(0, 40)}\x1b[K`);
      if (done === total) process.stderr.write('\n');
    } else {
      const tenth = Math.floor((done / total) * 10);
      if (tenth !== lastTenth) {
        lastTenth = tenth;
        process.stderr.write(`${done}/${total} photos\n`);
      }
    }
  };
}

/** What the mailer and the mail outbox log (mail sent, or written to the outbox folder) goes to stderr as plain lines. */
function stderrLogger(): FastifyBaseLogger {
  const write = (level: string) => (objOrMessage: unknown, message?: string) => {
    const text = typeof objOrMessage === 'string' ? objOrMessage : (message ?? '');
    const details = typeof objOrMessage === 'object' && objOrMessage !== null ? ` ${JSON.stringify(objOrMessage)}` : '';
    process.stderr.write(`${level}: ${text}${details}\n`);
  };
  const noop = () => undefined;
  const logger = {
    level: 'info',
    fatal: write('fatal'),
    error: write('error'),
    warn: write('warn'),
    info: write('info'),
    debug: noop,
    trace: noop,
    silent: noop,
    child: () => logger,
  };
  // The mailer only calls info/warn/error; this is the subset of pino's interface it needs.
  return logger as unknown as FastifyBaseLogger;
}

interface StudioContext {
  config: ReturnType<typeof loadConfig>;
  db: Kysely<Database>;
  storage: Storage;
  /** The mail outbox, delivering at once (no job queue runs here); what fails is sent by the server's sweep. */
  outbox: MailOutbox;
  branding: BrandingService;
}

/** Opens what a studio command needs on the server's configuration, migrated and seeded, and closes it after. */
async function withStudio<T>(run: (context: StudioContext) => Promise<T>): Promise<T> {
  const config = loadConfig(process.env);
  const db = createDb(config.database);
  const log = stderrLogger();
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox') }, log);
  try {
    await migrateToLatest(db);
    const storage = createStorage(config);
    // The studio's branding signs the mails and its prices price the orders: make sure they exist.
    await seedDatabase({ db: db.kysely, storage, demoData: false, clock: systemClock });
    const branding = new BrandingService(new BrandingRepository(db.kysely));
    const outbox = new MailOutbox({ db: db.kysely, transport: mailer, delivery: 'inline', clock: systemClock, log, from: config.mailFrom, settings: config.mail });
    return await run({ config, db: db.kysely, storage, outbox, branding });
  } finally {
    mailer.close();
    await db.kysely.destroy();
  }
}

async function runImport(argv: string[]): Promise<number> {
  const args = parseImportArgs(argv);
  const photos = await filesOf(args.folder);
  const retouched = args.retouched ? await filesOf(args.retouched) : [];
  if (photos.length === 0) throw new UsageError(`no files in ${args.folder}`);

  return withStudio(async ({ config, db, storage, outbox, branding }) => {
    const invitations = new CustomerInvitations(new AccountsRepository(db), new AccountMails(outbox, branding, config.publicUrl), systemClock);
    const importer = new PhotoImportService(new GalleryRepository(db), storage, systemClock);
    const shoots = new ShootImportService(invitations, importer);
    process.stderr.write(`Importing ${photos.length} files from ${args.folder}${retouched.length ? ` (+ ${retouched.length} retouched)` : ''}\n`);
    const result = await shoots.importShoot({
      email: args.email,
      firstName: args.firstName,
      lastName: args.lastName,
      sessionName: args.name,
      sessionDate: args.date,
      photos,
      retouched,
      invite: args.invite,
      onProgress: progressBar(),
    });

    const count = (...statuses: ImportOutcome['status'][]) => result.outcomes.filter((o) => statuses.includes(o.status)).length;
    const matched = new Set(result.outcomes.map((o) => o.fileName.replace(/\.[^.]*$/, '').toLowerCase()));
    const unmatched = retouched.filter((r) => !matched.has(r.fileName.replace(/\.[^.]*$/, '').toLowerCase()));
    const summary = [
      `Customer: ${result.customer.email}${result.customerCreated ? ' (new account)' : ''}${result.invited ? ', invitation mailed' : ''}`,
      `Session: "${result.session.name}" on ${result.session.session_date}${result.sessionCreated ? ' (new)' : ' (existing: added to it)'}`,
      `Photos: ${count('imported')} imported, ${count('duplicate')} already there, ${count('retouch-attached')} retouches attached, ${count('unreadable')} unreadable, ${count('failed')} failed`,
      ...(unmatched.length ? [`Retouched files with no matching photo: ${unmatched.map((u) => u.fileName).join(', ')}`] : []),
    ];
    process.stderr.write(`${summary.join('\n')}\nSession code:\n`);
    // The code alone on stdout, so scripts can capture it.
    process.stdout.write(`${result.session.code}\n`);
    return count('failed') > 0 ? 1 : 0;
  });
}

async function runDeliver(argv: string[]): Promise<number> {
  const { positionals } = parseArgs({ args: argv, allowPositionals: true, options: {} });
  const [orderArg, folder, ...extra] = positionals;
  const orderId = Number(String(orderArg ?? '').replace(/^SP-/i, ''));
  if (!Number.isInteger(orderId) || orderId <= 0 || !folder || extra.length > 0) {
    throw new UsageError('deliver takes an order id (123 or SP-123) and one folder');
  }
  const files = await filesOf(path.resolve(folder));
  if (files.length === 0) throw new UsageError(`no files in ${folder}`);

  return withStudio(async ({ config, db, storage, outbox, branding }) => {
    const delivery = new DeliveryService(
      new DeliveryRepository(db),
      new GalleryRepository(db),
      storage,
      new OrderMails(outbox, branding, config.publicUrl),
      (id, executor) => new OrdersRepository(executor).findOrder(id),
      systemClock,
    );
    let result;
    try {
      result = await delivery.deliver(orderId, files);
    } catch (error) {
      if (error instanceof NotFoundError) throw new UsageError(error.message);
      throw error;
    }
    const lines = [
      `Order SP-${orderId}: ${result.delivered.length} photo${result.delivered.length === 1 ? '' : 's'} delivered`,
      ...result.delivered.map((d) => `  ${d.photoName} <- ${d.fileName}`),
      ...(result.unreadable.length ? [`Unreadable: ${result.unreadable.map((u) => `${u.fileName} (${u.reason})`).join(', ')}`] : []),
      ...(result.unmatchedFiles.length ? [`Files matching no ordered photo: ${result.unmatchedFiles.join(', ')}`] : []),
      ...(result.missing.length ? [`Still missing: ${result.missing.join(', ')} (run deliver again with those files)`] : []),
      result.complete ? `The order is delivered${result.customerMailed ? '; the customer was mailed' : ''}.` : 'The order is not complete yet.',
    ];
    process.stderr.write(`${lines.join('\n')}\n`);
    return result.complete && result.unreadable.length === 0 ? 0 : 1;
  });
}

/** The first problem of a contract schema's parse, as a usage error naming the CLI option. */
function usageProblem(error: z.ZodError, options: Record<string, string>): UsageError {
  const issue = error.issues[0];
  const field = String(issue?.path[0] ?? '');
  return new UsageError(`${options[field] ?? field}: ${issue?.message ?? 'invalid value'}`);
}

/** A number option as typed ('' or missing: undefined; not a number: NaN, which the schema refuses). */
function numberOption(value: string | undefined): number | undefined {
  return value === undefined ? undefined : value.trim() === '' ? Number.NaN : Number(value);
}

async function runPrices(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { 'touch-up': { type: 'string' }, background: { type: 'string' }, turnaround: { type: 'string' }, tax: { type: 'string' } },
  });
  if (positionals.length > 0) throw new UsageError('prices takes only options');
  return withStudio(async ({ db }) => {
    // The same rules and service as the dashboard's PUT /api/studio/prices; options left out keep their value.
    const settings = new StudioSettingsService(new PricingRepository(db), new ActivityRepository(db), systemClock);
    const current = await settings.prices();
    const dollars = (value: number | null) => (value === null ? 'not set' : `$${value.toFixed(2)}`);
    const print = (p: typeof current) =>
      process.stderr.write(`Touch-up ${dollars(p.touchUpPrice)}, background ${dollars(p.backgroundPrice)}, turnaround ${p.turnaroundHours} hours, sales tax ${p.taxPercent}%\n`);
    if (Object.values(values).every((value) => value === undefined)) {
      print(current);
      return 0;
    }
    const wanted = {
      touchUpPrice: numberOption(values['touch-up']) ?? current.touchUpPrice,
      backgroundPrice: numberOption(values.background) ?? current.backgroundPrice,
      turnaroundHours: numberOption(values.turnaround) ?? current.turnaroundHours,
      taxPercent: numberOption(values.tax) ?? current.taxPercent,
    };
    const parsed = studioPricesRequest.safeParse(wanted);
    if (!parsed.success) throw usageProblem(parsed.error, { touchUpPrice: '--touch-up', backgroundPrice: '--background', turnaroundHours: '--turnaround', taxPercent: '--tax' });
    print(await settings.updatePrices(null, parsed.data));
    return 0;
  });
}

async function runCoupon(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { percent: { type: 'string' }, expires: { type: 'string' }, 'max-uses': { type: 'string' }, inactive: { type: 'boolean', default: false } },
  });
  const [code, ...extra] = positionals;
  if (!code || extra.length > 0) throw new UsageError('coupon takes one code of letters, digits, - and _');
  // The same rules and service as the dashboard's POST /api/studio/coupons.
  const parsed = studioCouponRequest.safeParse({
    code,
    percent: numberOption(values.percent),
    expiresOn: values.expires ?? null,
    maxUses: numberOption(values['max-uses']) ?? null,
    active: !values.inactive,
  });
  if (!parsed.success) throw usageProblem(parsed.error, { code: 'coupon <CODE>', percent: '--percent', expiresOn: '--expires', maxUses: '--max-uses' });
  const input = parsed.data;
  return withStudio(async ({ db }) => {
    const settings = new StudioSettingsService(new PricingRepository(db), new ActivityRepository(db), systemClock);
    let coupon;
    try {
      coupon = await settings.createCoupon(null, input);
    } catch (error) {
      if (error instanceof ConflictError) throw new UsageError(`the coupon ${input.code}: ${error.message}`);
      throw error;
    }
    process.stderr.write(
      `Coupon ${coupon.code}: ${coupon.percent}% off${input.expiresOn ? ` until ${input.expiresOn}` : ''}${coupon.maxUses ? `, ${coupon.maxUses} uses` : ''}${coupon.active ? '' : ' (inactive)'}\n`,
    );
    return 0;
  });
}

function parseId(value: string | undefined, what: string): number {
  const id = Number(value);
  if (value === undefined || !/^\d+$/.test(value) || !Number.isSafeInteger(id) || id <= 0) throw new UsageError(`${what} must be a positive whole number`);
  return id;
}

async function runBackgrounds(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { client: { type: 'string' }, name: { type: 'string' } },
  });
  const [action, argument, ...extra] = positionals;
  if (extra.length > 0) throw new UsageError('backgrounds takes one action and at most one argument');
  const clientId = values.client === undefined ? undefined : parseId(values.client, '--client');
  return withStudio(async ({ db, storage }) => {
    const backgrounds = new BackgroundsService(new BackgroundsRepository(db), storage, systemClock);
    try {
      switch (action) {
        case 'list': {
          if (argument !== undefined) throw new UsageError('backgrounds list takes only --client');
          const rows = await backgrounds.listForStudio(clientId);
          if (rows.length === 0) process.stderr.write('No backdrops: the editor shows the five built-ins.\n');
          for (const row of rows) {
            process.stdout.write(
              `${row.id}\tclient ${row.corporate_client_id}\t${row.status === 1 ? 'enabled' : 'disabled'}\t${row.width}x${row.height}\t${row.name}\n`,
            );
          }
          return 0;
        }
        case 'add': {
          if (!argument) throw new UsageError('backgrounds add takes one image file');
          if (!values.name?.trim()) throw new UsageError('--name <name> is required');
          let file: Buffer;
          try {
            file = await fs.readFile(path.resolve(argument));
          } catch (error) {
            throw new UsageError(`cannot read ${argument}: ${(error as Error).message}`);
          }
          const row = await backgrounds.add({ file, name: values.name, clientId });
          await recordActivity(db, null, 'backgrounds.add', `background:${row.id}`, { name: row.name, clientId: row.corporate_client_id });
          process.stderr.write(`Backdrop "${row.name}" added for client ${row.corporate_client_id} (${row.width}x${row.height}); its id:\n`);
          process.stdout.write(`${row.id}\n`);
          return 0;
        }
        case 'disable':
        case 'enable': {
          const row = await backgrounds.setEnabled(parseId(argument, `backgrounds ${action} <id>`), action === 'enable');
          await recordActivity(db, null, `backgrounds.${action}`, `background:${row.id}`, { name: row.name });
          process.stderr.write(`Backdrop ${row.id} "${row.name}" ${action}d.\n`);
          return 0;
        }
        case 'remove': {
          const row = await backgrounds.remove(parseId(argument, 'backgrounds remove <id>'));
          await recordActivity(db, null, 'backgrounds.remove', `background:${row.id}`, { name: row.name });
          process.stderr.write(`Backdrop ${row.id} "${row.name}" removed.\n`);
          return 0;
        }
        default:
          throw new UsageError('backgrounds takes list, add, disable, enable or remove');
      }
    } catch (error) {
      if (error instanceof NotFoundError || error instanceof ValidationError) throw new UsageError(error.message);
      throw error;
    }
  });
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'import') return runImport(rest);
  if (command === 'deliver') return runDeliver(rest);
  if (command === 'prices') return runPrices(rest);
  if (command === 'coupon') return runCoupon(rest);
  if (command === 'backgrounds') return runBackgrounds(rest);
  if (command === 'invite' || command === 'calendars' || command === 'appointment-types') {
    return runAppointmentCommand(command, rest, { withStudio, usageError: (message) => new UsageError(message) });
  }
  if (command === 'staff') {
    return withStudio(({ config, db, outbox, branding }) =>
      runStaff(rest, {
        db,
        inviter: new StaffInvitations(new AccountsRepository(db), new AccountMails(outbox, branding, config.publicUrl), systemClock),
        clock: systemClock,
      }),
    ).catch((error: unknown) => {
      throw error instanceof StaffUsageError ? new UsageError(error.message) : error;
    });
  }
  if (command === 'storage' && rest[0] === 'sweep-orphans') {
    return withStudio(({ db, storage }) => runSweepOrphans(rest.slice(1), { db, storage })).catch((error: unknown) => {
      throw error instanceof SweepOrphansUsageError ? new UsageError(error.message) : error;
    });
  }
  if (command === 'storage' && rest[0] === 'backfill-thumbnails') {
    return withStudio(({ db, storage }) => runBackfillThumbnails(rest.slice(1), { db, storage })).catch((error: unknown) => {
      throw error instanceof SweepOrphansUsageError ? new UsageError(error.message) : error;
    });
  }
  if (command === 'storage') {
    // Not withStudio: copying files needs no database.
    return runStorage(rest, process.env).catch((error: unknown) => {
      throw error instanceof StorageUsageError ? new UsageError(error.message) : error;
    });
  }
  if (command === 'surveys') {
    return withStudio(({ db }) => runSurveys(rest, db)).catch((error: unknown) => {
      throw error instanceof SurveysUsageError ? new UsageError(error.message) : error;
    });
  }
  if (command === 'backup' || command === 'restore') {
    // Not withStudio: a backup must not migrate or seed, and a restore goes into an empty data folder.
    return (command === 'backup' ? runBackupCommand(rest) : runRestoreCommand(rest)).catch((error: unknown) => {
      throw error instanceof BackupUsageError ? new UsageError(error.message) : error;
    });
  }
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    console.log(USAGE);
    return command === undefined ? 2 : 0;
  }
  throw new UsageError(`unknown command "${command}"`);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError) console.error(error.message);
    else if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
    else console.error('Failed:', error);
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
