import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commerceMessages, type specialRequestResponse, type SpecialRequestInput } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { orderQueryRoots } from '../../../lib/order-queries';

/** POST /SpecialRequest: the order (paid, or free with a 100 % coupon). totalPrice in dollars. */
export async function createSpecialRequest(request: SpecialRequestInput) {
  return api.post<Answer<typeof specialRequestResponse>>('/SpecialRequest', request);
}

export function useCreateSpecialRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSpecialRequest,
    onSuccess: () => {
      notifySuccess(commerceMessages.specialRequestCreated);
      void queryClient.invalidateQueries({ queryKey: [orderQueryRoots.userOrders] });
      void queryClient.invalidateQueries({ queryKey: [orderQueryRoots.specialRequests] });
    },
  });
}
