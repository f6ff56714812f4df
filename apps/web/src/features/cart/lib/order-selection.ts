import { storageKeys } from '@studio-gallery/contract';
import { z } from 'zod';
import { storage } from '../../../lib/storage';
import type { OrderablePhoto } from './cart-items';

const storedSelection = z.array(
  z.object({
    id: z.number().int().positive(),
    sessionId: z.number().int().positive(),
    name: z.string(),
    thumbnailUrl: z.string(),
    isRetouched: z.boolean(),
  }),
);

/**
 * The photos last chosen for a service (`orderSessions`, written by rememberChosenPhotos in
 * lib/chosen-photos.ts), for the legacy routes. Apart from the writer because it parses local storage with
 * zod, which the gallery (the writer's user) does not load.
 */
export function readOrderSelection(): OrderablePhoto[] {
  const raw = storage.get(storageKeys.orderSessions);
  if (!raw) return [];
  try {
    const parsed = storedSelection.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}
