import { chosenOf, priceLine, pricedProductOfMenu, pricingLineOf, sum, type LinePrice, type Product } from '@dasturxon/domain';

/*
 * A line's price by the domain's own line rule (`pricedProductOfMenu`, `chosenOf`, `pricingLineOf`: what
 * `quoteBasket` does for each line), alone in its file: the floating basket bar of the first screen
 * needs only this, not the rest of the quote.
 */

/** What the price of a basket line needs of it. */
export interface PricedLineLike {
  count: number;
  modifications: readonly { id: string; count: number }[];
}

/** A line's price over the loaded menu; zero when its product is not in it (the quote leaves such a line out too). */
export function localLinePrice(line: PricedLineLike, product: Product | undefined): LinePrice {
  if (!product) return { gross: sum(0), discount: sum(0), net: sum(0) };
  const known = pricedProductOfMenu(product);
  return priceLine(pricingLineOf(known, line.count, chosenOf(known, line.modifications)));
}
