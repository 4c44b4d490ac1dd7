import {
  completesOrder,
  courierStatusAfter,
  customerSeesMove,
  AppError,
  isDeliveryService,
  isOnlinePayment,
  moveProblem,
  type OrderRole,
  type OrderStatus,
} from '@dasturxon/domain';
import type { Clock } from '../../clock.ts';
import { orderEventOf } from '../live/index.ts';
import type { OrderRecord, OrdersRepository } from './orders.repository.ts';

/** One move of an order, by whoever makes it. */
export interface Move {
  to: OrderStatus;
  role: OrderRole;
  comment: string;
  reason?: string;
  /** The provider's move: the order is now paid (true) or not (false). */
  paid?: boolean;
  now?: Date;
  /** The staff member who makes it. */
  staffId?: string;
  /** The courier an ATTACHED move attaches. */
  courierId?: string;
  /** The kitchen's minutes, given with ACCEPTED. */
  cookingTime?: number;
}

/** What a move records on the order besides its status: who accepted it and when, ready, delivered, its courier. */
function moveStamps(order: OrderRecord, move: Move, now: Date, completes: boolean): Partial<OrderRecord> {
  const stamps: Partial<OrderRecord> = {};
  if (move.to === 'ACCEPTED') {
    stamps.acceptedAt = now;
    stamps.operatorId = move.staffId ?? null;
    if (move.cookingTime) stamps.cookingTime = move.cookingTime;
  }
  if (move.to === 'DONE' && order.status === 'COOKING') stamps.readyAt = now;
  if (completes) stamps.deliveredAt = now;
  if (move.to === 'ATTACHED') stamps.courierId = move.courierId ?? null;
  // Handed back by its courier: ready for another one.
  if (move.to === 'DONE' && order.status === 'ATTACHED') stamps.courierId = null;
  const courierStatus = isDeliveryService(order.serviceType) ? courierStatusAfter(move.to) : null;
  if (courierStatus !== null) stamps.courierStatus = courierStatus;
  return stamps;
}

/**
 * The moves of an order (decision 008): the one place every move goes through, whoever makes it (the customer, the
 * staff, a provider's payment, the timers). Each function works in the transaction of the repository it is given.
 */
export function createOrderMoves(clock: Clock) {
  /** What a cancelled order held goes back: the stock it took, its promo use and the cashback it spent. */
  async function release(repo: OrdersRepository, order: OrderRecord, now: Date): Promise<void> {
    const lines = await repo.linesOf(order.merchantId, [order.id]);
    const back = new Map<string, number>();
    for (const l of lines) if (l.stockTaken) back.set(l.productId, (back.get(l.productId) ?? 0) + l.count);
    for (const productId of [...back.keys()].sort()) await repo.returnStock(order.merchantId, productId, back.get(productId)!);
    await repo.deletePromoUse(order.merchantId, order.id);
    if (order.cashback > 0) await repo.moveCashback(order.merchantId, order.userId, order.cashback, 'RETURNED', order.id, now);
  }

  /**
   * Every move of an order, whoever makes it, goes through here (one rule, one place): the table allows it or it
   * is refused with ORDER_STATUS_CONFLICT; a cancel gives back what the order held; a move that completes the order
   * credits its earned cashback and settles a hand-over payment; the move is written to the history. `order` is
   * the row as read (locked) in the transaction of `repo`.
   */
  async function applyMove(repo: OrdersRepository, order: OrderRecord, move: Move): Promise<void> {
    const now = move.now ?? clock.now();
    const refused = moveProblem(order.status, move.to, move.role, order.serviceType);
    if (refused) throw new AppError(refused.code, refused.details);
    if (move.to === 'CANCELED') await release(repo, order, now);
    let isPaid = move.paid ?? order.isPaid;
    const completes = completesOrder(order.status, move.to);
    if (completes) {
      if (order.cashbackEarned > 0) await repo.moveCashback(order.merchantId, order.userId, order.cashbackEarned, 'EARNED', order.id, now);
      // Cash and the terminal are paid as the order is handed over.
      if (!isOnlinePayment(order.paymentType)) isPaid = true;
    }
    const change: Parameters<OrdersRepository['setStatus']>[2] = {
      status: move.to,
      isPaid,
      ...(move.to === 'CANCELED' ? { reason: move.reason ?? move.comment } : {}),
      ...(move.to !== 'CREATED' ? { payUntil: null } : {}),
      ...moveStamps(order, move, now, completes),
      updatedAt: now,
    };
    await repo.setStatus(order.merchantId, order.id, change);
    await repo.insertStatus({
      merchantId: order.merchantId,
      orderId: order.id,
      fromStatus: order.status,
      toStatus: move.to,
      role: move.role,
      reason:
        move.to === 'ATTACHED' || (move.to === 'DONE' && order.status === 'ATTACHED')
          ? 'CHANGE_COURIER_STATUS'
          : move.paid
            ? 'PAID_AND_CHANGE_STATUS'
            : 'CHANGE_STATUS',
      comment: move.comment,
      staffId: move.staffId ?? null,
      at: now,
    });
    // Everyone watching the order hears of it (in this transaction: the event exists exactly when the move does),
    // and the customer gets a message unless the move was their own or changes nothing they read (a courier taking
    // a ready order: customerSeesMove). Last, for the brand's event lock (see place).
    await announce(repo, { ...order, ...change } as OrderRecord, now, move.role !== 'customer' && customerSeesMove(order.status, move.to));
  }

  /** The order's event for the streams and, where the brand sends them, the customer's notification. */
  async function announce(repo: OrdersRepository, order: OrderRecord, now: Date, notify: boolean): Promise<void> {
    await repo.events.insert(orderEventOf(order, now));
    if (notify && (await repo.notificationsActive(order.merchantId))) {
      await repo.insertNotification({
        merchantId: order.merchantId,
        userId: order.userId,
        orderId: order.id,
        orderNumber: order.number,
        status: order.status,
        telegramChatId: order.telegramChatId,
        telegramState: order.telegramChatId ? 'PENDING' : 'NONE',
        createdAt: now,
      });
    }
  }

  /** A move made by the system's timers, skipped if the table does not allow it (the order moved on meanwhile). */
  async function timerMove(
    repo: OrdersRepository,
    order: OrderRecord,
    to: 'OPEN' | 'CANCELED',
    now: Date,
    comment: string,
  ): Promise<boolean> {
    if (moveProblem(order.status, to, 'system', order.serviceType)) return false;
    await applyMove(repo, order, { to, role: 'system', comment, now });
    return true;
  }

  return { applyMove, announce, timerMove };
}

export type OrderMoves = ReturnType<typeof createOrderMoves>;
