import { queryOptions, useQuery } from '@tanstack/react-query';
import { type sliderImagesResponse } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';

/** GET /background/GetAllGalleryRotateImage: the login screen's rotating pictures. */
export async function getLoginSlides() {
  return api.get<Answer<typeof sliderImagesResponse>>('/background/GetAllGalleryRotateImage');
}

export const loginSlidesQueryOptions = () =>
  queryOptions({ queryKey: ['slides', 'login'], queryFn: getLoginSlides, staleTime: 10 * 60_000 });

export function useLoginSlides() {
  return useQuery(loginSlidesQueryOptions());
}
