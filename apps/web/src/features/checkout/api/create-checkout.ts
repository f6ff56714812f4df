import { useMutation } from '@tanstack/react-query';
import { checkoutResponse, type CheckoutRequest } from '@studio-gallery/contract';
import { api } from '../../../lib/api-client';

/** POST /transaxtions/checkout: the server prices the cart again and answers the card payment's secret. */
export async function createCheckout(request: CheckoutRequest) {
  return checkoutResponse.parse(await api.post<unknown>('/transaxtions/checkout', request));
}

export function useCreateCheckout() {
  return useMutation({ mutationFn: createCheckout });
}
