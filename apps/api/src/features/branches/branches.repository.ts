import { and, eq } from 'drizzle-orm';
import { type branches, cities, type workHours, type Database } from '@dasturxon/db';
import type { SpecialDayRule } from '@dasturxon/domain';
import { preparedRead } from '../../prepared-read.ts';

/** A branch as the list reads it (its city's time zone joined). */
export interface BranchRow {
  id: string;
  merchantId: string;
  cityId: string;
  name: (typeof branches.$inferSelect)['name'];
  address: string;
  latitude: number;
  longitude: number;
  phone: string;
  bookingPhone: string;
  isActive: boolean;
  isMain: boolean;
  deliveryPrice: number;
  deliveryStart: string | null;
  deliveryEnd: string | null;
  deliveryMinAmount: number;
  priority: number;
  settings: (typeof branches.$inferSelect)['settings'];
  timeZone: string;
}

/** A branch's hours of one type and day, as stored. */
export type HoursRow = Pick<
  typeof workHours.$inferSelect,
  'branchId' | 'type' | 'weekName' | 'open' | 'close' | 'extraOpen' | 'extraClose' | 'isDayOff'
>;

/** A special day of a branch (branch_special_days), all of them: the hours rule reads it (domain hours.ts). */
export interface SpecialRow extends SpecialDayRule {
  branchId: string;
}

/** The branches that pass the filter: the merchant's ($1), not deleted, of a city ($2) and an id ($3) when given. */
const CHOSEN = `b.merchant_id = $1 and not b.deleted and ($2::uuid is null or b.city_id = $2::uuid) and ($3::uuid is null or b.id = $3::uuid)`;

/**
 * The branches and their hours in one statement, as JSON (prepared-read.ts: the storefront's pages renew their kept
 * branch list with it; two Drizzle queries before). The city is joined within the merchant.
 */
const BRANCHES = `select
  coalesce((select json_agg(json_build_object('id', b.id, 'merchantId', b.merchant_id, 'cityId', b.city_id, 'name', b.name,
      'address', b.address, 'latitude', b.latitude, 'longitude', b.longitude, 'phone', b.phone, 'bookingPhone', b.booking_phone,
      'isActive', b.is_active, 'isMain', b.is_main, 'deliveryPrice', b.delivery_price, 'deliveryStart', b.delivery_start,
      'deliveryEnd', b.delivery_end, 'deliveryMinAmount', b.delivery_min_amount, 'priority', b.priority, 'settings', b.settings,
      'timeZone', c.time_zone) order by b.priority, b.id)
    from branches b join cities c on c.id = b.city_id and c.merchant_id = $1 where ${CHOSEN}), '[]'::json),
  coalesce((select json_agg(json_build_object('branchId', h.branch_id, 'type', h.type, 'weekName', h.week_name, 'open', h.open,
      'close', h.close, 'extraOpen', h.extra_open, 'extraClose', h.extra_close, 'isDayOff', h.is_day_off))
    from work_hours h where h.merchant_id = $1
      and h.branch_id in (select b.id from branches b join cities c on c.id = b.city_id and c.merchant_id = $1 where ${CHOSEN})), '[]'::json),
  coalesce((select json_agg(json_build_object('branchId', s.branch_id, 'date', s.date, 'isDayOff', s.is_day_off, 'open', s.open,
      'close', s.close))
    from branch_special_days s where s.merchant_id = $1
      and s.branch_id in (select b.id from branches b join cities c on c.id = b.city_id and c.merchant_id = $1 where ${CHOSEN})), '[]'::json)`;

/** Branch reads: never a deleted branch, never another merchant's, and the city joined only within the merchant. */
export function createBranchesRepository(database: Database) {
  const { db } = database;
  const read = preparedRead(database, 'dx_branches', BRANCHES);

  async function select(
    merchantId: string,
    extra: { cityId?: string; id?: string },
  ): Promise<{ branches: BranchRow[]; hours: HoursRow[]; special: SpecialRow[] }> {
    const [row] = await read([merchantId, extra.cityId ?? null, extra.id ?? null]);
    return {
      branches: JSON.parse(row?.[0] ?? '[]') as BranchRow[],
      hours: JSON.parse(row?.[1] ?? '[]') as HoursRow[],
      special: JSON.parse(row?.[2] ?? '[]') as SpecialRow[],
    };
  }

  return {
    /** The merchant's branches (of one city when given) with their hours: one statement whatever the count. */
    list: (merchantId: string, cityId?: string) => select(merchantId, cityId ? { cityId } : {}),
    one: (merchantId: string, id: string) => select(merchantId, { id }),
    async cityExists(merchantId: string, cityId: string): Promise<boolean> {
      const rows = await db
        .select({ id: cities.id })
        .from(cities)
        .where(and(eq(cities.merchantId, merchantId), eq(cities.id, cityId)))
        .limit(1);
      return rows.length > 0;
    },
  };
}

export type BranchesRepository = ReturnType<typeof createBranchesRepository>;
export type BranchRows = Awaited<ReturnType<BranchesRepository['list']>>;
