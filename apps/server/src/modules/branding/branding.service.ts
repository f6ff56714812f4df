import {
  type CorporateClient,
  type FaqEntry,
  type SliderImage,
  defaultFaqs,
  faqEntry,
  normalizeCompanyHost,
} from '@studio-gallery/contract';
import { z } from 'zod';
import type { CorporateClientRow, SliderKind } from '../../db/schema';
import type { MailBranding } from '../../mail/templates';
import { mediaUrl } from '../../storage/storage';
import type { Executor } from '../../db/transaction';
import { BrandingRepository } from './branding.repository';

export const DEFAULT_STUDIO_NAME = 'Studio Gallery';

export class BrandingService {
  constructor(private readonly branding: BrandingRepository) {}

  /** The client with the host name (or base URL) `host`, else the studio's default; a list, JHipster filter style. */
  async corporateClientsForHost(host: string | undefined): Promise<CorporateClient[]> {
    const client = (host ? await this.branding.findByHost(normalizeHost(host), normalizeCompanyHost(host)) : undefined) ?? (await this.branding.findDefault());
    return client ? [toCorporateClient(client)] : [];
  }

  /**
   * A slider's pictures for the request's host: its company's; else, on a company's host, none when the
   * company has a banner of its own (the login screen shows that banner instead of the studio's
   * pictures); else (no company, or neither pictures nor a banner) the studio's.
   */
  async sliderImages(kind: SliderKind, host: string | undefined): Promise<SliderImage[]> {
    const client = host ? await this.branding.findByHost(normalizeHost(host), normalizeCompanyHost(host)) : undefined;
    const company = client && !client.is_default ? client : undefined;
    let rows = company ? await this.branding.listSliderImages(kind, { clientId: company.id }) : [];
    if (rows.length === 0 && kind === 'gallery' && company?.background_key) return [];
    if (rows.length === 0) rows = await this.branding.listSliderImages(kind, 'studio');
    return rows.map((row) => ({ id: row.id, title: row.title, photoUrl: mediaUrl(row.photo_key), url: row.link_url }));
  }

  /**
   * How the studio signs its mails. `executor`: the transaction the mail is queued in (on SQLite a read
   * on the database would wait for that transaction to end).
   */
  async mailBranding(executor?: Executor): Promise<MailBranding> {
    const studio = await (executor ? new BrandingRepository(executor) : this.branding).findDefault();
    return {
      studioName: studio?.name ?? DEFAULT_STUDIO_NAME,
      accentColor: studio?.accent_color ?? '#7048E8',
      supportEmail: studio?.support_email ?? null,
    };
  }
}

/** `https://Gallery.Example.com:8443/x` and `gallery.example.com:8443` both become `gallery.example.com:8443`. */
export function normalizeHost(value: string): string {
  const trimmed = value.trim().toLowerCase();
  try {
    return new URL(trimmed.includes('://') ? trimmed : `http://${trimmed}`).host;
  } catch {
    return trimmed;
  }
}

const faqList = z.array(faqEntry);

function parseFaqs(json: string): FaqEntry[] {
  try {
    const parsed = faqList.safeParse(JSON.parse(json));
    return parsed.success && parsed.data.length > 0 ? parsed.data : defaultFaqs;
  } catch {
    return defaultFaqs;
  }
}

function toCorporateClient(row: CorporateClientRow): CorporateClient {
  return {
    id: row.id,
    name: row.name,
    baseUrl: row.base_url,
    imageBG: mediaUrl(row.background_key),
    logoDB: mediaUrl(row.logo_dark_key),
    logoWB: mediaUrl(row.logo_white_key),
    accentColor: row.accent_color,
    copyright: row.copyright,
    socialLinks: {
      tiktok: row.tiktok_url,
      instagram: row.instagram_url,
      twitter: row.twitter_url,
      youtube: row.youtube_url,
    },
    faqs: parseFaqs(row.faqs_json),
    supportEmail: row.support_email,
  };
}
