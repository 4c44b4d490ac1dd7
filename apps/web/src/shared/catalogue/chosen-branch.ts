import { useSyncExternalStore } from 'react';
import { readStored, writeStored } from '../../lib/storage.ts';
import { chosenBranchKey } from '../merchant/branch-choice.ts';
import { useCurrentMerchant } from '../merchant/merchant.api.ts';

/*
 * The branch the customer chose (docs/spec-index.md section 4, "Branch picker"), kept per merchant under
 * `dx:{merchantId}:branch`. Choosing one re-renders everything that reads it: the menu re-sorts.
 */

const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key.endsWith(':branch')) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export const readChosenBranch = (merchantId: string): string | null => readStored(chosenBranchKey(merchantId)) || null;

/** Stores the choice (or forgets it with null) and tells every reader. */
export function chooseBranch(merchantId: string, branchId: string | null): void {
  if (branchId) writeStored(chosenBranchKey(merchantId), branchId);
  else {
    try {
      localStorage.removeItem(chosenBranchKey(merchantId));
    } catch {
      // nothing stored
    }
  }
  emit();
}

/** The chosen branch id of the current merchant, or null. */
export function useChosenBranchId(): string | null {
  const { id } = useCurrentMerchant();
  const snapshot = () => readChosenBranch(id);
  // A page rendered on the server is a guest's, with no branch chosen; the choice applies right after hydration.
  return useSyncExternalStore(subscribe, snapshot, noBranch);
}

const noBranch = (): string | null => null;
