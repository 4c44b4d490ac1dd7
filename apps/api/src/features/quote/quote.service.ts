import type { Db } from '@dasturxon/db';
import {
  AppError,
  deliveryTariff,
  isDeliveryService,
  type Region,
  servingBranchAt,
  type TariffRequest,
  type TariffResponse,
  type QuoteCatalogue,
  type QuoteFresh,
  type QuoteOutcome,
  type QuoteRequest,
  quoteBasket,
} from '@dasturxon/domain';
import type { Clock } from '../../clock.ts';
import type { MerchantRecord } from '../../plugins/tenant.ts';
import type { PromoRecord } from './promos.repository.ts';
import { createPromosService, type PromosService } from './promos.service.ts';
import { createQuoteRepository, type FreshAsk, type Reader } from './quote.repository.ts';

/** Who asks and when. */
export interface QuoteContext {
  now: Date;
  /** The signed-in customer, whose cashback balance may be spent; a guest has none. */
  user?: { id: string } | null;
  /** When the order is to be served (a scheduled order's time): the branch's hours are judged then. */
  serviceAt?: Date;
}

export type QuoteResult = QuoteOutcome<PromoRecord>;

/** The fresh part of a quote (stock and switches of the basket's products, the promo, the balance), read now. */
export type FreshRead = (ask: FreshAsk) => Promise<QuoteFresh<PromoRecord>>;

/** The basket's product ids, each once. */
const basketIds = (request: QuoteRequest): string[] => [...new Set(request.cartItems.map((i) => i.productId))];

/** Within this age a merchant's catalogue is used without asking the database anything (as the menu's). */
export const CATALOGUE_FRESH_MS = 2_000;
/**
 * After this age the catalogue is read again even when the menu's version did not move: the version
 * covers products, stock and branch exceptions; an edit of a modification, a branch, a zone or a
 * setting shows within this age, as it does on the menu the customer is looking at.
 */
export const CATALOGUE_MAX_AGE_MS = 30_000;
const MAX_MERCHANTS = 500;

export interface QuoteServiceDeps {
  db: Db;
  clock: Clock;
  /** The merchant's menu version (the catalogue's, itself remembered for a moment): a change means reading the catalogue again. */
  menuVersion: (merchantId: string) => Promise<string>;
  /**
   * The storefront quote's fresh read (`createFreshRead` of the database: a prepared statement, asks made
   * together read together); without it, the same query is built and run on `db` for each quote.
   */
  readFresh?: FreshRead;
}

export function createQuoteService(deps: QuoteServiceDeps) {
  const { clock } = deps;
  const kept = new Map<string, { version: string; readAt: number; catalogue: QuoteCatalogue }>();
  const reading = new Map<string, Promise<{ version: string; readAt: number; catalogue: QuoteCatalogue }>>();
  const now = () => clock.now().getTime();
  const ageOf = (at: number) => {
    const age = now() - at;
    // A clock moved backwards (tests do) makes an entry stale rather than fresh for ever.
    return age < 0 ? Number.POSITIVE_INFINITY : age;
  };

  /**
   * What the catalogue says, for the whole merchant (`scope` absent) or only for a basket's
   * products and branch. The reads run one after another because they may share the caller's
   * transaction, which is one connection.
   */
  async function readCatalogue(r: Reader, merchantId: string, scope?: { productIds: string[]; branchId: string | null; zones: boolean }): Promise<QuoteCatalogue> {
    const quotes = createQuoteRepository(r);
    const branchRows = await quotes.branches(merchantId, scope ? scope.branchId : undefined);
    const productRows = await quotes.products(merchantId, scope?.productIds);
    const zones = !scope || scope.zones ? await quotes.zones(merchantId) : [];
    const settings = await quotes.settings(merchantId);
    const serviceFees = await quotes.serviceFees(merchantId);
    return {
      settings,
      products: new Map(productRows.map((p) => [p.id, p])),
      branches: new Map(branchRows.map((b) => [b.id, b])),
      zones,
      serviceFees,
    };
  }

  /** The merchant's whole catalogue from memory while its version holds, else read once for everyone waiting. */
  async function catalogueOf(merchantId: string): Promise<QuoteCatalogue> {
    const entry = kept.get(merchantId);
    if (entry && ageOf(entry.readAt) < CATALOGUE_FRESH_MS) return entry.catalogue;
    const version = await deps.menuVersion(merchantId);
    if (entry && entry.version === version && ageOf(entry.readAt) < CATALOGUE_MAX_AGE_MS) return entry.catalogue;
    let pending = reading.get(merchantId);
    if (!pending) {
      const readAt = now();
      pending = readCatalogue(deps.db, merchantId)
        .then((catalogue) => ({ version, readAt, catalogue }))
        .finally(() => reading.delete(merchantId));
      reading.set(merchantId, pending);
    }
    const read = await pending;
    if (kept.size >= MAX_MERCHANTS && !kept.has(merchantId)) kept.delete(kept.keys().next().value!);
    kept.set(merchantId, read);
    return read.catalogue;
  }

  /**
   * What changes with every order or during service, read for each quote in one query: the
   * basket's stock and switches, the promo (its use must be current) and the balance. Never kept:
   * the storefront's quotes read it at once or together with the quotes that asked at the same time.
   */
  const askOf = (merchantId: string, request: QuoteRequest, userId: string | null): FreshAsk => ({
    merchantId,
    productIds: basketIds(request),
    promoCode: request.promoCode ?? null,
    userId,
  });
  const readFreshNow: FreshRead = deps.readFresh ?? ((ask) => createQuoteRepository(deps.db).fresh(ask));

  return {
    /**
     * Prices a basket on the given reader (a transaction of the caller's, such as the one that
     * places an order), reading the catalogue there too, so an order is priced from exactly what its
     * transaction sees. Every amount comes from the catalogue; the request brings ids and counts.
     * See `quoteBasket` in the domain for the problems and the rules.
     */
    async quoteWith(r: Reader, merchant: MerchantRecord, request: QuoteRequest, context: QuoteContext): Promise<QuoteResult> {
      const catalogue = await readCatalogue(r, merchant.id, {
        productIds: basketIds(request),
        branchId: request.branchId ?? null,
        zones: Boolean(request.address) && isDeliveryService(request.serviceType),
      });
      const fresh = await createQuoteRepository(r).fresh(askOf(merchant.id, request, context.user?.id ?? null));
      return quoteBasket(catalogue, fresh, request, context.now, context.serviceAt ? { serviceAt: context.serviceAt } : {});
    },

    /**
     * A quote for the storefront: priced from the merchant's catalogue kept in memory (checked
     * against the menu's version, as the menu is), with only the basket's stock and switches, the
     * promo and the balance read from the database in one query.
     */
    async quote(merchant: MerchantRecord, request: QuoteRequest, context: QuoteContext): Promise<QuoteResult> {
      const catalogue = await catalogueOf(merchant.id);
      const fresh = await readFreshNow(askOf(merchant.id, request, context.user?.id ?? null));
      return quoteBasket(catalogue, fresh, request, context.now);
    },

    /** The merchant's delivery zones (`GET /users/v1/region`), from the catalogue kept in memory. */
    async region(merchant: MerchantRecord): Promise<Region[]> {
      const { zones } = await catalogueOf(merchant.id);
      return [...zones]
        .sort((a, b) => b.priority - a.priority || a.name.localeCompare(b.name) || a.id.localeCompare(b.id))
        .map((z) => ({
          id: z.id,
          cityId: z.cityId,
          name: z.name,
          color: z.color,
          priority: z.priority,
          branchId: z.branchId,
          polygon: (z.area[0]?.outer ?? []).map(([lat, lng]) => [lat, lng] as [number, number]),
          area: z.area.map((part) => ({ outer: part.outer.map(([a, b]) => [a, b] as [number, number]), holes: part.holes.map((h) => h.map(([a, b]) => [a, b] as [number, number])) })),
          price: z.price,
          bands: z.bands.map((b) => ({ ...b })),
          freeAbove: z.freeAbove,
          minOrderAmount: z.minOrderAmount,
        }));
    },

    /** The delivery tariff for an address (domain `deliveryTariff`): the price, or the reason there is none as an AppError (409). */
    async tariff(merchant: MerchantRecord, body: TariffRequest, now: Date): Promise<TariffResponse> {
      const catalogue = await catalogueOf(merchant.id);
      const outcome = deliveryTariff(catalogue, { point: [body.latitude, body.longitude], productAmount: body.productPrice, branchId: body.branchId ?? null }, now);
      if (!outcome.ok) throw new AppError(outcome.problem.code, outcome.problem.details);
      const t = outcome.tariff;
      return { price: t.price, zoneId: t.zoneId, branchId: t.branchId, distance: t.distanceMeters, minOrderAmount: t.minOrderAmount, freeAbove: t.freeAbove };
    },

    /** The branch that serves a point for a service type now (domain `servingBranchAt`), or null when none does. */
    async servingBranch(merchantId: string, point: [number, number], serviceType: 'DELIVERY' | 'PICK_UP', now: Date): Promise<{ branchId: string; distanceMeters: number } | null> {
      const found = servingBranchAt(await catalogueOf(merchantId), point, serviceType, now);
      return found ? { branchId: found.branch.id, distanceMeters: found.distanceMeters } : null;
    },

    /** Forget every kept catalogue (after an import, say). */
    invalidate(): void {
      kept.clear();
    },
  };
}

export type QuoteService = ReturnType<typeof createQuoteService>;

/** The quote and promo services over one database, as the routes and (later) order placing use them. */
export function createQuoteFeature(deps: QuoteServiceDeps): { quotes: QuoteService; promos: PromosService } {
  return { quotes: createQuoteService(deps), promos: createPromosService({ db: deps.db }) };
}
