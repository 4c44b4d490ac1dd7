/** Placing an order as named steps (issue 27): read the draft, the brand's terms, the catalogue, schedule, price, stock, write, key, event. */
export { placeOrder, type PlaceOrderDeps, type PlaceOrderInput } from './place-order.ts';
export type { PlaceOutcome } from './outcome.ts';
export type { Customer, PlaceOptions } from './draft.ts';
export { IDEMPOTENCY_TTL_MS } from './keys.ts';
