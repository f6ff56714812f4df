import type { AddressInfo } from 'node:net';
import { messages } from '@studio-gallery/contract';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReceivedMail, parseMail, waitForMailDelivery } from './support/mail';
import { type TestApp, startTestApp } from './support/test-app';

let smtp: SMTPServer;
let t: TestApp;
const received: ReceivedMail[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        parseMail(Buffer.concat(chunks)).then(
          (mail) => {
            received.push(mail);
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Studio Gallery <hello@studio.test>' });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

describe('mail over SMTP', () => {
  it('delivers the activation mail to the SMTP server, and its link activates the account', async () => {
    const body = { firstName: 'Mae', lastName: 'Jemison', email: 'mae@example.com', password: 'Orbit92' };
    expect((await t.request('POST', '/api/register-galleryuser', { body })).status).toBe(201);

    // The mail goes through the outbox: its delivery job sends it a moment after the answer.
    await waitForMailDelivery(t.db.kysely);
    const mail = received.find((m) => m.to.includes('mae@example.com'));
    expect(mail).toBeDefined();
    expect(mail?.from).toContain('hello@studio.test');
    expect(mail?.subject).toBe('Activate your Studio Gallery account');
    expect(mail?.text).toContain('Hi Mae,');
    const link = mail?.links.find((l) => l.includes('/active-account/')) ?? '';
    expect(mail?.html).toContain(link);

    const activationCode = link.split('/active-account/')[1] ?? '';
    const activated = await t.request('POST', '/api/active-galley-user', { body: { activationCode } });
    expect(activated.status).toBe(200);
    expect(activated.body.message).toBe(messages.activationSucceeded);
    expect(await t.outbox()).toHaveLength(0);
  });
});
