import { useSyncExternalStore } from 'react';
import type { TableSeat } from '@dasturxon/domain/contracts';
import { readStored, writeStored } from '../../lib/storage.ts';
import { currentMerchantId, setTableSeat } from '../../lib/http.ts';
import { useCurrentMerchant } from '../merchant/merchant.api.ts';

/*
 * The table the visitor sits at (issue 32, docs/restaurant.md "QR tables"): what `/t/<token>` answered, kept in the
 * tab's session storage per brand (`dx:{merchantId}:table`), so a reload keeps it and closing the tab forgets it.
 * While it is kept, every call says the seat (lib/http.ts) and the checkout is the table's: dine-in, its branch, now.
 */

const keyOf = (merchantId: string) => `dx:${merchantId}:table`;
const listeners = new Set<() => void>();
let cached: { text: string | null; seat: TableSeat | null } = { text: null, seat: null };

function parse(text: string | null): TableSeat | null {
  if (text === cached.text) return cached.seat;
  let seat: TableSeat | null = null;
  try {
    const value = text ? (JSON.parse(text) as TableSeat) : null;
    seat = value && typeof value.seat === 'string' && value.table && value.branch ? value : null;
  } catch {
    seat = null;
  }
  cached = { text, seat };
  return seat;
}

/** The seat kept for a brand, if any. */
export const readTableSeat = (merchantId: string): TableSeat | null => parse(readStored(keyOf(merchantId), 'session'));

/** Sits the visitor at a table: kept, said by every call from now on, told to every reader. */
export function takeTableSeat(merchantId: string, seat: TableSeat): void {
  writeStored(keyOf(merchantId), JSON.stringify(seat), 'session');
  setTableSeat(seat.seat);
  listeners.forEach((l) => l());
}

/** Leaves the table (the visitor said so, or the server said its session ended). */
export function leaveTable(merchantId: string): void {
  try {
    sessionStorage.removeItem(keyOf(merchantId));
  } catch {
    // nothing kept
  }
  setTableSeat(null);
  listeners.forEach((l) => l());
}

/** After the brand is known in the browser: calls say the seat kept from before a reload. */
export function restoreTableSeat(): void {
  const merchantId = currentMerchantId();
  setTableSeat(merchantId ? (readTableSeat(merchantId)?.seat ?? null) : null);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const noSeat = (): TableSeat | null => null;

/** The seat of the current brand, or null (always null in a page drawn on the server: it is the tab's). */
export function useTableSeat(): TableSeat | null {
  const { id } = useCurrentMerchant();
  return useSyncExternalStore(subscribe, () => readTableSeat(id), noSeat);
}
