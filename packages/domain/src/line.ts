import type { Product } from './contracts/catalogue.ts';
import { sum } from './money.ts';
import type { PricingLine } from './pricing.ts';

/*
 * One basket line, the same for the server's quote and the storefront's taps: which chosen
 * modifications count and at what price (`chosenOf`) and the pricing engine's input (`pricingLineOf`).
 * Whether a line may hold more units is `checkRoom` (room.ts).
 */

/** What the price of a line needs of its product: its price, discount and the modifications a customer may choose. */
export interface PricedProduct {
  costPrice: number;
  discount: number;
  /** The modifications a customer may choose, with their catalogue prices. */
  modifications: readonly { id: string; groupId: string; price: number }[];
  /** The same modifications by id, when the caller keeps them so (a catalogue in memory); built here otherwise. */
  modificationsById?: ReadonlyMap<string, { id: string; groupId: string; price: number }>;
}

/**
 * The chosen modifications that belong to the product, with their catalogue prices, in the product's own order (the
 * brand's: its groups', then each group's, as `product.modifications` lists them), whatever order they were tapped in,
 * so the sheet, the basket, the order and the kitchen ticket read them alike (issue 29); unknown ones are left out.
 */
export function chosenOf(
  product: PricedProduct,
  chosen: readonly { id: string; count: number }[],
): { id: string; groupId: string; count: number; price: number }[] {
  const byId = product.modificationsById ?? new Map(product.modifications.map((m) => [m.id, m]));
  const out: { id: string; groupId: string; count: number; price: number }[] = [];
  for (const c of chosen) {
    const m = byId.get(c.id);
    if (m) out.push({ id: m.id, groupId: m.groupId, count: c.count, price: m.price });
  }
  if (out.length < 2) return out;
  const place = new Map(product.modifications.map((m, i) => [m.id, i]));
  return out.sort((a, b) => (place.get(a.id) ?? 0) - (place.get(b.id) ?? 0));
}

/** The pricing engine's input for `count` units of a product with its chosen modifications (see `chosenOf`). */
export function pricingLineOf(product: PricedProduct, count: number, chosen: readonly { count: number; price: number }[]): PricingLine {
  return {
    costPrice: sum(product.costPrice),
    discountPercent: product.discount,
    quantity: count,
    modifications: chosen.map((m) => ({ count: m.count, price: sum(m.price) })),
  };
}

/** What a line's price needs of a menu product (see `pricingLineOf`): its price, discount and choices. */
export function pricedProductOfMenu(p: Pick<Product, 'costPrice' | 'discount' | 'modificationGroups'>): PricedProduct {
  return {
    costPrice: p.costPrice,
    discount: p.discount,
    modifications: p.modificationGroups.flatMap((g) => g.modifications.map((m) => ({ id: m.id, groupId: g.id, price: m.price }))),
  };
}
