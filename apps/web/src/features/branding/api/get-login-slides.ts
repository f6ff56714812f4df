import { queryOptions, useQuery } from '@tanstack/react-query';
import { sliderImagesResponse } from '@studio-gallery/contract';
import { api } from '../../../lib/api-client';

/** GET /background/GetAllGalleryRotateImage: the login screen's rotating pictures. */
export async function getLoginSlides() {
  return sliderImagesResponse.parse(await api.get<unknown>('/background/GetAllGalleryRotateImage'));
}

export const loginSlidesQueryOptions = () =>
  queryOptions({ queryKey: ['slides', 'login'], queryFn: getLoginSlides, staleTime: 10 * 60_000 });

export function useLoginSlides() {
  return useQuery(loginSlidesQueryOptions());
}
