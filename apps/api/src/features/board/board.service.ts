import {
  branchScopeOf,
  AppError,
  awaitsCourier,
  courierHasOrder,
  isActiveStatus,
  isUuid,
  DEFAULT_TIME_ZONE,
  nextStatuses,
  orderRoleOf,
  isBoardRole,
  type BoardRole,
  zonedDay,
  zonedInstant,
  type OrderStatus,
} from '@dasturxon/domain';
import type {
  CourierPositionRequest,
  CourierTracking,
  Figures,
  StaffOrder,
  StaffOrderList,
  StaffOrderListQuery,
  StaffStatusRequest,
  StopList,
} from '@dasturxon/domain/contracts';
import type { Db } from '@dasturxon/db';
import type { Clock } from '../../clock.ts';
import { createEventsRepository, orderEventOf } from '../live/index.ts';
import type { OrderRecord, OrdersService } from '../orders/index.ts';
import { createStaffRepository, type StaffRecord } from '../staff/index.ts';
import { createBoardRepository, type BoardCursor, type OrderScope, type PositionRecord } from './board.repository.ts';

export interface BoardServiceDeps {
  db: Db;
  clock: Clock;
  orders: OrdersService;
  /** Forget what the menu and the quote keep, so a stop-list change shows at once (not after their cache times). */
  invalidateMenus: () => void;
}

/** A board cursor as the client carries it: opaque, base64url of [rank, creation time, id]. */
const writeCursor = (c: BoardCursor): string => Buffer.from(JSON.stringify([c.rank, c.at, c.id])).toString('base64url');

function readCursor(text: string): BoardCursor {
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    // answered below
  }
  if (
    Array.isArray(parsed) &&
    parsed.length === 3 &&
    (parsed[0] === 0 || parsed[0] === 1 || parsed[0] === 2) &&
    typeof parsed[1] === 'string' &&
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(parsed[1]) &&
    isUuid(parsed[2])
  ) {
    return { rank: parsed[0], at: parsed[1], id: parsed[2] };
  }
  throw new AppError('VALIDATION_FAILED', { fields: [{ field: 'query.cursor', message: 'A nextCursor of the board' }] });
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const positionView = (p: PositionRecord | undefined) =>
  p ? { latitude: p.latitude, longitude: p.longitude, heading: p.heading, at: p.at.toISOString() } : null;

/** Which orders the staff member sees: the branches they work at (domain `branchScopeOf`); a courier theirs and the takeable ones. */
/** The member's role on the board: the waiter has none (the board's routes do not let them in). */
function boardRoleOf(member: StaffRecord): BoardRole {
  if (!isBoardRole(member.role)) throw new AppError('FORBIDDEN');
  return member.role;
}

export function scopeOf(member: StaffRecord): OrderScope {
  const scope = branchScopeOf(member);
  const branchIds = scope === null ? null : [...scope];
  return { branchIds, courierId: member.role === 'courier' ? member.id : null };
}

/** True when the order is one the staff member may see and act on. */
export function sees(member: StaffRecord, order: Pick<OrderRecord, 'branchId' | 'courierId' | 'status' | 'serviceType'>): boolean {
  const scope = scopeOf(member);
  const inBranch = scope.branchIds === null || scope.branchIds.includes(order.branchId);
  if (!scope.courierId) return inBranch;
  return order.courierId === scope.courierId || (inBranch && awaitsCourier(order));
}

/**
 * The staff console's work (issue 15, decision 010): the board's orders, their moves through the order table
 * (orders.staffMove, the one move function), couriers and their positions, the stop-list and the day's figures.
 */
export function createBoardService({ db, clock, orders, invalidateMenus }: BoardServiceDeps) {
  const repo = createBoardRepository(db);
  const staffRepo = createStaffRepository(db);

  async function view(member: StaffRecord, rows: OrderRecord[]): Promise<StaffOrder[]> {
    if (!rows.length) return [];
    const merchantId = member.merchantId;
    const presented = await orders.present(merchantId, rows);
    const staffIds = [
      ...new Set(
        rows
          .flatMap((r) => [r.courierId, r.operatorId])
          .concat(presented.flatMap((o) => o.history.map((h) => h.staffId)))
          .filter((id): id is string => Boolean(id)),
      ),
    ];
    const [customers, people, branches, positions] = [
      await repo.customers(merchantId, [...new Set(rows.map((r) => r.userId))]),
      await repo.staffNames(merchantId, staffIds),
      await repo.branches(merchantId, [...new Set(rows.map((r) => r.branchId))]),
      await repo.positions(merchantId, [...new Set(rows.map((r) => r.courierId).filter((id): id is string => Boolean(id)))]),
    ];
    const role = orderRoleOf(boardRoleOf(member));
    return rows.map((row, i) => {
      const order = presented[i]!;
      const branch = branches.get(row.branchId);
      const courier = row.courierId ? people.get(row.courierId) : undefined;
      // A courier takes only what is theirs to take: their own orders' next steps, or an unattached ready one.
      const next = nextStatuses(row.status, role, row.serviceType);
      return {
        ...order,
        customer: customers.get(row.userId) ?? { name: '', phone: null },
        branch: { ...order.branch, latitude: branch?.latitude ?? 0, longitude: branch?.longitude ?? 0 },
        courier: row.courierId && courier ? { id: row.courierId, ...courier } : null,
        courierStatus: row.courierStatus,
        courierPosition: row.courierId && courierHasOrder(row.status) ? positionView(positions.get(row.courierId)) : null,
        operatorId: row.operatorId,
        acceptedTime: iso(row.acceptedAt),
        readyTime: iso(row.readyAt),
        deliveredAt: iso(row.deliveredAt),
        cookingTime: row.cookingTime,
        next,
        history: order.history.map(({ staffId, ...h }) => ({
          ...h,
          staff: staffId ? { id: staffId, name: people.get(staffId)?.name ?? '' } : null,
        })),
      };
    });
  }

  async function own(member: StaffRecord, id: string): Promise<OrderRecord> {
    const row = await repo.order(member.merchantId, scopeOf(member), id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /** A courier the operator may attach: an active courier of the brand working at the order's branch. */
  async function checkCourier(tx: Db, merchantId: string, courierId: string, branchId: string): Promise<void> {
    const found = (await createStaffRepository(tx).ofRole(merchantId, 'courier')).find((c) => c.id === courierId);
    if (!found || (found.branchIds.length > 0 && !found.branchIds.includes(branchId)))
      throw new AppError('COURIER_NOT_FOUND', { courierId, branchId });
  }

  return {
    /** A page of the board: what the member sees, waiting orders first (domain `boardRank`), newest first within each rank. */
    async list(member: StaffRecord, query: StaffOrderListQuery): Promise<StaffOrderList> {
      const now = clock.now();
      const today = zonedInstant(zonedDay(now, DEFAULT_TIME_ZONE), '00:00', DEFAULT_TIME_ZONE) ?? new Date(now.getTime() - 86_400_000);
      const after = query.cursor === undefined ? undefined : readCursor(query.cursor);
      const rows = await repo.orders(member.merchantId, scopeOf(member), {
        ...(query.status ? { statuses: query.status } : {}),
        ...(query.branchId ? { branchId: query.branchId } : {}),
        ...(after ? { after } : {}),
        since: today,
        // One more than the page: whether another page follows, without a page that turns out empty.
        size: query.size + 1,
      });
      const page = rows.slice(0, query.size);
      const last = page.at(-1);
      return {
        content: await view(
          member,
          page.map((r) => r.row),
        ),
        nextCursor: rows.length > query.size && last ? writeCursor({ rank: last.rank, at: last.cursorAt, id: last.row.id }) : null,
      };
    },

    async get(member: StaffRecord, id: string): Promise<StaffOrder> {
      return (await view(member, [await own(member, id)]))[0]!;
    },

    /** A move by the staff member: their role on the order table, on an order they see; the courier's and the reason's rules. */
    async move(member: StaffRecord, id: string, body: StaffStatusRequest): Promise<StaffOrder> {
      const role = orderRoleOf(boardRoleOf(member));
      const to: OrderStatus = body.status;
      if (to === 'CANCELED' && !body.reason) throw new AppError('REJECT_REASON_REQUIRED');
      let courierId: string | undefined;
      if (to === 'ATTACHED') {
        courierId = member.role === 'courier' ? member.id : body.courierId;
        if (!courierId)
          throw new AppError('VALIDATION_FAILED', { fields: [{ field: 'body.courierId', message: 'The courier to attach' }] });
      }
      const moved = await orders.staffMove(member.merchantId, id, {
        to,
        role,
        staffId: member.id,
        comment: body.comment,
        ...(body.reason ? { reason: body.reason } : {}),
        ...(body.cookingTime ? { cookingTime: body.cookingTime } : {}),
        ...(courierId ? { courierId } : {}),
        authorize: async (order, tx) => {
          if (!sees(member, order)) throw new AppError('NOT_FOUND');
          // A courier moves only the orders attached to them (taking a ready one attaches it to them).
          if (member.role === 'courier' && to !== 'ATTACHED' && order.courierId !== member.id)
            throw new AppError('FORBIDDEN', { role: member.role });
          if (courierId && member.role !== 'courier') await checkCourier(tx, member.merchantId, courierId, order.branchId);
        },
      });
      return (await view(member, [moved]))[0]!;
    },

    async couriers(member: StaffRecord) {
      const all = await staffRepo.ofRole(member.merchantId, 'courier');
      const scope = scopeOf(member);
      const mine = all.filter(
        (c) => scope.branchIds === null || c.branchIds.length === 0 || c.branchIds.some((b) => scope.branchIds!.includes(b)),
      );
      const [active, positions] = [
        await repo.activeOrdersByCourier(member.merchantId),
        await repo.positions(
          member.merchantId,
          mine.map((c) => c.id),
        ),
      ];
      return mine.map((c) => ({
        id: c.id,
        name: c.name,
        phone: c.phone,
        branchIds: c.branchIds,
        activeOrders: active.get(c.id) ?? 0,
        position: positionView(positions.get(c.id)),
      }));
    },

    /**
     * The courier's phone reports where it is: kept as their last position and, for each of their orders on the way
     * (or attached), an event for that order's customer and the board.
     */
    async position(member: StaffRecord, body: CourierPositionRequest): Promise<void> {
      const at = clock.now();
      await db.transaction(async (tx) => {
        const txRepo = createBoardRepository(tx);
        await txRepo.savePosition(member.merchantId, member.id, {
          latitude: body.latitude,
          longitude: body.longitude,
          heading: body.heading,
          accuracy: body.accuracy,
          at,
        });
        const events = createEventsRepository(tx);
        for (const order of await txRepo.onTheWay(member.merchantId, member.id)) {
          await events.insert(
            orderEventOf(order, at, { latitude: body.latitude, longitude: body.longitude, heading: body.heading, at: at.toISOString() }),
          );
        }
      });
    },

    /**
     * Where the customer's order is: its branch, its address, and its courier with their last position while a courier has
     * it (attached or on the way). Another customer's order is not found (the orders service's own read).
     */
    async courierTracking(customer: { merchantId: string; id: string }, orderId: string): Promise<CourierTracking> {
      const order = await orders.get(customer, orderId);
      const found = (await repo.order(customer.merchantId, { branchIds: null, courierId: null }, order.id))!;
      const branch = (await repo.branches(customer.merchantId, [order.branch.id])).get(order.branch.id);
      const riding = found.courierId !== null && courierHasOrder(order.status);
      const courier = riding ? (await repo.staffNames(customer.merchantId, [found.courierId!])).get(found.courierId!) : undefined;
      const position = riding ? (await repo.positions(customer.merchantId, [found.courierId!])).get(found.courierId!) : undefined;
      return {
        orderId: order.id,
        status: order.status,
        courierStatus: found.courierStatus,
        branch: { latitude: branch?.latitude ?? 0, longitude: branch?.longitude ?? 0, name: order.branch.name },
        address: order.address ? { latitude: order.address.latitude, longitude: order.address.longitude } : null,
        courier: courier && isActiveStatus(order.status) ? courier : null,
        position: positionView(position),
      };
    },

    async stopList(member: StaffRecord, branchId: string): Promise<StopList> {
      const branch = (await repo.branches(member.merchantId, [branchId])).get(branchId);
      const scope = scopeOf(member);
      if (!branch || (scope.branchIds !== null && !scope.branchIds.includes(branchId)))
        throw new AppError('BRANCH_NOT_FOUND', { branchId });
      const { productRows, modificationRows } = await repo.stopList(member.merchantId, branchId);
      const byProduct = new Map<string, { id: string; name: Record<string, string>; stopped: boolean }[]>();
      for (const m of modificationRows)
        byProduct.set(m.productId, [...(byProduct.get(m.productId) ?? []), { id: m.id, name: m.name, stopped: Boolean(m.stopped) }]);
      return {
        branchId,
        deliveryPausedUntil:
          branch.deliveryPausedUntil && branch.deliveryPausedUntil.getTime() > clock.now().getTime()
            ? branch.deliveryPausedUntil.toISOString()
            : null,
        products: productRows.map((p) => ({
          id: p.id,
          name: p.name,
          categoryName: p.categoryName,
          stopped: Boolean(p.stopped),
          modifications: byProduct.get(p.id) ?? [],
        })),
      };
    },

    /** Switches a product or one of its modifications off (or on) at a branch; the menu and the quote see it at once. */
    async stop(
      member: StaffRecord,
      body: { branchId: string; productId?: string | undefined; modificationId?: string | undefined; stopped: boolean },
    ): Promise<StopList> {
      await this.stopList(member, body.branchId);
      if (Boolean(body.productId) === Boolean(body.modificationId)) {
        throw new AppError('VALIDATION_FAILED', { fields: [{ field: 'body', message: 'Name a product or a modification' }] });
      }
      if (body.productId) {
        if (!(await repo.productOf(member.merchantId, body.productId))) throw new AppError('PRODUCT_NOT_FOUND');
        await repo.stopProduct(member.merchantId, body.branchId, body.productId, body.stopped);
      } else {
        if (!(await repo.modificationOf(member.merchantId, body.modificationId!))) throw new AppError('NOT_FOUND');
        await repo.stopModification(member.merchantId, body.branchId, body.modificationId!, body.stopped, clock.now());
      }
      invalidateMenus();
      return this.stopList(member, body.branchId);
    },

    /** Pauses delivery from a branch for some minutes (0 resumes it); quotes and orders for delivery there answer BRANCH_CLOSED PAUSED. */
    async pauseDelivery(member: StaffRecord, body: { branchId: string; minutes: number }): Promise<StopList> {
      await this.stopList(member, body.branchId);
      await repo.pauseDelivery(
        member.merchantId,
        body.branchId,
        body.minutes > 0 ? new Date(clock.now().getTime() + body.minutes * 60_000) : null,
      );
      invalidateMenus();
      return this.stopList(member, body.branchId);
    },

    /** The day's figures per branch the member sees (the brand's day on Tashkent's clock). */
    async figures(member: StaffRecord, day?: string): Promise<Figures> {
      const theDay = day ?? zonedDay(clock.now(), DEFAULT_TIME_ZONE);
      const from = zonedInstant(theDay, '00:00', DEFAULT_TIME_ZONE);
      if (!from) throw new AppError('VALIDATION_FAILED', { fields: [{ field: 'query.day', message: 'A day YYYY-MM-DD' }] });
      const to = new Date(from.getTime() + 86_400_000);
      const scope = scopeOf(member);
      const rows = await repo.figures(member.merchantId, scope.branchIds, from, to);
      const branches = await repo.branches(member.merchantId, scope.branchIds ? [...scope.branchIds] : undefined);
      const round = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);
      return {
        day: theDay,
        branches: [...branches.values()].map((b) => {
          const r = rows.find((x) => x.branchId === b.id);
          return {
            branchId: b.id,
            name: b.name,
            orders: r?.orders ?? 0,
            canceled: r?.canceled ?? 0,
            revenue: r?.revenue ?? 0,
            acceptedToReadyMinutes: round(r?.acceptedToReady ?? null),
            acceptedToDeliveredMinutes: round(r?.acceptedToDelivered ?? null),
          };
        }),
      };
    },
  };
}

export type BoardService = ReturnType<typeof createBoardService>;
