import {
  MAX_LINE_COUNT,
  MAX_QUOTE_LINES,
  pickText,
  priceBasket,
  sum,
  type ErrorCode,
  type MerchantSettings,
  type PriceBreakdown,
  type PricingPromo,
  type Product,
  type QuoteProblem,
  type QuoteRequest,
  type QuoteResponse,
  type ServiceType,
  type UiLanguage,
} from '@dasturxon/domain';
import { toPricingLine } from './basket-line-price.ts';

/*
 * The basket's rules for the screen, pure so they are tested without a browser: what a line is
 * called and costs, what the local engine says while the server's quote is on its way, which of the
 * quote's problems belong to which line, what may be added, and what stops the checkout.
 * Prices are never decided here for real: the server's quote is the answer, this is the estimate.
 */

/** A basket line as the store keeps it (shared/basket): ids and counts only, and its stable key. */
export interface BasketLineLike {
  key: string;
  productId: string;
  count: number;
  modifications: readonly { id: string; count: number }[];
}

export type ProductsById = ReadonlyMap<string, Product>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/** Each chosen modification with its name and price, in the product's group order; unknown ones are left out. */
export function chosenModifications(product: Product, chosen: BasketLineLike['modifications'], lang: UiLanguage) {
  const out: { id: string; name: string; count: number; price: number }[] = [];
  const wanted = new Map(chosen.map((m) => [m.id, m.count]));
  for (const group of product.modificationGroups) {
    for (const m of group.modifications) {
      const count = wanted.get(m.id);
      if (count) out.push({ id: m.id, name: pickText(m.name, lang), count, price: m.price });
    }
  }
  return out;
}

/** "Large, Ketchup, Cheese ×2": what a line's modifications read as under its name. */
export function modificationsLabel(product: Product, chosen: BasketLineLike['modifications'], lang: UiLanguage): string {
  return chosenModifications(product, chosen, lang)
    .map((m) => (m.count > 1 ? `${m.name} ×${m.count}` : m.name))
    .join(', ');
}

/** The amounts of a basket, as the server's quote or the local engine gives them. */
export type BasketTotals = Pick<
  QuoteResponse,
  | 'productPrice'
  | 'productDiscount'
  | 'promoProductDiscount'
  | 'deliveryPrice'
  | 'deliveryDiscount'
  | 'serviceFee'
  | 'cashback'
  | 'totalDiscount'
  | 'totalPrice'
  | 'productCount'
>;

/** What the local estimate keeps from the last server quote: the parts that depend on more than the lines. */
export interface EstimateContext {
  serviceType: ServiceType;
  /** The delivery price of the last quote (the branch's or the zone's), 0 before any. */
  deliveryPrice: number;
  promo?: PricingPromo | null;
  /** The service fee of the last quote, kept as it was: its threshold is the server's. */
  serviceFee: number;
}

/**
 * The basket by the domain engine over the loaded menu: shown while the server's quote is on its
 * way, so a tap changes the numbers at once. Lines whose product is unknown count for nothing, as
 * the server does. The service fee of the last quote is carried as a flat fee (it is 0 for an empty basket).
 */
export function estimateBasket(lines: readonly BasketLineLike[], products: ProductsById, context: EstimateContext): PriceBreakdown {
  const pricing = lines.flatMap((l) => {
    const p = products.get(l.productId);
    return p ? [toPricingLine(l, p)] : [];
  });
  return priceBasket({
    lines: pricing,
    serviceType: context.serviceType,
    deliveryPrice: sum(context.deliveryPrice),
    promo: context.promo ?? null,
    serviceFee:
      context.serviceFee > 0
        ? { isServiceFeeEnabled: true, isServiceFeeFreeAboveThreshold: false, serviceFeeThreshold: sum(0), serviceFeeAmount: sum(context.serviceFee) }
        : null,
  });
}

/** The service type the basket is quoted for until the checkout asks: delivery when offered, else pickup, else dine-in. */
export function defaultServiceType(settings: Pick<MerchantSettings, 'deliveryActive' | 'pickupActive' | 'dineInActive'>): ServiceType {
  if (settings.deliveryActive) return 'DELIVERY';
  if (settings.pickupActive) return 'PICK_UP';
  if (settings.dineInActive) return 'DINE_IN';
  return 'DELIVERY';
}

/**
 * The branch the basket is quoted for when the customer has chosen none: the main branch, else the
 * first, of those that are switched on (spec section 4: the branch defaults to the order's branch,
 * else the main branch, else the first). Its delivery price and minimum are the likeliest ones.
 */
export function defaultBranchId(branches: readonly { id: string; isActive: boolean; isMain: boolean }[] | undefined): string | null {
  const active = (branches ?? []).filter((b) => b.isActive);
  return (active.find((b) => b.isMain) ?? active[0])?.id ?? null;
}

export interface QuotePlan {
  request: QuoteRequest;
  /** For each cart item of the request, the index of its basket line. */
  lineOf: number[];
}

const clampCount = (n: number) => Math.min(MAX_LINE_COUNT, Math.max(1, Math.trunc(n)));

/**
 * The quote request for a basket: ids and counts only (the server refuses anything else), lines
 * with a damaged id or no count left out, counts kept within the contract's bounds.
 */
export function planQuote(
  lines: readonly BasketLineLike[],
  options: { serviceType: ServiceType; branchId?: string | null; promoCode?: string | null },
): QuotePlan {
  const cartItems: QuoteRequest['cartItems'] = [];
  const lineOf: number[] = [];
  lines.forEach((l, index) => {
    if (!isUuid(l.productId) || !(l.count >= 1) || cartItems.length >= MAX_QUOTE_LINES) return;
    cartItems.push({
      productId: l.productId,
      count: clampCount(l.count),
      modifications: l.modifications.filter((m) => isUuid(m.id) && m.count >= 1).map((m) => ({ id: m.id, count: clampCount(m.count) })),
    });
    lineOf.push(index);
  });
  const request: QuoteRequest = { cartItems, serviceType: options.serviceType };
  if (options.branchId && isUuid(options.branchId)) request.branchId = options.branchId;
  const code = options.promoCode?.trim();
  if (code) request.promoCode = code;
  return { request, lineOf };
}

export type QuantityCheck = { ok: true } | { ok: false; reason: 'NOT_ENOUGH'; max: number } | { ok: false; reason: 'UNAVAILABLE' };

/**
 * Whether a line may hold `next` units: its product must be orderable (unless the count goes down,
 * which is always allowed), and the units of that product over all lines (one stock serves every
 * line of it) may not pass its counted stock. `max` is what this line may hold at most.
 */
export function checkQuantity(lines: readonly BasketLineLike[], key: string, next: number, product: Product | undefined): QuantityCheck {
  const line = lines.find((l) => l.key === key);
  if (!line) return { ok: true };
  if (next <= line.count) return { ok: true };
  if (!product || !product.isOrderable) return { ok: false, reason: 'UNAVAILABLE' };
  if (product.count === null) return next <= MAX_LINE_COUNT ? { ok: true } : { ok: false, reason: 'NOT_ENOUGH', max: MAX_LINE_COUNT };
  const others = lines.reduce((n, l) => (l.key !== key && l.productId === line.productId ? n + l.count : n), 0);
  const max = Math.max(0, product.count - others);
  return next <= max ? { ok: true } : { ok: false, reason: 'NOT_ENOUGH', max };
}

/** Whether one more unit of a product (a new line or an existing one) may be added, by the same rules. */
export function checkAdd(lines: readonly BasketLineLike[], product: Product, count = 1): QuantityCheck {
  if (!product.isOrderable) return { ok: false, reason: 'UNAVAILABLE' };
  if (product.count === null) return { ok: true };
  const inBasket = lines.reduce((n, l) => (l.productId === product.id ? n + l.count : n), 0);
  return inBasket + count <= product.count ? { ok: true } : { ok: false, reason: 'NOT_ENOUGH', max: Math.max(0, product.count - inBasket) };
}

const LINE_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'PRODUCT_NOT_FOUND',
  'PRODUCT_NOT_AVAILABLE',
  'NOT_ENOUGH_PRODUCTS',
  'MODIFICATION_MIN',
  'MODIFICATION_MAX',
  'MODIFICATION_INVALID',
]);
const PROMO_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['PROMO_NOT_FOUND', 'PROMO_NOT_ACTIVE', 'PROMO_NOT_STARTED', 'PROMO_EXPIRED', 'PROMO_MIN_PRICE']);

export const isPromoProblem = (p: Pick<QuoteProblem, 'code'>): boolean => PROMO_CODES.has(p.code);
export const isLineProblem = (p: Pick<QuoteProblem, 'code'>): boolean => LINE_CODES.has(p.code);

export interface SortedProblems {
  /** By basket line key. */
  byLine: Map<string, QuoteProblem[]>;
  promo: QuoteProblem | null;
  deliveryMin: { minAmount: number } | null;
  /** Everything else (branch closed, service off, ...), shown above the totals. */
  general: QuoteProblem[];
}

/**
 * Puts each problem of a quote where the customer will look for it: option problems on the line
 * they name (details.line, a cart item index, mapped back to the basket line), product problems
 * on every line of that product, promo problems at the promo field, the delivery minimum above
 * the totals, and the rest in a general list.
 */
export function sortProblems(problems: readonly QuoteProblem[], lines: readonly BasketLineLike[], lineOf: readonly number[]): SortedProblems {
  const out: SortedProblems = { byLine: new Map(), promo: null, deliveryMin: null, general: [] };
  const put = (key: string, p: QuoteProblem) => {
    const list = out.byLine.get(key) ?? [];
    list.push(p);
    out.byLine.set(key, list);
  };
  for (const p of problems) {
    if (isPromoProblem(p)) out.promo ??= p;
    else if (p.code === 'DELIVERY_MIN_AMOUNT') out.deliveryMin = { minAmount: Number(p.details?.minAmount ?? 0) };
    else if (isLineProblem(p)) {
      const item = p.details?.line;
      const line = typeof item === 'number' ? lines[lineOf[item] ?? -1] : undefined;
      if (line) put(line.key, p);
      else if (p.productId) {
        let found = false;
        lines.forEach((l) => {
          if (l.productId === p.productId) {
            put(l.key, p);
            found = true;
          }
        });
        if (!found) out.general.push(p);
      } else out.general.push(p);
    } else if (p.code !== 'BRANCH_NOT_FOUND') out.general.push(p);
  }
  return out;
}

/**
 * Whether the customer may go on to the checkout. A problem with a line or with the promo code
 * must be fixed here first. The delivery minimum stops only a merchant that offers nothing but
 * delivery: elsewhere the customer may still choose pickup at the checkout. A closed branch does
 * not stop it either, since an order may be scheduled for later.
 */
export function checkoutBlocked(
  sorted: SortedProblems,
  settings: Pick<MerchantSettings, 'pickupActive' | 'dineInActive'>,
): boolean {
  if (sorted.byLine.size > 0 || sorted.promo) return true;
  if (sorted.general.some(isLineProblem)) return true;
  return Boolean(sorted.deliveryMin) && !settings.pickupActive && !settings.dineInActive;
}

/** Whether a product can go into the basket with one tap: no option group asks for a choice. */
export const addableInOneTap = (product: Product): boolean => product.modificationGroups.every((g) => g.min === 0);

/** Products the merchant recommends with a basket, orderable and not already in it, in menu order. */
export function recommendations(products: readonly Product[] | undefined, lines: readonly BasketLineLike[], limit = 10): Product[] {
  const inBasket = new Set(lines.map((l) => l.productId));
  return (products ?? []).filter((p) => p.isCartRecommendation && p.isOrderable && !inBasket.has(p.id)).slice(0, limit);
}
