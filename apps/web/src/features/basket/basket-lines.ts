import {
  checkRoom,
  isDeliveryService,
  isUuid,
  MAX_LINE_COUNT,
  MAX_QUOTE_LINES,
  type ErrorCode,
  type LatLng,
  type MerchantSettings,
  type Product,
  type QuoteProblem,
  type QuoteRequest,
  type QuoteResponse,
  type RoomCheck,
  type ServiceType,
} from '@dasturxon/domain';

/*
 * The basket's rules for the screen, pure so they are tested without a browser: what a line is
 * called, the quote request it makes, which of the quote's problems belong to which line, what may be
 * added, and what stops the checkout. Prices and problems are the domain's (`quoteFromMenu` while the
 * server's quote is on its way, `checkRoom` for a tap on +): nothing here prices anything.
 */

/** A basket line as the store keeps it (shared/basket): ids and counts only, and its stable key. */
export interface BasketLineLike {
  key: string;
  productId: string;
  count: number;
  modifications: readonly { id: string; count: number }[];
}

export type ProductsById = ReadonlyMap<string, Product>;

// What a line's modifications read as: in shared/, the confirm page and the order show them the same way.
export { chosenModifications, modificationsLabel } from '../../shared/catalogue/modifications-label.ts';

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

/**
 * The branch the basket is quoted for when the customer has chosen none: the main branch, else the
 * first, of those that are switched on (docs/spec-index.md section 4: the branch defaults to the order's branch,
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
  options: { serviceType: ServiceType; branchId?: string | null; promoCode?: string | null; address?: LatLng | null },
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
  // Where it goes prices the delivery (the zone's tariff); a pickup or a table has no address.
  if (options.address && isDeliveryService(options.serviceType))
    request.address = { latitude: options.address[0], longitude: options.address[1] };
  const code = options.promoCode?.trim();
  if (code) request.promoCode = code;
  return { request, lineOf };
}

export type QuantityCheck = RoomCheck;

const orderable = (product: Product | undefined) => ({ orderable: Boolean(product?.isOrderable), count: product?.count ?? null });

/**
 * Whether a line may hold `next` units (domain `checkRoom`): fewer is always allowed; more needs an
 * orderable product and, over all the lines of that product (one stock serves them all), no more than
 * its counted stock. `max` is what this line may hold at most.
 */
export function checkQuantity(lines: readonly BasketLineLike[], key: string, next: number, product: Product | undefined): QuantityCheck {
  const line = lines.find((l) => l.key === key);
  if (!line) return { ok: true };
  const elsewhere = lines.reduce((n, l) => (l.key !== key && l.productId === line.productId ? n + l.count : n), 0);
  return checkRoom(orderable(product), next, elsewhere, line.count);
}

/** Whether `count` more units of a product (a new line or an existing one) may be added, by the same rule. */
export function checkAdd(lines: readonly BasketLineLike[], product: Product, count = 1): QuantityCheck {
  const inBasket = lines.reduce((n, l) => (l.productId === product.id ? n + l.count : n), 0);
  return checkRoom(orderable(product), count, inBasket);
}

const LINE_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'PRODUCT_NOT_FOUND',
  'PRODUCT_NOT_AVAILABLE',
  'NOT_ENOUGH_PRODUCTS',
  'MODIFICATION_MIN',
  'MODIFICATION_MAX',
  'MODIFICATION_INVALID',
]);
const PROMO_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'PROMO_NOT_FOUND',
  'PROMO_NOT_ACTIVE',
  'PROMO_NOT_STARTED',
  'PROMO_EXPIRED',
  'PROMO_MIN_PRICE',
]);

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
export function sortProblems(
  problems: readonly QuoteProblem[],
  lines: readonly BasketLineLike[],
  lineOf: readonly number[],
): SortedProblems {
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
export function checkoutBlocked(sorted: SortedProblems, settings: Pick<MerchantSettings, 'pickupActive' | 'dineInActive'>): boolean {
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
