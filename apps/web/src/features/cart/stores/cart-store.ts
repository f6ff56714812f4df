import { useSyncExternalStore } from 'react';
import {
  cartItem,
  cartLinesOf,
  computeCartTotals,
  servicePriceOf,
  storageKeys,
  toDollars,
  type CartItem,
  type CartItemInput,
  type ServicePrices,
} from '@studio-gallery/contract';
import { z } from 'zod';
import { notifyStorageChanged } from '../../../lib/session';
import { storage } from '../../../lib/storage';
import { addedFlash } from './added-flash';

export interface AppliedCoupon {
  code: string;
  discountPercentage: number;
}

export interface CartState {
  items: CartItem[];
  /** The coupon applied in the cart review (kept for this page only). */
  coupon: AppliedCoupon | null;
}

const storedCart = z.array(cartItem);

/** The stored text the in-memory items came from (sign-out clears storage behind the store's back). */
let lastRaw: string | null = null;

function readItems(): CartItem[] {
  const raw = storage.get(storageKeys.currentCart);
  lastRaw = raw;
  if (!raw) return [];
  try {
    const parsed = storedCart.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

let state: CartState = { items: readItems(), coupon: null };
const listeners = new Set<() => void>();

/** The state, re-read when local storage no longer holds what the store last saved. */
function current(): CartState {
  if (storage.get(storageKeys.currentCart) !== lastRaw) state = { ...state, items: readItems(), coupon: null };
  return state;
}

function emit() {
  for (const listener of listeners) listener();
}

/** Saves the cart under the spec's keys: currentCart, totalItems (count), totalAmount (sum of prices). */
function persist(items: CartItem[]) {
  if (items.length === 0) {
    storage.remove(storageKeys.currentCart);
    lastRaw = null;
    storage.set(storageKeys.totalItems, '0');
    storage.set(storageKeys.totalAmount, '0');
  } else {
    lastRaw = JSON.stringify(items);
    storage.set(storageKeys.currentCart, lastRaw);
    storage.set(storageKeys.totalItems, String(items.length));
    storage.set(storageKeys.totalAmount, String(toDollars(computeCartTotals(cartLinesOf(items)).itemPriceCents)));
  }
  // The top bar's badge reads totalItems through the session store's subscription.
  notifyStorageChanged();
}

function setItems(items: CartItem[], extra: Partial<CartState> = {}) {
  state = { ...state, ...extra, items };
  persist(items);
  emit();
}

export const cartStore = {
  getState: current,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Adds the items whose imageid is not in the cart yet (spec §4); answers how many were added. */
  add(items: readonly CartItemInput[]): number {
    const next = [...current().items];
    let added = 0;
    for (const input of items) {
      const parsed = cartItem.safeParse(input);
      if (!parsed.success) continue;
      if (next.some((item) => item.imageid === parsed.data.imageid)) continue;
      next.push(parsed.data);
      added += 1;
    }
    if (added === 0) return 0;
    setItems(next);
    addedFlash.start();
    return added;
  },
  remove(imageid: number) {
    setItems(current().items.filter((item) => item.imageid !== imageid));
  },
  /** Empties the cart and drops the coupon (after an order, or on request). */
  clear() {
    setItems([], { coupon: null });
  },
  applyCoupon(coupon: AppliedCoupon) {
    state = { ...state, coupon };
    emit();
  },
  removeCoupon() {
    state = { ...state, coupon: null };
    emit();
  },
  /** Brings every item's price and tax rate to the studio's current ones (the lookup is the one source). */
  reprice(prices: ServicePrices, taxRate: number) {
    let changed = false;
    const next = current().items.map((item) => {
      const price = servicePriceOf(prices, item.serviceType);
      if (price === item.price && taxRate === item.tax) return item;
      changed = true;
      return { ...item, price, tax: taxRate };
    });
    if (changed) setItems(next);
  },
  /** Re-reads local storage (another tab changed it, or a test set it). */
  reload() {
    state = { ...state, items: readItems() };
    emit();
  },
};

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === storageKeys.currentCart) cartStore.reload();
  });
}

export function useCart(): CartState {
  return useSyncExternalStore(cartStore.subscribe, cartStore.getState, cartStore.getState);
}

/** The cart's totals (computeCartTotals: the one cart arithmetic) with the applied coupon. */
export function cartTotalsOf(cart: Pick<CartState, 'items' | 'coupon'>) {
  return computeCartTotals(cartLinesOf(cart.items), cart.coupon?.discountPercentage ?? 0);
}
