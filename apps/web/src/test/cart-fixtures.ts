import type { CartItemInput } from '@studio-gallery/contract';

/** The studio's prices as `GET /ServicePrice/GetServicePrices` answers them in the tests (the demo's). */
export const servicePrices = { touchServicePrice: 10, backgroundServicePrice: 9, allowedTurnAround: 72, currency: 'USD' };

/** A touch-up of photo `imageid` at $10 with 8.25 % tax, as the cart stores it. */
export function cartItem(imageid: number, over: Partial<CartItemInput> = {}): CartItemInput {
  return { imageid, image: '', name: `DSC_${imageid}`, price: 10, tax: 0.0825, serviceType: 'TOUCHUPSERVICE', sessionid: 1, ...over };
}
