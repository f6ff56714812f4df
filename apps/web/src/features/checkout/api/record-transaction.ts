import { type transactionResponse, type transactionRequest } from '@studio-gallery/contract';
import type { z } from 'zod';
import { api, type Answer } from '../../../lib/api-client';

/** POST /transaxtions: records the payment once the server has confirmed it with the provider. Cents. */
export async function recordTransaction(request: z.input<typeof transactionRequest>) {
  return api.post<Answer<typeof transactionResponse>>('/transaxtions', request);
}
