import { queryOptions, useQuery } from '@tanstack/react-query';
import { SIDEBAR_SLIDER, type sliderImagesResponse } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';

/** GET /background/GetAllCorporateRotateImage: the sidebar promotion, at most 5 pictures (§9). */
export async function getPromoSlides() {
  const all = await api.get<Answer<typeof sliderImagesResponse>>('/background/GetAllCorporateRotateImage');
  return all.slice(0, SIDEBAR_SLIDER.maxImages);
}

export const promoSlidesQueryOptions = () =>
  queryOptions({ queryKey: ['slides', 'promo'], queryFn: getPromoSlides, staleTime: 10 * 60_000 });

export function usePromoSlides() {
  return useQuery(promoSlidesQueryOptions());
}
