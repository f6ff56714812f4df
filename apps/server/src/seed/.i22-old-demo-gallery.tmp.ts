import { loadSharp } from '../media/sharp';
import type { Clock } from '../clock';
import type { AccountsRepository } from '../modules/accounts/accounts.repository';
import type { GalleryRepository } from '../modules/gallery/gallery.repository';
import type { ImportSource, PhotoImportService } from '../modules/gallery/photo-import.service';
import { DEMO_CUSTOMER } from './demo-customer';

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
}

const DEMO_SESSIONS: DemoSession[] = [
  { name: 'Studio portraits', date: '2026-10-14', count: 24, retouchedEvery: 5, favouriteEvery: 6, skippedEvery: 11 },
  { name: 'Outdoor session', date: '2026-11-03', count: 12, retouchedEvery: 4, favouriteEvery: 5, skippedEvery: 7 },
];
const VISITOR_SESSION: DemoSession = { name: DEMO_VISITOR_SESSION_NAME, date: '2026-11-18', count: 6, retouchedEvery: 3, favouriteEvery: 0, skippedEvery: 0 };

/** Backdrop colour pairs and wardrobe colours the generated portraits pick from. */
const BACKDROPS: [string, string][] = [
  ['#E9ECEF', '#ADB5BD'], ['#D0EBFF', '#4DABF7'], ['#FFF3BF', '#FAB005'], ['#E6FCF5', '#38D9A9'],
  ['#F3D9FA', '#BE4BDB'], ['#FFE8CC', '#FD7E14'], ['#DBE4FF', '#5C7CFA'], ['#343A40', '#868E96'],
];
const SKIN = ['#F1C27D', '#E0AC69', '#C68642', '#8D5524', '#FFDBAC', '#D1A17A'];
const WARDROBE = ['#1C7ED6', '#343A40', '#C92A2A', '#2B8A3E', '#5F3DC4', '#E8590C', '#495057', '#0B7285'];
const HAIR = ['#2B1D0E', '#5A3825', '#A0522D', '#D4A373', '#111111', '#7F5539'];

/** Drawing coordinates; the picture is rendered at 800x1200 (2:3) to keep the seed quick. */
const WIDTH = 1000;
const HEIGHT = 1500;
const RENDER_SCALE = 0.8;

/** A head-and-shoulders silhouette on a studio backdrop; `retouched` is warmer and softer-lit. */
export async function demoPortrait(seed: number, retouched = false): Promise<Buffer> {
  const [from, to] = BACKDROPS[seed % BACKDROPS.length] as [string, string];
  const skin = SKIN[(seed * 7) % SKIN.length] as string;
  const cloth = WARDROBE[(seed * 5) % WARDROBE.length] as string;
  const hair = HAIR[(seed * 3) % HAIR.length] as string;
  const tilt = ((seed * 37) % 11) - 5;
  const headX = WIDTH / 2 + (((seed * 53) % 9) - 4) * 12;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH * RENDER_SCALE}" height="${HEIGHT * RENDER_SCALE}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <radialGradient id="bg" cx="0.5" cy="0.35" r="0.85"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></radialGradient>
    <radialGradient id="light" cx="0.35" cy="0.3" r="0.7"><stop offset="0" stop-color="#FFFFFF" stop-opacity="${retouched ? 0.35 : 0.18}"/><stop offset="1" stop-color="#FFFFFF" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
  <g transform="rotate(${tilt} ${headX} 700)">
    <path d="M ${headX - 380} ${HEIGHT} C ${headX - 360} 1080, ${headX - 200} 1000, ${headX} 990 C ${headX + 200} 1000, ${headX + 360} 1080, ${headX + 380} ${HEIGHT} Z" fill="${cloth}"/>
    <rect x="${headX - 70}" y="820" width="140" height="200" rx="60" fill="${skin}"/>
    <ellipse cx="${headX}" cy="600" rx="215" ry="255" fill="${hair}"/>
    <ellipse cx="${headX}" cy="670" rx="178" ry="222" fill="${skin}"/>
    <path d="M ${headX - 190} 600 C ${headX - 150} 430, ${headX + 60} 420, ${headX + 195} 560 C ${headX + 120} 470, ${headX - 60} 480, ${headX - 190} 600 Z" fill="${hair}"/>
  </g>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#light)"/>
</svg>`;
  const sharp = await loadSharp();
  let image = sharp(Buffer.from(svg));
  if (retouched) image = image.modulate({ brightness: 1.08, saturation: 1.18 }).linear(1.04, 2);
  return image.jpeg({ quality: 88 }).toBuffer();
}

function sources(first: number, count: number, retouched: boolean, every: number): ImportSource[] {
  const list: ImportSource[] = [];
  for (let i = 0; i < count; i++) {
    if (retouched && (every === 0 || i % every !== 0)) continue;
    const seed = first + i;
    list.push({ fileName: `DSC_${String(1000 + seed)}.jpg`, read: () => demoPortrait(seed, retouched) });
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
  const { outcomes } = await importer.importPhotos(session, sources(first, demo.count, false, 0), {
    retouched: sources(first, demo.count, true, demo.retouchedEvery),
  });
  for (const [index, outcome] of outcomes.entries()) {
    if (outcome.photoId === undefined) continue;
    const favourite = demo.favouriteEvery > 0 && index % demo.favouriteEvery === 1;
    const skipped = demo.skippedEvery > 0 && index % demo.skippedEvery === demo.skippedEvery - 1;
    if (favourite) await gallery.setFavourite(outcome.photoId, true);
    if (skipped) await gallery.setSkipped(outcome.photoId, true);
  }
  return session;
}
