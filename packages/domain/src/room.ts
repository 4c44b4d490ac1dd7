import { MAX_LINE_COUNT } from './constants.ts';

/*
 * Whether a basket line may hold more units, alone in its file: the menu's + button on the first screen
 * asks it, and must not bring the rest of the quote along (a module lands whole in one chunk).
 */

/** Whether a basket line may hold more units: see `checkRoom`. */
export type RoomCheck = { ok: true } | { ok: false; reason: 'UNAVAILABLE' } | { ok: false; reason: 'NOT_ENOUGH'; max: number };

/**
 * Whether one line may hold `wanted` units of a product while the basket's other lines hold `elsewhere`
 * units of it: fewer than the line has now (`current`) is always allowed; more needs an orderable product,
 * and no more units over all its lines than its counted stock (the rule of `checkStock`, which the quote
 * applies: one stock serves every line of a product; a property test holds the two together), nor more than MAX_LINE_COUNT on the line. `max` is what the line
 * may hold at most. The storefront asks this before a tap adds a unit, so the quote never has to refuse it.
 */
export function checkRoom(product: { orderable: boolean; count: number | null }, wanted: number, elsewhere = 0, current = 0): RoomCheck {
  if (wanted <= current) return { ok: true };
  if (!product.orderable) return { ok: false, reason: 'UNAVAILABLE' };
  const max = Math.min(MAX_LINE_COUNT, product.count === null ? MAX_LINE_COUNT : Math.max(0, product.count - elsewhere));
  return wanted <= max ? { ok: true } : { ok: false, reason: 'NOT_ENOUGH', max };
}
