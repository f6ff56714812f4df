import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { type AddressObject, simpleParser } from 'mailparser';
import type { Database } from '../../src/db/schema';

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
}

/** Parses a raw RFC 822 message (an .eml file or what an SMTP server received). */
export async function parseMail(raw: Buffer | string): Promise<ReceivedMail> {
  const mail = await simpleParser(raw);
  const addresses = (field: AddressObject | AddressObject[] | undefined) =>
    (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) => a.value.map((v) => v.address ?? ''));
  const text = mail.text ?? '';
  return {
    to: addresses(mail.to),
    from: mail.from?.text ?? '',
    subject: mail.subject ?? '',
    text,
    html: typeof mail.html === 'string' ? mail.html : '',
    links: extractLinks(text),
  };
}

export function extractLinks(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0]);
}

/** The mails the app wrote to DATA_DIR/outbox, oldest first. */
export async function readOutbox(dataDir: string): Promise<ReceivedMail[]> {
  const outbox = path.join(dataDir, 'outbox');
  let files: string[];
  try {
    files = (await fs.readdir(outbox)).filter((f) => f.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return Promise.all(files.map(async (file) => parseMail(await fs.readFile(path.join(outbox, file)))));
}

/**
 * Mails go through the mail outbox (src/mail/outbox.ts): a request answers once its change and its
 * mail row are committed, and the 'mail-delivery' job sends the mail a moment later. Waits (up to
 * `timeoutMs`) until no mail is in flight: every row is sent, failed, or waiting for a retry after a
 * failed send (those are not waited for).
 */
export async function waitForMailDelivery(db: Kysely<Database>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const inFlight = await db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('status', '=', 'pending')
      .where('last_error', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(inFlight.count) === 0 || Date.now() >= deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
