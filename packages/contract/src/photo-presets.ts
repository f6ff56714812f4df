import { z } from 'zod';
import { idParam } from './common';
import { DEFAULT_BACKGROUND_COLOUR, DEFAULT_EDIT_VALUES, type EditRecipe, RETOUCH_DEFAULT_STRENGTH } from './editor';

// --- legacy presets (spec §2 /AutoImageTouchup, §4 "Legacy preset", §7 GetProcessedSample, CreateRequest) ---

/** The presets the server makes from a photo: the free retouch, alone or with a studio colour behind the person. */
export const PHOTO_PRESETS = [
  { id: 'natural', name: 'Natural retouch', description: 'Skin evened, everything else as shot', background: null },
  { id: 'studio-grey', name: 'Retouch + studio grey', description: 'The retouch on the studio’s grey backdrop', background: DEFAULT_BACKGROUND_COLOUR },
  { id: 'white', name: 'Retouch + white', description: 'The retouch on a white background', background: '#FFFFFF' },
] as const satisfies ReadonlyArray<{ id: string; name: string; description: string; background: string | null }>;
export type PhotoPresetId = (typeof PHOTO_PRESETS)[number]['id'];
export type PhotoPreset = (typeof PHOTO_PRESETS)[number];
export const PHOTO_PRESET_IDS = PHOTO_PRESETS.map((preset) => preset.id) as [PhotoPresetId, ...PhotoPresetId[]];

export const processedSampleParams = z.object({ imageId: idParam });
export const processedSample = z
  .object({
    presetId: z.enum(PHOTO_PRESET_IDS),
    name: z.string(),
    description: z.string(),
    /** A small JPEG of the photo with the preset applied, as a data: URL. */
    sampleImage: z.string(),
  })
  .register(z.globalRegistry, { id: 'ProcessedSample', description: 'One preset made from the photo, with a small sample' });
export const processedSamplesResponse = z.array(processedSample);
export type ProcessedSample = z.infer<typeof processedSample>;

/** POST /PhotoProcessor/CreateRequest: apply a preset at full resolution and save it as the photo's edited version. */
export const createProcessingRequest = z.object({
  imageId: idParam,
  presetId: z.enum(PHOTO_PRESET_IDS),
});
export type CreateProcessingRequest = z.input<typeof createProcessingRequest>;

/** Texts of the preset flow (ours; the login one after the spec's visitor pattern). */
export const presetMessages = {
  presetsNeedLogin: 'You can use presets after logging in',
  selectPresetFirst: 'Please select a preset first',
  presetApplied: 'Preset applied: your photo was saved.',
  samplesFailed: 'The presets could not be made. Please try again.',
  applyFailed: 'The preset could not be applied. Please try again.',
  applying: 'Applying the preset…',
} as const;

/** The preset of an id (the contract's enum has checked it). */
export function photoPresetOf(id: PhotoPresetId): PhotoPreset {
  const preset = PHOTO_PRESETS.find((p) => p.id === id);
  if (!preset) throw new Error(`unknown preset ${id}`);
  return preset;
}

/**
 * The recipe saved with a preset's edited version: the free retouch at its default strength, and the
 * preset's colour behind the person, so that the browser's editor reopens it as it would have made it.
 */
export function presetRecipe(preset: PhotoPreset): EditRecipe {
  return {
    version: 1,
    values: { ...DEFAULT_EDIT_VALUES },
    crop: null,
    passport: null,
    retouch: { strength: RETOUCH_DEFAULT_STRENGTH },
    ...(preset.background ? { background: { kind: 'colour', colour: preset.background, opacity: 100 } } : {}),
  };
}
