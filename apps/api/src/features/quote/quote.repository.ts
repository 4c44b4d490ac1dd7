import { and, eq, fillPlaceholders, inArray, type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import {
  branches,
  catalogueVersions,
  MERCHANT_WIDE_CITY_ID,
  cities,
  deliveryZones,
  merchants,
  modificationGroups,
  modifications,
  productBranches,
  modificationBranches,
  products,
  promos,
  promoUses,
  serviceFeeSettings,
  users,
  workHours,
  branchSpecialDays,
  inIds,
  type Database,
  type Db,
} from '@dasturxon/db';
import {
  type FreshProduct,
  modificationIndex,
  type QuoteBranch,
  type QuoteFresh,
  type QuoteProduct,
  type QuoteSettings,
  type QuoteZone,
  groupWorkHours,
  type SpecialDayRule,
  type WorkDayRow,
} from '@dasturxon/domain';
import { preparedRead, type PreparedValue } from '../../prepared-read.ts';
import { readSettings } from '../merchants/index.ts';
import { createReadBatcher } from '../../read-batcher.ts';
import type { PromoRecord } from './promos.repository.ts';

/** A database handle or a transaction on it: every read of a quote runs on the one it is given. */
export type Reader = Pick<Db, 'select' | 'execute'>;

type FreshProductRow = FreshProduct & { id: string };

/** A promo row as row_to_json writes it: the columns' own names, timestamps as text. */
interface PromoRow {
  id: string;
  merchant_id: string;
  code: string;
  discount_type: PromoRecord['discountType'];
  product_discount: number;
  delivery_discount: number;
  min_price: number;
  start_date: string | null;
  end_date: string | null;
  is_active: boolean;
  version: number;
  per_customer_limit: number | null;
  total_limit: number | null;
  is_public: boolean;
}

const dateOrNull = (value: string | null) => (value === null ? null : new Date(value));

const promoOf = (row: PromoRow): PromoRecord => ({
  id: row.id,
  merchantId: row.merchant_id,
  code: row.code,
  discountType: row.discount_type,
  productDiscount: row.product_discount,
  deliveryDiscount: row.delivery_discount,
  minPrice: row.min_price,
  startDate: dateOrNull(row.start_date),
  endDate: dateOrNull(row.end_date),
  isActive: row.is_active,
  version: row.version,
  perCustomerLimit: row.per_customer_limit,
  totalLimit: row.total_limit,
  isPublic: row.is_public,
});

// Correlated sub-selects gather a row's children as JSON, so a product comes back with its groups,
// options and branch entry in one query. The outer table is named in plain SQL (products.id):
// Drizzle writes a one-table select's own columns unqualified, and a bare "id" inside the
// sub-select would mean the inner table's.
const groupsOfProduct = sql<QuoteProduct['groups']>`coalesce((
  select json_agg(json_build_object('id', g.id, 'min', g.min, 'max', g.max) order by g.priority, g.id)
  from ${modificationGroups} g where g.merchant_id = products.merchant_id and g.product_id = products.id), '[]'::json)`;

const modificationsOfProduct = sql<QuoteProduct['modifications']>`coalesce((
  select json_agg(json_build_object('id', m.id, 'groupId', m.group_id, 'price', m.price, 'stoppedAt', coalesce((
    select json_agg(mb.branch_id) from ${modificationBranches} mb
    where mb.merchant_id = m.merchant_id and mb.modification_id = m.id and not mb.is_active), '[]'::json))
    -- The brand's order (its groups', then each group's): the order's lines keep it (issue 29).
    order by (select g.priority from ${modificationGroups} g where g.merchant_id = m.merchant_id and g.id = m.group_id), m.priority, m.id)
  from ${modifications} m where m.merchant_id = products.merchant_id and m.product_id = products.id and m.active), '[]'::json)`;

const branchEntriesOf = sql<Record<string, boolean>>`coalesce((
  select json_object_agg(pb.branch_id, pb.is_active)
  from ${productBranches} pb where pb.merchant_id = products.merchant_id and pb.product_id = products.id), '{}'::json)`;

const hoursOfBranch = sql<WorkDayRow[]>`coalesce((
  select json_agg(json_build_object('type', h.type, 'weekName', h.week_name, 'open', h.open, 'close', h.close,
    'extraOpen', h.extra_open, 'extraClose', h.extra_close, 'isDayOff', h.is_day_off))
  from ${workHours} h where h.merchant_id = branches.merchant_id and h.branch_id = branches.id), '[]'::json)`;

/** A branch's special days (holidays, short days: branch_special_days), which the hours rule reads before the week's. */
const specialDaysOfBranch = sql<SpecialDayRule[]>`coalesce((
  select json_agg(json_build_object('date', d.date, 'isDayOff', d.is_day_off, 'open', d.open, 'close', d.close))
  from ${branchSpecialDays} d where d.merchant_id = branches.merchant_id and d.branch_id = branches.id), '[]'::json)`;

/**
 * The id of the promo behind an ask's code when it has a limit (per customer or in total), else null: its uses are
 * counted (promo_uses, by the index on (merchant_id, promo_id, user_id)) only then.
 */
const limitedPromoId = sql`select pr.id from ${promos} pr where pr.merchant_id = a.merchant_id and lower(pr.code) = lower(a.promo_code)
    and (pr.total_limit is not null or pr.per_customer_limit is not null) limit 1`;

/** What one quote asks to read fresh: the basket's products (each once), the promo code and the customer, of a merchant. */
export interface FreshAsk {
  merchantId: string;
  productIds: readonly string[];
  promoCode: string | null;
  userId: string | null;
}

/**
 * What quotes read fresh, in one round trip however many quotes and products it serves: for each ask
 * (`n`, from 1, in the order given), the basket's products as they are now (stock, switched on, sold out),
 * the promo behind the code (any letter case, one probe of the unique index on lower(code); none for a
 * null code), the customer's cashback balance (0 for a null, unknown, deleted or blocked account) and, for a
 * promo with a limit, the orders holding it (promo_uses: all, and the customer's). An
 * ask of a merchant that does not exist has no row. Every sub-select names the ask's own merchant, so
 * asks of several brands read together never see each other's rows.
 *
 * The asks go as parallel arrays and the basket lines as (ask, product) pairs, so the statement is the
 * same for any number of asks and any basket, and the same text serves an order's transaction (values)
 * and the storefront's prepared statement (placeholders). Each array is read through a sub-select: the
 * planner then estimates it as it would for a prepared statement's generic plan, and PostgreSQL settles
 * on that generic plan instead of planning again for each call (2.5 times the statement's work, measured).
 * Every column has a type of its own (json, bigint), so a migration of the tables never changes the row a
 * prepared statement answers.
 */
function freshQuery(
  merchantIds: SQLWrapper,
  promoCodes: SQLWrapper,
  userIds: SQLWrapper,
  lineAsks: SQLWrapper,
  lineProducts: SQLWrapper,
): SQL {
  return sql`select a.n,
  coalesce((
    select json_agg(json_build_object('id', p.id, 'count', p.count, 'active', p.active, 'isAvailable', p.is_available))
    from ${products} p
    where p.merchant_id = a.merchant_id
      and p.id = any(array(select l.product_id from unnest((select ${lineAsks}::int[]), (select ${lineProducts}::uuid[])) as l(n, product_id) where l.n = a.n))
  ), '[]'::json) as products,
  (select row_to_json(pr) from ${promos} pr where pr.merchant_id = a.merchant_id and lower(pr.code) = lower(a.promo_code) limit 1) as promo,
  coalesce((
    select greatest(u.cashback, 0) from ${users} u
    where u.merchant_id = a.merchant_id and u.id = a.user_id and u.is_active and u.deleted_at is null), 0)::bigint as balance,
  (select count(*) from ${promoUses} pu where pu.merchant_id = a.merchant_id and pu.promo_id = (${limitedPromoId})) as promo_used,
  (select count(*) from ${promoUses} pu
    where pu.merchant_id = a.merchant_id and pu.promo_id = (${limitedPromoId}) and pu.user_id = a.user_id) as promo_used_by
from unnest((select ${merchantIds}::uuid[]), (select ${promoCodes}::text[]), (select ${userIds}::uuid[])) with ordinality as a(merchant_id, promo_code, user_id, n)
where exists (select 1 from ${merchants} m where m.id = a.merchant_id)`;
}

/** The parameters of `freshQuery` for some asks, in its order; array elements in text. */
function freshParams(asks: readonly FreshAsk[]): {
  merchantIds: string[];
  promoCodes: (string | null)[];
  userIds: (string | null)[];
  lineAsks: string[];
  lineProducts: string[];
} {
  const lineAsks: string[] = [];
  const lineProducts: string[] = [];
  asks.forEach((ask, i) => {
    for (const id of ask.productIds) {
      lineAsks.push(String(i + 1));
      lineProducts.push(id);
    }
  });
  return {
    merchantIds: asks.map((a) => a.merchantId),
    promoCodes: asks.map((a) => a.promoCode),
    userIds: asks.map((a) => a.userId),
    lineAsks,
    lineProducts,
  };
}

/** A row of `freshQuery`, its JSON parsed. */
interface FreshRow {
  n: number;
  products: FreshProductRow[];
  promo: PromoRow | null;
  balance: number;
  promoUsed: number;
  promoUsedBy: number;
}

/**
 * The answer to each ask, in order, from the rows (an ask without a row reads as nothing: no products, no promo, no
 * balance). A promo with a limit comes with its uses (a guest's own uses unknown: null).
 */
function freshOfRows(rows: readonly FreshRow[], asks: readonly FreshAsk[]): QuoteFresh<PromoRecord>[] {
  const byAsk = new Map(rows.map((row) => [row.n, row]));
  return asks.map((ask, i) => {
    const row = byAsk.get(i + 1);
    const productsNow = new Map<string, FreshProduct>();
    for (const p of row?.products ?? []) productsNow.set(p.id, { count: p.count, active: p.active, isAvailable: p.isAvailable });
    const promo = row?.promo ? promoOf(row.promo) : null;
    const limited = promo !== null && (promo.totalLimit !== null || promo.perCustomerLimit !== null);
    const fresh: QuoteFresh<PromoRecord> = { products: productsNow, promo, cashbackBalance: row?.balance ?? 0 };
    if (limited) fresh.promoUses = { total: row!.promoUsed, byCustomer: ask.userId === null ? null : row!.promoUsedBy };
    return fresh;
  });
}

/** Reads fresh for each ask, in one round trip. */
export type FreshReadMany = (asks: readonly FreshAsk[]) => Promise<QuoteFresh<PromoRecord>[]>;

/**
 * The storefront's fresh read: `freshQuery` as a prepared statement (prepared-read.ts), parsed and planned
 * once per connection, with the asks made while a read is under way read together (read-batcher.ts).
 */
export function createFreshRead(database: Database): (ask: FreshAsk) => Promise<QuoteFresh<PromoRecord>> {
  return createReadBatcher(createFreshReadMany(database), { maxInFlight: FRESH_READS_IN_FLIGHT, maxBatch: FRESH_BATCH });
}

/** Batched fresh reads under way at once, and asks in one at most (a basket has at most MAX_QUOTE_LINES products). */
const FRESH_READS_IN_FLIGHT = 1;
const FRESH_BATCH = 32;

/** `freshQuery` as a prepared statement (prepared-read.ts): parsed and planned once per connection. */
export function createFreshReadMany(database: Database): FreshReadMany {
  const query = new PgDialect().sqlToQuery(
    freshQuery(
      sql.placeholder('merchantIds'),
      sql.placeholder('promoCodes'),
      sql.placeholder('userIds'),
      sql.placeholder('lineAsks'),
      sql.placeholder('lineProducts'),
    ),
  );
  const read = preparedRead(database, 'dx_quote_fresh', query.sql);
  return async (asks) => {
    if (asks.length === 0) return [];
    const rows = await read(fillPlaceholders(query.params, freshParams(asks)) as PreparedValue[]);
    return freshOfRows(
      rows.map(([n, productsJson, promoJson, balance, used, usedBy]) => ({
        n: Number(n),
        products: JSON.parse(productsJson ?? '[]') as FreshProductRow[],
        promo: promoJson ? (JSON.parse(promoJson) as PromoRow) : null,
        balance: Number(balance ?? 0),
        promoUsed: Number(used ?? 0),
        promoUsedBy: Number(usedBy ?? 0),
      })),
      asks,
    );
  };
}

/**
 * The reads behind a quote. Each is one query filtered by the merchant and fetching by id lists,
 * so a basket of any size costs the same few round trips.
 */
export function createQuoteRepository(r: Reader) {
  return {
    /** The merchant's branches (all, or the one asked for) with their city's time zone and hours; a deleted branch is as good as none. */
    async branches(merchantId: string, only?: string | null): Promise<QuoteBranch[]> {
      const rows = await r
        .select({
          id: branches.id,
          cityId: branches.cityId,
          isActive: branches.isActive,
          latitude: branches.latitude,
          longitude: branches.longitude,
          deliveryPrice: branches.deliveryPrice,
          deliveryMinAmount: branches.deliveryMinAmount,
          prepMinutes: branches.prepMinutes,
          settings: branches.settings,
          deliveryPausedUntil: branches.deliveryPausedUntil,
          timeZone: cities.timeZone,
          hours: hoursOfBranch,
          specialDays: specialDaysOfBranch,
        })
        .from(branches)
        .innerJoin(cities, and(eq(cities.merchantId, branches.merchantId), eq(cities.id, branches.cityId)))
        .where(
          and(
            eq(branches.merchantId, merchantId),
            eq(branches.deleted, false),
            only === undefined ? undefined : inIds(branches.id, only === null ? [] : [only]),
          ),
        );
      return rows.map((row) => ({ ...row, hours: groupWorkHours(row.hours) }));
    },

    /** The merchant's products (all, or those among `ids`), each with its groups, active options, branch entries and stock (null: not counted). */
    async products(merchantId: string, ids?: readonly string[]): Promise<(QuoteProduct & { count: number | null })[]> {
      if (ids && ids.length === 0) return [];
      const rows = await r
        .select({
          id: products.id,
          costPrice: products.costPrice,
          count: products.count,
          discount: products.discount,
          active: products.active,
          isAvailable: products.isAvailable,
          deliveryEnabled: products.deliveryEnabled,
          groups: groupsOfProduct,
          modifications: modificationsOfProduct,
          branchEntries: branchEntriesOf,
        })
        .from(products)
        .where(and(eq(products.merchantId, merchantId), ids ? inArray(products.id, [...ids]) : undefined));
      return rows.map(({ branchEntries, ...row }) => ({
        ...row,
        modificationsById: modificationIndex(row.modifications),
        branchEntries: new Map(Object.entries(branchEntries).map(([branchId, isActive]) => [branchId, { isActive }])),
      }));
    },

    /**
     * What a quote reads fresh (`freshQuery`, for this one ask) on this reader: an order's transaction
     * reads it there. The storefront's quotes read it through `createFreshReadMany`, several at a time.
     */
    async fresh(ask: FreshAsk): Promise<QuoteFresh<PromoRecord>> {
      const p = freshParams([ask]);
      const query = freshQuery(
        sql.param(p.merchantIds),
        sql.param(p.promoCodes),
        sql.param(p.userIds),
        sql.param(p.lineAsks),
        sql.param(p.lineProducts),
      );
      const { rows } = (await r.execute(query)) as unknown as {
        rows: {
          n: number | string;
          products: FreshProductRow[];
          promo: PromoRow | null;
          balance: number | string;
          promo_used: number | string;
          promo_used_by: number | string;
        }[];
      };
      return freshOfRows(
        rows.map((row) => ({
          n: Number(row.n),
          products: row.products,
          promo: row.promo,
          balance: Number(row.balance),
          promoUsed: Number(row.promo_used),
          promoUsedBy: Number(row.promo_used_by),
        })),
        [ask],
      )[0]!;
    },

    /**
     * The brand's catalogue version (migration 0013_catalogue_versions): the id of the last transaction that changed
     * anything a price is drawn from, null when nothing has since the migration. Equal versions, equal catalogue.
     */
    async catalogueVersion(merchantId: string): Promise<bigint | null> {
      const [row] = await r
        .select({ version: catalogueVersions.version })
        .from(catalogueVersions)
        .where(eq(catalogueVersions.merchantId, merchantId));
      return row?.version ?? null;
    },

    /** Every delivery zone of the merchant, across its cities, with its area, priority, branch and tariff. */
    async zones(merchantId: string): Promise<QuoteZone[]> {
      return r
        .select({
          id: deliveryZones.id,
          cityId: deliveryZones.cityId,
          name: deliveryZones.name,
          color: deliveryZones.color,
          area: deliveryZones.area,
          priority: deliveryZones.priority,
          branchId: deliveryZones.branchId,
          price: deliveryZones.price,
          bands: deliveryZones.bands,
          freeAbove: deliveryZones.freeAbove,
          minOrderAmount: deliveryZones.minOrderAmount,
        })
        .from(deliveryZones)
        .where(eq(deliveryZones.merchantId, merchantId));
    },

    /** The merchant's service fee rows (one per city at most, and the merchant-wide one with cityId null). */
    async serviceFees(merchantId: string) {
      const rows = await r
        .select({
          cityId: serviceFeeSettings.cityId,
          isServiceFeeEnabled: serviceFeeSettings.isServiceFeeEnabled,
          isServiceFeeFreeAboveThreshold: serviceFeeSettings.isServiceFeeFreeAboveThreshold,
          serviceFeeThreshold: serviceFeeSettings.serviceFeeThreshold,
          serviceFeeAmount: serviceFeeSettings.serviceFeeAmount,
          minimalDeliveryPrice: serviceFeeSettings.minimalDeliveryPrice,
        })
        .from(serviceFeeSettings)
        .where(eq(serviceFeeSettings.merchantId, merchantId));
      return rows.map((row) => ({ ...row, cityId: row.cityId === MERCHANT_WIDE_CITY_ID ? null : row.cityId }));
    },

    /**
     * Every promo of the merchant, each with its code as the database's lower() folds it (the expression of the
     * unique index (merchant_id, lower(code))), for the brand's snapshot: a code is then found as the database
     * would find it.
     */
    async promos(merchantId: string): Promise<{ key: string; promo: PromoRecord }[]> {
      const rows = await r
        .select({ key: sql<string>`lower(${promos.code})`, promo: promos })
        .from(promos)
        .where(eq(promos.merchantId, merchantId));
      return rows;
    },

    /** The web settings that change a quote; a merchant without a settings row has the spec's defaults. */
    async settings(merchantId: string): Promise<QuoteSettings> {
      const { deliveryActive, pickupActive, dineInActive, shouldValidateDeliveryArea, promoActive, cashbackActive } = await readSettings(
        r,
        merchantId,
      );
      return { deliveryActive, pickupActive, dineInActive, shouldValidateDeliveryArea, promoActive, cashbackActive };
    },
  };
}

export type QuoteRepository = ReturnType<typeof createQuoteRepository>;
