import { useQuery } from '@tanstack/react-query';
import { type orderedPhotosResponse, type ServiceType } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';
import { orderQueryRoots } from '../../../lib/order-queries';

/** GET /SpecialRequest/ordered-photos: which of these photos already have the service in one of the customer's orders. */
export function getOrderedPhotos(serviceType: ServiceType, photoIds: readonly number[], signal?: AbortSignal) {
  return api.get<Answer<typeof orderedPhotosResponse>>('/SpecialRequest/ordered-photos', {
    query: { serviceType, photoIds: photoIds.join(',') },
    signal,
  });
}

/**
 * The photos among these already ordered with `serviceType` (issue 24 §6); under the orders' root, so
 * a new order refreshes it. Signed-in customers only (`wanted`).
 */
export function useOrderedPhotos(serviceType: ServiceType, photoIds: readonly number[], wanted: boolean) {
  return useQuery({
    queryKey: [orderQueryRoots.specialRequests, 'ordered-photos', serviceType, photoIds.join(',')] as const,
    queryFn: ({ signal }) => getOrderedPhotos(serviceType, photoIds, signal),
    enabled: wanted && photoIds.length > 0,
  });
}
