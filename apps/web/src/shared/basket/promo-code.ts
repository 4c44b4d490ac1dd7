import { useSyncExternalStore } from 'react';
import { readStored, writeStored } from '../../lib/storage.ts';
import { useCurrentMerchant } from '../merchant/merchant.api.ts';

/*
 * The promo code the customer has applied, kept per merchant (`dx:{merchantId}:promo`) beside the
 * basket: it survives a reload, is sent with every quote, and is cleared with the order request once
 * an order is placed (docs/spec-index.md section 4, Checkout). Only the code is kept: the server judges it each time.
 */

export const promoStorageKey = (merchantId: string): string => `dx:${merchantId}:promo`;

const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === null || e.key.endsWith(':promo')) emit();
  });
}

export function readPromoCode(merchantId: string): string | null {
  const code = readStored(promoStorageKey(merchantId))?.trim();
  return code ? code : null;
}

/** Remembers the code (null forgets it). */
export function setPromoCode(merchantId: string, code: string | null): void {
  const clean = code?.trim();
  if (clean) writeStored(promoStorageKey(merchantId), clean);
  else
    try {
      localStorage.removeItem(promoStorageKey(merchantId));
    } catch {
      // Forbidden storage: nothing was kept either.
    }
  emit();
}

/** The current merchant's applied promo code, re-rendering when it changes. */
export function usePromoCode(): string | null {
  const merchantId = useCurrentMerchant().id;
  const snapshot = () => readPromoCode(merchantId);
  return useSyncExternalStore(subscribe, snapshot, noCode);
}

/** A page rendered on the server is a guest's: no code yet. */
const noCode = (): string | null => null;
