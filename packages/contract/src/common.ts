import { z } from 'zod';

/** Every error body: `{ message }` (spec's text where it gives one). */
export const errorResponse = z
  .object({ message: z.string().describe('What went wrong, in words for people (the spec’s text where it gives one)') })
  .register(z.globalRegistry, { id: 'Error', description: 'Every failure answers this (the request id is in the X-Request-Id header)' });
export type ErrorResponse = z.infer<typeof errorResponse>;

/**
 * The legacy `{ success, massage }` shape (spec §7, misspelling kept for existing clients);
 * `message` always carries the same text.
 */
export const successResponse = z
  .object({
    success: z.boolean(),
    massage: z.string().describe('The message, under the spec’s misspelt name'),
    message: z.string(),
  })
  .register(z.globalRegistry, {
    id: 'LegacyResult',
    description: 'The spec’s `{ success, massage, message }`: the answer of the legacy account calls, and their failures too (success false)',
  });
export type SuccessResponse = z.infer<typeof successResponse>;

export function successBody(success: boolean, text: string): SuccessResponse {
  return { success, massage: text, message: text };
}

/** Numeric ids travel as numbers; path and query params are coerced. */
export const idParam = z.coerce.number().int().positive();

/** Path parameters `{id}` and `{userId}`. */
export const idPathParams = z.object({ id: idParam });
export const userIdPathParams = z.object({ userId: idParam });

/** GET /health (ours): a cheap liveness answer. */
export const healthResponse = z.object({ status: z.literal('ok') });
