import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The links the mail carries, for the log when mail goes to the outbox folder. */
  links: string[];
  /** Files attached (e.g. an .ics with contentType `text/calendar; method=REQUEST`). */
  attachments?: MailAttachment[];
  /** What the mail is, for the studio's list of undelivered mails ('booking-confirmation', 'invitation', …). */
  kind?: string;
}

export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

/** How one sending of a mail is told apart (the mail outbox sets both from the mail's row). */
export interface MailSendOptions {
  /** The Message-ID header, without angle brackets: a resent mail carries the same one. */
  messageId?: string;
  /** The outbox folder's file name without `.eml`: a resent mail replaces its earlier file. */
  fileStem?: string;
}

/**
 * The transport: sends one mail now, or throws. Modules never call it: they queue their mails in the
 * mail outbox (outbox.ts), whose delivery job sends each through this.
 */
export interface Mailer {
  send(mail: OutgoingMail, options?: MailSendOptions): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string | null;
  from: string;
  /** With no SMTP server, mails are written here as .eml files. */
  outboxDir: string;
}

/** An SMTP conversation that stalls gives up well before the outbox's claim on the mail runs out. */
const SMTP_TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 45_000 };

/** SMTP when configured; otherwise each mail becomes a file in the outbox so the demo works offline. */
export function createMailer(options: MailerOptions, log: FastifyBaseLogger): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options.from, log) : outboxMailer(options.outboxDir, options.from, log);
}

function smtpMailer(smtpUrl: string, from: string, log: FastifyBaseLogger): Mailer {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  return {
    async send({ to, subject, text, html, attachments }, options = {}) {
      const info = await transport.sendMail({ from, to, subject, text, html, attachments, ...messageIdOf(options) });
      log.info({ to, messageId: info.messageId }, 'mail sent');
    },
    close: () => transport.close(),
  };
}

function outboxMailer(outboxDir: string, from: string, log: FastifyBaseLogger): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send({ to, subject, text, html, links, attachments }, options = {}) {
      const info = await transport.sendMail({ from, to, subject, text, html, attachments, ...messageIdOf(options) });
      await fs.mkdir(outboxDir, { recursive: true });
      const stem = options.fileStem ?? `${new Date().toISOString().replace(/:/g, '-')}-${Math.random().toString(16).slice(2, 10)}`;
      const file = path.join(outboxDir, `${stem}.eml`);
      // Whole or not at all: a reader never sees half a mail, and a resent mail replaces its file.
      const temporary = `${file}.tmp`;
      await fs.writeFile(temporary, info.message as Buffer);
      await fs.rename(temporary, file);
      log.info({ to, links, file }, 'mail written to outbox');
    },
    close: () => transport.close(),
  };
}

function messageIdOf(options: MailSendOptions): { messageId?: string } {
  return options.messageId ? { messageId: `<${options.messageId}>` } : {};
}
