import { testCardConfirmResponse, type testCardConfirmRequest } from '@studio-gallery/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

/** POST /transaxtions/test-payments/confirm: the built-in test provider's card confirmation (402 when declined). */
export async function confirmTestPayment(request: z.input<typeof testCardConfirmRequest>) {
  return testCardConfirmResponse.parse(await api.post<unknown>('/transaxtions/test-payments/confirm', request));
}
