import { useSyncExternalStore } from 'react';

/*
 * Whether the basket sheet is open. Used when the merchant has no basket page (cartPageActive off):
 * the basket button, and a visit to /basket, open the basket as a sheet over the current page.
 */

let open = false;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => open;

export function setBasketSheetOpen(next: boolean): void {
  if (open === next) return;
  open = next;
  emit();
}

export const openBasketSheet = (): void => setBasketSheetOpen(true);

export const useBasketSheetOpen = (): boolean => useSyncExternalStore(subscribe, snapshot, snapshot);
