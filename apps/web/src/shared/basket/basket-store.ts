import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { MAX_LINE_COUNT } from '@dasturxon/domain';
import { useCurrentMerchant } from '../merchant/merchant.api.ts';
import { analyticsEvent } from '../analytics/events.ts';

/*
 * The basket: what the customer has chosen, kept on the device per merchant (`dx:{merchantId}:basket`)
 * so it survives reloads and is shared by the tabs of one brand. Only ids and counts are kept; names
 * and prices are read from the catalogue when shown, so a price change never hides in a stale copy.
 */

/** A chosen modification: how many of it go with one unit of the product. */
export interface BasketModification {
  id: string;
  count: number;
}

/** One line: a product with one set of modifications. The same burger with other sauces is another line. */
export interface BasketLine {
  /** Stable identity of the line: the product id and its sorted modifications (see {@link lineKey}). */
  key: string;
  productId: string;
  /** Units of the product, 1 to {@link MAX_LINE_COUNT}. */
  count: number;
  /** Sorted by id, each count ≥ 1. */
  modifications: BasketModification[];
}

export interface BasketLineInput {
  productId: string;
  /** Units to add; 1 when omitted. */
  count?: number;
  modifications?: readonly BasketModification[];
}

/** More than this on one line is a typo, not an order. */
const STORAGE_VERSION = 1;

export const basketStorageKey = (merchantId: string): string => `dx:${merchantId}:basket`;

const wholeCount = (n: unknown): number => (typeof n === 'number' && Number.isFinite(n) ? Math.trunc(n) : 0);
const clampCount = (n: number): number => Math.min(MAX_LINE_COUNT, Math.max(0, wholeCount(n)));

/** Modifications in one canonical form: counts ≥ 1, duplicates merged, sorted by id. */
export function normalizeModifications(modifications: readonly BasketModification[] | undefined): BasketModification[] {
  const counts = new Map<string, number>();
  for (const m of modifications ?? []) {
    if (!m || typeof m.id !== 'string' || !m.id) continue;
    const n = wholeCount(m.count);
    if (n > 0) counts.set(m.id, (counts.get(m.id) ?? 0) + n);
  }
  return [...counts.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([id, count]) => ({ id, count }));
}

/** `productId` alone, or `productId|modId:count,modId:count` with the modifications sorted: the same choice always gives the same key. */
export function lineKey(productId: string, modifications?: readonly BasketModification[]): string {
  const mods = normalizeModifications(modifications);
  return mods.length ? `${productId}|${mods.map((m) => `${m.id}:${m.count}`).join(',')}` : productId;
}

/** Adds units: to the line with the same product and modifications when there is one, else as a new line at the end. */
export function addLine(lines: readonly BasketLine[], input: BasketLineInput): BasketLine[] {
  const modifications = normalizeModifications(input.modifications);
  const key = lineKey(input.productId, modifications);
  const add = input.count === undefined ? 1 : wholeCount(input.count);
  if (!input.productId || add <= 0) return [...lines];
  const existing = lines.find((l) => l.key === key);
  if (existing) return lines.map((l) => (l.key === key ? { ...l, count: clampCount(l.count + add) } : l));
  return [...lines, { key, productId: input.productId, count: clampCount(add), modifications }];
}

/** Sets a line's units; 0 or less removes the line. */
export function setLineCount(lines: readonly BasketLine[], key: string, count: number): BasketLine[] {
  const n = clampCount(count);
  if (n === 0) return removeLine(lines, key);
  return lines.map((l) => (l.key === key ? { ...l, count: n } : l));
}

export const removeLine = (lines: readonly BasketLine[], key: string): BasketLine[] => lines.filter((l) => l.key !== key);

/** Units in the basket: what the header badge shows. */
export const basketCount = (lines: readonly BasketLine[]): number => lines.reduce((n, l) => n + l.count, 0);

/** Units of one product over all its lines (they draw on one stock). */
export const productCountIn = (lines: readonly BasketLine[], productId: string): number =>
  lines.reduce((n, l) => (l.productId === productId ? n + l.count : n), 0);

/** Reads what was stored, dropping anything malformed rather than failing: a broken basket must not break the shop. */
export function parseBasket(raw: string | null | undefined): BasketLine[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  const items = Array.isArray(data) ? data : data && typeof data === 'object' ? (data as { lines?: unknown }).lines : null;
  if (!Array.isArray(items)) return [];
  let lines: BasketLine[] = [];
  for (const item of items) {
    if (!item || typeof item !== 'object') continue;
    const { productId, count, modifications } = item as Partial<BasketLine>;
    if (typeof productId !== 'string' || !productId) continue;
    lines = addLine(lines, { productId, count: wholeCount(count), modifications: Array.isArray(modifications) ? modifications : [] });
  }
  return lines;
}

export function serializeBasket(lines: readonly BasketLine[]): string {
  return JSON.stringify({
    version: STORAGE_VERSION,
    lines: lines.map(({ productId, count, modifications }) => ({ productId, count, modifications })),
  });
}

type BasketStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface BasketStore {
  /** The lines, as an immutable snapshot that changes identity on every change. */
  getLines(): readonly BasketLine[];
  subscribe(listener: () => void): () => void;
  /** Adds units of a product with its modifications; returns the line it landed on. */
  add(input: BasketLineInput): BasketLine;
  setCount(key: string, count: number): void;
  remove(key: string): void;
  clear(): void;
  /** Re-reads the device storage (another tab changed it). */
  reload(): void;
}

function safeStorage(): BasketStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** A basket kept in `storage` under the merchant's key; without storage it lives in memory for the visit. */
export function createBasketStore(merchantId: string, storage: BasketStorage | null = safeStorage()): BasketStore {
  const key = basketStorageKey(merchantId);
  const read = (): BasketLine[] => {
    try {
      return parseBasket(storage?.getItem(key));
    } catch {
      return [];
    }
  };
  let lines: readonly BasketLine[] = read();
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());

  const commit = (next: readonly BasketLine[]) => {
    lines = next;
    try {
      if (next.length) storage?.setItem(key, serializeBasket(next));
      else storage?.removeItem(key);
    } catch {
      // Full or forbidden storage: the basket still works for this visit.
    }
    emit();
  };

  return {
    getLines: () => lines,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    add(input) {
      const next = addLine(lines, input);
      commit(next);
      analyticsEvent({ type: 'addToBasket', item: { id: input.productId, quantity: input.count ?? 1 } });
      const k = lineKey(input.productId, input.modifications);
      return (
        next.find((l) => l.key === k) ?? {
          key: k,
          productId: input.productId,
          count: 0,
          modifications: normalizeModifications(input.modifications),
        }
      );
    },
    setCount: (lineKeyValue, count) => commit(setLineCount(lines, lineKeyValue, count)),
    remove: (lineKeyValue) => commit(removeLine(lines, lineKeyValue)),
    clear: () => commit([]),
    reload() {
      lines = read();
      emit();
    },
  };
}

const stores = new Map<string, BasketStore>();

/** The one basket store of a merchant in this page, kept in step with the brand's other tabs. */
export function basketStoreFor(merchantId: string): BasketStore {
  let store = stores.get(merchantId);
  if (!store) {
    const created = createBasketStore(merchantId);
    store = created;
    stores.set(merchantId, created);
    if (typeof window !== 'undefined') {
      window.addEventListener('storage', (e) => {
        if (e.key === basketStorageKey(merchantId) || e.key === null) created.reload();
      });
    }
  }
  return store;
}

export interface Basket {
  lines: readonly BasketLine[];
  /** Units in the basket. */
  count: number;
  add: BasketStore['add'];
  setCount: BasketStore['setCount'];
  remove: BasketStore['remove'];
  clear: BasketStore['clear'];
}

/** The current merchant's basket, re-rendering on every change (this tab or another). */
export function useBasket(): Basket {
  const store = basketStoreFor(useCurrentMerchant().id);
  // A page rendered on the server shows an empty basket; the kept one fills in right after hydration.
  const lines = useSyncExternalStore(store.subscribe, store.getLines, noLines);
  return useMemo(
    () => ({ lines, count: basketCount(lines), add: store.add, setCount: store.setCount, remove: store.remove, clear: store.clear }),
    [lines, store],
  );
}

/** Units in the basket, re-rendering only when that number changes. */
export function useBasketCount(): number {
  const store = basketStoreFor(useCurrentMerchant().id);
  const snapshot = useCallback(() => basketCount(store.getLines()), [store]);
  return useSyncExternalStore(store.subscribe, snapshot, noUnits);
}

const NO_LINES: readonly BasketLine[] = [];
const noLines = () => NO_LINES;
const noUnits = () => 0;
