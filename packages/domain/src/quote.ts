import type { QuoteLine, QuotePromo, QuoteProblem, QuoteRequest, QuoteResponse } from './contracts/quote.ts';
import type { ArrivalEstimate } from './contracts/eta.ts';
import { DEFAULT_PREP_MINUTES, estimateArrival } from './eta.ts';
import { ERROR_CATALOGUE } from './errors.ts';
import { chosenOf, pricingLineOf } from './line.ts';
import { servingBranch, zoneAtPoint } from './delivery.ts';
import type { DiscountType, ServiceType } from './enums.ts';
import { distanceMeters, type LatLng } from './geo.ts';
import { sum, type Sum } from './money.ts';
import { zonedInstant } from './order-schedule.ts';
import {
  checkModifications,
  checkPromo,
  checkStock,
  type LinePrice,
  type LineProblem,
  priceBasket,
  type PriceBreakdown,
  type PricingLine,
  type PricingPromo,
  type PricingServiceFee,
  type PromoUses,
} from './pricing.ts';
import {
  type BranchForDelivery,
  type BranchForQuote,
  type DeliveryQuote,
  checkBranchOpen,
  checkDeliveryMinAmount,
  checkMerchantOffers,
  checkProductAvailability,
  isDeliveryService,
  type MerchantServiceSettings,
  type PromoProblemCode,
  promoProblem,
  quoteDelivery,
  serviceFeeSettingsFor,
  type ServiceFeeRow,
  type ZoneForQuote,
} from './quote-rules.ts';

/*
 * The whole quote as one pure function: given what the catalogue says (a snapshot of the merchant's
 * products, branches, zones and settings), what must be read fresh (stock, the promo, the balance)
 * and the customer's basket, it answers every amount and every problem. The server prices a quote and
 * an order with it; nothing here reads a clock, a database or the network.
 */

/** A product as a quote needs it: its price, its availability and its choice rules. */
export interface QuoteProduct {
  id: string;
  costPrice: number;
  discount: number;
  active: boolean;
  isAvailable: boolean;
  deliveryEnabled: boolean;
  /** Its modification groups, in their display order. */
  groups: readonly { id: string; min: number; max: number }[];
  /** Its active modifications: the ones a customer may choose now (`stoppedAt`: the branches that switched one off). */
  modifications: readonly { id: string; groupId: string; price: number; stoppedAt?: readonly string[] }[];
  /** The same modifications by id (`modificationIndex`), for a catalogue that prices many baskets; built per line without it. */
  modificationsById?: ReadonlyMap<string, { id: string; groupId: string; price: number }>;
  /** Its product-branch entries by branch id: the exceptions to "sold everywhere". */
  branchEntries: ReadonlyMap<string, { isActive: boolean }>;
}

/** A product's modifications by id, to keep with a catalogue (`QuoteProduct.modificationsById`). */
export function modificationIndex<M extends { id: string }>(modifications: readonly M[]): ReadonlyMap<string, M> {
  return new Map(modifications.map((m) => [m.id, m]));
}

/** A branch as a quote needs it. */
export interface QuoteBranch extends BranchForQuote, BranchForDelivery {
  cityId: string;
  deliveryMinAmount: number;
  /** Its usual preparation minutes (eta.ts); absent: DEFAULT_PREP_MINUTES. */
  prepMinutes?: number;
}

/** A delivery zone of the catalogue: what pricing needs (`ZoneForQuote`) and what the map shows. */
export interface QuoteZone extends ZoneForQuote {
  cityId: string;
  name: string;
  color: string;
}

/** The merchant's web settings that change a quote. */
export interface QuoteSettings extends MerchantServiceSettings {
  shouldValidateDeliveryArea: boolean;
  promoActive: boolean;
  cashbackActive: boolean;
}

/** A service fee row with plain amounts (see `PricingServiceFee`). */
export interface QuoteServiceFee extends ServiceFeeRow {
  isServiceFeeEnabled: boolean;
  isServiceFeeFreeAboveThreshold: boolean;
  serviceFeeThreshold: number;
  serviceFeeAmount: number;
  /** The least a delivery costs (0: no floor). */
  minimalDeliveryPrice?: number;
}

/** What the catalogue says about a merchant: everything a quote prices from that may be kept in memory. */
export interface QuoteCatalogue {
  settings: QuoteSettings;
  /** The products a basket may hold, by id; an id missing here is PRODUCT_NOT_FOUND. */
  products: ReadonlyMap<string, QuoteProduct>;
  /** The merchant's branches, by id; a deleted one is left out. */
  branches: ReadonlyMap<string, QuoteBranch>;
  /** Every delivery zone of the merchant. */
  zones: readonly QuoteZone[];
  serviceFees: readonly QuoteServiceFee[];
}

/** A promo code's terms (docs/spec-index.md section 3, Promo). */
export interface QuotePromoTerms {
  id: string;
  code: string;
  discountType: DiscountType;
  productDiscount: number;
  deliveryDiscount: number;
  minPrice: number;
  isActive: boolean;
  startDate: Date | null;
  endDate: Date | null;
  /** Orders everyone together may hold with the code; null or absent: no limit. */
  totalLimit?: number | null;
  /** Orders one customer may hold with the code; null or absent: no limit. */
  perCustomerLimit?: number | null;
}

/** A product's state that changes with orders and during service: read fresh for every quote. */
export interface FreshProduct {
  /** Stock left; null means not counted. */
  count: number | null;
  active: boolean;
  isAvailable: boolean;
}

/** What must be read fresh for each quote: it changes with every order. */
export interface QuoteFresh<P extends QuotePromoTerms = QuotePromoTerms> {
  /** The basket's products as they are now; one missing here is not (or no longer) the merchant's. */
  products: ReadonlyMap<string, FreshProduct>;
  /** The promo behind the request's promoCode, or null when none was asked for or none matches. */
  promo: P | null;
  /** The customer's cashback balance; 0 for a guest. */
  cashbackBalance: number;
  /**
   * How many orders hold the promo (all, and the customer's), for its limits; absent when not counted (a promo
   * without limits). A promo with limits is judged against it; without it, its limits are not judged.
   */
  promoUses?: PromoUses | null;
}

/** A cart item resolved against the catalogue: what an order is made of when it is placed. */
export interface ResolvedLine {
  /** Position in the request's cartItems. */
  index: number;
  productId: string;
  count: number;
  /** The merchant's product, or null when the id is unknown to this merchant (PRODUCT_NOT_FOUND). */
  product: QuoteProduct | null;
  /** The chosen modifications that belong to the product, with their catalogue prices; invalid ones are left out. */
  modifications: { id: string; groupId: string; count: number; price: number }[];
  price: LinePrice;
}

/** Everything a quote found: the answer for the storefront, and the parts an order is placed from. */
export interface QuoteOutcome<P extends QuotePromoTerms = QuotePromoTerms> {
  response: QuoteResponse;
  breakdown: PriceBreakdown;
  lines: ResolvedLine[];
  problems: LineProblem[];
  /** The promo applied, or null (none asked for, or unusable: then it is among the problems). */
  promo: P | null;
  branch: QuoteBranch | null;
  /** The delivery zone holding the address, if any. */
  zoneId: string | null;
}

export type PromoVerdict<P> = { ok: true; promo: P } | { ok: false; code: PromoProblemCode; promo: P | null };

/**
 * Whether a promo found (or not) for a code can be used now, by `checkPromo`: PROMO_NOT_FOUND
 * without a promo; PROMO_NOT_ACTIVE also when the merchant has switched promo codes off altogether
 * (promoActive), since no code of theirs works then; its limits against `uses` when given.
 */
export function judgePromo<
  P extends Pick<QuotePromoTerms, 'isActive' | 'startDate' | 'endDate' | 'minPrice' | 'totalLimit' | 'perCustomerLimit'>,
>(promo: P | null, context: { promoActive: boolean; now: Date; productAmount: Sum; uses?: PromoUses | null }): PromoVerdict<P> {
  if (!promo) return { ok: false, code: 'PROMO_NOT_FOUND', promo: null };
  if (!context.promoActive) return { ok: false, code: 'PROMO_NOT_ACTIVE', promo };
  const code = checkPromo(
    {
      isActive: promo.isActive,
      startDate: promo.startDate,
      endDate: promo.endDate,
      minPrice: sum(promo.minPrice),
      totalLimit: promo.totalLimit ?? null,
      perCustomerLimit: promo.perCustomerLimit ?? null,
    },
    { now: context.now, productAmount: context.productAmount, uses: context.uses ?? null },
  );
  return code === null ? { ok: true, promo } : { ok: false, code: code as PromoProblemCode, promo };
}

/** A promo's terms as its problem names them (`promoProblem`). */
export const promoProblemTerms = (p: Pick<QuotePromoTerms, 'minPrice' | 'totalLimit' | 'perCustomerLimit'>) => ({
  minPrice: sum(p.minPrice),
  totalLimit: p.totalLimit ?? null,
  perCustomerLimit: p.perCustomerLimit ?? null,
});

const ZERO_LINE: LinePrice = { gross: sum(0), discount: sum(0), net: sum(0) };

/**
 * The catalogue's product with its switches as they are this moment: a copy, so nothing a quote hands out
 * shares the kept catalogue's object. Written out field by field (a spread of it took a third of the quote).
 */
function withSwitches(p: QuoteProduct, now: FreshProduct): QuoteProduct {
  const out: QuoteProduct = {
    id: p.id,
    costPrice: p.costPrice,
    discount: p.discount,
    active: now.active,
    isAvailable: now.isAvailable,
    deliveryEnabled: p.deliveryEnabled,
    groups: p.groups,
    modifications: p.modifications,
    branchEntries: p.branchEntries,
  };
  if (p.modificationsById) out.modificationsById = p.modificationsById;
  return out;
}

/** Problems are reported once each, in the order found. */
function dedupeProblems(problems: readonly LineProblem[]): LineProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.code}|${p.productId ?? ''}|${JSON.stringify(p.details ?? null)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Prices a basket. Every amount comes from the catalogue; the request brings ids and counts.
 *
 * The problems, each a catalogue code, in this order: SERVICE_NOT_AVAILABLE, BRANCH_NOT_FOUND,
 * BRANCH_CLOSED, OUT_OF_SERVICE_ZONE, then per line PRODUCT_NOT_FOUND, PRODUCT_NOT_AVAILABLE,
 * MODIFICATION_INVALID / MIN / MAX (details.line is the line's index), then NOT_ENOUGH_PRODUCTS per
 * product, DELIVERY_MIN_AMOUNT, and the promo's problem. A line whose product is unknown to the
 * merchant is answered with zeros and left out of every total (it has no price to count); every
 * other line is priced even when it has a problem, so the customer sees what the basket would cost
 * once the problem is fixed. An unusable promo is reported and the basket is priced without it.
 * Cashback is spent only where the merchant runs it. The branch's hours are judged at `options.serviceAt`
 * when given, else at the request's `day` and `time` on the branch's clock (a scheduled order's time), else
 * at `now`; the promo's dates always at `now`.
 */
export function quoteBasket<P extends QuotePromoTerms>(
  catalogue: QuoteCatalogue,
  fresh: QuoteFresh<P>,
  request: QuoteRequest,
  now: Date,
  options: { serviceAt?: Date } = {},
): QuoteOutcome<P> {
  const { settings } = catalogue;
  const branch = request.branchId ? (catalogue.branches.get(request.branchId) ?? null) : null;
  const problems: LineProblem[] = [];

  const offered = checkMerchantOffers(settings, request.serviceType);
  if (offered) problems.push(offered);
  if (request.branchId && !branch) problems.push({ code: 'BRANCH_NOT_FOUND', details: { branchId: request.branchId } });
  if (branch) {
    const scheduled = request.day && request.time ? zonedInstant(request.day, request.time, branch.timeZone) : null;
    const closed = checkBranchOpen(branch, request.serviceType, options.serviceAt ?? scheduled ?? now);
    if (closed) problems.push(closed);
  }

  // The delivery's problem is reported here, in this order; its price waits for the products' worth (free-above).
  const deliveryProblemAt = problems.length;

  const lines: ResolvedLine[] = [];
  const priced: { line: ResolvedLine; input: PricingLine }[] = [];
  request.cartItems.forEach((item, index) => {
    const known = catalogue.products.get(item.productId);
    const state = fresh.products.get(item.productId);
    // The catalogue's prices and rules, with the switches as they are this moment.
    const product: QuoteProduct | null = known && state ? withSwitches(known, state) : null;
    const line: ResolvedLine = { index, productId: item.productId, count: item.count, product, modifications: [], price: ZERO_LINE };
    lines.push(line);
    if (!product) {
      problems.push({ code: 'PRODUCT_NOT_FOUND', productId: item.productId });
      return;
    }
    const unavailable = checkProductAvailability(product, {
      serviceType: request.serviceType,
      branchEntry: branch ? (product.branchEntries.get(branch.id) ?? null) : null,
    });
    if (unavailable) problems.push(unavailable);

    const rules = {
      productId: product.id,
      groups: product.groups,
      modifications: product.modifications,
      modificationsById: product.modificationsById,
    };
    for (const p of checkModifications(rules, item.modifications)) problems.push({ ...p, details: { ...p.details, line: index } });
    // Switched off at the branch by its staff (the stop-list).
    for (const m of product.modifications) {
      if (branch && m.stoppedAt?.includes(branch.id) && item.modifications?.some((chosen) => chosen.id === m.id)) {
        problems.push({
          code: 'MODIFICATION_NOT_AVAILABLE',
          productId: product.id,
          details: { modificationId: m.id, branchId: branch.id, line: index },
        });
      }
    }
    line.modifications = chosenOf(product, item.modifications);
    priced.push({ line, input: pricingLineOf(product, item.count, line.modifications) });
  });

  const stock = new Map([...fresh.products].map(([id, p]) => [id, p.count]));
  problems.push(
    ...checkStock(
      priced.map(({ line }) => ({ productId: line.productId, quantity: line.count })),
      stock,
    ),
  );

  const pricingLines = priced.map((p) => p.input);
  // Priced once without the promo: the promo's minimum, the zone's free-above and the delivery minimum are
  // judged on the products alone, before any promo.
  const plain = priceBasket({ lines: pricingLines, serviceType: request.serviceType, deliveryPrice: sum(0) });
  const productAmount = sum(plain.productPrice - plain.productDiscount);

  const fee = serviceFeeSettingsFor(catalogue.serviceFees, branch?.cityId ?? null);
  const delivery = basketDelivery(catalogue, {
    serviceType: request.serviceType,
    point: request.address ? [request.address.latitude, request.address.longitude] : null,
    branch,
    productAmount,
  });
  if (delivery.problem) problems.splice(deliveryProblemAt, 0, delivery.problem);

  const { minimum } = delivery;
  const belowMinimum = checkDeliveryMinAmount(request.serviceType, productAmount, sum(minimum), plain.productCount);
  if (belowMinimum) problems.push(belowMinimum);

  let promo: P | null = null;
  if (request.promoCode) {
    const verdict = judgePromo(fresh.promo, { promoActive: settings.promoActive, now, productAmount, uses: fresh.promoUses ?? null });
    if (verdict.ok) promo = verdict.promo;
    else problems.push(promoProblem(verdict.code, verdict.promo && promoProblemTerms(verdict.promo)));
  }
  const pricingPromo: PricingPromo | null = promo
    ? { discountType: promo.discountType, productDiscount: promo.productDiscount, deliveryDiscount: promo.deliveryDiscount }
    : null;

  const serviceFee: PricingServiceFee | null = fee && {
    isServiceFeeEnabled: fee.isServiceFeeEnabled,
    isServiceFeeFreeAboveThreshold: fee.isServiceFeeFreeAboveThreshold,
    serviceFeeThreshold: sum(fee.serviceFeeThreshold),
    serviceFeeAmount: sum(fee.serviceFeeAmount),
  };
  const breakdown = priceBasket({
    lines: pricingLines,
    serviceType: request.serviceType,
    deliveryPrice: delivery.price,
    promo: pricingPromo,
    serviceFee,
    cashbackBalance: sum(settings.cashbackActive ? Math.max(0, fresh.cashbackBalance) : 0),
    cashbackRequested: sum(request.cashback ?? 0),
  });
  priced.forEach(({ line }, i) => (line.price = breakdown.lines[i]!));

  const reported = dedupeProblems(problems);
  const response: QuoteResponse = {
    productPrice: breakdown.productPrice,
    productDiscount: breakdown.productDiscount,
    promoProductDiscount: breakdown.promoProductDiscount,
    deliveryPrice: breakdown.deliveryPrice,
    deliveryDiscount: breakdown.deliveryDiscount,
    serviceFee: breakdown.serviceFee,
    cashback: breakdown.cashback,
    totalDiscount: breakdown.totalDiscount,
    totalPrice: breakdown.totalPrice,
    productCount: breakdown.productCount,
    promo: promo ? toQuotePromo(promo) : null,
    lines: lines.map(toQuoteLine),
    problems: reported.map(toQuoteProblem),
    // An empty basket has nothing to bring.
    eta: request.cartItems.length ? quoteEta(request, branch, delivery.distanceMeters, now) : null,
  };
  return { response, breakdown, lines, problems: reported, promo, branch, zoneId: delivery.zoneId };
}

/**
 * The checkout's arrival estimate (eta.ts): a scheduled order's slot, else the branch's preparation time and, for a
 * delivery, the ride from the branch (the zone's distance, else the straight line from the chosen branch).
 */
function quoteEta(request: QuoteRequest, branch: QuoteBranch | null, zoneDistance: number | null, now: Date): ArrivalEstimate | null {
  const point: LatLng | null = request.address ? [request.address.latitude, request.address.longitude] : null;
  const slot = branch && request.day && request.time ? zonedInstant(request.day, request.time, branch.timeZone) : null;
  return estimateArrival({
    now,
    serviceType: request.serviceType,
    status: null,
    prepMinutes: branch?.prepMinutes ?? DEFAULT_PREP_MINUTES,
    deliveryAt: slot,
    distanceMeters: zoneDistance ?? (branch && point ? distanceMeters([branch.latitude, branch.longitude], point) : null),
  });
}

/** What `basketDelivery` answers: the delivery of `quoteDelivery` and the products' minimum for it. */
export interface BasketDelivery extends DeliveryQuote {
  /** The least the products must be worth for delivery: the zone's where the address lies in one that sets it, else the branch's (0: none). */
  minimum: number;
}

/**
 * The delivery part of a quote (`quoteBasket`), and of nothing else's own copy: the zone holding the address
 * (`zoneAtPoint` in `quoteDelivery`), its tariff for the distance from the chosen branch (else the zone's own),
 * floored by the service fee settings' least delivery price of the branch's city, and the products' minimum. The back
 * office's zone tester asks it too, so it shows what a customer's quote would.
 */
export function basketDelivery(
  catalogue: Pick<QuoteCatalogue, 'zones' | 'branches' | 'serviceFees' | 'settings'>,
  input: { serviceType: ServiceType; point: LatLng | null; branch: QuoteBranch | null; productAmount: Sum },
): BasketDelivery {
  const fee = serviceFeeSettingsFor(catalogue.serviceFees, input.branch?.cityId ?? null);
  const delivery = quoteDelivery({
    serviceType: input.serviceType,
    point: input.point,
    zones: catalogue.zones,
    branch: input.branch,
    branches: catalogue.branches,
    productAmount: input.productAmount,
    minimalDeliveryPrice: fee?.minimalDeliveryPrice ?? 0,
    validateArea: catalogue.settings.shouldValidateDeliveryArea,
  });
  return { ...delivery, minimum: delivery.minOrderAmount ?? input.branch?.deliveryMinAmount ?? 0 };
}

function toQuotePromo(p: QuotePromoTerms): QuotePromo {
  return {
    id: p.id,
    code: p.code,
    discountType: p.discountType,
    productDiscount: p.productDiscount,
    deliveryDiscount: p.deliveryDiscount,
    minPrice: p.minPrice,
  };
}

function toQuoteLine(l: ResolvedLine): QuoteLine {
  return {
    productId: l.productId,
    count: l.count,
    modifications: l.modifications.map((m) => ({ id: m.id, count: m.count, price: m.price })),
    gross: l.price.gross,
    discount: l.price.discount,
    net: l.price.net,
  };
}

/** A line problem as the quote reports it, with the customer's text from the one catalogue. */
export function toQuoteProblem(problem: LineProblem): QuoteProblem {
  const out: QuoteProblem = { code: problem.code, description: ERROR_CATALOGUE[problem.code].description };
  if (problem.details !== undefined) out.details = problem.details;
  if (problem.productId !== undefined) out.productId = problem.productId;
  return out;
}

/**
 * The branch that serves an address for a service type now (docs/spec-index.md section 4, nearest branch): of the
 * branches that take that service at this moment (`checkBranchOpen`), the branch of the delivery zone
 * holding the address (DELIVERY and the other delivered types), else the nearest one (`servingBranch`).
 */
export function servingBranchAt(catalogue: Pick<QuoteCatalogue, 'branches' | 'zones'>, point: LatLng, serviceType: ServiceType, now: Date) {
  const open = [...catalogue.branches.values()].filter((b) => checkBranchOpen(b, serviceType, now) === null);
  const zone = isDeliveryService(serviceType) ? zoneAtPoint(catalogue.zones, point) : null;
  return servingBranch(point, open, zone);
}

/** What the delivery tariff call answers. */
export interface TariffOutcome {
  price: Sum;
  zoneId: string;
  branchId: string;
  distanceMeters: number;
  /** The least product amount for delivery here (the zone's, else the branch's), 0 for none. */
  minOrderAmount: number;
  /** Products worth this much are delivered free; null for never. */
  freeAbove: number | null;
}

/**
 * The delivery tariff for an address (docs/spec-index.md section 3, Delivery tariff request), by the same rules as the
 * quote's delivery: the zone of highest priority holding the address, else OUT_OF_SERVICE_ZONE; the
 * chosen branch (BRANCH_NOT_FOUND, or BRANCH_CLOSED when it does not deliver now), else the zone's own
 * branch when it delivers now, else the nearest branch that does (none: BRANCH_CLOSED); the zone's
 * tariff for the distance from it; and DELIVERY_MIN_AMOUNT {minAmount} when the products fall short.
 */
export function deliveryTariff(
  catalogue: Pick<QuoteCatalogue, 'branches' | 'zones' | 'serviceFees'>,
  input: { point: LatLng; productAmount: number; branchId?: string | null },
  now: Date,
): { ok: true; tariff: TariffOutcome } | { ok: false; problem: LineProblem } {
  const zone = zoneAtPoint(catalogue.zones, input.point);
  if (!zone)
    return { ok: false, problem: { code: 'OUT_OF_SERVICE_ZONE', details: { latitude: input.point[0], longitude: input.point[1] } } };
  let branch: QuoteBranch | null;
  if (input.branchId) {
    branch = catalogue.branches.get(input.branchId) ?? null;
    if (!branch) return { ok: false, problem: { code: 'BRANCH_NOT_FOUND', details: { branchId: input.branchId } } };
    const closed = checkBranchOpen(branch, 'DELIVERY', now);
    if (closed) return { ok: false, problem: closed };
  } else {
    branch = servingBranchAt(catalogue, input.point, 'DELIVERY', now)?.branch ?? null;
    if (!branch) return { ok: false, problem: { code: 'BRANCH_CLOSED', details: { serviceType: 'DELIVERY', reason: 'HOURS' } } };
  }
  const fee = serviceFeeSettingsFor(catalogue.serviceFees, branch.cityId);
  const delivery = quoteDelivery({
    serviceType: 'DELIVERY',
    point: input.point,
    zones: [zone],
    branch,
    productAmount: input.productAmount,
    minimalDeliveryPrice: fee?.minimalDeliveryPrice ?? 0,
    validateArea: true,
  });
  const minOrderAmount = delivery.minOrderAmount ?? branch.deliveryMinAmount;
  const below = checkDeliveryMinAmount('DELIVERY', sum(input.productAmount), sum(minOrderAmount), input.productAmount > 0 ? 1 : 0);
  if (below) return { ok: false, problem: below };
  return {
    ok: true,
    tariff: {
      price: delivery.price,
      zoneId: zone.id,
      branchId: branch.id,
      distanceMeters: delivery.distanceMeters ?? 0,
      minOrderAmount,
      freeAbove: zone.freeAbove,
    },
  };
}
