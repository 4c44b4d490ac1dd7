import { and, asc, eq, inArray } from 'drizzle-orm';
import { branches, cities, workHours, type Db } from '@dasturxon/db';

const branchColumns = {
  id: branches.id,
  merchantId: branches.merchantId,
  cityId: branches.cityId,
  name: branches.name,
  address: branches.address,
  latitude: branches.latitude,
  longitude: branches.longitude,
  phone: branches.phone,
  bookingPhone: branches.bookingPhone,
  isActive: branches.isActive,
  isMain: branches.isMain,
  deliveryPrice: branches.deliveryPrice,
  deliveryStart: branches.deliveryStart,
  deliveryEnd: branches.deliveryEnd,
  deliveryMinAmount: branches.deliveryMinAmount,
  priority: branches.priority,
  settings: branches.settings,
  timeZone: cities.timeZone,
};

const hoursColumns = {
  branchId: workHours.branchId,
  type: workHours.type,
  weekName: workHours.weekName,
  open: workHours.open,
  close: workHours.close,
  extraOpen: workHours.extraOpen,
  extraClose: workHours.extraClose,
  isDayOff: workHours.isDayOff,
};

/** Branch reads: never a deleted branch, never another merchant's, and the city joined only within the merchant. */
export function createBranchesRepository(db: Db) {
  async function hoursOf(merchantId: string, branchIds: string[]) {
    if (branchIds.length === 0) return [];
    return db
      .select(hoursColumns)
      .from(workHours)
      .where(and(eq(workHours.merchantId, merchantId), inArray(workHours.branchId, branchIds)));
  }

  async function select(merchantId: string, extra: { cityId?: string; id?: string }) {
    const rows = await db
      .select(branchColumns)
      .from(branches)
      .innerJoin(cities, and(eq(cities.id, branches.cityId), eq(cities.merchantId, merchantId)))
      .where(
        and(
          eq(branches.merchantId, merchantId),
          eq(branches.deleted, false),
          extra.cityId ? eq(branches.cityId, extra.cityId) : undefined,
          extra.id ? eq(branches.id, extra.id) : undefined,
        ),
      )
      .orderBy(asc(branches.priority), asc(branches.id));
    return { branches: rows, hours: await hoursOf(merchantId, rows.map((r) => r.id)) };
  }

  return {
    /** The merchant's branches (of one city when given) with their hours: two queries whatever the count. */
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
