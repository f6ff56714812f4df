import { transactionResponse, type transactionRequest } from '@studio-gallery/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

/** POST /transaxtions: records the payment once the server has confirmed it with the provider. Cents. */
export async function recordTransaction(request: z.input<typeof transactionRequest>) {
  return transactionResponse.parse(await api.post<unknown>('/transaxtions', request));
}
