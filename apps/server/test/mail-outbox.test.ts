import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../src/clock';
import type { MailOutboxRow } from '../src/db/schema';
import { createMailer } from '../src/mail/mailer';
import { MailOutbox } from '../src/mail/outbox';
import { AccountsRepository } from '../src/modules/accounts/accounts.repository';
import { CustomerInvitations } from '../src/modules/accounts/customer-invitations';
import type { AccountMails } from '../src/modules/accounts/account-mails';
import { AppointmentsRepository } from '../src/modules/appointments/appointments.repository';
import { AppointmentsStudio } from '../src/modules/appointments/appointments-studio';
import { cartItem, payWithTestCard, setStudioPrices } from './support/commerce';
import { freePort } from './support/free-port';
import { importServicesFor, importTestShoot, sourcesOf, testPhoto } from './support/gallery';
import { type ReceivedMail, parseMail, waitForMailDelivery } from './support/mail';
import { type JsonBody, type TestApp, type TestUser, startTestApp } from './support/test-app';

/**
 * The transactional outbox of every mail (issue 25, window 5 "mails after a commit are lost", and
 * window 4 "invitations owed, not inferred") over HTTP against a real database (SQLite, or PostgreSQL
 * with TEST_DATABASE_URL): each mail is written with the change it reports and sent exactly once by
 * the delivery job; an unwritable outbox folder or an SMTP outage delays a mail, never loses it, and
 * the studio sees it on the jobs page until it goes.
 */

const NOW = Date.parse('2026-12-07T12:00:00Z');
const TUESDAY = '2026-12-08';
const LATER = () => new Date(Date.now() + 2 * 3_600_000);

let t: TestApp;
let staff: TestUser;
let studio: AppointmentsStudio;
let calendarId: number;
let typeId: number;
let counter = 0;

function outboxDir(app: TestApp): string {
  return path.join(app.config.dataDir, 'outbox');
}

async function rowsTo(app: TestApp, email: string): Promise<MailOutboxRow[]> {
  return app.db.kysely.selectFrom('mail_outbox').selectAll().where('recipient', '=', email).orderBy('id').execute();
}

/** Waits until `email`'s newest mail row has had `attempts` sends tried. */
async function attemptedTo(app: TestApp, email: string, attempts: number): Promise<MailOutboxRow> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const row = (await rowsTo(app, email)).at(-1);
    if (row && Number(row.attempts) >= attempts && row.claimed_until === null) return row;
    if (Date.now() > deadline) throw new Error(`no attempt ${attempts} of the mail to ${email}: ${JSON.stringify(row)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function mailsTo(app: TestApp, email: string): Promise<ReceivedMail[]> {
  return (await app.outbox()).filter((m) => m.to.includes(email));
}

/** The Message-IDs of the .eml files of the outbox folder sent to `email`. */
async function messageIdsTo(app: TestApp, email: string): Promise<string[]> {
  await waitForMailDelivery(app.db.kysely);
  const files = (await fs.readdir(outboxDir(app))).filter((f) => f.endsWith('.eml')).sort();
  const ids: string[] = [];
  for (const file of files) {
    const mail = await simpleParser(await fs.readFile(path.join(outboxDir(app), file)));
    const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) => a.value.map((v) => v.address));
    if (to.includes(email)) ids.push(mail.messageId ?? '');
  }
  return ids;
}

/** Waits until `email`'s newest mail row is sent. */
async function sentTo(app: TestApp, email: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await rowsTo(app, email)).at(-1)?.status !== 'sent') {
    if (Date.now() > deadline) throw new Error(`the mail to ${email} was not sent`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The outbox folder replaced by a file: every write into it fails until `restore`. */
async function breakOutboxFolder(app: TestApp): Promise<{ restore: () => Promise<void> }> {
  await fs.rm(outboxDir(app), { recursive: true, force: true });
  await fs.writeFile(outboxDir(app), 'not a folder');
  return { restore: () => fs.rm(outboxDir(app), { force: true }) };
}

async function newInvite(): Promise<{ id: string; email: string }> {
  counter += 1;
  const email = `outbox-booker${counter}@example.com`;
  const created = await studio.invite({ email, type: String(typeId), name: `Booker ${counter}`, mail: false });
  return { id: created.invite.id, email };
}

async function bookFirstSlot(inviteId: string) {
  const slots = await t.request('POST', '/api/ex/invites/GetAvailableTimes', { body: { appointmentTypeId: typeId, appointmentDate: TUESDAY, calendarId } });
  expect(slots.status).toBe(200);
  return t.request('POST', '/api/ex/invites/Appointment', {
    body: { activationKey: inviteId, datetime: slots.body[0].time, appointmentTypeID: typeId, firstName: 'Ada', lastName: 'Booker', phone: '', notes: '', calendarId },
  });
}

beforeAll(async () => {
  t = await startTestApp();
  t.clock.advanceHours((NOW - t.clock.now().getTime()) / 3_600_000);
  staff = await t.createUser({ role: 'staff' });
  const customers = new CustomerInvitations(new AccountsRepository(t.db.kysely), undefined as unknown as AccountMails, t.clock.now);
  studio = new AppointmentsStudio(new AppointmentsRepository(t.db.kysely), customers, null, null, t.config.publicUrl, t.clock.now);
  const calendar = await studio.addCalendar({ name: 'Outbox studio', location: 'Booth 9' });
  calendarId = calendar.id;
  await studio.setHours(String(calendar.id), [1, 2, 3, 4, 5], '09:00', '17:00');
  typeId = (await studio.addType({ name: 'Outbox headshot', durationMinutes: 20, capacity: 1, bookingWindowDays: 60 })).id;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('a booking confirmation', () => {
  it('arrives exactly once, with a Message-ID naming its outbox row, and its row keeps no body once sent', async () => {
    const invite = await newInvite();
    const booked = await bookFirstSlot(invite.id);
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);

    const mails = await mailsTo(t, invite.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.links.some((link) => link.includes('manage='))).toBe(true);
    const [row] = await rowsTo(t, invite.email);
    expect(row).toMatchObject({ kind: 'booking-confirmation', status: 'sent', attempts: 1, text_body: '', html_body: '', attachments_json: '[]' });
    expect(await messageIdsTo(t, invite.email)).toEqual([`<outbox-${row!.id}.${Date.parse(row!.created_at)}@studio-gallery.test>`]);

    // Nothing sends it again: a sweep later on, or booking again (409).
    expect(await t.app.mailOutboxSweep.runOnce(LATER())).toEqual([]);
    expect((await bookFirstSlot(invite.id)).status).toBe(409);
    expect(await mailsTo(t, invite.email)).toHaveLength(1);
  });

  it('with the outbox folder unwritable: the booking succeeds, the mail is pending on the jobs page, and the sweep sends it once the folder is back', async () => {
    const invite = await newInvite();
    const broken = await breakOutboxFolder(t);
    try {
      const booked = await bookFirstSlot(invite.id);
      expect(booked.status, JSON.stringify(booked.body)).toBe(200);
      const row = await attemptedTo(t, invite.email, 1);
      expect(row).toMatchObject({ status: 'pending', attempts: 1, kind: 'booking-confirmation' });
      expect(row.last_error).toMatch(/EEXIST|ENOTDIR|not a directory|file already exists/i);

      const jobs = await t.request('GET', '/api/studio/jobs', { token: staff.token });
      expect(jobs.status).toBe(200);
      expect(jobs.body.mails.counts.pending).toBeGreaterThanOrEqual(1);
      const listed = jobs.body.mails.items.find((m: JsonBody) => m.id === row.id);
      expect(listed).toMatchObject({ to: invite.email, status: 'pending', attempts: 1, kind: 'booking-confirmation', lastError: row.last_error, createdAt: row.created_at });
      expect(listed.subject).toBe(row.subject);
      expect(Date.parse(listed.nextAttemptAt)).toBeGreaterThan(Date.now() + 30_000);
      const page = await t.request('GET', '/api/studio/jobs/mails?page=1&pageSize=5', { token: staff.token });
      expect(page.status).toBe(200);
      expect(page.body.items.map((m: JsonBody) => m.id)).toContain(row.id);

      // Not due yet (its retry waits MAIL_RETRY_SECONDS): a sweep now leaves it alone.
      expect(await t.app.mailOutboxSweep.runOnce()).not.toContain(row.id);
    } finally {
      await broken.restore();
    }

    // The studio's "New booking" notice waited too: both go now.
    const [row] = await rowsTo(t, invite.email);
    expect(await t.app.mailOutboxSweep.runOnce(LATER())).toContain(row!.id);
    expect(await mailsTo(t, invite.email)).toHaveLength(1);
    expect(await rowsTo(t, invite.email)).toMatchObject([{ status: 'sent', attempts: 2, last_error: null }]);
    expect(await t.app.mailOutboxSweep.runOnce(LATER())).toEqual([]);
    expect(await mailsTo(t, invite.email)).toHaveLength(1);
    const jobs = await t.request('GET', '/api/studio/jobs', { token: staff.token });
    expect(jobs.body.mails.items.map((m: JsonBody) => m.id)).not.toContain(row!.id);
  });
});

describe('the mail outbox', () => {
  it('hands over a mail whose commit was not followed by its job (a crash, the queue down) after a short grace', async () => {
    const down = new MailOutbox({
      db: t.db.kysely,
      transport: createMailer({ smtpUrl: null, from: t.config.mailFrom, outboxDir: outboxDir(t) }, t.app.log),
      delivery: { jobs: { send: () => Promise.reject(new Error('the job queue is down')) } },
      clock: systemClock,
      log: t.app.log,
      from: t.config.mailFrom,
    });
    const id = await down.enqueue({ to: 'lost@example.com', subject: 'Committed, never handed over', text: 'Hi', html: '<p>Hi</p>', links: [], kind: 'test' });
    expect(await rowsTo(t, 'lost@example.com')).toMatchObject([{ id, status: 'pending', attempts: 0 }]);
    // Within the grace the commit's own hand-over is still expected; after it, the sweep sends it.
    expect(await t.app.mailOutboxSweep.runOnce()).not.toContain(id);
    expect(await t.app.mailOutboxSweep.runOnce(new Date(Date.now() + 60_000))).toEqual([id]);
    expect(await mailsTo(t, 'lost@example.com')).toHaveLength(1);
    expect(await t.app.mailOutboxSweep.runOnce(LATER())).toEqual([]);
    expect(await mailsTo(t, 'lost@example.com')).toHaveLength(1);
  });

  it('fails a mail after MAIL_MAX_ATTEMPTS, lists it as failed, and the studio’s Retry sends it once', async () => {
    const app = await startTestApp({ MAIL_MAX_ATTEMPTS: '2' });
    try {
      const admin = await app.createUser({ role: 'admin' });
      const broken = await breakOutboxFolder(app);
      const body = { firstName: 'Fay', lastName: 'Failed', email: 'fay@example.com', password: 'Secret123' };
      expect((await app.request('POST', '/api/register-galleryuser', { body })).status).toBe(201);
      await attemptedTo(app, 'fay@example.com', 1);
      await app.app.mailOutboxSweep.runOnce(LATER());
      const row = await attemptedTo(app, 'fay@example.com', 2);
      expect(row).toMatchObject({ status: 'failed', kind: 'activation' });
      // Failed: the sweep leaves it alone.
      expect(await app.app.mailOutboxSweep.runOnce(new Date(Date.now() + 24 * 3_600_000))).toEqual([]);

      const jobs = await app.request('GET', '/api/studio/jobs', { token: admin.token });
      expect(jobs.body.mails.counts).toEqual({ pending: 0, failed: 1 });
      expect(jobs.body.mails.items).toMatchObject([{ id: row.id, to: 'fay@example.com', status: 'failed', attempts: 2, nextAttemptAt: null }]);

      await broken.restore();
      const retried = await app.request('POST', `/api/studio/jobs/mails/${row.id}/retry`, { token: admin.token });
      expect(retried.status, JSON.stringify(retried.body)).toBe(200);
      expect(retried.body).toMatchObject({ id: row.id, status: 'pending' });
      await sentTo(app, 'fay@example.com');
      const mails = await mailsTo(app, 'fay@example.com');
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toContain('Activate');
      expect((await app.request('POST', `/api/studio/jobs/mails/${row.id}/retry`, { token: admin.token })).status).toBe(404);
      const activity = await app.request('GET', '/api/studio/activity', { token: admin.token });
      expect(activity.body.items.map((entry: JsonBody) => entry.action)).toContain('mail.retry');
    } finally {
      await app.close();
    }
  });

  it('survives an SMTP outage: the mail waits, then reaches the SMTP server once, with the same Message-ID', async () => {
    const port = await freePort();
    const app = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Studio Gallery <hello@studio.test>' });
    const received: { mail: ReceivedMail; messageId: string }[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks);
          Promise.all([parseMail(raw), simpleParser(raw)]).then(
            ([mail, parsed]) => {
              received.push({ mail, messageId: parsed.messageId ?? '' });
              callback();
            },
            (error: Error) => callback(error),
          );
        });
      },
    });
    try {
      const body = { firstName: 'Sam', lastName: 'Smtp', email: 'sam@example.com', password: 'Secret123' };
      expect((await app.request('POST', '/api/register-galleryuser', { body })).status).toBe(201);
      const row = await attemptedTo(app, 'sam@example.com', 1);
      expect(row.status).toBe('pending');
      expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);

      await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
      expect(await app.app.mailOutboxSweep.runOnce(LATER())).toEqual([row.id]);
      await waitForMailDelivery(app.db.kysely);
      expect(received.map((r) => r.mail.to)).toEqual([['sam@example.com']]);
      expect(received[0]!.messageId).toBe(`<outbox-${row.id}.${Date.parse(row.created_at)}@studio.test>`);
      expect(await rowsTo(app, 'sam@example.com')).toMatchObject([{ status: 'sent', attempts: 2 }]);
      expect(await app.outbox()).toHaveLength(0);
    } finally {
      await app.close();
      if ((smtp.server.address() as AddressInfo | null) !== null) await new Promise<void>((resolve) => smtp.close(resolve));
    }
  });
});

describe('the invitation an import owes', () => {
  it('is sent by a rerun that imports nothing new, once; a finished import owes nothing', async () => {
    const { importer, shoots } = importServicesFor(t);
    const email = 'owed.customer@example.com';
    const photos = sourcesOf({ 'IMG_1.jpg': await testPhoto(9101), 'IMG_2.jpg': await testPhoto(9102), 'IMG_3.jpg': await testPhoto(9103) });

    // An import that died after its photos were in, before its invitation was queued.
    const user = await new AccountsRepository(t.db.kysely).insertUser({ email, firstName: 'Owen', lastName: 'Owed', passwordHash: null, activated: false }, t.clock.now());
    const { session } = await importer.openSession(user!.id, 'Owed shoot', null);
    const first = await importer.importPhotos(session, photos, { oweInvitation: true });
    expect(first.outcomes.map((o) => o.status)).toEqual(['imported', 'imported', 'imported']);
    const owed = await t.db.kysely.selectFrom('users').select('invitation_owed_at').where('id', '=', user!.id).executeTakeFirstOrThrow();
    expect(owed.invitation_owed_at).not.toBeNull();
    expect(await mailsTo(t, email)).toHaveLength(0);

    // The rerun: "0 imported, 3 already there", and the invitation goes.
    const rerun = await shoots.importShoot({ email, sessionName: 'Owed shoot', sessionDate: null, photos });
    expect(rerun.outcomes.map((o) => o.status)).toEqual(['duplicate', 'duplicate', 'duplicate']);
    expect(rerun.invited).toBe(true);
    const mails = await mailsTo(t, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.links.some((link) => link.includes('/active-account/'))).toBe(true);
    const settled = await t.db.kysely.selectFrom('users').select('invitation_owed_at').where('id', '=', user!.id).executeTakeFirstOrThrow();
    expect(settled.invitation_owed_at).toBeNull();

    // Run again: nothing is owed, nothing is sent.
    const again = await shoots.importShoot({ email, sessionName: 'Owed shoot', sessionDate: null, photos });
    expect(again.invited).toBe(false);
    expect(await mailsTo(t, email)).toHaveLength(1);
  });

  it('is not owed with --no-invite', async () => {
    const { shoots } = importServicesFor(t);
    const email = 'not.invited@example.com';
    const result = await shoots.importShoot({ email, sessionName: 'Quiet shoot', sessionDate: null, photos: sourcesOf({ 'A.jpg': await testPhoto(9201) }), invite: false });
    expect(result).toMatchObject({ customerCreated: true, invited: false });
    const row = await t.db.kysely.selectFrom('users').select('invitation_owed_at').where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.invitation_owed_at).toBeNull();
    expect(await mailsTo(t, email)).toHaveLength(0);
  });
});

describe('a retouch order', () => {
  it('mails the studio once when placed and the customer once when delivered', async () => {
    await setStudioPrices(t, { providerEmail: 'retouching@studio.test' });
    const customer = await t.createUser({ firstName: 'Olga', lastName: 'Order' });
    const shoot = await importTestShoot(t, customer.email, { count: 2, name: 'Order shoot', seed: 9300 });
    const items = shoot.photoIds.map((photoId) => cartItem(photoId, shoot.session.id, 'TOUCHUPSERVICE', 10));
    const paid = await payWithTestCard(t, customer, { grossTotal: 2000, userEmail: customer.email, items });
    const order = { transactionId: paid.transaction.id, totalPrice: 20, orderDetails: items };
    const created = await t.request('POST', '/api/SpecialRequest', { token: customer.token, body: order });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const orderId = created.body.order.id as number;
    // The same order asked for again (the browser, the webhook): the same order, no second mail.
    expect((await t.request('POST', '/api/SpecialRequest', { token: customer.token, body: order })).body.order.id).toBe(orderId);
    const placed = (await mailsTo(t, 'retouching@studio.test')).filter((m) => m.subject.includes(`SP-${orderId}`));
    expect(placed).toHaveLength(1);
    expect(placed[0]!.subject).toContain('New retouch order');

    for (const name of ['IMG_0001.jpg', 'IMG_0002.jpg', 'IMG_0002.jpg']) {
      const response = await fetch(`${t.baseUrl}/api/studio/orders/${orderId}/files?fileName=${name}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${staff.token}`, 'content-type': 'image/jpeg' },
        body: new Uint8Array(await testPhoto(9400 + counter++)),
      });
      expect(response.status).toBe(200);
    }
    const delivered = (await mailsTo(t, customer.email)).filter((m) => m.subject.includes(`SP-${orderId}`));
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.subject).toContain('retouched photos are ready');
    expect((await rowsTo(t, customer.email)).filter((r) => r.kind === 'order-delivered')).toMatchObject([{ status: 'sent' }]);
  });
});
