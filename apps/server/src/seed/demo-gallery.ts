import type { Clock } from '../clock';
import type { AccountsRepository } from '../modules/accounts/accounts.repository';
import type { GalleryRepository } from '../modules/gallery/gallery.repository';
import type { ImportSource, PhotoImportService } from '../modules/gallery/photo-import.service';
import { DEMO_CUSTOMER } from './demo-customer';
import { demoPortrait } from './demo-portraits';

/** The customer whose session the demo opens by code (no password: nobody signs in as them). */
export const DEMO_VISITOR_OWNER = { email: 'guest-shoot@studio-gallery.test', firstName: 'Guest', lastName: 'Shoot' } as const;
export const DEMO_VISITOR_SESSION_NAME = 'Team headshots';
/**
 * The demo visitor session's code: fixed (44 characters like every gallery token) so the README and
 * end-to-end tests can name it. Demo data only; real sessions get random codes.
 */
export const DEMO_VISITOR_SESSION_CODE = 'DemoTeamHeadshots-2026-StudioGallery-Visitor';

interface DemoSession {
  name: string;
  date: string;
  count: number;
  /** Every n-th photo has a retouched version, is a favourite, is skipped. */
  retouchedEvery: number;
  favouriteEvery: number;
  skippedEvery: number;
  /** Shot in the studio (painted backdrops) or outdoors (the portrait's own setting, or out of focus). */
  outdoor: boolean;
}

const DEMO_SESSIONS: DemoSession[] = [
  { name: 'Studio portraits', date: '2026-10-14', count: 24, retouchedEvery: 5, favouriteEvery: 6, skippedEvery: 11, outdoor: false },
  { name: 'Outdoor session', date: '2026-11-03', count: 12, retouchedEvery: 4, favouriteEvery: 5, skippedEvery: 7, outdoor: true },
];
const VISITOR_SESSION: DemoSession = { name: DEMO_VISITOR_SESSION_NAME, date: '2026-11-18', count: 6, retouchedEvery: 3, favouriteEvery: 0, skippedEvery: 0, outdoor: false };

/** The session's photos (with `retouched`, the studio's retouched versions of every `retouchedEvery`-th), named as a camera names them. */
function sources(first: number, demo: DemoSession, retouched: boolean): ImportSource[] {
  const list: ImportSource[] = [];
  for (let i = 0; i < demo.count; i++) {
    if (retouched && (demo.retouchedEvery === 0 || i % demo.retouchedEvery !== 0)) continue;
    const seed = first + i;
    list.push({ fileName: `DSC_${String(1000 + seed)}.jpg`, read: () => demoPortrait(seed, demo.outdoor, retouched) });
  }
  return list;
}

export interface DemoGalleryDependencies {
  accounts: AccountsRepository;
  gallery: GalleryRepository;
  importer: PhotoImportService;
  clock: Clock;
}

/**
 * The demo customer's two sessions and the visitor session, through the same import path as the
 * studio CLI; only when the demo customer has no session yet. Returns the visitor session's code.
 */
export async function seedDemoGallery({ accounts, gallery, importer, clock }: DemoGalleryDependencies): Promise<string | null> {
  const customer = await accounts.findByEmail(DEMO_CUSTOMER.email);
  if (customer && (await gallery.listSessions(customer.id)).length === 0) {
    let first = 0;
    for (const demo of DEMO_SESSIONS) {
      await importDemoSession(gallery, importer, customer.id, demo, first);
      first += demo.count;
    }
  }

  let owner = await accounts.findByEmail(DEMO_VISITOR_OWNER.email);
  owner ??=
    (await accounts.insertUser(
      { ...DEMO_VISITOR_OWNER, passwordHash: null, activated: false },
      clock(),
    )) ?? undefined;
  if (!owner) return null;
  const existing = await gallery.findSessionByName(owner.id, VISITOR_SESSION.name, null);
  if (existing) return existing.code;
  return (await importDemoSession(gallery, importer, owner.id, VISITOR_SESSION, 100, DEMO_VISITOR_SESSION_CODE)).code;
}

async function importDemoSession(
  gallery: GalleryRepository,
  importer: PhotoImportService,
  userId: number,
  demo: DemoSession,
  first: number,
  code?: string,
) {
  const { session } = await importer.openSession(userId, demo.name, demo.date, code);
  const { outcomes } = await importer.importPhotos(session, sources(first, demo, false), { retouched: sources(first, demo, true) });
  for (const [index, outcome] of outcomes.entries()) {
    if (outcome.photoId === undefined) continue;
    const favourite = demo.favouriteEvery > 0 && index % demo.favouriteEvery === 1;
    const skipped = demo.skippedEvery > 0 && index % demo.skippedEvery === demo.skippedEvery - 1;
    if (favourite) await gallery.setFavourite(outcome.photoId, true);
    if (skipped) await gallery.setSkipped(outcome.photoId, true);
  }
  return session;
}
