import { useMutation } from '@tanstack/react-query';
import { type checkoutResponse, type CheckoutRequest } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';

/** POST /transaxtions/checkout: the server prices the cart again and answers the card payment's secret. */
export async function createCheckout(request: CheckoutRequest) {
  return api.post<Answer<typeof checkoutResponse>>('/transaxtions/checkout', request);
}

export function useCreateCheckout() {
  return useMutation({ mutationFn: createCheckout });
}
