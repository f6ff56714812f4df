import sharp from 'sharp';
import { AccountMails } from '../../src/modules/accounts/account-mails';
import { AccountsRepository } from '../../src/modules/accounts/accounts.repository';
import { CustomerInvitations } from '../../src/modules/accounts/customer-invitations';
import { BrandingRepository } from '../../src/modules/branding/branding.repository';
import { BrandingService } from '../../src/modules/branding/branding.service';
import { GalleryRepository } from '../../src/modules/gallery/gallery.repository';
import { type ImportSource, PhotoImportService } from '../../src/modules/gallery/photo-import.service';
import { ShootImportService } from '../../src/modules/gallery/shoot-import.service';
import { createMailer } from '../../src/mail/mailer';
import { MailOutbox } from '../../src/mail/outbox';
import { systemClock } from '../../src/clock';
import type { Storage } from '../../src/storage/storage';
import path from 'node:path';
import type { TestApp } from './test-app';

/** A small portrait JPEG whose colour depends on `seed` (different seeds, different content). */
export function testPhoto(seed: number, size: { width: number; height: number } = { width: 300, height: 450 }): Promise<Buffer> {
  return sharp({
    create: { width: size.width, height: size.height, channels: 3, background: { r: (seed * 37) % 256, g: (seed * 91) % 256, b: (seed * 53) % 256 } },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
}

export function sourcesOf(files: Record<string, Buffer | (() => Promise<Buffer>)>): ImportSource[] {
  return Object.entries(files).map(([fileName, content]) => ({
    fileName,
    read: async () => (typeof content === 'function' ? content() : content),
  }));
}

/** The import services of a test app, on its database and data folder (as the CLI builds them). */
export function importServicesFor(t: TestApp, storage: Storage = t.storage) {
  const gallery = new GalleryRepository(t.db.kysely);
  const importer = new PhotoImportService(gallery, storage, t.clock.now);
  const log = t.app.log;
  const mailer = createMailer({ smtpUrl: null, from: t.config.mailFrom, outboxDir: path.join(t.config.dataDir, 'outbox') }, log);
  // As the CLI: the mail outbox delivers at once, in this process.
  const outbox = new MailOutbox({ db: t.db.kysely, transport: mailer, delivery: 'inline', clock: systemClock, log, from: t.config.mailFrom, settings: t.config.mail });
  const branding = new BrandingService(new BrandingRepository(t.db.kysely));
  const invitations = new CustomerInvitations(new AccountsRepository(t.db.kysely), new AccountMails(outbox, branding, t.config.publicUrl), t.clock.now);
  return { gallery, importer, shoots: new ShootImportService(invitations, importer), storage };
}

/**
 * Imports `count` generated photos for `email` into a new session; every `retouchedEvery`-th one
 * (1-based) also gets a retouched version. Returns the session and the photo ids in file order.
 */
export async function importTestShoot(
  t: TestApp,
  email: string,
  options: { count: number; retouchedEvery?: number; name?: string; seed?: number },
) {
  const { shoots } = importServicesFor(t);
  const seed = options.seed ?? Math.floor(Math.random() * 1_000_000);
  const photos: Record<string, Buffer> = {};
  const retouched: Record<string, Buffer> = {};
  for (let i = 1; i <= options.count; i++) {
    const name = `IMG_${String(i).padStart(4, '0')}`;
    photos[`${name}.jpg`] = await testPhoto(seed + i);
    if (options.retouchedEvery && i % options.retouchedEvery === 0) retouched[`${name}.png`] = await testPhoto(seed + i + 500_000);
  }
  const result = await shoots.importShoot({
    email,
    sessionName: options.name ?? `Shoot ${seed}`,
    sessionDate: '2026-11-20',
    photos: sourcesOf(photos),
    retouched: sourcesOf(retouched),
    invite: false,
  });
  const ids = result.outcomes.map((o) => o.photoId as number);
  return { session: result.session, photoIds: ids, result };
}

