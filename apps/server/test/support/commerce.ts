import type { CartItemInput, ServiceType } from '@studio-gallery/contract';
import { type NewCoupon, PricingRepository, STUDIO_TAX_ID } from '../../src/modules/commerce/pricing.repository';
import type { ApiResponse, TestApp, TestUser } from './test-app';

export interface StudioPrices {
  touchUpCents: number | null;
  backgroundCents: number | null;
  turnaroundHours: number;
  taxBasisPoints: number;
  providerEmail?: string | null;
}

export const DEFAULT_STUDIO_PRICES: StudioPrices = { touchUpCents: 1000, backgroundCents: 900, turnaroundHours: 72, taxBasisPoints: 0 };

/** Sets the default service provider's prices (creating it when missing) and tax row 0, straight in the database. */
export async function setStudioPrices(t: TestApp, prices: Partial<StudioPrices> = {}): Promise<void> {
  const wanted = { ...DEFAULT_STUDIO_PRICES, ...prices };
  const repository = new PricingRepository(t.db.kysely);
  const provider = await repository.defaultProvider();
  const values = { touchUpPriceCents: wanted.touchUpCents, backgroundPriceCents: wanted.backgroundCents, turnaroundHours: wanted.turnaroundHours };
  if (provider) {
    await repository.updateProviderPrices(provider.id, values);
    if (prices.providerEmail !== undefined) {
      await t.db.kysely.updateTable('service_providers').set({ email: prices.providerEmail }).where('id', '=', provider.id).execute();
    }
  } else {
    await repository.insertProvider({ name: 'Studio retouching', email: wanted.providerEmail ?? null, isDefault: true, ...values }, t.clock.now());
  }
  await repository.saveTax(STUDIO_TAX_ID, wanted.taxBasisPoints, t.clock.now());
}

let couponCounter = 0;

/** A coupon with a fresh code unless one is given. */
export async function createCoupon(t: TestApp, coupon: Partial<NewCoupon> & { discountPercentage?: number } = {}) {
  couponCounter += 1;
  const { discountPercentage = 10, ...rest } = coupon;
  return new PricingRepository(t.db.kysely).insertCoupon(
    { code: `TEST${couponCounter}${Math.random().toString(36).slice(2, 6)}`, discountHundredths: Math.round(discountPercentage * 100), ...rest },
    t.clock.now(),
  );
}

/** A cart item as the browser keeps it (price in dollars, tax a rate). */
export function cartItem(photoId: number, sessionId: number, serviceType: ServiceType | 'TOCHUPSERVICE', price: number | null, tax = 0): CartItemInput {
  return { imageid: photoId, image: `/media/${photoId}.jpg`, name: `photo ${photoId}`, price, tax, serviceType, sessionid: sessionId };
}

export interface CheckoutBody {
  grossTotal: number;
  userEmail?: string | null;
  items: CartItemInput[];
  couponCode?: string | null;
}

export function checkout(t: TestApp, user: TestUser, body: CheckoutBody): Promise<ApiResponse> {
  return t.request('POST', '/api/transaxtions/checkout', { token: user.token, body });
}

/** Test provider: checkout, pay with 4242…, record the transaction. Returns all three answers' bodies. */
export async function payWithTestCard(t: TestApp, user: TestUser, body: CheckoutBody) {
  const started = await checkout(t, user, body);
  if (started.status !== 200) throw new Error(`checkout failed: ${started.status} ${JSON.stringify(started.body)}`);
  const confirmed = await t.request('POST', '/api/transaxtions/test-payments/confirm', {
    token: user.token,
    body: { clientSecret: started.body.clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' },
  });
  if (confirmed.status !== 200) throw new Error(`confirm failed: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  const transaction = await t.request('POST', '/api/transaxtions', {
    token: user.token,
    body: { paymentType: 'Stripe', referenceId: started.body.paymentId, cardBrand: 'visa', grossTotal: started.body.amount, total: started.body.amount },
  });
  if (transaction.status !== 200) throw new Error(`transaction failed: ${transaction.status} ${JSON.stringify(transaction.body)}`);
  return { checkout: started.body, transaction: transaction.body };
}
