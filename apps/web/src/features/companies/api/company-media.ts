import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CompanySliderKind,
  sliderImagesResponse,
  studioBackdrop,
  studioBackdropsResponse,
  studioSliderImage,
  studioSliderImagesResponse,
} from '@studio-gallery/contract';
import { api, apiRequest, type Answer } from '../../../lib/api-client';
import { uploadFile } from '../../../lib/upload-file';
import { companyKeys } from './companies';

export type StudioBackdrop = Answer<typeof studioBackdrop>;
export type StudioSliderImage = Answer<typeof studioSliderImage>;

/** Query keys of a company's pictures (under the companies' keys, so a company change reaches them). */
export const companyMediaKeys = {
  backdrops: (id: number) => [...companyKeys.all, 'media', id, 'backdrops'] as const,
  slider: (id: number, kind: CompanySliderKind) => [...companyKeys.all, 'media', id, 'slider', kind] as const,
  /** The public login slider of the host the dashboard runs on: the studio's. */
  studioLoginSlides: ['slides', 'login'] as const,
};

/** A file's name without its extension: a backdrop's default name. */
function baseName(file: File): string {
  return file.name.replace(/\.[^.]*$/, '').slice(0, 100);
}

/** GET /studio/companies/{id}/backdrops (admins) */
export const companyBackdropsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: companyMediaKeys.backdrops(id),
    queryFn: ({ signal }) => api.get<Answer<typeof studioBackdropsResponse>>(`/studio/companies/${id}/backdrops`, { signal }),
  });
export function useCompanyBackdrops(id: number) {
  return useQuery(companyBackdropsQueryOptions(id));
}

/** After a change: the list of pictures and the activity log are stale. */
function useMediaChanged(key: readonly unknown[]) {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: key }), queryClient.invalidateQueries({ queryKey: companyKeys.activity })]);
}

export interface UploadPicture {
  file: File;
  onProgress?: (fraction: number) => void;
}

/** POST /studio/companies/{id}/backdrops: the file's bytes with upload progress, named after the file. */
export function useUploadBackdrop(id: number) {
  const changed = useMediaChanged(companyMediaKeys.backdrops(id));
  return useMutation({
    mutationFn: ({ file, onProgress }: UploadPicture) =>
      uploadFile<StudioBackdrop>(`/studio/companies/${id}/backdrops`, file, { method: 'POST', query: { name: baseName(file) }, ...(onProgress ? { onProgress } : {}) }),
    onSuccess: changed,
  });
}

/** PUT /studio/companies/{id}/backdrops/{backdropId}: shown in the editor or not. */
export function useSetBackdropEnabled(id: number) {
  const changed = useMediaChanged(companyMediaKeys.backdrops(id));
  return useMutation({
    mutationFn: ({ backdropId, enabled }: { backdropId: number; enabled: boolean }) => api.put<StudioBackdrop>(`/studio/companies/${id}/backdrops/${backdropId}`, { enabled }),
    onSuccess: changed,
  });
}

/** DELETE /studio/companies/{id}/backdrops/{backdropId}: the files go too. */
export function useDeleteBackdrop(id: number) {
  const changed = useMediaChanged(companyMediaKeys.backdrops(id));
  return useMutation({
    mutationFn: (backdropId: number) => apiRequest<void>(`/studio/companies/${id}/backdrops/${backdropId}`, { method: 'DELETE' }),
    onSuccess: changed,
  });
}

/** GET /studio/companies/{id}/sliders/{kind} (admins); `enabled` false for staff, who may not read it. */
export function useCompanySlider(id: number, kind: CompanySliderKind, enabled = true) {
  return useQuery({
    queryKey: companyMediaKeys.slider(id, kind),
    queryFn: ({ signal }) => api.get<Answer<typeof studioSliderImagesResponse>>(`/studio/companies/${id}/sliders/${kind}`, { signal }),
    enabled,
  });
}

/** GET /background/GetAllGalleryRotateImage on the dashboard's host: the studio's login pictures, which a company without its own shows. */
export function useStudioLoginSlides(enabled: boolean) {
  return useQuery({
    queryKey: companyMediaKeys.studioLoginSlides,
    queryFn: ({ signal }) => api.get<Answer<typeof sliderImagesResponse>>('/background/GetAllGalleryRotateImage', { signal }),
    staleTime: 10 * 60_000,
    enabled,
  });
}

export interface UploadSliderPicture extends UploadPicture {
  title?: string;
  url?: string;
}

/** POST /studio/companies/{id}/sliders/{kind}: the file's bytes with upload progress; title and link optional. */
export function useUploadSliderImage(id: number, kind: CompanySliderKind) {
  const queryClient = useQueryClient();
  const changed = useMediaChanged(companyMediaKeys.slider(id, kind));
  return useMutation({
    mutationFn: ({ file, title, url, onProgress }: UploadSliderPicture) =>
      uploadFile<StudioSliderImage>(`/studio/companies/${id}/sliders/${kind}`, file, {
        method: 'POST',
        query: { title: title?.trim() || undefined, url: url?.trim() || undefined },
        ...(onProgress ? { onProgress } : {}),
      }),
    onSuccess: () => Promise.all([changed(), queryClient.invalidateQueries({ queryKey: companyMediaKeys.studioLoginSlides })]),
  });
}

/** PUT /studio/companies/{id}/sliders/{kind}/order: shown in the new order at once, put back if refused. */
export function useReorderSlider(id: number, kind: CompanySliderKind) {
  const queryClient = useQueryClient();
  const key = companyMediaKeys.slider(id, kind);
  type Slider = Answer<typeof studioSliderImagesResponse>;
  return useMutation({
    mutationFn: (ids: number[]) => api.put<Slider>(`/studio/companies/${id}/sliders/${kind}/order`, { ids }),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Slider>(key);
      if (before) {
        const byId = new Map(before.items.map((item) => [item.id, item]));
        queryClient.setQueryData<Slider>(key, { items: ids.flatMap((imageId) => byId.get(imageId) ?? []) });
      }
      return { before };
    },
    onError: (_error, _ids, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: companyKeys.activity }), queryClient.invalidateQueries({ queryKey: companyMediaKeys.studioLoginSlides })]),
  });
}

/** DELETE /studio/companies/{id}/sliders/{kind}/{imageId}: the file goes too. */
export function useDeleteSliderImage(id: number, kind: CompanySliderKind) {
  const queryClient = useQueryClient();
  const changed = useMediaChanged(companyMediaKeys.slider(id, kind));
  return useMutation({
    mutationFn: (imageId: number) => apiRequest<void>(`/studio/companies/${id}/sliders/${kind}/${imageId}`, { method: 'DELETE' }),
    onSuccess: () => Promise.all([changed(), queryClient.invalidateQueries({ queryKey: companyMediaKeys.studioLoginSlides })]),
  });
}

/**
 * The picture the company's login shows first: its own first login picture, else the studio's (as
 * the login page falls back); null while unknown or for staff, who may not read a company's sliders.
 */
export function useFirstLoginPicture(companyId: number, enabled: boolean): string | null {
  const own = useCompanySlider(companyId, 'login', enabled);
  const studio = useStudioLoginSlides(enabled && own.data?.items.length === 0);
  return own.data?.items[0]?.photoUrl ?? studio.data?.[0]?.photoUrl ?? null;
}
