import type { Db } from '@dasturxon/db';
import {
  AppError,
  deliveryTariff,
  isDeliveryService,
  type Region,
  servingBranchAt,
  type TariffRequest,
  type TariffResponse,
  type FreshProduct,
  type QuoteCatalogue,
  type QuoteFresh,
  type QuoteOutcome,
  type QuoteRequest,
  quoteBasket,
} from '@dasturxon/domain';
import type { Clock } from '../../clock.ts';
import type { CatalogueChanges } from '../catalogue/index.ts';
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

/**
 * While catalogue changes are not heard (no `changes`, or the LISTEN connection is lost), a kept catalogue is
 * used for this long, and each quote reads its basket's stock and switches fresh.
 */
export const CATALOGUE_FRESH_MS = 2_000;
/** Even while every change is heard, a kept snapshot is read again after this age. */
export const CATALOGUE_MAX_AGE_MS = 30_000;
const MAX_MERCHANTS = 500;

export interface QuoteServiceDeps {
  db: Db;
  clock: Clock;
  /**
   * The catalogue changes heard from the database (`CATALOGUE_CHANNEL`): while they are heard, a brand's snapshot
   * (catalogue, stock, switches, promos) is kept until the brand changes, and a quote reads nothing else but the
   * balance it spends. Without it, the catalogue is kept CATALOGUE_FRESH_MS and stock is read per quote.
   */
  changes?: CatalogueChanges;
  /**
   * The storefront quote's fresh read (`createFreshRead` of the database: a prepared statement, asks made
   * together read together); without it, the same query is built and run on `db` for each quote.
   */
  readFresh?: FreshRead;
}

/**
 * A promo code as the database's lower() folds it, when that is certain without asking: a code of printable ASCII
 * letters (lower() folds them as JavaScript does in the databases we create). Any other code is looked up in the
 * database, as before (undefined).
 */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
export const promoKey = (code: string): string | undefined => (PRINTABLE_ASCII.test(code) ? code.toLowerCase() : undefined);

/** A brand's catalogue and, with it, every product's stock and switches and the brand's promos, as read at once. */
interface Snapshot {
  /** `changes.mark()` before the read started. */
  mark: number;
  readAt: number;
  /** The brand's catalogue version (`catalogue_versions`) read before the catalogue: an order checks it in its transaction. */
  version: bigint | null;
  catalogue: QuoteCatalogue;
  stock: ReadonlyMap<string, FreshProduct>;
  /** The brand's promos by their code as the database's lower() folds it. */
  promos: ReadonlyMap<string, PromoRecord>;
}

/** A brand's catalogue as kept, with the version it was read at (`QuoteService.keptForOrder`). */
export interface KeptCatalogue {
  version: bigint | null;
  catalogue: QuoteCatalogue;
}

export function createQuoteService(deps: QuoteServiceDeps) {
  const { clock, changes } = deps;
  const kept = new Map<string, Snapshot>();
  const reading = new Map<string, { mark: number; snapshot: Promise<Snapshot> }>();
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
  async function readCatalogue(r: Reader, merchantId: string, scope?: { productIds: string[]; branchId: string | null; zones: boolean }) {
    const quotes = createQuoteRepository(r);
    const branchRows = await quotes.branches(merchantId, scope ? scope.branchId : undefined);
    const productRows = await quotes.products(merchantId, scope?.productIds);
    const zones = !scope || scope.zones ? await quotes.zones(merchantId) : [];
    const settings = await quotes.settings(merchantId);
    const serviceFees = await quotes.serviceFees(merchantId);
    const catalogue: QuoteCatalogue = {
      settings,
      products: new Map(productRows.map(({ count: _count, ...p }) => [p.id, p])),
      branches: new Map(branchRows.map((b) => [b.id, b])),
      zones,
      serviceFees,
    };
    const stock = new Map<string, FreshProduct>(
      productRows.map((p) => [p.id, { count: p.count, active: p.active, isAvailable: p.isAvailable }]),
    );
    return { catalogue, stock };
  }

  /** A kept snapshot is good while no change of its brand was heard since its read began (or, unheard, for a moment). */
  const trusted = (merchantId: string, s: { mark: number; readAt: number }) =>
    changes?.hearing()
      ? changes.unchanged(merchantId, s.mark) && ageOf(s.readAt) < CATALOGUE_MAX_AGE_MS
      : ageOf(s.readAt) < CATALOGUE_FRESH_MS;

  /**
   * The brand's snapshot from memory while it holds, else read once for everyone waiting. A read that began
   * before a change was heard serves only those who asked before it, and is not kept.
   */
  async function snapshotOf(merchantId: string): Promise<Snapshot> {
    const entry = kept.get(merchantId);
    if (entry && trusted(merchantId, entry)) return entry;
    let pending = reading.get(merchantId);
    if (!pending || !(changes?.hearing() ? changes.unchanged(merchantId, pending.mark) : true)) {
      const mark = changes?.mark() ?? 0;
      const readAt = now();
      // The version first: what is read after it is at least as new, so a version still current means this catalogue is.
      const snapshot: Promise<Snapshot> = createQuoteRepository(deps.db)
        .catalogueVersion(merchantId)
        .then(async (version) => {
          const read = await readCatalogue(deps.db, merchantId);
          const promoRows = await createQuoteRepository(deps.db).promos(merchantId);
          return { mark, readAt, version, ...read, promos: new Map(promoRows.map((row) => [row.key, row.promo])) };
        })
        .finally(() => {
          if (reading.get(merchantId)?.snapshot === snapshot) reading.delete(merchantId);
        });
      pending = { mark, snapshot };
      reading.set(merchantId, pending);
    }
    const read = await pending.snapshot;
    if (!changes || changes.unchanged(merchantId, read.mark) || !changes.hearing()) {
      if (kept.size >= MAX_MERCHANTS && !kept.has(merchantId)) kept.delete(kept.keys().next().value!);
      kept.set(merchantId, read);
    }
    return read;
  }

  const catalogueOf = async (merchantId: string): Promise<QuoteCatalogue> => (await snapshotOf(merchantId)).catalogue;

  /**
   * What a quote reads from the database while catalogue changes are not heard: the basket's stock and
   * switches, the promo behind its code and the balance it may spend.
   */
  const askOf = (merchantId: string, request: QuoteRequest, userId: string | null): FreshAsk => ({
    merchantId,
    productIds: basketIds(request),
    promoCode: request.promoCode ?? null,
    userId,
  });
  /** The catalogue of a basket's products and branch (and the zones, for a delivery to an address), read on `r`. */
  const basketCatalogue = async (r: Reader, merchantId: string, request: QuoteRequest): Promise<QuoteCatalogue> =>
    (
      await readCatalogue(r, merchantId, {
        productIds: basketIds(request),
        branchId: request.branchId ?? null,
        zones: Boolean(request.address) && isDeliveryService(request.serviceType),
      })
    ).catalogue;

  async function priceWith(
    r: Reader,
    catalogue: QuoteCatalogue,
    merchantId: string,
    request: QuoteRequest,
    context: QuoteContext,
  ): Promise<QuoteResult> {
    const fresh = await createQuoteRepository(r).fresh(askOf(merchantId, request, context.user?.id ?? null));
    return quoteBasket(catalogue, fresh, request, context.now, context.serviceAt ? { serviceAt: context.serviceAt } : {});
  }

  const readFreshNow: FreshRead = deps.readFresh ?? ((ask) => createQuoteRepository(deps.db).fresh(ask));

  return {
    /**
     * Prices a basket on the given reader (a transaction of the caller's, such as the one that
     * places an order), reading the catalogue there too, so an order is priced from exactly what its
     * transaction sees. Every amount comes from the catalogue; the request brings ids and counts.
     * See `quoteBasket` in the domain for the problems and the rules.
     */
    async quoteWith(r: Reader, merchant: MerchantRecord, request: QuoteRequest, context: QuoteContext): Promise<QuoteResult> {
      return priceWith(r, await basketCatalogue(r, merchant.id, request), merchant.id, request, context);
    },

    /**
     * The brand's snapshot as an order takes it, before its transaction opens (on PGlite a read outside an open
     * transaction would wait for it): the catalogue of the storefront's quotes and the version it was read at.
     */
    async keptForOrder(merchantId: string): Promise<KeptCatalogue> {
      // The order checks the version itself, so a kept snapshot serves it whatever was heard since (stock taken by
      // orders makes quotes read it again, not orders: stock moves no version); one found stale is dropped (below).
      const entry = kept.get(merchantId);
      return entry && ageOf(entry.readAt) < CATALOGUE_MAX_AGE_MS ? entry : snapshotOf(merchantId);
    },

    /**
     * The catalogue an order's transaction `r` prices from: the kept one while the brand's version that `r` sees is
     * the one it was read at (nothing a price, an option, a branch's hours, a zone or a fee is drawn from committed
     * since, whatever this instance has heard), else the basket's part of it read in `r`, as `quoteWith` does.
     */
    async catalogueForOrder(
      r: Reader,
      taken: KeptCatalogue,
      merchantId: string,
      request: QuoteRequest,
    ): Promise<{ catalogue: QuoteCatalogue; from: 'snapshot' | 'transaction' }> {
      if ((await createQuoteRepository(r).catalogueVersion(merchantId)) === taken.version)
        return { catalogue: taken.catalogue, from: 'snapshot' };
      // Stale: the next order (or quote) reads the brand's snapshot again.
      if (kept.get(merchantId) === taken) kept.delete(merchantId);
      return { catalogue: await basketCatalogue(r, merchantId, request), from: 'transaction' };
    },

    /** Prices a basket from `catalogue`, with the basket's stock and switches, the promo and the balance read on `r` (an order's transaction). */
    priceWith,

    /**
     * A quote for the storefront: priced from the brand's snapshot kept in memory (catalogue, stock, switches
     * and promos, dropped as soon as a change of the brand is heard). Only the cashback balance a signed-in
     * customer spends is read, in one query (and a promo code of letters beyond ASCII); any other quote reads
     * nothing. An estimate: the order prices again in its own transaction and takes its stock with a
     * conditional update, so a snapshot a moment old never sells what is not there.
     */
    async quote(merchant: MerchantRecord, request: QuoteRequest, context: QuoteContext): Promise<QuoteResult> {
      const snapshot = await snapshotOf(merchant.id);
      const { catalogue } = snapshot;
      const userId = context.user?.id ?? null;
      const spends = userId !== null && (request.cashback ?? 0) > 0 && catalogue.settings.cashbackActive;
      const promoCode = request.promoCode ?? null;
      if (!trusted(merchant.id, snapshot) || !changes?.hearing()) {
        // Changes are not heard: the basket's state is read with the promo, its uses and the balance, as committed now.
        return quoteBasket(
          catalogue,
          await readFreshNow(askOf(merchant.id, request, spends || promoCode !== null ? userId : null)),
          request,
          context.now,
        );
      }
      const productsNow = new Map<string, FreshProduct>();
      for (const line of request.cartItems) {
        const state = snapshot.stock.get(line.productId);
        if (state) productsNow.set(line.productId, state);
      }
      const key = promoCode === null ? undefined : promoKey(promoCode);
      const kept = key === undefined ? null : (snapshot.promos.get(key) ?? null);
      // A promo with a limit is judged on its uses now: orders take and give them back without a catalogue change.
      const limited = kept !== null && (kept.totalLimit !== null || kept.perCustomerLimit !== null);
      const readsPromo = promoCode !== null && (key === undefined || limited);
      let fresh: QuoteFresh<PromoRecord> = { products: productsNow, promo: kept, cashbackBalance: 0 };
      if (readsPromo || spends) {
        const read = await readFreshNow({
          merchantId: merchant.id,
          productIds: [],
          promoCode: readsPromo ? promoCode : null,
          userId: spends || limited ? userId : null,
        });
        fresh = {
          products: productsNow,
          promo: readsPromo ? read.promo : fresh.promo,
          cashbackBalance: spends ? read.cashbackBalance : 0,
          promoUses: readsPromo ? (read.promoUses ?? null) : null,
        };
      }
      return quoteBasket(catalogue, fresh, request, context.now);
    },

    /**
     * The promo behind a code (null: none) and whether the brand takes promo codes, from the brand's snapshot while
     * its changes are heard; undefined when they are not, or when the code has letters beyond ASCII (`promoKey`):
     * then ask the database.
     */
    async keptPromo(merchantId: string, code: string): Promise<{ promo: PromoRecord | null; promoActive: boolean } | undefined> {
      const key = promoKey(code);
      if (key === undefined || !changes?.hearing()) return undefined;
      const snapshot = await snapshotOf(merchantId);
      if (!trusted(merchantId, snapshot)) return undefined;
      return { promo: snapshot.promos.get(key) ?? null, promoActive: snapshot.catalogue.settings.promoActive };
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
          area: z.area.map((part) => ({
            outer: part.outer.map(([a, b]) => [a, b] as [number, number]),
            holes: part.holes.map((h) => h.map(([a, b]) => [a, b] as [number, number])),
          })),
          price: z.price,
          bands: z.bands.map((b) => ({ ...b })),
          freeAbove: z.freeAbove,
          minOrderAmount: z.minOrderAmount,
        }));
    },

    /** The delivery tariff for an address (domain `deliveryTariff`): the price, or the reason there is none as an AppError (409). */
    async tariff(merchant: MerchantRecord, body: TariffRequest, now: Date): Promise<TariffResponse> {
      const catalogue = await catalogueOf(merchant.id);
      const outcome = deliveryTariff(
        catalogue,
        { point: [body.latitude, body.longitude], productAmount: body.productPrice, branchId: body.branchId ?? null },
        now,
      );
      if (!outcome.ok) throw new AppError(outcome.problem.code, outcome.problem.details);
      const t = outcome.tariff;
      return {
        price: t.price,
        zoneId: t.zoneId,
        branchId: t.branchId,
        distance: t.distanceMeters,
        minOrderAmount: t.minOrderAmount,
        freeAbove: t.freeAbove,
      };
    },

    /** The branch that serves a point for a service type now (domain `servingBranchAt`), or null when none does. */
    async servingBranch(
      merchantId: string,
      point: [number, number],
      serviceType: 'DELIVERY' | 'PICK_UP',
      now: Date,
    ): Promise<{ branchId: string; distanceMeters: number } | null> {
      const found = servingBranchAt(await catalogueOf(merchantId), point, serviceType, now);
      return found ? { branchId: found.branch.id, distanceMeters: found.distanceMeters } : null;
    },

    /** Forget every kept catalogue (after an import, say). */
    invalidate(): void {
      kept.clear();
      reading.clear();
    },
  };
}

export type QuoteService = ReturnType<typeof createQuoteService>;

/** The quote and promo services over one database, as the routes and (later) order placing use them. */
export function createQuoteFeature(deps: QuoteServiceDeps): { quotes: QuoteService; promos: PromosService } {
  const quotes = createQuoteService(deps);
  return { quotes, promos: createPromosService({ db: deps.db, kept: (merchantId, code) => quotes.keptPromo(merchantId, code) }) };
}
