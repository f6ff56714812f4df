import type { CartItemInput, ServiceType } from '@studio-gallery/contract';
import type { ChosenPhoto } from '../../../lib/chosen-photos';

/** The photo facts a retouch order needs (from the gallery, or a legacy route). */
export type OrderablePhoto = ChosenPhoto;

/** A cart item for one photo and service at the studio's price and tax rate. */
export function cartItemFor(photo: OrderablePhoto, serviceType: ServiceType, price: number | null, taxRate: number): CartItemInput {
  return {
    imageid: photo.id,
    image: photo.thumbnailUrl,
    name: photo.name,
    price,
    tax: taxRate,
    serviceType,
    sessionid: photo.sessionId,
  };
}

/** Professional touch-up is not offered on already-retouched photos (spec §4). */
export function photosFor(serviceType: ServiceType, photos: readonly OrderablePhoto[]): OrderablePhoto[] {
  return serviceType === 'TOUCHUPSERVICE' ? photos.filter((p) => !p.isRetouched) : [...photos];
}
