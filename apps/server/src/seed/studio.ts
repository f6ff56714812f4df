import { defaultFaqs } from '@studio-gallery/contract';
import type { Kysely } from 'kysely';
import type { Database, SliderKind } from '../db/schema';
import type { BrandingRepository } from '../modules/branding/branding.repository';
import { DEFAULT_STUDIO_NAME } from '../modules/branding/branding.service';
import { type PublicMediaFolder, type Storage, newMediaKey } from '../storage/storage';
import { type Picture, logoSvg, renderPicture } from './generated-images';

const ACCENT_COLOR = '#7048E8';

interface SliderSeed {
  title: string;
  colors: [string, string];
  linkUrl: string | null;
}

const SLIDERS: Record<SliderKind, SliderSeed[]> = {
  gallery: [
    { title: 'Your headshots, ready in minutes', colors: ['#7048E8', '#E64980'], linkUrl: null },
    { title: 'Retouched by real artists', colors: ['#1C7ED6', '#20C997'], linkUrl: null },
    { title: 'Download in full resolution', colors: ['#F76707', '#FAB005'], linkUrl: null },
    { title: 'Share straight to your profile', colors: ['#0CA678', '#1098AD'], linkUrl: null },
    { title: 'Favourite, compare, decide', colors: ['#AE3EC9', '#4263EB'], linkUrl: null },
  ],
  corporate: [
    { title: 'Professional retouching in your gallery', colors: ['#5F3DC4', '#D6336C'], linkUrl: '/faq' },
    { title: 'Team headshots on site', colors: ['#1971C2', '#0B7285'], linkUrl: '/faq' },
    { title: 'One look for the whole company', colors: ['#E8590C', '#C2255C'], linkUrl: '/faq' },
    { title: 'New backgrounds in one click', colors: ['#2B8A3E', '#1864AB'], linkUrl: '/faq' },
    { title: 'Your gallery, kept for a year', colors: ['#862E9C', '#364FC7'], linkUrl: '/faq' },
  ],
};

/** Creates the default studio with its branding images, and the slider images, when missing. */
export async function seedStudio(branding: BrandingRepository, storage: Storage, now: Date): Promise<void> {
  if (!(await branding.findDefault())) await createDefaultStudio(branding, storage, now);
  for (const kind of ['gallery', 'corporate'] as const) {
    if ((await branding.listSliderImages(kind, 'studio')).length === 0) await createSliderImages(branding, storage, kind, now);
  }
}

async function createDefaultStudio(branding: BrandingRepository, storage: Storage, now: Date): Promise<void> {
  const [logoDark, logoWhite, background] = await Promise.all([
    store(storage, 'branding', 'svg', logoSvg(DEFAULT_STUDIO_NAME, ACCENT_COLOR, 'dark')),
    store(storage, 'branding', 'svg', logoSvg(DEFAULT_STUDIO_NAME, ACCENT_COLOR, 'white')),
    store(storage, 'branding', 'jpg', await renderPicture({ width: 1600, height: 900, colors: ['#5F3DC4', '#1F1D2B'] })),
  ]);
  await branding.insertCorporateClient({
    name: DEFAULT_STUDIO_NAME,
    base_url: null,
    accent_color: ACCENT_COLOR,
    logo_dark_key: logoDark,
    logo_white_key: logoWhite,
    background_key: background,
    copyright: `© ${now.getUTCFullYear()} ${DEFAULT_STUDIO_NAME}. All rights reserved.`,
    tiktok_url: 'https://www.tiktok.com/',
    instagram_url: 'https://www.instagram.com/',
    twitter_url: 'https://twitter.com/',
    youtube_url: 'https://www.youtube.com/',
    faqs_json: JSON.stringify(defaultFaqs),
    support_email: 'support@studio-gallery.test',
    is_default: 1,
    created_at: now.toISOString(),
  });
}

/**
 * The demo studio offers Full resolution downloads (issue 15 §3), so the demo shows what the FAQ and
 * the slider promise (about 4500 px originals). Only on the first demo seeding: a studio that turns
 * it off keeps it off across restarts. A real studio starts with it off (the column's default).
 */
export async function seedDemoFullResolution(db: Kysely<Database>): Promise<void> {
  await db.updateTable('corporate_clients').set({ allow_full_resolution: 1 }).where('is_default', '=', 1).execute();
}

async function createSliderImages(branding: BrandingRepository, storage: Storage, kind: SliderKind, now: Date): Promise<void> {
  const seeds = SLIDERS[kind];
  const keys = await Promise.all(
    seeds.map(async (seed) => {
      const picture: Picture = { width: 1200, height: 800, colors: seed.colors, caption: seed.title };
      return store(storage, 'sliders', 'jpg', await renderPicture(picture));
    }),
  );
  await branding.insertSliderImages(
    seeds.map((seed, position) => ({
      kind,
      title: seed.title,
      photo_key: keys[position] as string,
      link_url: seed.linkUrl,
      position,
      created_at: now.toISOString(),
    })),
  );
}

async function store(storage: Storage, folder: PublicMediaFolder, extension: string, content: Buffer): Promise<string> {
  const key = newMediaKey(folder, extension);
  await storage.put(key, content);
  return key;
}
