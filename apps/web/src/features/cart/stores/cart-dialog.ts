import { useSyncExternalStore } from 'react';

/** Whether the cart review is open: the top bar's Cart button and the app's flows open it. */
let opened = false;
const listeners = new Set<() => void>();

function set(value: boolean) {
  if (opened === value) return;
  opened = value;
  for (const listener of listeners) listener();
}

export const cartDialog = {
  open: () => set(true),
  close: () => set(false),
  isOpen: () => opened,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useCartDialogOpen(): boolean {
  return useSyncExternalStore(cartDialog.subscribe, cartDialog.isOpen, cartDialog.isOpen);
}
