import type { CartItemInput, ServiceType } from '@studio-gallery/contract';
import { storageKeys } from '@studio-gallery/contract';
import { storage } from '../../../lib/storage';

/** The photo facts a retouch order needs (from the gallery, or a legacy route). */
export interface OrderablePhoto {
  id: number;
  sessionId: number;
  name: string;
  thumbnailUrl: string;
  isRetouched: boolean;
}

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

/** Remembers the photos last chosen for a service (`orderSessions`), for the legacy routes. */
export function rememberOrderSelection(photos: readonly OrderablePhoto[]): void {
  storage.set(storageKeys.orderSessions, JSON.stringify(photos));
}
