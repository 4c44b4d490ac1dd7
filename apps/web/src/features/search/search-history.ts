import { useCallback, useSyncExternalStore } from 'react';
import { readStored, writeStored } from '../../lib/storage.ts';
import { useCurrentMerchant } from '../../shared/merchant/merchant.api.ts';

/** The customer's last searches, kept on the device per merchant, newest first. */
export const HISTORY_LIMIT = 10;
export const historyKey = (merchantId: string) => `dx:${merchantId}:search-history`;

/** The list with `query` put first: trimmed, without its earlier copies (whatever their case), at most {@link HISTORY_LIMIT}. */
export function rememberQuery(history: readonly string[], query: string): string[] {
  const q = query.trim().replace(/\s+/g, ' ');
  if (!q) return [...history];
  const lower = q.toLocaleLowerCase();
  return [q, ...history.filter((h) => h.toLocaleLowerCase() !== lower)].slice(0, HISTORY_LIMIT);
}

export function parseHistory(raw: string | null): string[] {
  try {
    const list: unknown = JSON.parse(raw ?? '[]');
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string' && x.trim() !== '').slice(0, HISTORY_LIMIT) : [];
  } catch {
    return [];
  }
}

const listeners = new Set<() => void>();
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const emit = () => listeners.forEach((l) => l());

export function useSearchHistory() {
  const { id } = useCurrentMerchant();
  const key = historyKey(id);
  const raw = useSyncExternalStore(
    subscribe,
    () => readStored(key) ?? '[]',
    () => '[]',
  );
  const history = parseHistory(raw);
  const remember = useCallback(
    (query: string) => {
      writeStored(key, JSON.stringify(rememberQuery(parseHistory(readStored(key)), query)));
      emit();
    },
    [key],
  );
  const clear = useCallback(() => {
    writeStored(key, '[]');
    emit();
  }, [key]);
  return { history, remember, clear };
}
