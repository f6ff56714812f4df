import { storageKeys } from '@studio-gallery/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { cartItem } from '../../../test/cart-fixtures';
import { addedFlash } from './added-flash';
import { cartStore, cartTotalsOf } from './cart-store';

const item = cartItem;

describe('cart store', () => {
  beforeEach(() => {
    localStorage.clear();
    cartStore.clear();
  });

  it('adds items and saves currentCart, totalItems and totalAmount after each change', () => {
    expect(cartStore.add([item(1), item(2, { serviceType: 'BACKGROUNDSERVICE', price: 9 })])).toBe(2);
    expect(JSON.parse(localStorage.getItem(storageKeys.currentCart)!)).toHaveLength(2);
    expect(localStorage.getItem(storageKeys.totalItems)).toBe('2');
    expect(localStorage.getItem(storageKeys.totalAmount)).toBe('19');
    expect(addedFlash.isActive()).toBe(true);
  });

  it('ignores an item whose imageid is already in the cart (whatever its service)', () => {
    cartStore.add([item(1)]);
    expect(cartStore.add([item(1, { serviceType: 'BACKGROUNDSERVICE' })])).toBe(0);
    expect(cartStore.add([item(1), item(3)])).toBe(1);
    expect(cartStore.getState().items.map((i) => i.imageid)).toEqual([1, 3]);
    expect(localStorage.getItem(storageKeys.totalItems)).toBe('2');
  });

  it('accepts the spec’s TOCHUPSERVICE spelling and stores the corrected name', () => {
    cartStore.add([item(4, { serviceType: 'TOCHUPSERVICE' })]);
    expect(cartStore.getState().items[0]!.serviceType).toBe('TOUCHUPSERVICE');
  });

  it('removes an item and clears the cart (and its coupon)', () => {
    cartStore.add([item(1), item(2)]);
    cartStore.remove(1);
    expect(cartStore.getState().items.map((i) => i.imageid)).toEqual([2]);
    expect(localStorage.getItem(storageKeys.totalItems)).toBe('1');
    expect(localStorage.getItem(storageKeys.totalAmount)).toBe('10');
    cartStore.applyCoupon({ code: 'HALF', discountPercentage: 50 });
    cartStore.clear();
    expect(cartStore.getState()).toMatchObject({ items: [], coupon: null });
    expect(localStorage.getItem(storageKeys.currentCart)).toBeNull();
    expect(localStorage.getItem(storageKeys.totalItems)).toBe('0');
  });

  it('reads back what local storage holds (another tab, or storage cleared at sign-out)', () => {
    cartStore.add([item(1)]);
    localStorage.clear();
    expect(cartStore.getState().items).toEqual([]);
    localStorage.setItem(storageKeys.currentCart, JSON.stringify([item(7)]));
    expect(cartStore.getState().items.map((i) => i.imageid)).toEqual([7]);
  });

  it('totals come from computeCartTotals: per-item tax rounded, coupon off the tax-inclusive total', () => {
    cartStore.add([item(1), item(2), item(3, { price: 9, serviceType: 'BACKGROUNDSERVICE' })]);
    cartStore.applyCoupon({ code: 'TEN', discountPercentage: 10 });
    // 10 + 10 + 9 = 29.00; tax 0.83 + 0.83 + 0.74 = 2.40; 31.40 − 3.14 = 28.26
    expect(cartTotalsOf(cartStore.getState())).toMatchObject({ itemPriceCents: 2900, taxCents: 240, discountCents: 314, totalCents: 2826 });
  });
});
