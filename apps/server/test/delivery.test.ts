import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItem, payWithTestCard, setStudioPrices } from './support/commerce';
import { importTestShoot, testPhoto } from './support/gallery';
import { storedBytes } from './support/stored';
import { type TestApp, type TestUser, startTestApp } from './support/test-app';

/** The studio's side of an order: the order mail, and `npm run studio -- deliver` through to the Retouched tab. */

let t: TestApp;
let carol: TestUser;
let session: { id: number };
let photoIds: number[];
const STUDIO_EMAIL = 'retouch-desk@example.com';
const cli = fileURLToPath(new URL('../src/cli/studio.ts', import.meta.url));

beforeAll(async () => {
  t = await startTestApp();
  carol = await t.createUser({ firstName: 'Carol', lastName: 'Cole' });
  // IMG_0003 is retouched at import: a background order on it replaces that retouch.
  const shoot = await importTestShoot(t, carol.email, { count: 4, retouchedEvery: 3 });
  session = { id: shoot.session.id };
  photoIds = shoot.photoIds;
  await setStudioPrices(t, { providerEmail: STUDIO_EMAIL });
});
afterAll(async () => {
  await t?.close();
});

async function placeOrder(): Promise<number> {
  const items = [
    cartItem(photoIds[0]!, session.id, 'TOUCHUPSERVICE', 10),
    cartItem(photoIds[1]!, session.id, 'TOUCHUPSERVICE', 10),
    cartItem(photoIds[2]!, session.id, 'BACKGROUNDSERVICE', 9),
  ];
  const paid = await payWithTestCard(t, carol, { grossTotal: 2900, userEmail: carol.email, items });
  const created = await t.request('POST', '/api/SpecialRequest', {
    token: carol.token,
    body: { transactionId: paid.transaction.id, totalPrice: 29, orderDetails: items },
  });
  expect(created.status).toBe(200);
  return created.body.order.id as number;
}

function deliver(orderId: number | string, folder: string) {
  const env: Record<string, string> = { ...process.env, DATA_DIR: t.config.dataDir, PUBLIC_URL: t.config.publicUrl, LOG_LEVEL: 'silent', ...t.storageEnv } as Record<string, string>;
  if (t.config.database.dialect === 'postgres') {
    env.DATABASE_URL = t.config.database.url;
    env.DATABASE_SCHEMA = t.config.database.schema ?? '';
  }
  return promisify(execFile)(process.execPath, ['--import', 'tsx', cli, 'deliver', String(orderId), folder], { env, cwd: path.dirname(cli) }).then(
    (out) => ({ code: 0, ...out }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

async function page(flag: string) {
  const response = await t.request('GET', `/api/sessions/GetUserSessionsPage?userId=${carol.id}&pageSize=36&flag=${flag}`, { token: carol.token });
  expect(response.status).toBe(200);
  return response.body as { items: { id: number; name: string; processedUrl: string | null }[]; totalRetouchedCount: number };
}

describe('order delivery', () => {
  it('mails the studio each new order with its photos, services and due time', async () => {
    const orderId = await placeOrder();
    const mail = await t.lastMailTo(STUDIO_EMAIL);
    expect(mail.subject).toContain(`SP-${orderId}`);
    expect(mail.text).toContain('IMG_0001');
    expect(mail.text).toContain('Background replacement');
    expect(mail.text).toMatch(/Due: .+ UTC/);
    expect(mail.text).toContain(`npm run studio -- deliver ${orderId}`);
  });

  it('delivers in two runs: a partial folder, then the rest; the photos show as retouched and the customer is mailed once', async () => {
    const orderId = await placeOrder();
    const before = await page('All');
    const retouchedBefore = before.totalRetouchedCount;
    const third = before.items.find((p) => p.name === 'IMG_0003');
    expect(third?.processedUrl).toBeTruthy();

    const folder = path.join(t.config.dataDir, `delivery-${orderId}`);
    await fs.mkdir(folder, { recursive: true });
    await fs.writeFile(path.join(folder, 'img_0001.PNG'), await testPhoto(901));
    await fs.writeFile(path.join(folder, 'stray.jpg'), await testPhoto(902));

    const partial = await deliver(`SP-${orderId}`, folder);
    expect(partial.code).toBe(1);
    expect(partial.stderr).toContain('IMG_0001 <- img_0001.PNG');
    expect(partial.stderr).toContain('Files matching no ordered photo: stray.jpg');
    expect(partial.stderr).toContain('Still missing: IMG_0002, IMG_0003');
    let order = await t.request('GET', `/api/SpecialRequest/${orderId}`, { token: carol.token });
    expect(order.body.status).toBe('PENDING');
    expect((await page('Retouched')).items.map((p) => p.name)).toContain('IMG_0001');

    await fs.writeFile(path.join(folder, 'IMG_0002.jpg'), await testPhoto(903));
    await fs.writeFile(path.join(folder, 'IMG_0003.jpg'), await testPhoto(904));
    const rest = await deliver(orderId, folder);
    expect(rest.stderr).toContain('The order is delivered; the customer was mailed.');
    expect(rest.code).toBe(0);

    order = await t.request('GET', `/api/SpecialRequest/${orderId}`, { token: carol.token });
    expect(order.body).toMatchObject({ status: 'DELIVERED' });
    expect(order.body.deliveredAt).toBeTruthy();
    const retouched = await page('Retouched');
    expect(retouched.items.map((p) => p.name).sort()).toEqual(expect.arrayContaining(['IMG_0001', 'IMG_0002', 'IMG_0003']));
    // Two photos became retouched; the third had a retouch already, which was replaced (new URL).
    expect(retouched.totalRetouchedCount).toBe(retouchedBefore + 2);
    expect(retouched.items.find((p) => p.name === 'IMG_0003')?.processedUrl).not.toBe(third?.processedUrl);
    // Attached and replaced retouches record their download files' CRC-32s (for ZIPs), as imports do.
    const rows = await t.db.kysely.selectFrom('photos').select(['name', 'retouched_media_key', 'retouched_crc32']).where('user_id', '=', carol.id).execute();
    for (const row of rows.filter((r) => ['IMG_0001', 'IMG_0002', 'IMG_0003'].includes(r.name))) {
      const hr = await storedBytes(t.storage, `${row.retouched_media_key as string}/hr.jpg`);
      expect(JSON.parse(row.retouched_crc32 as string).hr).toBe(crc32(hr));
    }

    const mail = await t.lastMailTo(carol.email);
    expect(mail.subject).toContain(`SP-${orderId}`);
    expect(mail.links.some((link) => link.endsWith('/main/retouched'))).toBe(true);
  }, 90_000);

  it('refuses an unknown order and bad arguments with exit code 2', async () => {
    const folder = path.join(t.config.dataDir, 'delivery-unknown');
    await fs.mkdir(folder, { recursive: true });
    await fs.writeFile(path.join(folder, 'IMG_0001.jpg'), await testPhoto(905));
    const unknown = await deliver(999_999, folder);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Order 999999 does not exist.');
    expect((await deliver('not-an-id', folder)).code).toBe(2);
  }, 60_000);
});
