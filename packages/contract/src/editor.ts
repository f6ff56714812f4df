import { z } from 'zod';
import { idParam } from './common';

/**
 * The in-browser photo editor (spec §2 "Edit modal", §3 "Edit values" / "Crop options", §5, §9) and the
 * calls that save its result (§7 save-edited-image; revert-edit is ours). docs/editor.md says what each
 * value does; docs/api.md documents the recipe.
 */

/**
 * The most pixels remove-background and retouch-portrait decode (issue 22 §4), from the image's header:
 * a 24 MP camera's 6000x4000 passes. Their models see a 640 px copy; only the refinement and the
 * retouch work at full size, and their memory grows with it (a 100 MP PNG took the server to 2 GB).
 */
export const AI_MAX_INPUT_PIXELS = 25_000_000;

/** Texts of the editor (spec §8) and ours. */
export const editorMessages = {
  faceModelsFailed: 'Failed to load face detection models',
  noImageForFaces: 'No image available for face detection',
  noFaces: 'No faces detected in the image',
  faceDetectionFailed: 'Face detection failed. Please try again.',
  faceModelsNotLoaded: 'Face detection models not loaded yet',
  removeBackgroundFailed: 'Failed to remove background. Please try again.',
  compositeFailed: 'Failed to create final composite image',
  applyBackgroundFailed: 'Failed to apply background changes',
  processFailed: 'Failed to process image. Please try again.',
  loadImageDataFailed: 'Failed to load image data',
  selectBackgroundFirst: 'Please select a background first',
  /** Ours, after the spec's visitor pattern ("You can edit name after logging in"). */
  saveEditsNeedsLogin: 'You can save edits after logging in',
  editSaved: 'Your edit was saved.',
  editReverted: 'The original photo is back.',
  noEditToRevert: 'This photo has no edit to revert.',
  editedImageInvalid: 'The edited image must be a JPEG, PNG or WebP picture.',
  editedImageTooLarge: 'The edited image is too large (at most 100 megapixels).',
  /** Ours: remove-background and retouch-portrait refuse more than AI_MAX_INPUT_PIXELS. */
  aiImageTooLarge: 'The photo is too large for the AI tools (at most 25 megapixels).',
  passportNoRetouch: 'A passport photo must not be retouched or have its background replaced.',
  /** Ours, as saveEditsNeedsLogin: background removal is for signed-in customers. */
  removeBackgroundNeedsLogin: 'You can remove the background after logging in',
  backgroundRemoved: 'The background was removed.',
  retouchNeedsLogin: 'You can use the AI retouch after logging in',
  portraitRetouched: 'The portrait was retouched.',
  retouchNoFace: 'No face was found in the photo: it is unchanged.',
  /** Ours: an uploaded background that is not a picture (spec §5: image MIME type only). */
  backgroundNotImage: 'Please choose a picture (JPEG, PNG or WebP) for the background.',
  backgroundUploadMissing: 'Your own background picture is not kept with the edit: choose it again to use it.',
  removingBackground: 'Removing the background…',
} as const;

/** Slider values (spec §3 "Edit values"), in the order the panels show them. */
export const EDIT_VALUE_NAMES = ['exposure', 'contrast', 'fade', 'saturation', 'skinTone', 'temperature', 'tint', 'grain'] as const;
export type EditValueName = (typeof EDIT_VALUE_NAMES)[number];
export type EditValues = Record<EditValueName, number>;

export type EditGroup = 'light' | 'color' | 'effects';
export interface EditSlider {
  name: EditValueName;
  label: string;
  group: EditGroup;
  min: number;
  max: number;
  step: number;
}

/** Spec §5: every slider -2..2 step 0.1, grain 0..1 step 0.1. */
export const EDIT_SLIDERS: readonly EditSlider[] = [
  { name: 'exposure', label: 'Exposure', group: 'light', min: -2, max: 2, step: 0.1 },
  { name: 'contrast', label: 'Contrast', group: 'light', min: -2, max: 2, step: 0.1 },
  { name: 'fade', label: 'Fade', group: 'light', min: -2, max: 2, step: 0.1 },
  { name: 'saturation', label: 'Saturation', group: 'color', min: -2, max: 2, step: 0.1 },
  { name: 'skinTone', label: 'Skin tone', group: 'color', min: -2, max: 2, step: 0.1 },
  { name: 'temperature', label: 'Temperature', group: 'color', min: -2, max: 2, step: 0.1 },
  { name: 'tint', label: 'Tint', group: 'color', min: -2, max: 2, step: 0.1 },
  { name: 'grain', label: 'Grain', group: 'effects', min: 0, max: 1, step: 0.1 },
];

export const EDIT_GROUP_LABELS: Record<EditGroup, string> = { light: 'Light', color: 'Color', effects: 'Effects' };

/** Reset sets all to 0 (spec §5). */
export const DEFAULT_EDIT_VALUES: EditValues = Object.freeze({
  exposure: 0,
  contrast: 0,
  fade: 0,
  saturation: 0,
  skinTone: 0,
  temperature: 0,
  tint: 0,
  grain: 0,
});

export function hasAdjustments(values: EditValues): boolean {
  return EDIT_VALUE_NAMES.some((name) => values[name] !== 0);
}

/** Spec §9 constants of the editor. */
export const EDITOR_TIMINGS = { previewDebounceMs: 50, applyDelayMs: 20, savingOverlayMs: 2000 } as const;
export const GRAIN_OVERLAY_OPACITY = 0.6;
export const GRAIN_TILE_PX = 100;
export const EDIT_JPEG_QUALITY = 0.9;
export const CROP_JPEG_QUALITY = 0.95;
export const EDITED_FILE_PREFIX = 'edited-';

/** Crop presets (spec §5): aspect width/height. */
export const CROP_PRESETS = { square: 1, portrait: 3 / 4, landscape: 16 / 9, circle: 1, passport: 35 / 45 } as const;
export type CropPreset = keyof typeof CROP_PRESETS;
export const CROP_PRESET_NAMES = Object.keys(CROP_PRESETS) as CropPreset[];
export const CROP_PRESET_LABELS: Record<CropPreset, string> = {
  square: 'Square',
  portrait: 'Portrait',
  landscape: 'Landscape',
  circle: 'Circle',
  passport: 'Passport',
};
export const DEFAULT_CROP_PRESET: CropPreset = 'portrait';
export const DEFAULT_CROP_ZOOM = 30;

/** Passport documents the passport preset knows (docs/editor.md has their rules). */
export const PASSPORT_DOCUMENTS = ['uk', 'schengen', 'us'] as const;
export type PassportDocument = (typeof PASSPORT_DOCUMENTS)[number];

const sliderValue = (min: number, max: number) => z.number().min(min).max(max);

export const editValuesSchema = z.object(
  Object.fromEntries(EDIT_SLIDERS.map((s) => [s.name, sliderValue(s.min, s.max)])) as Record<EditValueName, z.ZodNumber>,
);

/** A rectangle as fractions (0..1) of the source image's upright width and height. */
const unit = z.number().min(0).max(1);
export const cropRecipe = z.object({
  preset: z.enum(CROP_PRESET_NAMES as [CropPreset, ...CropPreset[]]),
  zoom: z.number().min(0).max(100),
  x: unit,
  y: unit,
  width: unit.refine((v) => v > 0, 'width must be above 0'),
  height: unit.refine((v) => v > 0, 'height must be above 0'),
});
export type CropRecipe = z.infer<typeof cropRecipe>;

/** Spec §5/§9: a solid colour is # plus six hex digits. */
export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;
export const DEFAULT_BACKGROUND_COLOUR = '#868487';
export const RESET_BACKGROUND_COLOUR = '#B692E4';
/** Background opacity in percent (spec §9: default 100). */
export const DEFAULT_BACKGROUND_OPACITY = 100;

const backgroundOpacity = z.number().min(0).max(100);
/**
 * What is behind the person: a solid colour, a studio backdrop (by id and URL), or a picture the
 * customer uploaded (not stored: reopening the edit asks for it again). Opacity 100 replaces the old
 * backdrop; less lets it show through.
 */
export const backgroundChoice = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('colour'), colour: z.string().regex(HEX_COLOUR), opacity: backgroundOpacity }),
  z.object({ kind: z.literal('preset'), id: z.string().min(1).max(100), imageUrl: z.string().min(1).max(2000), opacity: backgroundOpacity }),
  z.object({ kind: z.literal('upload'), name: z.string().max(255), opacity: backgroundOpacity }),
]);
export type BackgroundChoice = z.infer<typeof backgroundChoice>;

/**
 * The AI retouch's controls (issue 22 §2), each optional in a request and on by default
 * (RETOUCH_DEFAULT_CONTROLS): what the retouch does besides smoothing the skin at `strength`.
 */
export const retouchControls = z.object({
  /** Small spots (pimples, redness, small dark spots) are removed; moles follow keepMoles. */
  removeBlemishes: z.boolean().optional(),
  /** Moles (dark, round, well-defined spots) stay as they are; false removes them with the spots. */
  keepMoles: z.boolean().optional(),
  /** Shine (bright, washed-out patches on forehead, nose and cheeks) is toned down. */
  reduceShine: z.boolean().optional(),
  /** Shadows and fine lines under and beside the eyes are softened. */
  softenUnderEyes: z.boolean().optional(),
  /** Blotchy colour (redness) is evened out towards the face's own tone. */
  evenSkinTone: z.boolean().optional(),
});
export type RetouchControls = z.infer<typeof retouchControls>;
export const RETOUCH_DEFAULT_CONTROLS: Required<RetouchControls> = {
  removeBlemishes: true,
  keepMoles: true,
  reduceShine: true,
  softenUnderEyes: true,
  evenSkinTone: true,
};

/** Everything a retouch is made with: the strength and every control, defaults filled in. */
export type RetouchSettings = { strength: number } & Required<RetouchControls>;
/** A retouch as an edit records it: the strength and the controls the customer changed. */
export type RetouchRecipe = { strength: number } & RetouchControls;

/** One text per distinct retouch (defaults filled in), for caches. */
export function retouchKey(recipe: RetouchRecipe): string {
  return JSON.stringify(retouchSettings(recipe));
}

export function retouchSettings(input: { strength?: number | undefined } & RetouchControls = {}): RetouchSettings {
  const settings: RetouchSettings = { strength: input.strength ?? RETOUCH_DEFAULT_STRENGTH, ...RETOUCH_DEFAULT_CONTROLS };
  for (const key of Object.keys(RETOUCH_DEFAULT_CONTROLS) as (keyof RetouchControls)[]) settings[key] = input[key] ?? RETOUCH_DEFAULT_CONTROLS[key];
  return settings;
}

/**
 * How an edit was made, kept with the edited version so that reopening Edit restores it on the
 * unedited photo (edits never stack JPEG generations).
 */
export const editRecipe = z
  .object({
    version: z.literal(1),
    values: editValuesSchema,
    crop: cropRecipe.nullable(),
    /** Set while the passport preset is active; adjustments apply only when `withAdjustments`. */
    passport: z.object({ document: z.enum(PASSPORT_DOCUMENTS), withAdjustments: z.boolean() }).nullable(),
    /** The background behind the person (issue 13 §2); absent: the photo's own. */
    background: backgroundChoice.optional(),
    /** The free AI retouch applied first (issue 13 §3); absent or null: none. */
    retouch: z.object({ strength: z.number().min(0).max(1), ...retouchControls.shape }).nullable().optional(),
  })
  .register(z.globalRegistry, {
    id: 'EditRecipe',
    description: 'The edit values, crop (fractions of the unedited photo) and passport choice an edited version was rendered from',
  });
export type EditRecipe = z.infer<typeof editRecipe>;

export const EMPTY_RECIPE: EditRecipe = { version: 1, values: { ...DEFAULT_EDIT_VALUES }, crop: null, passport: null };

/** A full-resolution JPEG of a ~60 MP original in base64 fits well inside this. */
export const MAX_EDITED_IMAGE_BODY_BYTES = 40 * 1024 * 1024;
export const EDITED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const saveEditedImageRequest = z.object({
  photoId: idParam,
  /** Base64 of the image, with or without a `data:image/…;base64,` prefix. */
  imageBase64: z.string().min(1).max(MAX_EDITED_IMAGE_BODY_BYTES),
  contentType: z.enum(EDITED_IMAGE_TYPES).default('image/jpeg'),
  recipe: editRecipe.optional(),
});
export type SaveEditedImageRequest = z.input<typeof saveEditedImageRequest>;

export const revertEditRequest = z.object({ photoId: idParam });

/** POST /ex/images/remove-background (spec §7): the image as base64 (JPEG, PNG or WebP; a data: prefix is tolerated). */
export const removeBackgroundRequest = z.object({
  ImageBase64: z.string().min(1).max(MAX_EDITED_IMAGE_BODY_BYTES),
});
export type RemoveBackgroundRequest = z.infer<typeof removeBackgroundRequest>;

export const removeBackgroundResponse = z
  .object({
    success: z.literal(true),
    message: z.string(),
    /** Base64 of a PNG the photo's size (turned upright), its alpha the person mask: 255 on the person, 0 on the backdrop. */
    processedImageBase64: z.string(),
  })
  .register(z.globalRegistry, { id: 'RemoveBackgroundResult', description: 'The photo with its background removed (PNG with alpha)' });
export type RemoveBackgroundResponse = z.infer<typeof removeBackgroundResponse>;

/** The AI retouch's default strength (spec §4 "AI retouch": the UI's moderate setting). */
export const RETOUCH_DEFAULT_STRENGTH = 0.5;

/**
 * POST /ex/images/retouch-portrait (spec §7, issue 13 §3, issue 22 §2): the image as base64 (JPEG, PNG
 * or WebP; a data: prefix is tolerated), an optional strength, 0 (unchanged) to 1 (strongest), default
 * 0.5, and the optional controls of retouchControls (each true by default).
 */
export const retouchPortraitRequest = z.object({
  ImageBase64: z.string().min(1).max(MAX_EDITED_IMAGE_BODY_BYTES),
  strength: z.number().min(0).max(1).optional(),
  ...retouchControls.shape,
});
export type RetouchPortraitRequest = z.infer<typeof retouchPortraitRequest>;

export const retouchPortraitResponse = z
  .object({
    success: z.literal(true),
    /** portraitRetouched, or retouchNoFace when no face was found (the image then comes back unchanged). */
    message: z.string(),
    /** Base64 of a JPEG the photo's size (turned upright). */
    processedImageBase64: z.string(),
  })
  .register(z.globalRegistry, { id: 'RetouchPortraitResult', description: 'The retouched portrait (JPEG, the same size)' });
export type RetouchPortraitResponse = z.infer<typeof retouchPortraitResponse>;

// --- studio backdrops of the background panel (spec §3 "Background image", §7 background-images, §9) ---

/** Path of GET /background/background-images/by-client/{client}: the corporate client's id (branding's `id`). */
export const backgroundImagesParams = z.object({ client: idParam });

export const backgroundImage = z
  .object({
    /** The studio backdrop's id as text (`"12"`), or `builtin-…` for one of the five built-ins. */
    id: z.string(),
    name: z.string(),
    /** The backdrop at studio size (JPEG, up to 2400x3600): what the composite uses. */
    imageUrl: z.string(),
    /** A small WebP (240x360) for the panel's picker. */
    thumbnail: z.string(),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    /** Always true: disabled backdrops are not listed. */
    status: z.boolean(),
    /** One of the five built-ins the server answers when the studio has none. */
    builtIn: z.boolean(),
  })
  .register(z.globalRegistry, { id: 'BackgroundImage', description: 'A studio backdrop of the editor’s background panel' });
export type BackgroundImage = z.infer<typeof backgroundImage>;

export const backgroundImagesResponse = z.array(backgroundImage);
export type BackgroundImagesResponse = z.infer<typeof backgroundImagesResponse>;
