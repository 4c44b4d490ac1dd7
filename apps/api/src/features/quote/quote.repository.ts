import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  branches,
  cities,
  deliveryZones,
  merchantSettings,
  modificationGroups,
  modifications,
  productBranches,
  products,
  serviceFeeSettings,
  users,
  workHours,
  type Db,
} from '@dasturxon/db';
import { SETTINGS_FLAG_DEFAULTS, type WeekName, type WorkDay, type WorkHours, type WorkHoursType } from '@dasturxon/domain';

/** A database handle or a transaction on it: every read of a quote runs on the one it is given. */
export type Reader = Pick<Db, 'select'>;

/** The key of the merchant-wide service fee row: the table's key cannot hold a null city. */
export const MERCHANT_WIDE_CITY_ID = '00000000-0000-0000-0000-000000000000';

/** A product with everything a quote needs of it: its choice rules and its entry at the chosen branch. */
export interface QuoteProductRow {
  id: string;
  costPrice: number;
  discount: number;
  /** Stock left; null means not counted. */
  count: number | null;
  active: boolean;
  isAvailable: boolean;
  deliveryEnabled: boolean;
  /** Its modification groups, in their display order. */
  groups: { id: string; min: number; max: number }[];
  /** Its active modifications: the ones a customer may choose now. */
  modifications: { id: string; groupId: string; price: number }[];
  /** Its product-branch entry at the chosen branch; null without one (sold there) or without a branch. */
  branchEntry: { isActive: boolean } | null;
}

export interface QuoteBranchRow {
  id: string;
  cityId: string;
  isActive: boolean;
  deliveryPrice: number;
  deliveryMinAmount: number;
  settings: typeof branches.$inferSelect.settings;
  /** The IANA time zone of the branch's city. */
  timeZone: string;
  hours: WorkHours[];
}

export interface QuoteSettings {
  deliveryActive: boolean;
  pickupActive: boolean;
  dineInActive: boolean;
  shouldValidateDeliveryArea: boolean;
  promoActive: boolean;
  cashbackActive: boolean;
}

// Correlated sub-selects gather a row's children as JSON, so a product comes back with its groups,
// options and branch entry in one query. The outer table is named in plain SQL (products.id):
// Drizzle writes a one-table select's own columns unqualified, and a bare "id" inside the
// sub-select would mean the inner table's.
const groupsOfProduct = sql<QuoteProductRow['groups']>`coalesce((
  select json_agg(json_build_object('id', g.id, 'min', g.min, 'max', g.max) order by g.priority, g.id)
  from ${modificationGroups} g where g.merchant_id = products.merchant_id and g.product_id = products.id), '[]'::json)`;

const modificationsOfProduct = sql<QuoteProductRow['modifications']>`coalesce((
  select json_agg(json_build_object('id', m.id, 'groupId', m.group_id, 'price', m.price))
  from ${modifications} m where m.merchant_id = products.merchant_id and m.product_id = products.id and m.active), '[]'::json)`;

const branchEntryOf = (branchId: string | null) => sql<QuoteProductRow['branchEntry']>`(
  select json_build_object('isActive', pb.is_active)
  from ${productBranches} pb where pb.merchant_id = products.merchant_id and pb.product_id = products.id and pb.branch_id = ${branchId})`;

type HoursRow = WorkDay & { type: WorkHoursType };
const hoursOfBranch = sql<HoursRow[]>`coalesce((
  select json_agg(json_build_object('type', h.type, 'weekName', h.week_name, 'open', h.open, 'close', h.close,
    'extraOpen', h.extra_open, 'extraClose', h.extra_close, 'isDayOff', h.is_day_off))
  from ${workHours} h where h.merchant_id = branches.merchant_id and h.branch_id = branches.id), '[]'::json)`;

function groupHours(rows: readonly HoursRow[]): WorkHours[] {
  const byType = new Map<WorkHoursType, WorkDay[]>();
  for (const { type, ...day } of rows) {
    const days = byType.get(type) ?? [];
    days.push({ ...day, weekName: day.weekName as WeekName });
    byType.set(type, days);
  }
  return [...byType].map(([type, days]) => ({ type, days }));
}

/**
 * The reads behind a quote. Each is one query filtered by the merchant and fetching by id lists,
 * so a basket of any size costs the same few round trips.
 */
export function createQuoteRepository() {
  return {
    /** The branch with its city's time zone and its hours; a deleted branch is as good as none. */
    async branch(r: Reader, merchantId: string, branchId: string): Promise<QuoteBranchRow | null> {
      const rows = await r
        .select({
          id: branches.id,
          cityId: branches.cityId,
          isActive: branches.isActive,
          deliveryPrice: branches.deliveryPrice,
          deliveryMinAmount: branches.deliveryMinAmount,
          settings: branches.settings,
          timeZone: cities.timeZone,
          hours: hoursOfBranch,
        })
        .from(branches)
        .innerJoin(cities, eq(cities.id, branches.cityId))
        .where(and(eq(branches.merchantId, merchantId), eq(branches.id, branchId), eq(branches.deleted, false)))
        .limit(1);
      const row = rows[0];
      return row ? { ...row, hours: groupHours(row.hours) } : null;
    },

    /** The merchant's products among `ids`, each with its groups, active options and entry at `branchId`. */
    async products(r: Reader, merchantId: string, ids: readonly string[], branchId: string | null): Promise<QuoteProductRow[]> {
      if (ids.length === 0) return [];
      return r
        .select({
          id: products.id,
          costPrice: products.costPrice,
          discount: products.discount,
          count: products.count,
          active: products.active,
          isAvailable: products.isAvailable,
          deliveryEnabled: products.deliveryEnabled,
          groups: groupsOfProduct,
          modifications: modificationsOfProduct,
          branchEntry: branchEntryOf(branchId),
        })
        .from(products)
        .where(and(eq(products.merchantId, merchantId), inArray(products.id, [...ids])));
    },

    /** Every delivery zone of the merchant, across its cities. */
    async zones(r: Reader, merchantId: string) {
      return r
        .select({ id: deliveryZones.id, polygon: deliveryZones.polygon, price: deliveryZones.price })
        .from(deliveryZones)
        .where(eq(deliveryZones.merchantId, merchantId));
    },

    /** The merchant's service fee rows (one per city at most, and the merchant-wide one with cityId null). */
    async serviceFees(r: Reader, merchantId: string) {
      const rows = await r
        .select({
          cityId: serviceFeeSettings.cityId,
          isServiceFeeEnabled: serviceFeeSettings.isServiceFeeEnabled,
          isServiceFeeFreeAboveThreshold: serviceFeeSettings.isServiceFeeFreeAboveThreshold,
          serviceFeeThreshold: serviceFeeSettings.serviceFeeThreshold,
          serviceFeeAmount: serviceFeeSettings.serviceFeeAmount,
        })
        .from(serviceFeeSettings)
        .where(eq(serviceFeeSettings.merchantId, merchantId));
      return rows.map((row) => ({ ...row, cityId: row.cityId === MERCHANT_WIDE_CITY_ID ? null : row.cityId }));
    },

    /** The web settings that change a quote; a merchant without a settings row has the spec's defaults. */
    async settings(r: Reader, merchantId: string): Promise<QuoteSettings> {
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

    /** A customer's cashback balance; 0 for an unknown, deleted or blocked account. */
    async cashbackBalance(r: Reader, merchantId: string, userId: string): Promise<number> {
      const rows = await r
        .select({ cashback: users.cashback, isActive: users.isActive, deletedAt: users.deletedAt })
        .from(users)
        .where(and(eq(users.merchantId, merchantId), eq(users.id, userId)))
        .limit(1);
      const user = rows[0];
      return user && user.isActive && !user.deletedAt ? Math.max(0, user.cashback) : 0;
    },
  };
}

export type QuoteRepository = ReturnType<typeof createQuoteRepository>;
