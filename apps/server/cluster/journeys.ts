/**
 * The customer's and the studio's journeys over HTTP through the proxy (issue 21 §2), and the check
 * that every instance alone answers the same. Each step is timed and named for the summary.
 */
import { readZip } from '../test/support/zip';
import { type Answer, Client, type Json, TUS, normalise, tusMetadata } from './client';
import { type Cluster, log, sleep } from './harness';
import sharp from 'sharp';

export const DEMO_CUSTOMER = { email: 'demo@studio-gallery.test', password: 'Demo1234' };
export const DEMO_ADMIN = { email: 'studio@studio-gallery.test', password: 'Studio1234' };
export const DEMO_INVITE_ID = 'demo-headshot-invite-2026';

export interface StepResult {
  name: string;
  ms: number;
  note: string;
}

export class Steps {
  readonly results: StepResult[] = [];
  /** The step whose body threw, if one did. */
  failed: string | null = null;

  async run<T>(name: string, body: () => Promise<{ value: T; note: string }>): Promise<T> {
    const started = Date.now();
    this.failed = name;
    const { value, note } = await body();
    this.failed = null;
    const ms = Date.now() - started;
    this.results.push({ name, ms, note });
    log(`✔ ${name} (${ms} ms): ${note}`);
    return value;
  }
}

export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`check failed: ${message}`);
}

/** A JPEG whose content depends on `seed`: a colour field with noise, so every file differs. */
export async function photo(seed: number, width = 480, height = 720): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: { r: (seed * 37) % 256, g: (seed * 91) % 256, b: (seed * 53) % 256 } } });
  const noise = Buffer.alloc(64 * 96 * 3);
  let x = seed * 2654435761;
  for (let i = 0; i < noise.length; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    noise[i] = x & 0xff;
  }
  const overlay = await sharp(noise, { raw: { width: 64, height: 96, channels: 3 } }).png().toBuffer();
  return base.composite([{ input: overlay, top: (seed * 13) % (height - 96), left: (seed * 7) % (width - 64) }]).jpeg({ quality: 85 }).toBuffer();
}

export async function signIn(client: Client, who: { email: string; password: string }): Promise<{ token: string; id: number }> {
  const answer = await client.expect(200, 'POST', '/api/authenticate', { body: { username: who.email, password: who.password } });
  const token = answer.body.id_token as string;
  const account = await client.expect(200, 'GET', '/api/account', { token });
  return { token, id: account.body.id as number };
}

/** One file over tus: created, then sent in `chunks` PATCHes (each may land on another instance). */
export async function tusUpload(client: Client, token: string, fields: Record<string, string | number>, bytes: Buffer, chunks = 2): Promise<{ location: string; instances: (string | null)[] }> {
  const created = await client.expect(201, 'POST', '/api/studio/uploads', {
    token,
    headers: { ...TUS, 'upload-length': String(bytes.length), 'upload-metadata': tusMetadata(fields) },
  });
  const location = created.headers.get('location');
  check(location, 'tus creation answers a Location');
  const instances: (string | null)[] = [created.instance];
  const size = Math.ceil(bytes.length / chunks);
  for (let offset = 0; offset < bytes.length; offset += size) {
    const answer = await client.expect(204, 'PATCH', location, {
      token,
      headers: { ...TUS, 'upload-offset': String(offset) },
      raw: bytes.subarray(offset, offset + size),
      contentType: 'application/offset+octet-stream',
    });
    instances.push(answer.instance);
    check(Number(answer.headers.get('upload-offset')) === Math.min(bytes.length, offset + size), `tus offset after a chunk of ${location}`);
  }
  return { location, instances };
}

export async function waitForImport(client: Client, token: string, shootId: number, timeoutMs: number): Promise<Json> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const shoot = await client.expect(200, 'GET', `/api/studio/shoots/${shootId}`, { token });
    if (shoot.body.status === 'done' || shoot.body.status === 'failed') return shoot.body;
    if (Date.now() > deadline) throw new Error(`shoot ${shootId} still ${shoot.body.status} (${shoot.body.processed}/${shoot.body.totalFiles}) after ${timeoutMs / 1000} s`);
    await sleep(250);
  }
}

/** The demo customer's photos of their first session (the larger one), as the gallery page lists them. */
async function galleryPage(client: Client, customer: { token: string; id: number }, flag = 'All'): Promise<Answer> {
  return client.expect(200, 'GET', `/api/sessions/GetUserSessionsPage?userId=${customer.id}&page=1&pageSize=36&flag=${flag}`, { token: customer.token });
}

export interface JourneyState {
  customer: { token: string; id: number };
  admin: { token: string; id: number };
  orderId: number;
  shootId: number;
  sessionId: number;
  /** GETs whose answers every instance must agree on, with their token. */
  agreed: { url: string; token: string }[];
}

export async function customerJourney(cluster: Cluster, client: Client, steps: Steps): Promise<Omit<JourneyState, 'admin' | 'shootId'>> {
  const customer = await steps.run('customer signs in', async () => {
    const value = await signIn(client, DEMO_CUSTOMER);
    return { value, note: `user ${value.id}` };
  });

  const photos: Json[] = await steps.run('gallery page', async () => {
    const home = await client.expect(200, 'GET', '/');
    check(String(home.headers.get('content-type')).startsWith('text/html'), 'the web app is served at /');
    const page = await galleryPage(client, customer);
    const items: Json[] = page.body.items;
    check(items.length >= 12, `the demo customer has photos (${items.length})`);
    // A preview through its signed URL (streamed, or redirected to the store).
    const preview = await client.expect(200, 'GET', items[0].previewUrl);
    check(preview.bytes.length > 1000 && preview.bytes[0] === 0xff && preview.bytes[1] === 0xd8, 'a preview is a JPEG');
    return { value: items, note: `${page.body.totalCount} photos, preview ${preview.bytes.length} bytes` };
  });
  const sessionId = photos[0].sessionId as number;
  const inSession = photos.filter((p) => p.sessionId === sessionId);

  await steps.run('favourite', async () => {
    const target = inSession.find((p) => !p.isUserFavourite && !p.isSkipped);
    check(target, 'a photo that is not a favourite yet');
    const toggled = await client.expect(200, 'POST', '/api/sessions/UpdateFavouritePhoto', { token: customer.token, body: { sessionId, photoId: target.id } });
    check(toggled.body.favourite === true, 'the photo is a favourite');
    // The next request lands on another instance: it must see the change at once.
    const favourites = await galleryPage(client, customer, 'Favorites');
    check(favourites.body.items.some((p: Json) => p.id === target.id), 'the favourites list shows it (answered by another instance)');
    return { value: null, note: `photo ${target.id} set on ${toggled.instance}, seen on ${favourites.instance}` };
  });

  await steps.run('ZIP download', async () => {
    const urls = inSession.slice(0, 4).map((p) => p.url as string);
    const zip = await client.expect(200, 'POST', '/api/ex/images/download-selected-images-zip', { token: customer.token, body: urls, timeoutMs: 60_000 });
    check(zip.headers.get('content-type') === 'application/zip', 'a ZIP');
    const entries = readZip(zip.bytes);
    check(entries.length >= urls.length, `the ZIP holds the ${urls.length} photos (${entries.length} entries)`);
    check(entries.every((e) => e.data[0] === 0xff && e.data[1] === 0xd8), 'every entry is a whole JPEG');
    return { value: null, note: `${entries.length} entries, ${zip.bytes.length} bytes` };
  });

  await steps.run('edit save', async () => {
    const target = inSession[1];
    const image = await sharp({ create: { width: 600, height: 900, channels: 3, background: { r: 200, g: 40, b: 40 } } }).jpeg().toBuffer();
    const recipe = { version: 1, values: { exposure: 0.2, contrast: 0.1, fade: 0, saturation: 1, skinTone: 0, temperature: 0, tint: 0, grain: 0 }, crop: null, passport: null };
    const saved = await client.expect(200, 'POST', '/api/ex/images/save-edited-image', {
      token: customer.token,
      body: { photoId: target.id, imageBase64: image.toString('base64'), contentType: 'image/jpeg', recipe },
    });
    check(saved.body.isEdited === true, 'the photo shows its edited version');
    const page = await galleryPage(client, customer);
    const seen = page.body.items.find((p: Json) => p.id === target.id);
    check(seen?.isEdited === true, 'the gallery page (another instance) shows the edit');
    const edited = await client.expect(200, 'GET', seen.previewUrl);
    check(edited.bytes[0] === 0xff, 'the edited preview is served');
    return { value: null, note: `photo ${target.id} saved on ${saved.instance}, served on ${edited.instance}` };
  });

  const orderId = await steps.run('checkout with the test card', async () => {
    const prices = await client.expect(200, 'GET', '/api/ServicePrice/GetServicePrices');
    const target = inSession[2];
    const item = { imageid: target.id, image: target.url, name: target.name, price: 10, tax: 0, serviceType: 'TOUCHUPSERVICE', sessionid: sessionId };
    const started = await client.expect(200, 'POST', '/api/transaxtions/checkout', { token: customer.token, body: { grossTotal: 1000, userEmail: DEMO_CUSTOMER.email, items: [item] } });
    const confirmed = await client.expect(200, 'POST', '/api/transaxtions/test-payments/confirm', {
      token: customer.token,
      body: { clientSecret: started.body.clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' },
    });
    const transaction = await client.expect(200, 'POST', '/api/transaxtions', {
      token: customer.token,
      body: { paymentType: 'Stripe', referenceId: started.body.paymentId, cardBrand: 'visa', grossTotal: started.body.amount, total: started.body.amount },
    });
    const order = await client.expect(200, 'POST', '/api/SpecialRequest', { token: customer.token, body: { transactionId: transaction.body.id, totalPrice: 10, orderDetails: [item] } });
    const id = order.body.order.id as number;
    const list = await client.expect(200, 'GET', '/api/SpecialRequest', { token: customer.token });
    check(list.body.some((o: Json) => o.id === id), 'the order list shows the new order');
    const hops = [started, confirmed, transaction, order, list].map((a) => a.instance).join('→');
    return { value: id, note: `order SP-${id}, ${started.body.amount} cents (prices ${JSON.stringify(prices.body).length} bytes), instances ${hops}` };
  });

  await steps.run('booking from the invite', async () => {
    const schedule = await client.expect(200, 'GET', `/api/ex/invites/schedule/${DEMO_INVITE_ID}`);
    const calendars = await client.expect(200, 'GET', `/api/invites/GetCalendarsByUser?ActivationKey=${DEMO_INVITE_ID}`);
    const typeId = schedule.body.appointmentTypeId as number;
    const calendarId = calendars.body[0].id as number;
    let slot: { time: string; date: string } | null = null;
    for (let months = 0; months < 3 && !slot; months++) {
      const now = new Date();
      const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, 1)).toISOString().slice(0, 7);
      const days = await client.expect(200, 'POST', '/api/ex/invites/GetAvailableDays', { body: { appointmentTypeId: typeId, calendarId, month } });
      for (const date of days.body.days as string[]) {
        const times = await client.expect([200, 204], 'POST', '/api/ex/invites/GetAvailableTimes', { body: { appointmentTypeId: typeId, appointmentDate: date, calendarId } });
        if (times.status === 200 && times.body.length > 0) {
          slot = { time: times.body[0].time, date };
          break;
        }
      }
    }
    check(slot, 'a free slot within three months');
    const booked = await client.expect(200, 'POST', '/api/ex/invites/Appointment', {
      body: { activationKey: DEMO_INVITE_ID, datetime: slot.time, appointmentTypeID: typeId, firstName: 'Demo', lastName: 'Customer', phone: '555-0100', notes: 'cluster test', calendarId },
    });
    const again = await client.expect(409, 'POST', '/api/ex/invites/Appointment', {
      body: { activationKey: DEMO_INVITE_ID, datetime: slot.time, appointmentTypeID: typeId, firstName: 'Demo', lastName: 'Customer', phone: '555-0100', notes: 'twice', calendarId },
    });
    return { value: null, note: `${slot.time} booked on ${booked.instance}; booking again refused (409) on ${again.instance}` };
  });

  return {
    customer,
    orderId,
    sessionId,
    agreed: [
      { url: `/api/sessions/GetUserSessionsPage?userId=${customer.id}&page=1&pageSize=36&flag=All`, token: customer.token },
      { url: `/api/sessions/GetUserSessionsPage?userId=${customer.id}&page=1&pageSize=36&flag=Favorites`, token: customer.token },
      { url: '/api/SpecialRequest', token: customer.token },
      { url: `/api/users/user-orders/details/${customer.id}`, token: customer.token },
    ],
  };
}

export async function studioJourney(cluster: Cluster, client: Client, steps: Steps, orderId: number, photoCount = 30): Promise<{ admin: { token: string; id: number }; shootId: number; agreed: { url: string; token: string }[] }> {
  const admin = await steps.run('studio admin signs in', async () => {
    const value = await signIn(client, DEMO_ADMIN);
    return { value, note: `user ${value.id}` };
  });

  const shootId = await steps.run('create a shoot', async () => {
    const created = await client.expect(201, 'POST', '/api/studio/shoots', {
      token: admin.token,
      body: { email: 'cluster.customer@example.com', firstName: 'Cleo', lastName: 'Cluster', sessionName: 'Cluster headshots', sessionDate: new Date().toISOString().slice(0, 10) },
    });
    return { value: created.body.id as number, note: `shoot ${created.body.id}` };
  });

  await steps.run(`upload ${photoCount} photos over tus`, async () => {
    const files = await Promise.all(Array.from({ length: photoCount }, (_, i) => photo(1000 + i)));
    const perFile: (string | null)[][] = [];
    let next = 0;
    // Three at a time, as the browser sends them; each in two chunks.
    await Promise.all(
      [0, 1, 2].map(async () => {
        for (let i = next++; i < files.length; i = next++) {
          const name = `Cluster-${String(i + 1).padStart(2, '0')}.jpg`;
          const { instances } = await tusUpload(client, admin.token, { shootId, filename: name, kind: 'photo' }, files[i]!);
          perFile.push(instances);
        }
      }),
    );
    const shoot = await client.expect(200, 'GET', `/api/studio/shoots/${shootId}`, { token: admin.token });
    check(shoot.body.uploadedFiles === photoCount, `the shoot counts ${photoCount} uploaded files (${shoot.body.uploadedFiles})`);
    const bytes = files.reduce((sum, f) => sum + f.length, 0);
    const spread = Object.entries(cluster.upstreamCounts(/"(POST|PATCH) \/api\/studio\/uploads/)).map(([id, n]) => `${id} ${n}`).join(', ');
    return { value: null, note: `${(bytes / 1024).toFixed(0)} KB in ${perFile.length * 3} tus requests, round robin over the instances (${spread})` };
  });

  await steps.run('import job', async () => {
    const started = await client.expect(202, 'POST', `/api/studio/shoots/${shootId}/import`, { token: admin.token });
    const t0 = Date.now();
    const done = await waitForImport(client, admin.token, shootId, 150_000);
    check(done.status === 'done', `the import finished (${done.status}: ${JSON.stringify(done.problems ?? [])})`);
    check(done.imported === photoCount && done.failed === 0, `${photoCount} photos imported (${done.imported}, failed ${done.failed})`);
    return { value: null, note: `started on ${started.instance}, ${done.imported} imported in ${((Date.now() - t0) / 1000).toFixed(1)} s` };
  });

  await steps.run('deliver the retouch order', async () => {
    const open = await client.expect(200, 'GET', '/api/studio/orders?status=open', { token: admin.token });
    check(open.body.items.some((o: Json) => o.id === orderId), `order ${orderId} is in the open queue`);
    const detail = await client.expect(200, 'GET', `/api/studio/orders/${orderId}`, { token: admin.token });
    let last: Answer | null = null;
    for (const [i, item] of (detail.body.items as Json[]).entries()) {
      const retouched = await photo(5000 + i, 600, 900);
      last = await client.expect(200, 'PUT', `/api/studio/orders/${orderId}/files?fileName=${encodeURIComponent(`${item.photoName}.jpg`)}`, {
        token: admin.token,
        raw: retouched,
        contentType: 'image/jpeg',
      });
    }
    check(last?.body.complete === true, 'the last file completes the order');
    const delivered = await client.expect(200, 'GET', `/api/studio/orders/${orderId}`, { token: admin.token });
    check(delivered.body.items.every((i: Json) => i.deliveredAt !== null), 'every item is delivered');
    const retouchedUrl = delivered.body.items[0].thumbUrl as string;
    const thumb = await client.expect(200, 'GET', retouchedUrl);
    check(thumb.bytes.length > 100, 'the retouched thumbnail is served');
    return { value: null, note: `order SP-${orderId}: ${detail.body.items.length} file(s) delivered on ${last?.instance}, retouch served on ${thumb.instance}` };
  });

  return {
    admin,
    shootId,
    agreed: [
      { url: `/api/studio/shoots/${shootId}`, token: admin.token },
      { url: '/api/studio/orders?status=delivered', token: admin.token },
      { url: `/api/studio/orders/${orderId}`, token: admin.token },
    ],
  };
}

/** The same GETs straight from each instance (and through the proxy): the bodies must be equal. */
export async function agreement(cluster: Cluster, requests: { url: string; token: string }[], steps: Steps): Promise<void> {
  await steps.run('every instance answers the same', async () => {
    const differences: string[] = [];
    for (const { url, token } of requests) {
      const answers: { who: string; body: string }[] = [];
      for (const instance of cluster.instances) {
        const direct = await new Client(instance.url, instance.id).expect(200, 'GET', url, { token });
        check(direct.instance === instance.id, `the instance ${instance.id} answers as itself`);
        answers.push({ who: instance.id, body: JSON.stringify(normalise(direct.body)) });
      }
      const viaProxy = await new Client(cluster.url).expect(200, 'GET', url, { token });
      answers.push({ who: 'proxy', body: JSON.stringify(normalise(viaProxy.body)) });
      const first = answers[0]!;
      for (const other of answers.slice(1)) {
        if (other.body !== first.body) differences.push(`${url}: ${first.who} and ${other.who} differ (${first.body.length} vs ${other.body.length} chars)`);
      }
    }
    check(differences.length === 0, differences.join('; '));
    return { value: null, note: `${requests.length} URLs × ${cluster.instances.length} instances + proxy: identical bodies` };
  });
}
