/*
 * The amount lines of an order, one rule for every place that shows them: the storefront's basket, checkout and
 * order page, and the console's order page, kitchen ticket, courier card and printed receipt. The lines are signed
 * so that they always add up to the total (`breakdownSum`): a place that leaves one out (the service fee, once) makes
 * the courier collect a sum the page does not explain.
 */

/** The amounts of a priced basket, as `priceBasket`, the quote and the order all carry them. */
export interface BreakdownAmounts {
  productPrice: number;
  productDiscount: number;
  promoProductDiscount: number;
  deliveryPrice: number;
  deliveryDiscount: number;
  serviceFee: number;
  cashback: number;
  totalPrice: number;
}

/** What a line is; its words are `breakdown.{kind}` in each app's catalogue. */
export type BreakdownKind = 'products' | 'discount' | 'promo' | 'delivery' | 'serviceFee' | 'cashback';

export interface BreakdownLine {
  kind: BreakdownKind;
  /** Signed: what the line adds to the total (a discount, the promo and the cashback are negative). */
  amount: number;
  /** The delivery's price before its discount, shown struck through when it differs from what is paid. */
  before?: number;
}

export interface OrderBreakdown {
  lines: BreakdownLine[];
  total: number;
}

/**
 * The lines of an order's amounts, in the order they are read: the products (before any discount), their own discount,
 * the promo, the delivery (what is paid for it; present whenever the order is delivered, even free), the service fee,
 * the cashback spent. A zero discount, promo, fee or cashback has no line. `delivered`: the order is brought to an
 * address (the domain's `isDeliveryService`).
 */
export function orderBreakdown(a: BreakdownAmounts, delivered: boolean): OrderBreakdown {
  const lines: BreakdownLine[] = [{ kind: 'products', amount: a.productPrice }];
  if (a.productDiscount > 0) lines.push({ kind: 'discount', amount: -a.productDiscount });
  if (a.promoProductDiscount > 0) lines.push({ kind: 'promo', amount: -a.promoProductDiscount });
  if (delivered || a.deliveryPrice > 0)
    lines.push({ kind: 'delivery', amount: a.deliveryPrice - a.deliveryDiscount, before: a.deliveryPrice });
  if (a.serviceFee > 0) lines.push({ kind: 'serviceFee', amount: a.serviceFee });
  if (a.cashback > 0) lines.push({ kind: 'cashback', amount: -a.cashback });
  return { lines, total: a.totalPrice };
}

/** Σ of the lines: equal to the total for every order the pricing engine prices (the property test's claim). */
export const breakdownSum = (b: OrderBreakdown): number => b.lines.reduce((s, l) => s + l.amount, 0);
