import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import { systemClock } from '../clock';
import { ConfigError, loadConfig } from '../config';
import { createDb } from '../db/create-db';
import { migrateToLatest } from '../db/migrate';
import { createMailer } from '../mail/mailer';
import { AccountMails } from '../modules/accounts/account-mails';
import { AccountsRepository } from '../modules/accounts/accounts.repository';
import { CustomerInvitations } from '../modules/accounts/customer-invitations';
import { BrandingRepository } from '../modules/branding/branding.repository';
import { BrandingService } from '../modules/branding/branding.service';
import { GalleryRepository } from '../modules/gallery/gallery.repository';
import type { ImportOutcome, ImportSource } from '../modules/gallery/photo-import.service';
import { PhotoImportService } from '../modules/gallery/photo-import.service';
import { ShootImportService } from '../modules/gallery/shoot-import.service';
import { seedDatabase } from '../seed';
import { createStorage } from '../storage/create-storage';

const USAGE = `Usage:
  npm run studio -- import <folder> --email <customer> [--name "Session name"] [--date YYYY-MM-DD]
                       [--retouched <folder>] [--first-name <name>] [--last-name <name>] [--no-invite]

Imports every JPEG, PNG, WebP and TIFF photo of <folder> (judged by content, not by extension) into a
photo session of the customer, creating the customer (and mailing an invitation) when new. Retouched
versions in --retouched are matched by file name without extension. Running it again adds nothing twice.
Uses the server's configuration: DATA_DIR, DATABASE_URL, SMTP_URL, PUBLIC_URL.`;

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

/** What the mailer logs (mail sent, or written to the outbox) goes to stderr as plain lines. */
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

async function runImport(argv: string[]): Promise<number> {
  const args = parseImportArgs(argv);
  const photos = await filesOf(args.folder);
  const retouched = args.retouched ? await filesOf(args.retouched) : [];
  if (photos.length === 0) throw new UsageError(`no files in ${args.folder}`);

  const config = loadConfig(process.env);
  const db = createDb(config.database);
  const log = stderrLogger();
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox') }, log);
  try {
    await migrateToLatest(db);
    const storage = createStorage(config);
    // The studio's branding signs the invitation: make sure it exists on a fresh database.
    await seedDatabase({ db: db.kysely, storage, demoData: false, clock: systemClock });
    const branding = new BrandingService(new BrandingRepository(db.kysely));
    const invitations = new CustomerInvitations(new AccountsRepository(db.kysely), new AccountMails(mailer, branding, config.publicUrl), systemClock);
    const importer = new PhotoImportService(new GalleryRepository(db.kysely), storage, systemClock);
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
  } finally {
    mailer.close();
    await db.kysely.destroy();
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'import') return runImport(rest);
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
    else console.error('Import failed:', error);
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
