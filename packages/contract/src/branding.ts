import { z } from 'zod';

export const socialLinks = z.object({
  tiktok: z.string().nullable(),
  instagram: z.string().nullable(),
  twitter: z.string().nullable(),
  youtube: z.string().nullable(),
});
export type SocialLinks = z.infer<typeof socialLinks>;

export const faqEntry = z.object({ question: z.string(), answer: z.string() });
export type FaqEntry = z.infer<typeof faqEntry>;

/**
 * Branding (§3: imageBG, logoDB, logoWB, accentColor) for one host, plus what the studio shows
 * around it (name, footer links, FAQ). GET /corporate-clients?baseUrl.equals={host} answers a list
 * (JHipster filter style) holding the host's client, or the studio's default when no client matches.
 */
export const corporateClient = z.object({
  id: z.number(),
  name: z.string(),
  baseUrl: z.string().nullable(),
  imageBG: z.string().nullable(),
  /** Logo for light backgrounds (dark logo). */
  logoDB: z.string().nullable(),
  /** Logo for dark backgrounds (white logo). */
  logoWB: z.string().nullable(),
  accentColor: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  copyright: z.string(),
  socialLinks,
  faqs: z.array(faqEntry),
  supportEmail: z.string().nullable(),
}).register(z.globalRegistry, { id: 'CorporateClient', description: "A host's branding (logos, accent colour, footer, FAQ)" });
export type CorporateClient = z.infer<typeof corporateClient>;
export const corporateClientsResponse = z.array(corporateClient);
/** GET /corporate-clients?baseUrl.equals={host} */
export const corporateClientsQuery = z.object({ 'baseUrl.equals': z.string().trim().max(255).optional() });

/** Slider image (§3): photoUrl, url; the login slider also id, title. */
export const sliderImage = z
  .object({
    id: z.number(),
    title: z.string().nullable(),
    photoUrl: z.string(),
    url: z.string().nullable(),
  })
  .register(z.globalRegistry, { id: 'SliderImage', description: 'A slider picture and where it links' });
export type SliderImage = z.infer<typeof sliderImage>;
export const sliderImagesResponse = z.array(sliderImage);

/**
 * The widths (px) a public picture under /api/media (a slider's, the banner; JPEG, PNG or WebP) is
 * also served at, as WebP, never enlarged: `/api/media/<key>?w=<width>`. The server makes each copy on
 * its first request and keeps it. Pictures are uploaded up to 1920 px and shown much smaller (the
 * login's half screen, the sidebar's 150 px box).
 */
export const MEDIA_PICTURE_WIDTHS = [360, 720, 1080, 1440] as const;

/** A srcset naming every MEDIA_PICTURE_WIDTHS copy of a picture under /api/media; undefined for another URL. */
export function mediaPictureSrcSet(url: string): string | undefined {
  if (!/^\/api\/media\/[^?#]+$/.test(url)) return undefined;
  return MEDIA_PICTURE_WIDTHS.map((width) => `${url}?w=${width} ${width}w`).join(', ');
}

/** Sidebar promo slider: at most 5 images, 10 s autoplay, 3 s transition (§9). */
export const SIDEBAR_SLIDER = { maxImages: 5, autoplayMs: 10_000, transitionMs: 3_000 } as const;
/** Login slider autoplay (§9). */
export const LOGIN_SLIDER_AUTOPLAY_MS = 4_000;

/** FAQ defaults, from the facts in spec §9; a studio may replace them in its settings. */
export const defaultFaqs: FaqEntry[] = [
  {
    question: 'When will my photos arrive?',
    answer: 'Your gallery arrives within 5 to 10 minutes of your session.',
  },
  {
    question: 'How long are my photos kept?',
    answer: 'Your gallery is hosted for 1 year, plus a 12-month archive after that.',
  },
  {
    question: 'What resolution are the downloads?',
    answer:
      'Full-resolution photos are about 4500 px on the long edge at 300 dpi. You can also download a Social Media size (1000 x 1500) or High Resolution (1600 x 2400).',
  },
  {
    question: 'How do I open my gallery without an account?',
    answer: 'Use the link from your email: it carries a 44-character gallery token that opens your session.',
  },
  {
    question: 'How much does professional retouching cost?',
    answer: 'Professional retouching is priced per photo: the current prices and turnaround show here and when you choose Touch-up or Background in your gallery.',
  },
  {
    question: 'How fast does support reply?',
    answer: 'We reply to every message within 24 hours.',
  },
];
