import { useCallback, useSyncExternalStore } from 'react';
import { readStored, writeStored } from '../../lib/storage.ts';
import { useCurrentMerchant } from '../../shared/merchant/merchant.api.ts';
import { draftStorageKey, EMPTY_DRAFT, parseDraft, serializeDraft, type CheckoutDraft } from './checkout-draft.ts';

/* The checkout draft in sessionStorage (see checkout-draft.ts), one per merchant, shared by /checkout and /checkout/confirm. */

const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const cache = new Map<string, { raw: string | null; draft: CheckoutDraft }>();
export function readDraft(merchantId: string): CheckoutDraft {
  const raw = readStored(draftStorageKey(merchantId), 'session');
  const hit = cache.get(merchantId);
  if (hit && hit.raw === raw) return hit.draft;
  const draft = parseDraft(raw);
  cache.set(merchantId, { raw, draft });
  return draft;
}

export function writeDraft(merchantId: string, draft: CheckoutDraft): void {
  writeStored(draftStorageKey(merchantId), serializeDraft(draft), 'session');
  emit();
}

/** Forgets the draft (the order is placed). */
export function resetDraft(merchantId: string): void {
  try {
    sessionStorage.removeItem(draftStorageKey(merchantId));
  } catch {
    // nothing stored
  }
  cache.delete(merchantId);
  emit();
}

const empty = () => EMPTY_DRAFT;

/** The current merchant's draft and a way to change some of its fields. */
export function useCheckoutDraft(): [CheckoutDraft, (change: Partial<CheckoutDraft>) => void] {
  const { id } = useCurrentMerchant();
  const draft = useSyncExternalStore(subscribe, () => readDraft(id), empty);
  const update = useCallback((change: Partial<CheckoutDraft>) => writeDraft(id, { ...readDraft(id), ...change }), [id]);
  return [draft, update];
}
