import { describe, expect, it } from 'vitest';
import {
  cartItem,
  cartLinesOf,
  checkoutKind,
  computeCartTotals,
  isValidCardNumber,
  rateToBasisPoints,
  testCards,
  toCents,
  turnaroundText,
} from './commerce';

const line = (dollars: number, taxPercent = 0) => ({ priceCents: toCents(dollars), taxBasisPoints: rateToBasisPoints(taxPercent / 100) });

describe('computeCartTotals', () => {
  it('sums prices and per-item tax, and takes the coupon off the tax-inclusive total', () => {
    const totals = computeCartTotals([line(10, 8.25), line(10, 8.25), line(9, 8.25)], 10);
    // tax per item: 82.5 -> 83, 82.5 -> 83, 74.25 -> 74
    expect(totals).toEqual({
      itemPriceCents: 2900,
      taxCents: 240,
      subtotalCents: 3140,
      discountPercentage: 10,
      discountCents: 314,
      totalCents: 2826,
    });
  });

  it('rounds each item tax half up to a whole cent, not the sum', () => {
    // 0.05 at 10 % is 0.5 cent each: three items round to 1 cent each (3), not round(1.5) = 2.
    expect(computeCartTotals([line(0.05, 10), line(0.05, 10), line(0.05, 10)]).taxCents).toBe(3);
    // 0.04 at 10 % is 0.4 cent: rounds down.
    expect(computeCartTotals([line(0.04, 10)]).taxCents).toBe(0);
  });

  it('rounds the coupon amount half up, and keeps fractional percentages', () => {
    expect(computeCartTotals([line(0.99)], 50).discountCents).toBe(50); // 49.5 -> 50
    expect(computeCartTotals([line(10)], 12.5).totalCents).toBe(875);
  });

  it('without a coupon the total is items plus tax', () => {
    const totals = computeCartTotals([line(10, 5)]);
    expect(totals.totalCents).toBe(1050);
    expect(totals.discountCents).toBe(0);
  });

  it('a 100 % coupon makes a zero total; percentages outside 0-100 are clamped', () => {
    expect(computeCartTotals([line(10, 8.25), line(9)], 100).totalCents).toBe(0);
    expect(computeCartTotals([line(10)], 150).totalCents).toBe(0);
    expect(computeCartTotals([line(10)], -5).totalCents).toBe(1000);
  });

  it('an empty cart totals zero', () => {
    expect(computeCartTotals([]).totalCents).toBe(0);
  });

  it('avoids floating-point drift on dollar prices', () => {
    // 0.1 + 0.2 in floats is 0.30000000000000004; in cents it is 30.
    expect(computeCartTotals([line(0.1), line(0.2)]).itemPriceCents).toBe(30);
    expect(computeCartTotals(cartLinesOf([{ price: 19.99, tax: 0.0725 }, { price: null, tax: 0.0725 }])).totalCents).toBe(2144);
  });
});

describe('checkoutKind', () => {
  it('zero is free, up to 50 cents is below the minimum, above is by card', () => {
    expect(checkoutKind(0)).toBe('free');
    expect(checkoutKind(50)).toBe('below-minimum');
    expect(checkoutKind(51)).toBe('card');
  });
});

describe('cartItem', () => {
  it("reads the spec's TOCHUPSERVICE spelling as TOUCHUPSERVICE", () => {
    const item = cartItem.parse({ imageid: 1, image: 'x', name: 'a', price: 10, tax: 0, serviceType: 'TOCHUPSERVICE', sessionid: 2 });
    expect(item.serviceType).toBe('TOUCHUPSERVICE');
  });
  it('refuses an unknown service and a tax rate above 1', () => {
    expect(cartItem.safeParse({ imageid: 1, image: 'x', name: 'a', price: 10, tax: 0, serviceType: 'OTHER', sessionid: 2 }).success).toBe(false);
    expect(cartItem.safeParse({ imageid: 1, image: 'x', name: 'a', price: 10, tax: 8.25, serviceType: 'BACKGROUNDSERVICE', sessionid: 2 }).success).toBe(false);
  });
});

describe('cards and turnaround', () => {
  it('every test card passes the Luhn check; a typo does not', () => {
    for (const card of testCards) expect(isValidCardNumber(card.number)).toBe(true);
    expect(isValidCardNumber('4242424242424241')).toBe(false);
    expect(isValidCardNumber('42')).toBe(false);
  });
  it('turnaround in days when whole days', () => {
    expect(turnaroundText(72)).toBe('3-day turnaround (72 hours)');
    expect(turnaroundText(36)).toBe('36-hour turnaround');
  });
});
