import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type BackgroundImage, backgroundImagesResponse, galleryMessages, messages } from '@studio-gallery/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ValidationError } from '../src/errors';
import { BackgroundsRepository } from '../src/modules/backgrounds/backgrounds.repository';
import { BackgroundsService } from '../src/modules/backgrounds/backgrounds.service';
import { createStorage } from '../src/storage/create-storage';
import { importTestShoot } from './support/gallery';
import { type TestApp, type TestUser, startTestApp } from './support/test-app';

/** The editor's studio backdrops: GET /api/background/background-images/by-client/{client} and `studio -- backgrounds`. */

let t: TestApp;
let dora: TestUser;
let sessionCode: string;
let studioId: number;
let acmeId: number;
let otherId: number;
let backgrounds: BackgroundsService;
const cli = fileURLToPath(new URL('../src/cli/studio.ts', import.meta.url));

beforeAll(async () => {
  t = await startTestApp();
  dora = await t.createUser({ firstName: 'Dora' });
  sessionCode = (await importTestShoot(t, dora.email, { count: 1 })).session.code;
  studioId = (await t.db.kysely.selectFrom('corporate_clients').select('id').where('is_default', '=', 1).executeTakeFirstOrThrow()).id;
  const client = (name: string, host: string) =>
    t.db.kysely
      .insertInto('corporate_clients')
      .values({ name, base_url: host, accent_color: '#123456', copyright: `© ${name}`, faqs_json: '[]', is_default: 0, created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((row) => row.id);
  acmeId = await client('Acme', 'acme.backdrops.test');
  otherId = await client('Globex', 'globex.backdrops.test');
  // What the CLI builds: the same service, on the server's database and storage.
  backgrounds = new BackgroundsService(new BackgroundsRepository(t.db.kysely), createStorage(t.config), t.clock.now);
});
afterAll(async () => {
  await t?.close();
});

function list(client: number, headers: { token?: string; code?: string } = { token: dora?.token }) {
  return t.request('GET', `/api/background/background-images/by-client/${client}`, {
    token: headers.token,
    headers: headers.code ? { 'x-session-code': headers.code } : {},
  });
}

async function listed(client: number): Promise<BackgroundImage[]> {
  const response = await list(client);
  expect(response.status).toBe(200);
  return backgroundImagesResponse.parse(response.body);
}

async function fetchImage(url: string) {
  const response = await fetch(`${t.baseUrl}${url}`);
  expect(response.status, url).toBe(200);
  const bytes = Buffer.from(await response.arrayBuffer());
  return { contentType: response.headers.get('content-type'), metadata: await sharp(bytes).metadata() };
}

/** A 3000x4000 landscape-of-colours PNG, larger than studio size. */
function backdropFile(color: string, size = { width: 3000, height: 4000 }): Promise<Buffer> {
  return sharp({ create: { ...size, channels: 3, background: color } }).png().toBuffer();
}

describe('GET /api/background/background-images/by-client/{client}', () => {
  it('answers five built-in backdrops when the studio has none, as 2400x3600 JPEGs with WebP thumbnails', async () => {
    const images = await listed(studioId);
    expect(images).toHaveLength(5);
    expect(new Set(images.map((i) => i.id)).size).toBe(5);
    for (const image of images) {
      expect(image).toMatchObject({ status: true, builtIn: true, width: 2400, height: 3600, name: expect.any(String) });
      expect(image.imageUrl).toMatch(/^\/api\/media\/backgrounds\//);
    }
    for (const image of [images[0], images[4]] as BackgroundImage[]) {
      expect(await fetchImage(image.imageUrl)).toMatchObject({ contentType: 'image/jpeg', metadata: { format: 'jpeg', width: 2400, height: 3600 } });
      expect(await fetchImage(image.thumbnail)).toMatchObject({ contentType: 'image/webp', metadata: { format: 'webp', width: 240, height: 360 } });
    }
    // A corporate client without backdrops of its own gets the same.
    expect(await listed(acmeId)).toEqual(images);
  });

  it('refuses anonymous callers (401) and wrong session codes (404); a session-code visitor gets the backdrops', async () => {
    const anonymous = await list(studioId, {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: messages.unauthorized });

    const wrong = await list(studioId, { code: 'x'.repeat(44) });
    expect(wrong.status).toBe(404);
    expect(wrong.body).toEqual({ message: galleryMessages.noSession });

    const visitor = await list(studioId, { code: sessionCode });
    expect(visitor.status).toBe(200);
    expect(backgroundImagesResponse.parse(visitor.body)).toHaveLength(5);
  });

  it('answers 400 for a client that is not a positive id', async () => {
    expect((await list(0)).status).toBe(400);
    expect((await list(Number.NaN)).status).toBe(400);
  });

  it("a studio backdrop replaces the built-ins; a client's own replace the studio's; disabled and other clients' are not listed", async () => {
    const studioGrey = await backgrounds.add({ file: await backdropFile('#707070'), name: 'Studio grey paper' });
    expect(studioGrey).toMatchObject({ corporate_client_id: studioId, width: 2400, height: 3200, status: 1 });

    const studio = await listed(studioId);
    expect(studio).toEqual([
      expect.objectContaining({ id: String(studioGrey.id), name: 'Studio grey paper', status: true, builtIn: false, width: 2400, height: 3200 }),
    ]);
    expect(await fetchImage(studio[0]?.imageUrl as string)).toMatchObject({ metadata: { format: 'jpeg', width: 2400, height: 3200 } });
    expect(await fetchImage(studio[0]?.thumbnail as string)).toMatchObject({ metadata: { format: 'webp', width: 240, height: 360 } });
    // Acme has none of its own: the studio's.
    expect(await listed(acmeId)).toEqual(studio);

    const acmeBlue = await backgrounds.add({ file: await backdropFile('#2050A0', { width: 1200, height: 1800 }), name: 'Acme blue', clientId: acmeId });
    const acmeRed = await backgrounds.add({ file: await backdropFile('#A02020', { width: 1200, height: 1800 }), name: 'Acme red', clientId: acmeId });
    const globex = await backgrounds.add({ file: await backdropFile('#20A020'), name: 'Globex green', clientId: otherId });
    // Never enlarged.
    expect(acmeBlue).toMatchObject({ width: 1200, height: 1800 });

    expect((await listed(acmeId)).map((i) => i.name)).toEqual(['Acme blue', 'Acme red']);
    await backgrounds.setEnabled(acmeRed.id, false);
    expect((await listed(acmeId)).map((i) => i.name)).toEqual(['Acme blue']);
    expect((await listed(otherId)).map((i) => i.name)).toEqual(['Globex green']);
    expect((await listed(studioId)).map((i) => i.name)).toEqual(['Studio grey paper']);
    // An unknown client gets the studio's.
    expect((await listed(999_999)).map((i) => i.name)).toEqual(['Studio grey paper']);

    // With all of Acme's disabled, Acme gets the studio's again; enabled, its own.
    await backgrounds.setEnabled(acmeBlue.id, false);
    expect((await listed(acmeId)).map((i) => i.name)).toEqual(['Studio grey paper']);
    await backgrounds.setEnabled(acmeRed.id, true);
    expect((await listed(acmeId)).map((i) => i.name)).toEqual(['Acme red']);

    // Removed: its files go too.
    const removedUrl = (await listed(otherId))[0]?.imageUrl as string;
    await backgrounds.remove(globex.id);
    expect((await fetch(`${t.baseUrl}${removedUrl}`)).status).toBe(404);
    expect((await listed(otherId)).map((i) => i.name)).toEqual(['Studio grey paper']);
  });

  it('refuses files that are not images by their content, and unknown clients', async () => {
    await expect(backgrounds.add({ file: Buffer.from('<html>not an image</html>'), name: 'Fake' })).rejects.toBeInstanceOf(ValidationError);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    await expect(backgrounds.add({ file: svg, name: 'Vector' })).rejects.toThrow(/Unsupported image type svg/);
    await expect(backgrounds.add({ file: await backdropFile('#000000', { width: 10, height: 10 }), name: 'x', clientId: 987_654 })).rejects.toThrow(/no corporate client/);
  });
});

describe('GET /api/media/backgrounds/*', () => {
  it('serves only files directly inside backgrounds/', async () => {
    expect((await t.request('GET', '/api/media/backgrounds/nope.jpg')).status).toBe(404);
    expect((await t.request('GET', '/api/media/backgrounds/a/b.jpg')).status).toBe(404);
  });
});

describe('npm run studio -- backgrounds', () => {
  function studio(...args: string[]) {
    const env: Record<string, string> = { ...process.env, DATA_DIR: t.config.dataDir, PUBLIC_URL: t.config.publicUrl, LOG_LEVEL: 'silent', ...t.storageEnv } as Record<string, string>;
    if (t.config.database.dialect === 'postgres') {
      env.DATABASE_URL = t.config.database.url;
      env.DATABASE_SCHEMA = t.config.database.schema ?? '';
    }
    return promisify(execFile)(process.execPath, ['--import', 'tsx', cli, 'backgrounds', ...args], { env, cwd: path.dirname(cli) }).then(
      (out) => ({ code: 0, ...out }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );
  }

  it('adds, lists, disables, enables and removes a backdrop', async () => {
    const file = path.join(t.config.dataDir, 'cli-backdrop.jpg');
    await fs.writeFile(file, await sharp({ create: { width: 800, height: 1200, channels: 3, background: '#336699' } }).jpeg().toBuffer());

    const added = await studio('add', file, '--name', 'CLI blue', '--client', String(otherId));
    expect(added.code, added.stderr).toBe(0);
    const id = Number(added.stdout.trim());
    expect(id).toBeGreaterThan(0);
    expect((await listed(otherId)).map((i) => i.name)).toEqual(['CLI blue']);

    const listing = await studio('list', '--client', String(otherId));
    expect(listing.code).toBe(0);
    expect(listing.stdout).toContain(`${id}\tclient ${otherId}\tenabled\t800x1200\tCLI blue`);

    expect((await studio('disable', String(id))).code).toBe(0);
    expect((await listed(otherId)).map((i) => i.name)).toEqual(['Studio grey paper']);
    expect((await studio('list')).stdout).toContain(`${id}\tclient ${otherId}\tdisabled`);
    expect((await studio('enable', String(id))).code).toBe(0);
    expect((await listed(otherId)).map((i) => i.name)).toEqual(['CLI blue']);
    expect((await studio('remove', String(id))).code).toBe(0);
    expect((await listed(otherId)).map((i) => i.name)).toEqual(['Studio grey paper']);

    const notImage = path.join(t.config.dataDir, 'notes.jpg');
    await fs.writeFile(notImage, 'not an image');
    const refused = await studio('add', notImage, '--name', 'Fake');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('Not an image');
    expect((await studio('remove', String(id))).stderr).toContain(`There is no backdrop ${id}`);
  }, 60_000);
});
