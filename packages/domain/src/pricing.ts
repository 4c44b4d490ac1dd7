import type { DiscountType, ServiceType } from './enums.ts';
import type { ErrorCode } from './errors.ts';
import { percentOf, sum, type Sum } from './money.ts';

/*
 * The pricing engine: one pure function that both the server (authoritative, when quoting and
 * placing an order) and the storefront (display) call. Every amount is a whole number of so'm and
 * every percentage goes through `percentOf` (half up), once per line or once per basket amount.
 * Inputs come from the catalogue and the database, never from the client: the caller resolves a
 * cart item's product and modifications before it gets here.
 */

/** A chosen modification of a line, with its price as the catalogue has it. */
export interface PricingModification {
  /** How many of this modification go with one unit of the product. */
  count: number;
  price: Sum;
}

/** One basket line, already resolved from the catalogue. */
export interface PricingLine {
  costPrice: Sum;
  /** The product's own discount, a percent of its price (0 to 100). */
  discountPercent: number;
  /** Units of the product on this line. */
  quantity: number;
  modifications: readonly PricingModification[];
}

/** The discount part of a promo that has already passed `checkPromo`. */
export interface PricingPromo {
  discountType: DiscountType;
  /** So'm for AMOUNT, a percent for PERCENTAGE. */
  productDiscount: number;
  /** So'm for AMOUNT, a percent for PERCENTAGE. */
  deliveryDiscount: number;
}

/** The service fee settings of the merchant (or of the city) that apply to the order. */
export interface PricingServiceFee {
  isServiceFeeEnabled: boolean;
  isServiceFeeFreeAboveThreshold: boolean;
  serviceFeeThreshold: Sum;
  serviceFeeAmount: Sum;
}

export interface PricingInput {
  lines: readonly PricingLine[];
  serviceType: ServiceType;
  /** The delivery price found for the address (the zone's price or a tariff); ignored when no delivery happens. */
  deliveryPrice: Sum;
  /** A promo that is valid for this basket, or none. */
  promo?: PricingPromo | null;
  serviceFee?: PricingServiceFee | null;
  /** The customer's cashback balance. */
  cashbackBalance?: Sum;
  /** The cashback the customer asks to spend on this order. */
  cashbackRequested?: Sum;
}

/** The amounts of one line, in the order of the input lines. */
export interface LinePrice {
  gross: Sum;
  discount: Sum;
  net: Sum;
}

export interface PriceBreakdown {
  lines: LinePrice[];
  /** Σ line gross: the basket before any discount. */
  productPrice: Sum;
  /** Σ line discounts: the products' own discounts. */
  productDiscount: Sum;
  /** What the promo takes off the products. */
  promoProductDiscount: Sum;
  deliveryPrice: Sum;
  /** What the promo takes off the delivery. */
  deliveryDiscount: Sum;
  serviceFee: Sum;
  /** The cashback actually spent. */
  cashback: Sum;
  /** productDiscount + promoProductDiscount + deliveryDiscount. */
  totalDiscount: Sum;
  /** What the customer pays. */
  totalPrice: Sum;
  /** Σ quantities. */
  productCount: number;
}

const ZERO = sum(0);

/** Money from the catalogue must be a whole, non-negative amount; anything else is a bug upstream, not a price. */
function amount(value: number, what: string): Sum {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be a whole, non-negative number of so'm, got ${value}`);
  return sum(value);
}

function quantity(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be a whole, non-negative count, got ${value}`);
  return value;
}

function percent(value: number, what: string): number {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`${what} must be a non-negative percent, got ${value}`);
  return value;
}

/**
 * The price a product's card strikes through beside what it costs: the price before its own discount when it has
 * one, else the back office's old price when it is above the price; null when nothing is struck through. Shown only,
 * never charged (the quote charges `price`).
 */
export function struckPrice(product: { price: number; costPrice: number; discount: number; oldPrice?: number | null }): number | null {
  if (product.discount > 0 && product.costPrice > product.price) return product.costPrice;
  if (product.oldPrice != null && product.oldPrice > product.price) return product.oldPrice;
  return null;
}

/**
 * Line gross: (cost price + Σ modification count × price) × quantity.
 * Line discount: the product's discount percent of the whole gross, modifications included
 * (docs/spec-index.md section 4: modifier prices are discounted the same way), rounded half up once per line.
 * Applies to every line; a discount above 100% is capped at the gross so a line is never paid out.
 */
export function priceLine(line: PricingLine): LinePrice {
  let unit: number = amount(line.costPrice, 'costPrice');
  for (const m of line.modifications) {
    unit += quantity(m.count, 'modification count') * amount(m.price, 'modification price');
  }
  const gross = sum(unit * quantity(line.quantity, 'quantity'));
  const discount = sum(Math.min(gross, percentOf(gross, percent(line.discountPercent, 'discountPercent'))));
  return { gross, discount, net: sum(gross - discount) };
}

/**
 * The promo's product discount, taken from what the products cost after their own discounts.
 * AMOUNT: the promo's amount, at most that remainder. PERCENTAGE: that percent of the remainder,
 * rounded half up once. Applies only when a promo is given; never more than the remainder.
 */
export function promoProductDiscountOf(promo: PricingPromo | null | undefined, productsAfterOwnDiscount: Sum): Sum {
  if (!promo) return ZERO;
  const raw =
    promo.discountType === 'AMOUNT'
      ? amount(promo.productDiscount, 'promo productDiscount')
      : percentOf(productsAfterOwnDiscount, percent(promo.productDiscount, 'promo productDiscount'));
  return sum(Math.min(raw, productsAfterOwnDiscount));
}

/**
 * The delivery price charged: zero for PICK_UP and DINE_IN (nothing is delivered) and for an empty
 * basket (docs/spec-index.md section 4); otherwise the price found for the address.
 */
export function deliveryPriceOf(serviceType: ServiceType, deliveryPrice: Sum, productCount: number): Sum {
  if (serviceType === 'PICK_UP' || serviceType === 'DINE_IN' || productCount === 0) return ZERO;
  return amount(deliveryPrice, 'deliveryPrice');
}

/**
 * The promo's delivery discount. AMOUNT: the promo's amount; PERCENTAGE: that percent of the
 * delivery price, rounded half up. Applies only when a promo is given, and is never more than the
 * delivery price (docs/spec-index.md section 4), so a free delivery stays free and no promo pays the customer.
 */
export function deliveryDiscountOf(promo: PricingPromo | null | undefined, deliveryPrice: Sum): Sum {
  if (!promo || deliveryPrice === 0) return ZERO;
  const raw =
    promo.discountType === 'AMOUNT'
      ? amount(promo.deliveryDiscount, 'promo deliveryDiscount')
      : percentOf(deliveryPrice, percent(promo.deliveryDiscount, 'promo deliveryDiscount'));
  return sum(Math.min(raw, deliveryPrice));
}

/**
 * The service fee: the settings' fixed amount when the fee is enabled and the basket is not empty.
 * When isServiceFeeFreeAboveThreshold is set, it is waived once what is left to pay for the products
 * (after their own discounts and the promo) reaches serviceFeeThreshold. The waiver is a cliff:
 * dropping below the threshold brings the fee back, which is the one way a smaller basket can cost more.
 */
export function serviceFeeOf(settings: PricingServiceFee | null | undefined, productsToPay: Sum, productCount: number): Sum {
  if (!settings || !settings.isServiceFeeEnabled || productCount === 0) return ZERO;
  if (settings.isServiceFeeFreeAboveThreshold && productsToPay >= amount(settings.serviceFeeThreshold, 'serviceFeeThreshold')) return ZERO;
  return amount(settings.serviceFeeAmount, 'serviceFeeAmount');
}

/**
 * The cashback spent: at most the balance, at most what the customer asks for, at most what is
 * left to pay (so it never turns into change), and nothing on an empty basket (docs/spec-index.md section 4).
 */
export function cashbackOf(balance: Sum, requested: Sum, leftToPay: Sum, productCount: number): Sum {
  if (productCount === 0) return ZERO;
  return sum(Math.min(amount(balance, 'cashbackBalance'), amount(requested, 'cashbackRequested'), leftToPay));
}

/**
 * Prices a basket. The total is
 * productPrice − totalDiscount + deliveryPrice + serviceFee − cashback, never below 0,
 * where totalDiscount = productDiscount + promoProductDiscount + deliveryDiscount.
 * The promo must already be valid for this basket (see `checkPromo`); this function does not judge it.
 */
export function priceBasket(input: PricingInput): PriceBreakdown {
  const lines = input.lines.map(priceLine);
  let productPrice = 0;
  let productDiscount = 0;
  let productCount = 0;
  lines.forEach((l, i) => {
    productPrice += l.gross;
    productDiscount += l.discount;
    productCount += input.lines[i]!.quantity;
  });
  const productsAfterOwnDiscount = sum(productPrice - productDiscount);
  const promoProductDiscount = promoProductDiscountOf(input.promo, productsAfterOwnDiscount);
  const deliveryPrice = deliveryPriceOf(input.serviceType, input.deliveryPrice, productCount);
  const deliveryDiscount = deliveryDiscountOf(input.promo, deliveryPrice);
  const productsToPay = sum(productsAfterOwnDiscount - promoProductDiscount);
  const serviceFee = serviceFeeOf(input.serviceFee, productsToPay, productCount);
  const totalDiscount = sum(productDiscount + promoProductDiscount + deliveryDiscount);
  // Each discount is capped by what it discounts, so this is never negative; the max is a guard only.
  const leftToPay = sum(Math.max(0, productPrice - totalDiscount + deliveryPrice + serviceFee));
  const cashback = cashbackOf(input.cashbackBalance ?? ZERO, input.cashbackRequested ?? ZERO, leftToPay, productCount);
  return {
    lines,
    productPrice: sum(productPrice),
    productDiscount: sum(productDiscount),
    promoProductDiscount,
    deliveryPrice,
    deliveryDiscount,
    serviceFee,
    cashback,
    totalDiscount,
    totalPrice: sum(Math.max(0, leftToPay - cashback)),
    productCount,
  };
}

/** What `checkPromo` needs of a promo (docs/spec-index.md section 3, Promo). */
export interface PromoTerms {
  isActive: boolean;
  /** The first instant the promo works; null means from always. */
  startDate: Date | null;
  /** The first instant the promo no longer works; null means for ever. */
  endDate: Date | null;
  /** The least the products must cost, after their own discounts, for the promo to apply. */
  minPrice: Sum;
  /** Orders everyone together may hold with the code; null or absent: no limit. */
  totalLimit?: number | null;
  /** Orders one customer may hold with the code; null or absent: no limit. */
  perCustomerLimit?: number | null;
}

/**
 * How many orders hold a promo now: every order placed with it that is not cancelled (a cancelled order gives its
 * use back), counted from the orders' promo uses. `byCustomer` is the asking customer's; null for a guest, whose
 * own uses are not known (the order, always of a signed-in customer, counts them).
 */
export interface PromoUses {
  total: number;
  byCustomer: number | null;
}

/**
 * Says why a promo cannot be used now, or null when it can. Checked in this order, so the customer
 * hears the most basic reason first: PROMO_NOT_ACTIVE (switched off), PROMO_NOT_STARTED
 * (now < startDate), PROMO_EXPIRED (now ≥ endDate: the end is exclusive, like an interval of working
 * hours), PROMO_LIMIT_REACHED (the orders holding it reach totalLimit), PROMO_CUSTOMER_LIMIT (this
 * customer's reach perCustomerLimit), PROMO_MIN_PRICE (productAmount < minPrice).
 * `productAmount` is productPrice − productDiscount of the basket: the products after their own
 * discounts and before any promo, so a promo cannot qualify itself. A limit is judged only when `uses` is
 * given (the order's transaction always gives it, counted under the promo's lock); one use is taken by the
 * order being judged, so a limit of N lets N orders through.
 */
export function checkPromo(promo: PromoTerms, context: { now: Date; productAmount: Sum; uses?: PromoUses | null }): ErrorCode | null {
  if (!promo.isActive) return 'PROMO_NOT_ACTIVE';
  const now = context.now.getTime();
  if (promo.startDate && now < promo.startDate.getTime()) return 'PROMO_NOT_STARTED';
  if (promo.endDate && now >= promo.endDate.getTime()) return 'PROMO_EXPIRED';
  const uses = context.uses;
  if (uses) {
    if (promo.totalLimit != null && uses.total >= promo.totalLimit) return 'PROMO_LIMIT_REACHED';
    if (promo.perCustomerLimit != null && uses.byCustomer !== null && uses.byCustomer >= promo.perCustomerLimit)
      return 'PROMO_CUSTOMER_LIMIT';
  }
  if (context.productAmount < promo.minPrice) return 'PROMO_MIN_PRICE';
  return null;
}

/** A problem with a basket line, as the quote reports it: a catalogue code and what makes it concrete. */
export interface LineProblem {
  code: ErrorCode;
  productId?: string;
  details?: Record<string, unknown>;
}

/** A product's choice rules: its modification groups and the modifications a customer may choose now. */
export interface ModificationRules {
  productId: string;
  groups: readonly { id: string; min: number; max: number }[];
  /** The product's choosable (active) modifications; anything else chosen is invalid. */
  modifications: readonly { id: string; groupId: string }[];
  /** The same modifications by id, when the caller keeps them so (a catalogue in memory); built here otherwise. */
  modificationsById?: ReadonlyMap<string, { groupId: string }>;
}

/**
 * The problems of a line's chosen modifications, for the server's quote:
 * MODIFICATION_INVALID {modificationId} for a modification that is not the product's (or not
 * choosable now), then per group, in the group order, MODIFICATION_MIN or MODIFICATION_MAX
 * {groupId, min, max} when the chosen count falls outside the group's bounds. A group's chosen count
 * is the sum of the counts of its chosen modifications, so "two of the same sauce" counts as two.
 */
export function checkModifications(rules: ModificationRules, chosen: readonly { id: string; count: number }[]): LineProblem[] {
  const problems: LineProblem[] = [];
  const byId = rules.modificationsById ?? new Map(rules.modifications.map((m) => [m.id, m]));
  const chosenPerGroup = new Map<string, number>();
  for (const c of chosen) {
    const groupId = byId.get(c.id)?.groupId;
    if (groupId === undefined) {
      problems.push({ code: 'MODIFICATION_INVALID', productId: rules.productId, details: { modificationId: c.id } });
      continue;
    }
    chosenPerGroup.set(groupId, (chosenPerGroup.get(groupId) ?? 0) + c.count);
  }
  for (const g of rules.groups) {
    const n = chosenPerGroup.get(g.id) ?? 0;
    if (n < g.min)
      problems.push({ code: 'MODIFICATION_MIN', productId: rules.productId, details: { groupId: g.id, min: g.min, max: g.max } });
    else if (n > g.max)
      problems.push({ code: 'MODIFICATION_MAX', productId: rules.productId, details: { groupId: g.id, min: g.min, max: g.max } });
  }
  return problems;
}

/**
 * NOT_ENOUGH_PRODUCTS {max} for every product whose asked quantity, summed over all lines of that
 * product (the same burger with different sauces draws on one stock), exceeds its counted stock.
 * A stock of null means not counted; a product missing from `stock` is left to the caller
 * (it is PRODUCT_NOT_FOUND, not a stock problem). `max` is what can still be ordered, never below 0.
 */
export function checkStock(
  items: readonly { productId: string; quantity: number }[],
  stock: ReadonlyMap<string, number | null>,
): LineProblem[] {
  const asked = new Map<string, number>();
  for (const item of items) asked.set(item.productId, (asked.get(item.productId) ?? 0) + item.quantity);
  const problems: LineProblem[] = [];
  for (const [productId, quantityAsked] of asked) {
    const left = stock.get(productId);
    if (left === null || left === undefined) continue;
    if (quantityAsked > left) problems.push({ code: 'NOT_ENOUGH_PRODUCTS', productId, details: { max: Math.max(0, left) } });
  }
  return problems;
}
