import { randomBytes } from 'node:crypto';
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
}

export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string | null;
  from: string;
  /** With no SMTP server, mails are written here as .eml files. */
  outboxDir: string;
}

/** SMTP when configured; otherwise each mail becomes a file in the outbox so the demo works offline. */
export function createMailer(options: MailerOptions, log: FastifyBaseLogger): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options.from, log) : outboxMailer(options.outboxDir, options.from, log);
}

function smtpMailer(smtpUrl: string, from: string, log: FastifyBaseLogger): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send({ to, subject, text, html, attachments }) {
      const info = await transport.sendMail({ from, to, subject, text, html, attachments });
      log.info({ to, messageId: info.messageId }, 'mail sent');
    },
    close: () => transport.close(),
  };
}

function outboxMailer(outboxDir: string, from: string, log: FastifyBaseLogger): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send({ to, subject, text, html, links, attachments }) {
      const info = await transport.sendMail({ from, to, subject, text, html, attachments });
      await fs.mkdir(outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/:/g, '-');
      const file = path.join(outboxDir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await fs.writeFile(file, info.message);
      log.info({ to, links, file }, 'mail written to outbox');
    },
    close: () => transport.close(),
  };
}
