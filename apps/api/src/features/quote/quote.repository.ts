import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  branches,
  MERCHANT_WIDE_CITY_ID,
  cities,
  deliveryZones,
  merchants,
  merchantSettings,
  modificationGroups,
  modifications,
  productBranches,
  modificationBranches,
  products,
  promos,
  serviceFeeSettings,
  users,
  workHours,
  type Db,
} from '@dasturxon/db';
import {
  type FreshProduct,
  type QuoteBranch,
  type QuoteFresh,
  type QuoteProduct,
  type QuoteSettings,
  type QuoteZone,
  SETTINGS_FLAG_DEFAULTS,
  type WorkDay,
  type WorkHours,
  type WorkHoursType,
} from '@dasturxon/domain';
import type { PromoRecord } from './promos.repository.ts';

/** A database handle or a transaction on it: every read of a quote runs on the one it is given. */
export type Reader = Pick<Db, 'select'>;

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
});

/** An id no row has: asking for a null branch finds none. */
const NO_ID = '00000000-0000-0000-0000-000000000000';

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
    where mb.merchant_id = m.merchant_id and mb.modification_id = m.id and not mb.is_active), '[]'::json)))
  from ${modifications} m where m.merchant_id = products.merchant_id and m.product_id = products.id and m.active), '[]'::json)`;

const branchEntriesOf = sql<Record<string, boolean>>`coalesce((
  select json_object_agg(pb.branch_id, pb.is_active)
  from ${productBranches} pb where pb.merchant_id = products.merchant_id and pb.product_id = products.id), '{}'::json)`;

type HoursRow = WorkDay & { type: WorkHoursType };
const hoursOfBranch = sql<HoursRow[]>`coalesce((
  select json_agg(json_build_object('type', h.type, 'weekName', h.week_name, 'open', h.open, 'close', h.close,
    'extraOpen', h.extra_open, 'extraClose', h.extra_close, 'isDayOff', h.is_day_off))
  from ${workHours} h where h.merchant_id = branches.merchant_id and h.branch_id = branches.id), '[]'::json)`;

function groupHours(rows: readonly HoursRow[]): WorkHours[] {
  const byType = new Map<WorkHoursType, WorkDay[]>();
  for (const { type, ...day } of rows) {
    const days = byType.get(type) ?? [];
    days.push(day);
    byType.set(type, days);
  }
  return [...byType].map(([type, days]) => ({ type, days }));
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
          settings: branches.settings,
          deliveryPausedUntil: branches.deliveryPausedUntil,
          timeZone: cities.timeZone,
          hours: hoursOfBranch,
        })
        .from(branches)
        .innerJoin(cities, and(eq(cities.merchantId, branches.merchantId), eq(cities.id, branches.cityId)))
        .where(and(eq(branches.merchantId, merchantId), eq(branches.deleted, false), only === undefined ? undefined : eq(branches.id, only ?? NO_ID)));
      return rows.map((row) => ({ ...row, hours: groupHours(row.hours) }));
    },

    /** The merchant's products (all, or those among `ids`), each with its groups, active options and branch entries. */
    async products(merchantId: string, ids?: readonly string[]): Promise<QuoteProduct[]> {
      if (ids && ids.length === 0) return [];
      const rows = await r
        .select({
          id: products.id,
          costPrice: products.costPrice,
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
        branchEntries: new Map(Object.entries(branchEntries).map(([branchId, isActive]) => [branchId, { isActive }])),
      }));
    },

    /**
     * What a quote reads fresh, in one round trip whatever it asks: the basket's products as they
     * are now (stock, switched on, sold out), the promo behind `promoCode` (any letter case, one
     * probe of the unique index on lower(code)) and the customer's cashback balance (0 for none, an
     * unknown, deleted or blocked account). One row of the merchant, its parts gathered by
     * sub-selects; the ids go as one array parameter, so the statement is the same for any basket.
     */
    async fresh(merchantId: string, ids: readonly string[], promoCode: string | null, userId: string | null): Promise<QuoteFresh<PromoRecord>> {
      const productsNow = sql<FreshProductRow[]>`coalesce((
        select json_agg(json_build_object('id', p.id, 'count', p.count, 'active', p.active, 'isAvailable', p.is_available))
        from ${products} p where p.merchant_id = merchants.id and p.id = any(${sql.param([...ids])}::uuid[])), '[]'::json)`;
      const promo = sql<PromoRow | null>`(
        select row_to_json(pr) from ${promos} pr where pr.merchant_id = merchants.id and lower(pr.code) = lower(${promoCode}) limit 1)`;
      const balance = sql<number>`coalesce((
        select greatest(u.cashback, 0) from ${users} u
        where u.merchant_id = merchants.id and u.id = ${userId}::uuid and u.is_active and u.deleted_at is null), 0)`;
      // The merchant's table is named in plain SQL inside the sub-selects: Drizzle writes a one-table
      // select's own columns unqualified, and a bare "id" there would mean the inner table's.
      const rows = await r
        .select({ products: productsNow, promo: promoCode === null ? sql<null>`null` : promo, balance: userId === null ? sql<number>`0` : balance })
        .from(merchants)
        .where(eq(merchants.id, merchantId));
      const row = rows[0];
      return {
        products: new Map((row?.products ?? []).map(({ id, ...state }) => [id, state])),
        promo: row?.promo ? promoOf(row.promo) : null,
        cashbackBalance: Number(row?.balance ?? 0),
      };
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

    /** The web settings that change a quote; a merchant without a settings row has the spec's defaults. */
    async settings(merchantId: string): Promise<QuoteSettings> {
      const rows = await r
        .select({
          deliveryActive: merchantSettings.deliveryActive,
          pickupActive: merchantSettings.pickupActive,
          dineInActive: merchantSettings.dineInActive,
          shouldValidateDeliveryArea: merchantSettings.shouldValidateDeliveryArea,
          promoActive: merchantSettings.promoActive,
          cashbackActive: merchantSettings.cashbackActive,
        })
        .from(merchantSettings)
        .where(and(eq(merchantSettings.merchantId, merchantId), eq(merchantSettings.channel, 'WEB')))
        .limit(1);
      return (
        rows[0] ?? {
          deliveryActive: SETTINGS_FLAG_DEFAULTS.deliveryActive,
          pickupActive: SETTINGS_FLAG_DEFAULTS.pickupActive,
          dineInActive: SETTINGS_FLAG_DEFAULTS.dineInActive,
          shouldValidateDeliveryArea: SETTINGS_FLAG_DEFAULTS.shouldValidateDeliveryArea,
          promoActive: SETTINGS_FLAG_DEFAULTS.promoActive,
          cashbackActive: SETTINGS_FLAG_DEFAULTS.cashbackActive,
        }
      );
    },
  };
}

export type QuoteRepository = ReturnType<typeof createQuoteRepository>;
