import { z } from 'zod';
import { idParam } from './common';
import { COMPANY_IMAGE_MAX_BYTES, isHttpUrl } from './companies';

/**
 * A company's pictures (issue 15 §2), managed by admins under /api/studio/companies/{id}: the editor's
 * backdrops (GET /background/background-images/by-client/{client}) and the two sliders, the login
 * screen's (GET /background/GetAllGalleryRotateImage) and the sidebar promotion's (GET
 * /background/GetAllCorporateRotateImage), which answer the request host's company's pictures, else
 * the studio's. The studio itself is the default company and is managed the same way.
 */

/** The largest backdrop accepted: a studio backdrop may be a large JPEG or TIFF. */
export const COMPANY_BACKDROP_MAX_BYTES = 25 * 1024 * 1024;
/** The largest slider picture accepted (the same as a logo or banner). */
export const COMPANY_SLIDER_IMAGE_MAX_BYTES = COMPANY_IMAGE_MAX_BYTES;

export const studioBackdrop = z
  .object({
    id: z.number(),
    name: z.string(),
    /** The backdrop at studio size (JPEG, up to 2400x3600). */
    imageUrl: z.string(),
    /** A 240x360 WebP. */
    thumbnailUrl: z.string(),
    width: z.number(),
    height: z.number(),
    enabled: z.boolean().describe('Listed in the editor; a disabled backdrop is kept but not shown'),
    createdAt: z.string(),
  })
  .register(z.globalRegistry, { id: 'StudioBackdrop', description: "A backdrop of a company's editor background panel" });
export type StudioBackdrop = z.infer<typeof studioBackdrop>;

export const studioBackdropsResponse = z
  .object({ items: z.array(studioBackdrop) })
  .register(z.globalRegistry, { id: 'StudioBackdrops', description: "Every backdrop of a company, disabled ones too, oldest first" });
export type StudioBackdropsResponse = z.infer<typeof studioBackdropsResponse>;

export const backdropParams = z.object({ id: idParam, backdropId: idParam });

/** POST /api/studio/companies/{id}/backdrops: the file is the body; its name may come here. */
export const uploadBackdropQuery = z.object({
  name: z.string().trim().max(100).optional().describe("Shown in the studio; the file's name (without extension) when absent"),
});

/** PUT /api/studio/companies/{id}/backdrops/{backdropId} */
export const updateBackdropRequest = z.object({ enabled: z.boolean() });
export type UpdateBackdropRequest = z.infer<typeof updateBackdropRequest>;

export const COMPANY_SLIDER_KINDS = ['login', 'sidebar'] as const;
export const companySliderKind = z.enum(COMPANY_SLIDER_KINDS).describe("login: the login screen's slider; sidebar: the gallery sidebar's promotion");
export type CompanySliderKind = z.infer<typeof companySliderKind>;

export const sliderKindParams = z.object({ id: idParam, kind: companySliderKind });
export const sliderImageParams = sliderKindParams.extend({ imageId: idParam });

export const studioSliderImage = z
  .object({
    id: z.number(),
    title: z.string().nullable(),
    photoUrl: z.string(),
    url: z.string().nullable().describe('Where the picture links; null: nowhere'),
    position: z.number(),
    createdAt: z.string(),
  })
  .register(z.globalRegistry, { id: 'StudioSliderImage', description: "A picture of a company's login or sidebar slider" });
export type StudioSliderImage = z.infer<typeof studioSliderImage>;

export const studioSliderImagesResponse = z
  .object({ items: z.array(studioSliderImage) })
  .register(z.globalRegistry, { id: 'StudioSliderImages', description: 'A slider’s pictures, in the order they show' });
export type StudioSliderImagesResponse = z.infer<typeof studioSliderImagesResponse>;

/** POST /api/studio/companies/{id}/sliders/{kind}: the file is the body; title and link are optional. */
export const uploadSliderImageQuery = z.object({
  title: z.string().trim().max(200).optional().describe('Its caption (the picture’s alt text)'),
  url: z
    .string()
    .trim()
    .max(500)
    .refine((value) => value === '' || isHttpUrl(value), 'Use a full web address starting with https://')
    .optional()
    .describe('Where the picture links: a full http(s) URL'),
});
export type UploadSliderImageQuery = z.input<typeof uploadSliderImageQuery>;

/** PUT /api/studio/companies/{id}/sliders/{kind}/order: every picture of the slider, in its new order. */
export const reorderSliderImagesRequest = z.object({
  ids: z.array(z.number().int().positive()).max(500),
});
export type ReorderSliderImagesRequest = z.infer<typeof reorderSliderImagesRequest>;
