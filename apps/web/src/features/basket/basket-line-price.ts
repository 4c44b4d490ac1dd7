import { priceLine, sum, type LinePrice, type PricingLine, type Product } from '@dasturxon/domain';

/*
 * A line's price by the domain engine, alone in its file: the floating basket bar of the first
 * screen needs only this, not the rest of the basket's rules.
 */

/** What the engine needs of a basket line. */
export interface PricedLineLike {
  count: number;
  modifications: readonly { id: string; count: number }[];
}

/** The engine's input for a line, with prices from the catalogue the storefront has loaded; options it does not know are left out. */
export function toPricingLine(line: PricedLineLike, product: Product): PricingLine {
  const prices = new Map(product.modificationGroups.flatMap((g) => g.modifications.map((m) => [m.id, m.price] as const)));
  return {
    costPrice: sum(product.costPrice),
    discountPercent: product.discount,
    quantity: line.count,
    modifications: line.modifications.filter((m) => prices.has(m.id)).map((m) => ({ count: m.count, price: sum(prices.get(m.id)!) })),
  };
}

/** A line's price by the local engine; zero when its product is not in the loaded menu. */
export function localLinePrice(line: PricedLineLike, product: Product | undefined): LinePrice {
  return product ? priceLine(toPricingLine(line, product)) : { gross: sum(0), discount: sum(0), net: sum(0) };
}
