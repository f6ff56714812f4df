import { defaultFaqs, type CorporateClient } from '@studio-gallery/contract';
import { useBrandingQuery } from '../api/get-branding';

/** Used until (or if never) the host's branding arrives. */
export const DEFAULT_BRANDING: CorporateClient = {
  id: 0,
  name: 'Studio Gallery',
  baseUrl: null,
  imageBG: null,
  logoDB: null,
  logoWB: null,
  accentColor: '#3b5bdb',
  copyright: `© ${new Date().getFullYear()} Studio Gallery. All rights reserved.`,
  socialLinks: { tiktok: null, instagram: null, twitter: null, youtube: null },
  faqs: defaultFaqs,
  supportEmail: null,
};

export interface BrandingState {
  branding: CorporateClient;
  /** True while the first answer is still on its way. */
  isLoading: boolean;
}

/** The studio's branding for this host, falling back to neutral defaults. */
export function useBranding(): BrandingState {
  const query = useBrandingQuery();
  return { branding: query.data ?? DEFAULT_BRANDING, isLoading: query.isPending };
}
