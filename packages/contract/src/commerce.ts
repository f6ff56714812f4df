import { z } from 'zod';
import { idParam } from './common';

/**
 * Commerce (spec §3 "Cart item", §4 "Cart"/"Checkout", §7 "Commerce", §9): prices, tax, coupons,
 * the cart arithmetic both sides use, and the checkout calls. Money is integer cents inside; the
 * spec's fields that carry dollars (price, totalPrice, priceSold, the price lookup) stay dollars on
 * the wire, and `grossTotal` is cents as the spec says.
 */

export const commerceMessages = {
  minimumPayment: 'Payment amount should be above $0.50',
  emailRequiredForPayment: 'Email is required for payment.',
  couponInvalid: 'Invalid coupon or expired!',
  couponInactive: 'Coupon is not active',
  couponApplied: (percent: number) => `Coupon applied successfully! You saved ${percent}%`,
  couponRemoved: 'Coupon removed successfully!',
  somethingWentWrong: 'Something went wrong.',
  specialRequestCreated: 'Special request created successfully',
  itemAddedToCart: 'Item added to cart successfully!',
  paymentFailed: (message: string) => `Payment failed: ${message}`,
  /** Ours: the browser's cart no longer matches the studio's prices, tax or the photos. */
  cartChanged: 'Your cart has changed. Please review it and try again.',
  cartEmpty: 'Your cart is empty.',
  cartDuplicatePhoto: 'Each photo can be in the cart only once.',
  photoNotOrderable: 'One of the photos in your cart is no longer available.',
  alreadyRetouched: 'Professional retouch is not offered on already-retouched photos.',
  paymentNotSucceeded: 'The payment has not been completed.',
  paymentNotFound: 'Payment not found.',
  /** Ours: an unpaid payment is ended after 30 minutes (its coupon use released); the cart is checked out again. */
  paymentExpired: 'This payment has expired. Please check out again.',
  paymentAmountMismatch: 'The payment amount does not match the order.',
  totalNotZero: 'This order has a price: please pay by card.',
  /** POST /transaxtions/checkout with a zero total: free orders go to POST /SpecialRequest directly. */
  freeOrderNoPayment: 'This order is free: no payment is needed.',
  /** The card provider could not start the payment (Stripe unreachable, ...). */
  paymentUnavailable: 'Card payments are not available right now. Please try again later.',
  webhookNotConfigured: 'Stripe webhooks are not configured.',
  pricesNotSet: 'The studio has not set its prices yet.',
  /** Test provider: Stripe's texts for its well-known test cards. */
  cardDeclined: 'Your card was declined.',
  cardInsufficientFunds: 'Your card has insufficient funds.',
  cardExpired: 'Your card has expired.',
  cardIncorrectCvc: "Your card's security code is incorrect.",
  cardNumberInvalid: 'Your card number is invalid.',
  cardExpiryInvalid: "Your card's expiration date is invalid.",
  cardProcessingError: 'An error occurred while processing your card. Try again in a little bit.',
  webhookSignatureInvalid: 'Invalid webhook signature.',
  orderNotFound: 'Order not found.',
} as const;

/** Payments must be above this (spec §5, §9). */
export const MIN_PAYMENT_CENTS = 50;
export const PAYMENT_CURRENCY = 'usd';

// ---------------------------------------------------------------------------------------------
// Services and prices

export const SERVICE_TYPES = ['TOUCHUPSERVICE', 'BACKGROUNDSERVICE'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

/** Accepts the spec's TOCHUPSERVICE spelling too, and answers with the corrected name. */
export const serviceType = z
  .enum(['TOUCHUPSERVICE', 'BACKGROUNDSERVICE', 'TOCHUPSERVICE'])
  .transform((value): ServiceType => (value === 'TOCHUPSERVICE' ? 'TOUCHUPSERVICE' : value));

export const serviceLabels: Record<ServiceType, string> = {
  TOUCHUPSERVICE: 'Professional touch-up',
  BACKGROUNDSERVICE: 'Background replacement',
};

/** GET /ServicePrice/GetServicePrices (ours; the spec does not show the path): dollars and hours. */
export const servicePricesResponse = z.object({
  touchServicePrice: z.number().nullable(),
  backgroundServicePrice: z.number().nullable(),
  allowedTurnAround: z.number().int().nonnegative(),
  currency: z.literal('USD'),
}).register(z.globalRegistry, { id: 'ServicePrices', description: "The studio's retouching prices (dollars; null when not set) and turnaround (hours)" });
export type ServicePrices = z.infer<typeof servicePricesResponse>;

export function servicePriceOf(prices: Pick<ServicePrices, 'touchServicePrice' | 'backgroundServicePrice'>, type: ServiceType): number | null {
  return type === 'TOUCHUPSERVICE' ? prices.touchServicePrice : prices.backgroundServicePrice;
}

/** "72-hour turnaround (3 days)" from allowedTurnAround. */
export function turnaroundText(hours: number): string {
  if (hours > 0 && hours % 24 === 0) {
    const days = hours / 24;
    return `${days}-day turnaround (${hours} hours)`;
  }
  return `${hours}-hour turnaround`;
}

/** GET /TaxDetail/GetTaxDetail/0: taxValue is a percentage; the cart uses taxValue / 100. */
export const taxDetailResponse = z
  .object({ id: z.number(), taxValue: z.number().min(0).max(100).describe('A percentage: the cart uses taxValue / 100') })
  .register(z.globalRegistry, { id: 'TaxDetail', description: 'A tax rate' });
/** Path of GET /TaxDetail/GetTaxDetail/{id}: 0 is the studio's sales tax, so 0 is a valid id. */
export const taxDetailParams = z.object({ id: z.coerce.number().int().nonnegative() });
export type TaxDetail = z.infer<typeof taxDetailResponse>;

/** GET /ex/service-providers?isDefault.equals=true: who does the retouching. */
export const serviceProvidersQuery = z.object({
  'isDefault.equals': z.enum(['true', 'false']).optional(),
});
export const serviceProvider = z
  .object({
    id: z.number(),
    name: z.string(),
    isDefault: z.boolean(),
    allowedTurnAround: z.number().describe('Hours'),
  })
  .register(z.globalRegistry, { id: 'ServiceProvider', description: 'Who does the retouching' });
export const serviceProvidersResponse = z.array(serviceProvider);

/** GET /discount/GetDiscountDetails/{code}: 200 with this, 204 when unknown, expired or used up. */
export const discountCodeParams = z.object({ code: z.string().trim().min(1).max(64) });
export const discountDetailsResponse = z
  .object({
    code: z.string(),
    isActive: z.boolean(),
    discountPercentage: z.number().min(0).max(100),
  })
  .register(z.globalRegistry, { id: 'DiscountDetails', description: 'A usable coupon' });
export type DiscountDetails = z.infer<typeof discountDetailsResponse>;

// ---------------------------------------------------------------------------------------------
// Cart

/** A cart item as the browser keeps it under `currentCart` (spec §3). price in dollars, tax a rate. */
export const cartItem = z.object({
  imageid: idParam,
  image: z.string().max(4000),
  name: z.string().max(300),
  price: z.number().nonnegative().nullable(),
  tax: z.number().min(0).max(1),
  serviceType,
  sessionid: idParam,
  currentSelections: z.unknown().optional(),
}).register(z.globalRegistry, {
  id: 'CartItem',
  description: 'A cart item as the browser keeps it: price in dollars (checked against the studio prices), tax a rate (0.0825)',
});
export type CartItem = z.output<typeof cartItem>;
export type CartItemInput = z.input<typeof cartItem>;

/** Whole cents from dollars (prices are stored in cents; the wire shows dollars). */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}
export function toDollars(cents: number): number {
  return cents / 100;
}
/** A rate (0.0825) as basis points (825), so tax is integer arithmetic. */
export function rateToBasisPoints(rate: number): number {
  return Math.round(rate * 10_000);
}

/** Rounds a non-negative fraction numerator/denominator half up, in integers. */
function roundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((numerator * 2 + denominator) / (denominator * 2));
}

export interface CartLine {
  priceCents: number;
  /** Tax rate in basis points (1 % = 100). */
  taxBasisPoints: number;
}

export interface CartTotals {
  /** Sum of the item prices. */
  itemPriceCents: number;
  /** Sum of each item's tax. */
  taxCents: number;
  /** itemPrice + tax, before the coupon. */
  subtotalCents: number;
  discountPercentage: number;
  discountCents: number;
  /** What is charged. */
  totalCents: number;
}

/**
 * The cart's arithmetic (spec §4, §9), used by the web app to show totals and by the server to
 * charge. Rounding rule: each item's tax is price × rate rounded half up to a whole cent; the coupon
 * is taken off the tax-inclusive subtotal, its amount rounded half up to a whole cent. Nothing else
 * rounds, so the total is always whole cents and never negative.
 */
export function computeCartTotals(lines: readonly CartLine[], discountPercentage = 0): CartTotals {
  let itemPriceCents = 0;
  let taxCents = 0;
  for (const line of lines) {
    const price = Math.max(0, Math.round(line.priceCents));
    const basisPoints = Math.max(0, Math.round(line.taxBasisPoints));
    itemPriceCents += price;
    taxCents += roundHalfUp(price * basisPoints, 10_000);
  }
  const subtotalCents = itemPriceCents + taxCents;
  const percent = Math.min(100, Math.max(0, discountPercentage));
  // Percentages may carry decimals (12.5 %): scale to hundredths of a percent first.
  const discountCents = Math.min(subtotalCents, roundHalfUp(subtotalCents * Math.round(percent * 100), 10_000));
  return {
    itemPriceCents,
    taxCents,
    subtotalCents,
    discountPercentage: percent,
    discountCents,
    totalCents: subtotalCents - discountCents,
  };
}

/** The browser's cart items as cart lines (missing prices count as 0 and block checkout in the UI). */
export function cartLinesOf(items: readonly Pick<CartItem, 'price' | 'tax'>[]): CartLine[] {
  return items.map((item) => ({ priceCents: toCents(item.price ?? 0), taxBasisPoints: rateToBasisPoints(item.tax) }));
}

/** Payable by card: above the minimum. A zero total is ordered without payment. */
export function checkoutKind(totalCents: number): 'free' | 'card' | 'below-minimum' {
  if (totalCents === 0) return 'free';
  return totalCents > MIN_PAYMENT_CENTS ? 'card' : 'below-minimum';
}

// ---------------------------------------------------------------------------------------------
// Checkout and orders

export const PAYMENT_PROVIDERS = ['stripe', 'test'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** What the browser sends to check out: the spec's two fields plus the cart and coupon to price. */
const cartForPricing = {
  items: z.array(cartItem).min(1).max(200),
  couponCode: z.string().trim().max(64).optional().nullable(),
};

/** POST /transaxtions/checkout {grossTotal in cents, userEmail} (+ items, couponCode: ours). */
export const checkoutRequest = z.object({
  grossTotal: z.number().int().nonnegative(),
  userEmail: z.string().trim().max(320).optional().nullable(),
  ...cartForPricing,
});
export type CheckoutRequest = z.input<typeof checkoutRequest>;
export const checkoutResponse = z.object({
  clientSecret: z.string(),
  /** The provider's payment id (Stripe's PaymentIntent id): the transaction's referenceId. */
  paymentId: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** Stripe's publishable key when provider is stripe. */
  publishableKey: z.string().nullable(),
  amount: z.number().int(),
  currency: z.literal(PAYMENT_CURRENCY),
}).register(z.globalRegistry, { id: 'CheckoutResponse', description: 'A started card payment for the cart as the server priced it (amount in cents)' });
export type CheckoutResponse = z.infer<typeof checkoutResponse>;

/** GET /transaxtions/config (ours): which card form the browser shows. */
export const paymentConfigResponse = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  publishableKey: z.string().nullable(),
  testMode: z.boolean(),
}).register(z.globalRegistry, { id: 'PaymentConfig', description: 'Which card form the browser shows' });
export type PaymentConfig = z.infer<typeof paymentConfigResponse>;

/** POST /transaxtions/test-payments/confirm (ours; only while the built-in test provider is active). */
export const testCardConfirmRequest = z.object({
  clientSecret: z.string().min(1).max(200),
  cardNumber: z.string().trim().min(1).max(30),
  expiry: z.string().trim().min(1).max(7),
  cvc: z.string().trim().min(3).max(4),
});
export const testCardConfirmResponse = z.object({
  status: z.literal('succeeded'),
  paymentId: z.string(),
  cardBrand: z.string(),
});

/** Stripe's well-known test cards, answered the same way by the built-in test provider. */
export const testCards = [
  { number: '4242424242424242', brand: 'visa', outcome: 'succeeds' },
  { number: '5555555555554444', brand: 'mastercard', outcome: 'succeeds' },
  { number: '4000000000000002', brand: 'visa', outcome: 'declined', message: commerceMessages.cardDeclined },
  { number: '4000000000009995', brand: 'visa', outcome: 'declined', message: commerceMessages.cardInsufficientFunds },
  { number: '4000000000000069', brand: 'visa', outcome: 'declined', message: commerceMessages.cardExpired },
  { number: '4000000000000127', brand: 'visa', outcome: 'declined', message: commerceMessages.cardIncorrectCvc },
  { number: '4000000000000119', brand: 'visa', outcome: 'declined', message: commerceMessages.cardProcessingError },
] as const;

/** Luhn check of a card number (digits only). */
export function isValidCardNumber(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** POST /transaxtions: the payment record (spec §3 "Transaction payload"). Amounts in cents. */
export const transactionRequest = z.object({
  paymentType: z.string().trim().max(40).default('Stripe'),
  referenceId: z.string().trim().min(1).max(200),
  cardBrand: z.string().trim().max(40).optional().nullable(),
  receiptUrl: z.string().trim().max(2000).optional().nullable(),
  grossTotal: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export const transactionResponse = z.object({
  id: z.number(),
  referenceId: z.string(),
  paymentType: z.string(),
  cardBrand: z.string().nullable(),
  receiptUrl: z.string().nullable(),
  grossTotal: z.number().int(),
  total: z.number().int(),
  createdAt: z.string(),
}).register(z.globalRegistry, { id: 'Transaction', description: 'A recorded card payment (amounts in cents)' });
export type TransactionRecord = z.infer<typeof transactionResponse>;

export const ORDER_STATUSES = ['PENDING', 'DELIVERED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * POST /SpecialRequest {transactionId, totalPrice, orderDetails}: totalPrice in dollars, orderDetails
 * the cart items. transactionId null (or 0) with a zero total orders without payment; couponCode is
 * ours, needed to price a free order.
 */
export const specialRequestRequest = z.object({
  transactionId: z.number().int().nonnegative().nullable(),
  totalPrice: z.number().nonnegative(),
  orderDetails: z.array(cartItem).min(1).max(200),
  couponCode: z.string().trim().max(64).optional().nullable(),
});
export type SpecialRequestInput = z.input<typeof specialRequestRequest>;

export const orderItem = z.object({
  imageid: z.number(),
  name: z.string(),
  serviceType: z.enum(SERVICE_TYPES),
  sessionid: z.number(),
  /** Dollars. */
  price: z.number(),
  tax: z.number(),
  delivered: z.boolean(),
}).register(z.globalRegistry, { id: 'OrderItem', description: 'One photo and service of an order (dollars)' });

/** An order (a special request) as its customer sees it. Dollars. */
export const specialRequestOrder = z.object({
  id: z.number(),
  orderId: z.string(),
  orderDate: z.string(),
  status: z.enum(ORDER_STATUSES),
  dueAt: z.string(),
  deliveredAt: z.string().nullable(),
  transactionId: z.number().nullable(),
  itemPrice: z.number(),
  tax: z.number(),
  discountPercentage: z.number(),
  discount: z.number(),
  totalPrice: z.number(),
  couponCode: z.string().nullable(),
  cardBrand: z.string().nullable(),
  items: z.array(orderItem),
}).register(z.globalRegistry, { id: 'Order', description: 'An order (a special request) as its customer sees it: SP-{id}, amounts in dollars' });
export type SpecialRequestOrder = z.infer<typeof specialRequestOrder>;

export const specialRequestResponse = z.object({
  success: z.literal(true),
  massage: z.string(),
  message: z.string(),
  order: specialRequestOrder,
});

/** GET /SpecialRequest (ours): the caller's orders, newest first. GET /SpecialRequest/{id}: one. */
export const specialRequestListResponse = z.array(specialRequestOrder);
export const orderIdParams = z.object({ id: idParam });

/** 'SP-' + id (spec §9). */
export function formatOrderNumber(id: number): string {
  return `SP-${id}`;
}

/**
 * GET /SpecialRequest/ordered-photos?serviceType&photoIds=1,2,3 (issue 24 §6): which of these photos
 * already have this service in one of the caller's orders, so the service modal can warn before the
 * same photo is paid for twice.
 */
export const orderedPhotosQuery = z.object({
  serviceType: z.enum(SERVICE_TYPES),
  photoIds: z
    .string()
    .trim()
    .regex(/^[1-9]\d{0,14}(,[1-9]\d{0,14}){0,99}$/, 'photoIds must be up to 100 photo ids separated by commas')
    .transform((value) => [...new Set(value.split(',').map(Number))])
    .meta({ description: 'Up to 100 photo ids separated by commas', example: '12,13' }),
});

export const orderedPhoto = z.object({
  photoId: z.number(),
  serviceType: z.enum(SERVICE_TYPES),
  orderId: z.number(),
  orderNumber: z.string().describe('SP-123'),
  status: z.enum(['ordered', 'delivered']).describe('delivered once the studio delivered the photo'),
});
export type OrderedPhoto = z.infer<typeof orderedPhoto>;
export const orderedPhotosResponse = z
  .object({ items: z.array(orderedPhoto).describe('The newest order of each photo that has the service') })
  .register(z.globalRegistry, { id: 'OrderedPhotos', description: 'Photos that already have a service ordered or delivered' });
export type OrderedPhotosResponse = z.infer<typeof orderedPhotosResponse>;

/** "Vi-01: Professional touch-up already ordered (order SP-12)" (the service modal's warning). */
export function alreadyOrderedText(photoName: string, ordered: Pick<OrderedPhoto, 'serviceType' | 'orderNumber' | 'status'>): string {
  return `${photoName}: ${serviceLabels[ordered.serviceType]} already ${ordered.status} (order ${ordered.orderNumber})`;
}
