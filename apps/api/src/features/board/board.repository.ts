import { and, asc, desc, eq, gte, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  branches,
  categories,
  courierPositions,
  modificationBranches,
  modifications,
  orders,
  productBranches,
  products,
  staff,
  users,
  inIds,
  type Db,
} from '@dasturxon/db';
import {
  ACTIVE_ORDER_STATUSES,
  BOARD_WAITING_STATUSES,
  BOARD_WORKING_STATUSES,
  DELIVERY_SERVICE_TYPES,
  WITH_COURIER_STATUSES,
  type BoardRank,
  type OrderStatus,
} from '@dasturxon/domain';
import type { OrderRecord } from '../orders/index.ts';

/** Which of the brand's orders a staff member sees (decision 010): branches (null = all), or a courier's own and takeable. */
export interface OrderScope {
  branchIds: readonly string[] | null;
  courierId: string | null;
}

/** Where a board page ended: its last order's rank, creation time (to the microsecond) and id. */
export interface BoardCursor {
  rank: BoardRank;
  at: string;
  id: string;
}

export interface PositionRecord {
  latitude: number;
  longitude: number;
  heading: number | null;
  at: Date;
}

/** The console's reads and the stop-list's writes. Every query names the brand. */
export function createBoardRepository(db: Db) {
  const visible = (scope: OrderScope): SQL | undefined => {
    const inBranches = scope.branchIds ? inIds(orders.branchId, scope.branchIds) : undefined;
    if (!scope.courierId) return inBranches;
    // A courier: the orders attached to them, and ready delivery orders of their branches nobody has taken (domain `awaitsCourier`).
    return or(
      eq(orders.courierId, scope.courierId),
      and(inBranches, eq(orders.status, 'DONE'), isNull(orders.courierId), inArray(orders.serviceType, [...DELIVERY_SERVICE_TYPES])),
    );
  };

  return {
    /**
     * One page of the board (decision 010, "The board's pages"): by the domain's `boardRank` (waiting for
     * acceptance, in the branch's hands, the rest), then newest first, then id; `after` is the last row of the
     * previous page. Keyset paging: a page never shifts under an order arriving or moving meanwhile (the live
     * stream brings those). `cursorAt` is the creation time to the microsecond, as the next page compares it.
     */
    async orders(
      merchantId: string,
      scope: OrderScope,
      filter: { statuses?: readonly OrderStatus[]; branchId?: string; since: Date; after?: BoardCursor; size: number },
    ): Promise<{ row: OrderRecord; rank: BoardRank; cursorAt: string }[]> {
      const rank = sql<number>`(case when ${inArray(orders.status, [...BOARD_WAITING_STATUSES])} then 0 when ${inArray(orders.status, [...BOARD_WORKING_STATUSES])} then 1 else 2 end)`;
      const after = filter.after;
      const rows = await db
        .select({
          row: orders,
          rank,
          cursorAt: sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
        })
        .from(orders)
        .where(
          and(
            eq(orders.merchantId, merchantId),
            visible(scope),
            filter.branchId ? eq(orders.branchId, filter.branchId) : undefined,
            filter.statuses
              ? inArray(orders.status, [...filter.statuses])
              : or(gte(orders.createdAt, filter.since), inArray(orders.status, [...ACTIVE_ORDER_STATUSES])),
            after
              ? or(
                  sql`${rank} > ${after.rank}`,
                  and(
                    sql`${rank} = ${after.rank}`,
                    sql`(${orders.createdAt}, ${orders.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`,
                  ),
                )
              : undefined,
          ),
        )
        .orderBy(asc(rank), desc(orders.createdAt), desc(orders.id))
        .limit(filter.size);
      return rows.map((r) => ({ ...r, rank: Number(r.rank) as BoardRank }));
    },

    async order(merchantId: string, scope: OrderScope, id: string): Promise<OrderRecord | null> {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.merchantId, merchantId), eq(orders.id, id), visible(scope)))
        .limit(1);
      return row ?? null;
    },

    async customers(merchantId: string, ids: string[]): Promise<Map<string, { name: string; phone: string | null }>> {
      if (!ids.length) return new Map();
      const rows = await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, phone: users.phone })
        .from(users)
        .where(and(eq(users.merchantId, merchantId), inArray(users.id, ids)));
      return new Map(rows.map((r) => [r.id, { name: `${r.firstName} ${r.lastName}`.trim(), phone: r.phone }]));
    },

    async staffNames(merchantId: string, ids: string[]): Promise<Map<string, { name: string; phone: string }>> {
      if (!ids.length) return new Map();
      const rows = await db
        .select({ id: staff.id, name: staff.name, phone: staff.phone })
        .from(staff)
        .where(and(eq(staff.merchantId, merchantId), inArray(staff.id, ids)));
      return new Map(rows.map((r) => [r.id, { name: r.name, phone: r.phone }]));
    },

    async branches(merchantId: string, ids?: string[]) {
      const rows = await db
        .select({
          id: branches.id,
          name: branches.name,
          address: branches.address,
          phone: branches.phone,
          latitude: branches.latitude,
          longitude: branches.longitude,
          deliveryPausedUntil: branches.deliveryPausedUntil,
        })
        .from(branches)
        .where(and(eq(branches.merchantId, merchantId), eq(branches.deleted, false), ids ? inIds(branches.id, ids) : undefined));
      return new Map(rows.map((r) => [r.id, r]));
    },

    async positions(merchantId: string, courierIds: string[]): Promise<Map<string, PositionRecord>> {
      if (!courierIds.length) return new Map();
      const rows = await db
        .select()
        .from(courierPositions)
        .where(and(eq(courierPositions.merchantId, merchantId), inArray(courierPositions.courierId, courierIds)));
      return new Map(rows.map((r) => [r.courierId, { latitude: r.latitude, longitude: r.longitude, heading: r.heading, at: r.at }]));
    },

    async savePosition(merchantId: string, courierId: string, position: PositionRecord & { accuracy: number | null }): Promise<void> {
      await db
        .insert(courierPositions)
        .values({ merchantId, courierId, ...position })
        .onConflictDoUpdate({ target: [courierPositions.merchantId, courierPositions.courierId], set: position });
    },

    /** The courier's orders that are on the way (their position is news for those orders' customers). */
    async onTheWay(merchantId: string, courierId: string): Promise<OrderRecord[]> {
      return db
        .select()
        .from(orders)
        .where(and(eq(orders.merchantId, merchantId), eq(orders.courierId, courierId), inArray(orders.status, [...WITH_COURIER_STATUSES])));
    },

    async activeOrdersByCourier(merchantId: string): Promise<Map<string, number>> {
      const rows = await db
        .select({ courierId: orders.courierId, n: sql<number>`count(*)::int` })
        .from(orders)
        .where(and(eq(orders.merchantId, merchantId), inArray(orders.status, [...WITH_COURIER_STATUSES])))
        .groupBy(orders.courierId);
      return new Map(rows.filter((r) => r.courierId).map((r) => [r.courierId!, Number(r.n)]));
    },

    /** The brand's active products with their category, modifications and what is switched off at the branch. */
    async stopList(merchantId: string, branchId: string) {
      const productRows = await db
        .select({
          id: products.id,
          name: products.name,
          categoryName: categories.name,
          categoryPriority: categories.priority,
          priority: products.priority,
          stopped: sql<boolean>`coalesce((select not pb.is_active from ${productBranches} pb
            where pb.merchant_id = ${products.merchantId} and pb.product_id = ${products.id} and pb.branch_id = ${branchId}), false)`,
        })
        .from(products)
        .innerJoin(categories, and(eq(categories.merchantId, products.merchantId), eq(categories.id, products.categoryId)))
        .where(and(eq(products.merchantId, merchantId), eq(products.active, true), eq(categories.active, true)))
        .orderBy(asc(categories.priority), asc(products.priority), asc(products.id));
      const modificationRows = await db
        .select({
          id: modifications.id,
          productId: modifications.productId,
          name: modifications.name,
          stopped: sql<boolean>`coalesce((select not mb.is_active from ${modificationBranches} mb
            where mb.merchant_id = ${modifications.merchantId} and mb.modification_id = ${modifications.id} and mb.branch_id = ${branchId}), false)`,
        })
        .from(modifications)
        .where(and(eq(modifications.merchantId, merchantId), eq(modifications.active, true)))
        .orderBy(asc(modifications.priority), asc(modifications.id));
      return { productRows, modificationRows };
    },

    async productOf(merchantId: string, productId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.merchantId, merchantId), eq(products.id, productId)))
        .limit(1);
      return Boolean(row);
    },

    async modificationOf(merchantId: string, modificationId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: modifications.id })
        .from(modifications)
        .where(and(eq(modifications.merchantId, merchantId), eq(modifications.id, modificationId)))
        .limit(1);
      return Boolean(row);
    },

    async stopProduct(merchantId: string, branchId: string, productId: string, stopped: boolean): Promise<void> {
      await db
        .insert(productBranches)
        .values({ merchantId, productId, branchId, isActive: !stopped })
        .onConflictDoUpdate({
          target: [productBranches.merchantId, productBranches.productId, productBranches.branchId],
          set: { isActive: !stopped },
        });
    },

    async stopModification(merchantId: string, branchId: string, modificationId: string, stopped: boolean, at: Date): Promise<void> {
      if (!stopped) {
        await db
          .delete(modificationBranches)
          .where(
            and(
              eq(modificationBranches.merchantId, merchantId),
              eq(modificationBranches.modificationId, modificationId),
              eq(modificationBranches.branchId, branchId),
            ),
          );
        return;
      }
      await db
        .insert(modificationBranches)
        .values({ merchantId, modificationId, branchId, isActive: false, updatedAt: at })
        .onConflictDoUpdate({
          target: [modificationBranches.merchantId, modificationBranches.modificationId, modificationBranches.branchId],
          set: { isActive: false, updatedAt: at },
        });
    },

    async pauseDelivery(merchantId: string, branchId: string, until: Date | null): Promise<void> {
      await db
        .update(branches)
        .set({ deliveryPausedUntil: until })
        .where(and(eq(branches.merchantId, merchantId), eq(branches.id, branchId)));
    },

    /** Per branch, the orders placed in [from, to): how many, cancelled, the completed ones' total and their times. */
    async figures(merchantId: string, branchIds: readonly string[] | null, from: Date, to: Date) {
      const minutes = (a: SQL | typeof orders.readyAt, b: typeof orders.acceptedAt) =>
        sql<number | null>`avg(extract(epoch from (${a} - ${b})) / 60)`;
      const rows = await db
        .select({
          branchId: orders.branchId,
          orders: sql<number>`count(*)::int`,
          canceled: sql<number>`(count(*) filter (where ${orders.status} = 'CANCELED'))::int`,
          revenue: sql<number>`coalesce(sum(${orders.totalPrice}) filter (where ${orders.deliveredAt} is not null), 0)::bigint`,
          acceptedToReady: minutes(orders.readyAt, orders.acceptedAt),
          acceptedToDelivered: sql<
            number | null
          >`avg(extract(epoch from (${orders.deliveredAt} - ${orders.acceptedAt})) / 60) filter (where ${inArray(orders.serviceType, [...DELIVERY_SERVICE_TYPES])})`,
        })
        .from(orders)
        .where(
          and(
            eq(orders.merchantId, merchantId),
            gte(orders.createdAt, from),
            sql`${orders.createdAt} < ${to}`,
            branchIds ? inIds(orders.branchId, branchIds) : undefined,
          ),
        )
        .groupBy(orders.branchId);
      return rows.map((r) => ({
        branchId: r.branchId,
        orders: Number(r.orders),
        canceled: Number(r.canceled),
        revenue: Number(r.revenue),
        acceptedToReady: r.acceptedToReady === null ? null : Number(r.acceptedToReady),
        acceptedToDelivered: r.acceptedToDelivered === null ? null : Number(r.acceptedToDelivered),
      }));
    },
  };
}

export type BoardRepository = ReturnType<typeof createBoardRepository>;
