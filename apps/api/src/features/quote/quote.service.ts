import type { Db } from '@dasturxon/db';
import {
  checkBranchOpen,
  checkMerchantOffers,
  checkDeliveryMinAmount,
  checkModifications,
  checkProductAvailability,
  checkStock,
  isDeliveryService,
  type LineProblem,
  type LinePrice,
  priceBasket,
  type PriceBreakdown,
  type PricingLine,
  type PricingPromo,
  promoProblem,
  type QuoteLine,
  type QuotePromo,
  type QuoteRequest,
  type QuoteResponse,
  quoteDelivery,
  serviceFeeSettingsFor,
  sum,
  toQuoteProblem,
  type ZoneForPricing,
} from '@dasturxon/domain';
import type { MerchantRecord } from '../merchants/merchants.repository.ts';
import { createPromosRepository, type PromoRecord, type PromosRepository } from './promos.repository.ts';
import { createPromosService, judgePromo, type PromosService } from './promos.service.ts';
import { createQuoteRepository, type QuoteBranchRow, type QuoteProductRow, type QuoteRepository, type Reader } from './quote.repository.ts';

/** Who asks and when. */
export interface QuoteContext {
  now: Date;
  /** The signed-in customer, whose cashback balance may be spent; a guest has none. */
  user?: { id: string } | null;
}

/** A cart item resolved against the catalogue: what the order will be made of when it is placed. */
export interface ResolvedLine {
  /** Position in the request's cartItems. */
  index: number;
  productId: string;
  count: number;
  /** The merchant's product, or null when the id is unknown to this merchant (PRODUCT_NOT_FOUND). */
  product: QuoteProductRow | null;
  /** The chosen modifications that belong to the product, with their catalogue prices; invalid ones are left out. */
  modifications: { id: string; groupId: string; count: number; price: number }[];
  price: LinePrice;
}

/** Everything a quote found: the answer for the storefront, and the parts an order is placed from. */
export interface QuoteResult {
  response: QuoteResponse;
  breakdown: PriceBreakdown;
  lines: ResolvedLine[];
  problems: LineProblem[];
  /** The promo applied, or null (none asked for, or unusable: then it is among the problems). */
  promo: PromoRecord | null;
  branch: QuoteBranchRow | null;
  /** The delivery zone holding the address, if any. */
  zoneId: string | null;
}

const ZERO_LINE: LinePrice = { gross: sum(0), discount: sum(0), net: sum(0) };

/** Problems are reported once each, in the order found. */
function dedupe(problems: LineProblem[]): LineProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.code}|${p.productId ?? ''}|${JSON.stringify(p.details ?? null)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function createQuoteService(deps: { db: Db; quotes: QuoteRepository; promos: PromosRepository }) {
  const { quotes, promos } = deps;

  /**
   * Every row a quote needs, in a fixed number of queries whatever the basket: the products come
   * with their groups, options and branch entry. The reads run one after another because they share
   * the caller's transaction, which is one connection.
   */
  async function load(r: Reader, merchantId: string, request: QuoteRequest, userId: string | null) {
    const productIds = [...new Set(request.cartItems.map((i) => i.productId))];
    const branchId = request.branchId ?? null;
    const branch = branchId ? await quotes.branch(r, merchantId, branchId) : null;
    const productRows = await quotes.products(r, merchantId, productIds, branch ? branch.id : null);
    const zones = request.address && isDeliveryService(request.serviceType) ? await quotes.zones(r, merchantId) : [];
    const settings = await quotes.settings(r, merchantId);
    const serviceFees = await quotes.serviceFees(r, merchantId);
    const promo = request.promoCode ? await promos.findByCode(r, merchantId, request.promoCode) : null;
    const balance = userId ? await quotes.cashbackBalance(r, merchantId, userId) : 0;
    return { branch, productRows, zones, settings, serviceFees, promo, balance };
  }

  /**
   * Prices a basket for a merchant, on the given reader (a transaction of the caller's, such as the
   * one that places the order). Every amount comes from the catalogue; the request brings ids and counts.
   *
   * The problems, each a catalogue code: SERVICE_NOT_AVAILABLE, BRANCH_NOT_FOUND, BRANCH_CLOSED, OUT_OF_ZONE, then per line
   * PRODUCT_NOT_FOUND, PRODUCT_NOT_AVAILABLE, MODIFICATION_INVALID / MIN / MAX (details.line is the
   * line's index), then NOT_ENOUGH_PRODUCTS per product, DELIVERY_MIN_AMOUNT, and the promo's
   * problem. A line whose product is unknown to the merchant is answered with zeros and is left out
   * of every total (it has no price to count); every other line is priced even when it has a
   * problem, so the customer sees what the basket would cost once the problem is fixed. An unusable
   * promo is reported and the basket is priced without it.
   */
  async function quoteWith(r: Reader, merchant: MerchantRecord, request: QuoteRequest, context: QuoteContext): Promise<QuoteResult> {
    const data = await load(r, merchant.id, request, context.user?.id ?? null);
    const { branch, settings } = data;
    const problems: LineProblem[] = [];

    const offered = checkMerchantOffers(settings, request.serviceType);
    if (offered) problems.push(offered);
    if (request.branchId && !branch) problems.push({ code: 'BRANCH_NOT_FOUND', details: { branchId: request.branchId } });
    if (branch) {
      const closed = checkBranchOpen(
        { id: branch.id, isActive: branch.isActive, settings: branch.settings, hours: branch.hours, timeZone: branch.timeZone },
        request.serviceType,
        context.now,
      );
      if (closed) problems.push(closed);
    }

    const zones: ZoneForPricing[] = data.zones.map((z) => ({ id: z.id, polygon: z.polygon, price: sum(z.price) }));
    const delivery = quoteDelivery({
      serviceType: request.serviceType,
      point: request.address ? [request.address.latitude, request.address.longitude] : null,
      zones,
      branchDeliveryPrice: branch ? sum(branch.deliveryPrice) : null,
      validateArea: settings.shouldValidateDeliveryArea,
    });
    if (delivery.problem) problems.push(delivery.problem);

    const productById = new Map(data.productRows.map((p) => [p.id, p]));

    const lines: ResolvedLine[] = [];
    const priced: { line: ResolvedLine; input: PricingLine }[] = [];
    request.cartItems.forEach((item, index) => {
      const product = productById.get(item.productId) ?? null;
      const line: ResolvedLine = { index, productId: item.productId, count: item.count, product, modifications: [], price: ZERO_LINE };
      lines.push(line);
      if (!product) {
        problems.push({ code: 'PRODUCT_NOT_FOUND', productId: item.productId });
        return;
      }
      const unavailable = checkProductAvailability(product, {
        serviceType: request.serviceType,
        branchEntry: product.branchEntry,
      });
      if (unavailable) problems.push(unavailable);

      const rules = { productId: product.id, groups: product.groups, modifications: product.modifications };
      for (const p of checkModifications(rules, item.modifications)) problems.push({ ...p, details: { ...p.details, line: index } });
      const byId = new Map(product.modifications.map((m) => [m.id, m]));
      for (const chosen of item.modifications) {
        const m = byId.get(chosen.id);
        if (m) line.modifications.push({ id: m.id, groupId: m.groupId, count: chosen.count, price: m.price });
      }
      priced.push({
        line,
        input: {
          costPrice: sum(product.costPrice),
          discountPercent: product.discount,
          quantity: item.count,
          modifications: line.modifications.map((m) => ({ count: m.count, price: sum(m.price) })),
        },
      });
    });

    problems.push(
      ...checkStock(
        priced.map(({ line }) => ({ productId: line.productId, quantity: line.count })),
        new Map(data.productRows.map((p) => [p.id, p.count])),
      ),
    );

    const pricingLines = priced.map((p) => p.input);
    // Priced once without the promo: the promo's minimum is judged on the products alone, before any promo.
    const plain = priceBasket({ lines: pricingLines, serviceType: request.serviceType, deliveryPrice: delivery.price });
    const productAmount = sum(plain.productPrice - plain.productDiscount);

    if (branch) {
      const belowMinimum = checkDeliveryMinAmount(request.serviceType, productAmount, sum(branch.deliveryMinAmount), plain.productCount);
      if (belowMinimum) problems.push(belowMinimum);
    }

    let promo: PromoRecord | null = null;
    if (request.promoCode) {
      const verdict = judgePromo(data.promo, { promoActive: settings.promoActive, now: context.now, productAmount });
      if (verdict.ok) promo = verdict.promo;
      else problems.push(promoProblem(verdict.code, verdict.promo && { minPrice: sum(verdict.promo.minPrice) }));
    }
    const pricingPromo: PricingPromo | null = promo
      ? { discountType: promo.discountType as PricingPromo['discountType'], productDiscount: promo.productDiscount, deliveryDiscount: promo.deliveryDiscount }
      : null;

    const fee = serviceFeeSettingsFor(data.serviceFees, branch?.cityId ?? null);
    const breakdown = priceBasket({
      lines: pricingLines,
      serviceType: request.serviceType,
      deliveryPrice: delivery.price,
      promo: pricingPromo,
      serviceFee: fee && {
        isServiceFeeEnabled: fee.isServiceFeeEnabled,
        isServiceFeeFreeAboveThreshold: fee.isServiceFeeFreeAboveThreshold,
        serviceFeeThreshold: sum(fee.serviceFeeThreshold),
        serviceFeeAmount: sum(fee.serviceFeeAmount),
      },
      // Cashback is spent only where the merchant runs it; a guest has no balance.
      cashbackBalance: sum(settings.cashbackActive ? data.balance : 0),
      cashbackRequested: sum(request.cashback ?? 0),
    });
    priced.forEach(({ line }, i) => (line.price = breakdown.lines[i]!));

    const reported = dedupe(problems);
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
    };
    return { response, breakdown, lines, problems: reported, promo, branch, zoneId: delivery.zoneId };
  }

  return {
    quoteWith,
    /** As `quoteWith`, in a read-only transaction of its own so every row comes from one snapshot. */
    quote(merchant: MerchantRecord, request: QuoteRequest, context: QuoteContext): Promise<QuoteResult> {
      return deps.db.transaction((tx) => quoteWith(tx, merchant, request, context), { isolationLevel: 'repeatable read', accessMode: 'read only' });
    },
  };
}

function toQuotePromo(p: PromoRecord): QuotePromo {
  return {
    id: p.id,
    code: p.code,
    discountType: p.discountType as QuotePromo['discountType'],
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

export type QuoteService = ReturnType<typeof createQuoteService>;

/** The quote and promo services over one database, as the routes and (later) order placing use them. */
export function createQuoteFeature(db: Db): { quotes: QuoteService; promos: PromosService } {
  const quotes = createQuoteRepository();
  const promos = createPromosRepository();
  return { quotes: createQuoteService({ db, quotes, promos }), promos: createPromosService({ db, promos, quotes }) };
}
