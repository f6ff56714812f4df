// Reads the mails the server wrote to DATA_DIR/outbox/*.eml (no SMTP_URL in e2e runs).
import fs from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { dataDir } from './env';

export interface MailAttachment {
  filename: string;
  /** e.g. `text/calendar` (without parameters). */
  contentType: string;
  content: Buffer;
}

export interface Mail {
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link in the mail, HTML hrefs first, then links in the text part; unique, in order. */
  links: string[];
  to: string[];
  from: string;
  date: Date | undefined;
  /** The mail's attachments (e.g. an appointment's `appointment.ics`). */
  attachments: MailAttachment[];
  file: string;
}

export interface ReadMailOptions {
  /** How long to poll for a matching mail (ms). Default 15 s. */
  timeout?: number;
  /**
   * Mails returned once are not returned again by this worker (default true), so asking twice for
   * "the reset mail" gives the second one the second time.
   */
  consume?: boolean;
  /** Another server's data folder (default: this run's main server). */
  dataDir?: string;
}

const consumed = new Set<string>();
const cache = new Map<string, ParsedMail>();

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase())).filter(Boolean);
}

function decodeEntities(s: string): string {
  return s
    .replace(/&amp;/g, '&')
    .replace(/&#x2F;/gi, '/')
    .replace(/&#47;/g, '/')
    .replace(/&#x3D;/gi, '=')
    .replace(/&#61;/g, '=')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}

export function extractLinks(html: string, text: string): string[] {
  const found: string[] = [];
  for (const m of html.matchAll(/href\s*=\s*(["'])(.*?)\1/gi)) found.push(decodeEntities(m[2] ?? ''));
  for (const m of text.matchAll(/https?:\/\/[^\s<>"'\])]+/g)) found.push(m[0].replace(/[.,;:!?]+$/, ''));
  return [...new Set(found.filter((l) => /^https?:\/\//i.test(l)))];
}

async function parse(file: string): Promise<ParsedMail | undefined> {
  let stat;
  try {
    stat = await fs.stat(file);
  } catch {
    return undefined;
  }
  // A file still being written changes size/mtime; key the cache on both.
  const key = `${file}:${stat.size}:${stat.mtimeMs}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const parsed = await simpleParser(await fs.readFile(file));
  if (Date.now() - stat.mtimeMs > 300) cache.set(key, parsed);
  return parsed;
}

async function listOutbox(outbox: string): Promise<{ file: string; mtime: number }[]> {
  let names: string[];
  try {
    names = await fs.readdir(outbox);
  } catch {
    return [];
  }
  const files = await Promise.all(
    names
      .filter((n) => n.endsWith('.eml'))
      .map(async (n) => {
        const file = path.join(outbox, n);
        const stat = await fs.stat(file).catch(() => undefined);
        return { file, mtime: stat?.mtimeMs ?? 0 };
      }),
  );
  // Newest first; the name breaks ties (outbox names usually start with a timestamp).
  return files.sort((a, b) => b.mtime - a.mtime || b.file.localeCompare(a.file));
}

function toMail(file: string, parsed: ParsedMail): Mail {
  const html = typeof parsed.html === 'string' ? parsed.html : '';
  const text = parsed.text ?? '';
  return {
    subject: parsed.subject ?? '',
    text,
    html,
    links: extractLinks(html, text),
    to: addresses(parsed.to),
    from: parsed.from?.text ?? '',
    date: parsed.date,
    attachments: parsed.attachments.map((a) => ({ filename: a.filename ?? '', contentType: a.contentType, content: a.content })),
    file,
  };
}

/**
 * Waits for the newest not-yet-read mail to `to` whose subject contains `subjectMatch` (string,
 * case-insensitive) or matches it (RegExp), and returns it parsed.
 */
export async function readMail(to: string, subjectMatch: string | RegExp, options: ReadMailOptions = {}): Promise<Mail> {
  const { timeout = 15_000, consume = true } = options;
  const outbox = path.join(options.dataDir ?? dataDir(), 'outbox');
  const want = to.toLowerCase();
  const subjectOk = (s: string) =>
    typeof subjectMatch === 'string' ? s.toLowerCase().includes(subjectMatch.toLowerCase()) : subjectMatch.test(s);
  const deadline = Date.now() + timeout;
  let seen: string[];

  for (;;) {
    seen = [];
    for (const { file } of await listOutbox(outbox)) {
      if (consumed.has(file)) continue;
      const parsed = await parse(file).catch(() => undefined);
      if (!parsed) continue;
      const mail = toMail(file, parsed);
      seen.push(`  ${path.basename(file)}: to ${mail.to.join(', ') || '?'} — "${mail.subject}"`);
      if (mail.to.includes(want) && subjectOk(mail.subject)) {
        if (consume) consumed.add(file);
        return mail;
      }
    }
    if (Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `No mail to ${to} with subject ${String(subjectMatch)} in ${outbox} after ${timeout} ms.\n` +
      (seen.length ? `Unread mails there:\n${seen.join('\n')}` : 'The outbox has no unread mail.'),
  );
}

/** The attachment of `mail` named `filename`; throws listing the attachments otherwise. */
export function findAttachment(mail: Mail, filename: string): MailAttachment {
  const found = mail.attachments.find((a) => a.filename === filename);
  if (!found) throw new Error(`No attachment ${filename} in mail "${mail.subject}". Attachments: ${mail.attachments.map((a) => a.filename).join(', ') || '(none)'}`);
  return found;
}

/** The first link in `mail` matching `pattern` (e.g. /\/active-account\//); throws listing the links otherwise. */
export function findLink(mail: Mail, pattern: RegExp | string): string {
  const link = mail.links.find((l) => (typeof pattern === 'string' ? l.includes(pattern) : pattern.test(l)));
  if (!link) throw new Error(`No link matching ${String(pattern)} in mail "${mail.subject}". Links:\n${mail.links.join('\n') || '(none)'}`);
  return link;
}
