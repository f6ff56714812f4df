import { z } from 'zod';
import { idParam } from './common';
import { DEFAULT_BACKGROUND_COLOUR } from './editor';

// --- legacy presets (spec §2 /AutoImageTouchup, §4 "Legacy preset", §7 GetProcessedSample, CreateRequest) ---

/** The presets the server makes from a photo: the free retouch, alone or with a studio colour behind the person. */
export const PHOTO_PRESETS = [
  { id: 'natural', name: 'Natural retouch', description: 'Skin evened, everything else as shot', background: null },
  { id: 'studio-grey', name: 'Retouch + studio grey', description: 'The retouch on the studio’s grey backdrop', background: DEFAULT_BACKGROUND_COLOUR },
  { id: 'white', name: 'Retouch + white', description: 'The retouch on a white background', background: '#FFFFFF' },
] as const satisfies ReadonlyArray<{ id: string; name: string; description: string; background: string | null }>;
export type PhotoPresetId = (typeof PHOTO_PRESETS)[number]['id'];
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
