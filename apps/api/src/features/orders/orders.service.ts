import type { Db } from '@dasturxon/db';
import {
  courierStatusAfter,
  AppError,
  allowedPaymentTypes,
  awaitsPayment,
  CHANNEL_TYPES,
  isActiveStatus,
  isDeliveryService,
  isOnlinePayment,
  completesOrder,
  customerSeesMove,
  customerMayCancel,
  moveProblem,
  SCHEDULE_MAX_DAYS,
  unpaidOrderDue,
  type CancelOrderRequest,
  type ChannelType,
  type CustomerOrderDevice,
  type Order,
  type OrderListQuery,
  type OrderMerchantSettings,
  type OrderPage,
  type OrderRequest,
  type OrderRole,
  type OrderSetting,
  type OrderStatus,
  type PaymentType,
} from '@dasturxon/domain';
import type { Clock } from '../../clock.ts';
import type { MerchantRecord } from '../../plugins/tenant.ts';
import { invalidCode, type OtpService } from '../auth/index.ts';
import { orderEventOf } from '../live/index.ts';
import { placeOrder, type Customer, type PlaceOptions, type PlaceOrderDeps } from './place-order/index.ts';
import {
  createOrdersRepository,
  type OrderLineRecord,
  type OrderRecord,
  type OrdersRepository,
  type StatusEntryRecord,
} from './orders.repository.ts';

/** The brand's staff who move orders along the table (the staff console). */
/** The order table's roles the staff move orders as (an admin moves as an operator: domain `orderRoleOf`). */
export type StaffOrderRole = Extract<OrderRole, 'operator' | 'kitchen' | 'courier'>;

/** An order as presented, with who made each move (staff id) kept for the staff's view. */
export type PresentedOrder = Omit<Order, 'history'> & { history: (Order['history'][number] & { staffId: string | null })[] };

/** One move of an order, by whoever makes it. */
interface Move {
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

export interface OrdersServiceDeps {
  db: Db;
  clock: Clock;
  quotes: PlaceOrderDeps['quotes'];
  /** One-time codes by SMS (the login's), for brands that confirm each order with one. */
  codes: Pick<OtpService, 'send' | 'check'>;
  /** The Telegram chat an order's status messages go to, from the Mini App data the brand's bot signed (ops feature). */
  telegramChatOf?: (merchantId: string, initData: string | undefined) => Promise<string | null>;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Placing, reading and cancelling the signed-in customer's orders, and every move of an order. Placing is the named
 * steps of `place-order/` in one transaction; this service answers their outcome.
 */
export function createOrdersService({ db, clock, quotes, codes, telegramChatOf }: OrdersServiceDeps) {
  /** Orders with their lines, history and branch, as the customer reads them. */
  /** Orders as the customer reads them; each history entry also names the staff member who made it (the staff's view reads it; the customer's contract drops it). */
  async function present(repo: OrdersRepository, merchantId: string, rows: OrderRecord[]): Promise<PresentedOrder[]> {
    const ids = rows.map((r) => r.id);
    const [lines, history, branches] = [
      await repo.linesOf(merchantId, ids),
      await repo.historyOf(merchantId, ids),
      await repo.branchesOf(merchantId, [...new Set(rows.map((r) => r.branchId))]),
    ];
    const group = <T extends { orderId: string }>(items: T[]) => {
      const by = new Map<string, T[]>();
      for (const item of items) by.set(item.orderId, [...(by.get(item.orderId) ?? []), item]);
      return by;
    };
    const linesBy = group<OrderLineRecord>(lines);
    const historyBy = group<StatusEntryRecord>(history);
    return rows.map((o) => {
      const branch = branches.get(o.branchId);
      return {
        id: o.id,
        number: o.number,
        status: o.status,
        isActive: isActiveStatus(o.status),
        serviceType: o.serviceType,
        paymentType: o.paymentType,
        orderDevice: o.orderDevice as CustomerOrderDevice,
        isPaid: o.isPaid,
        userId: o.userId,
        merchantId: o.merchantId,
        branch: { id: o.branchId, name: branch?.name ?? {}, address: branch?.address ?? '', phone: branch?.phone ?? '' },
        address: o.address,
        cartItems: (linesBy.get(o.id) ?? []).map((l) => ({
          productId: l.productId,
          name: l.name,
          image: l.image,
          count: l.count,
          unitPrice: l.unitPrice,
          modifications: l.modifications,
          gross: l.gross,
          discount: l.discount,
          net: l.net,
        })),
        comment: o.comment,
        courierComment: o.courierComment,
        receiver: o.receiver,
        sendCheque: o.sendCheque,
        productCount: o.productCount,
        productPrice: o.productPrice,
        productDiscount: o.productDiscount,
        promoProductDiscount: o.promoProductDiscount,
        deliveryPrice: o.deliveryPrice,
        deliveryDiscount: o.deliveryDiscount,
        serviceFee: o.serviceFee,
        totalDiscount: o.totalDiscount,
        totalPrice: o.totalPrice,
        cashback: o.cashback,
        cashbackEarned: o.cashbackEarned,
        promo: o.promoId && o.promoCode ? { id: o.promoId, code: o.promoCode } : null,
        atTime: o.deliveryAt !== null,
        deliveryAt: iso(o.deliveryAt),
        reason: o.reason,
        createdAt: o.createdAt.toISOString(),
        history: (historyBy.get(o.id) ?? []).map((h) => ({
          from: h.fromStatus,
          to: h.toStatus,
          role: h.role,
          reason: h.reason,
          comment: h.comment,
          at: h.at.toISOString(),
          staffId: h.staffId,
        })),
      };
    });
  }

  async function readOwn(customer: Customer, id: string): Promise<Order> {
    const repo = createOrdersRepository(db);
    const row = await repo.findOwn(customer.merchantId, customer.id, id);
    if (!row) throw new AppError('NOT_FOUND');
    return (await present(repo, customer.merchantId, [row]))[0]!;
  }

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

  return {
    /**
     * The order timers (decision 008): unpaid online orders past their payment time are cancelled and what they held
     * goes back, unless a provider's payment is under way (then their payment time moves to its window's end); scheduled orders whose opening time (their time less the lead time) has come open. Due orders are
     * rows read with FOR UPDATE SKIP LOCKED in one transaction per batch, so a restart loses nothing and instances
     * sharing a database move each order once. Answers how many moved.
     */
    async runTimers(batch = 100): Promise<{ opened: number; canceled: number }> {
      const now = clock.now();
      let opened = 0;
      let canceled = 0;
      await db.transaction(async (tx) => {
        const repo = createOrdersRepository(tx);
        for (const order of await repo.dueOrders('unpaid', now, batch)) {
          // A provider's payment under way holds the order until that provider's own window has passed: its payment
          // time moves to the window's end (the order comes due again then), so the timer never races the provider.
          const due = unpaidOrderDue(order.payUntil!.getTime(), await repo.paymentsInProgress(order.merchantId, order.id), now.getTime());
          if (!due.cancel) await repo.setStatus(order.merchantId, order.id, { payUntil: new Date(due.dueAt) });
          else if (await timerMove(repo, order, 'CANCELED', now, 'NOT_PAID_IN_TIME')) canceled++;
        }
        for (const order of await repo.dueOrders('open', now, batch))
          if (await timerMove(repo, order, 'OPEN', now, 'SCHEDULED_TIME')) opened++;
      });
      return { opened, canceled };
    },

    /** Orders of the brand as presented to the customer (with who made each move): the staff console builds on it. */
    async present(merchantId: string, rows: OrderRecord[]): Promise<PresentedOrder[]> {
      return rows.length ? present(createOrdersRepository(db), merchantId, rows) : [];
    },

    /**
     * The payments feature's view of an order: the brand's order by id with its lines, locked in the provider's
     * transaction `tx` (so a payment and a timer or a cancel never cross), or null when the brand has no such order.
     */
    async forPayment(tx: Db, merchantId: string, orderId: string): Promise<{ order: OrderRecord; lines: OrderLineRecord[] } | null> {
      const repo = createOrdersRepository(tx);
      const order = await repo.findById(merchantId, orderId, true);
      return order ? { order, lines: await repo.linesOf(merchantId, [orderId]) } : null;
    },

    /**
     * The provider confirmed the payment, inside its own transaction `tx`: the order becomes paid and moves from
     * CREATED to OPEN, or to AT_TIME when it is scheduled and its opening time has not come (the lifecycle's payment
     * move). Refused with ORDER_STATUS_CONFLICT when the order is not awaiting payment (paid, cancelled).
     */
    async markPaid(tx: Db, order: OrderRecord, comment: string): Promise<void> {
      const now = clock.now();
      const to = order.opensAt && order.opensAt.getTime() > now.getTime() ? 'AT_TIME' : 'OPEN';
      if (order.isPaid) throw new AppError('ORDER_STATUS_CONFLICT', { from: order.status, to, action: 'PAY' });
      await applyMove(createOrdersRepository(tx), order, { to, role: 'payment', comment, paid: true, now });
    },

    /**
     * A provider's payment came for an order that no longer awaits it (cancelled) and was refused, inside the
     * provider's transaction `tx`, so the provider gives the money back: the customer is told as of a move (the order's
     * event and, where the brand sends them, a notification of its state), the order itself unchanged.
     */
    async paymentRefused(tx: Db, order: OrderRecord): Promise<void> {
      await announce(createOrdersRepository(tx), order, clock.now(), true);
    },

    /**
     * The provider gave the money back (or the payment failed), inside its transaction `tx`: the order is unpaid and
     * cancelled through the lifecycle's payment move, and its stock, promo use and spent cashback go back; an order
     * cancelled already is only made unpaid. Refused with ORDER_STATUS_CONFLICT once the branch has accepted it (only
     * staff may stop it then).
     */
    async cancelForPayment(tx: Db, order: OrderRecord, comment: string): Promise<void> {
      const repo = createOrdersRepository(tx);
      // Cancelled already (by the staff, who gave back what it held): the money coming back only makes it unpaid.
      if (order.status === 'CANCELED') {
        if (order.isPaid) await repo.setStatus(order.merchantId, order.id, { isPaid: false, updatedAt: clock.now() });
        return;
      }
      await applyMove(repo, order, { to: 'CANCELED', role: 'payment', comment, paid: false });
    },

    /**
     * A move by the brand's staff (operator, kitchen, courier) on the lifecycle's table, in a transaction of its
     * own: the staff console's call. `authorize` sees the locked order first and throws to refuse (another branch,
     * another courier's order). Completing an order credits the cashback it earned.
     */
    async staffMove(
      merchantId: string,
      orderId: string,
      move: Omit<Move, 'role' | 'comment' | 'now' | 'paid'> & {
        role: StaffOrderRole;
        comment?: string;
        authorize?: (order: OrderRecord, tx: Db) => void | Promise<void>;
      },
    ): Promise<OrderRecord> {
      return db.transaction(async (tx) => {
        const repo = createOrdersRepository(tx);
        const order = await repo.findById(merchantId, orderId, true);
        if (!order) throw new AppError('NOT_FOUND');
        const { authorize, ...rest } = move;
        await authorize?.(order, tx);
        await applyMove(repo, order, { ...rest, comment: move.comment ?? '' });
        return (await repo.findById(merchantId, orderId))!;
      });
    },

    /**
     * Places an order (the steps of `place-order/`). Answers `{ order, replayed }`: `replayed` when the same
     * Idempotency-Key and body placed it before (then nothing new is written). The other outcomes are the API's errors:
     * a code to confirm the order is sent first (428), a wrong code (400), a refusal by a rule.
     */
    async place(
      customer: Customer,
      merchant: MerchantRecord,
      body: OrderRequest,
      options: PlaceOptions,
    ): Promise<{ order: Order; replayed: boolean }> {
      const outcome = await placeOrder({ db, quotes, codes, telegramChatOf }, { customer, merchant, body, options, now: clock.now() });
      switch (outcome.kind) {
        case 'placed':
        case 'duplicate':
          return { order: await readOwn(customer, outcome.orderId), replayed: outcome.kind === 'duplicate' };
        case 'needs-confirmation': {
          const sent = await codes.send({
            merchant,
            phone: outcome.phone,
            purpose: 'ORDER',
            subject: outcome.subject,
            clientIp: options.clientIp,
          });
          throw new AppError('ORDER_CONFIRMATION_REQUIRED', {
            phone: sent.phone,
            codeLength: sent.codeLength,
            resendAfterSeconds: sent.resendAfterSeconds,
            expiresInSeconds: sent.expiresInSeconds,
          });
        }
        case 'wrong-code':
          throw invalidCode(outcome);
        case 'refused':
          throw outcome.error;
      }
    },

    async get(customer: Customer, id: string): Promise<Order> {
      return readOwn(customer, id);
    },

    /** A page of the customer's orders (the Archive's when `onlyArchive`); another customer's id answers 404. */
    async list(customer: Customer, userId: string, query: OrderListQuery): Promise<OrderPage> {
      if (userId !== customer.id) throw new AppError('NOT_FOUND');
      const repo = createOrdersRepository(db);
      const { rows, total } = await repo.listOwn(customer.merchantId, customer.id, {
        page: query.page,
        size: query.size,
        only: query.onlyArchive ? 'archive' : 'all',
      });
      return {
        content: await present(repo, customer.merchantId, rows),
        page: query.page,
        size: query.size,
        totalElements: total,
        totalPages: Math.ceil(total / query.size),
      };
    },

    /** Every active order of the customer (not CLOSED, DELIVERED or CANCELED), newest first. */
    async active(customer: Customer, userId: string): Promise<Order[]> {
      if (userId !== customer.id) throw new AppError('NOT_FOUND');
      const repo = createOrdersRepository(db);
      const { rows } = await repo.listOwn(customer.merchantId, customer.id, { page: 0, size: 100, only: 'active' });
      return present(repo, customer.merchantId, rows);
    },

    /**
     * The customer cancels their order: allowed where the brand lets customers cancel (cancelOrderActive) and
     * the table lets the customer make the move (before ACCEPTED). Its stock, promo use and spent cashback go back.
     */
    async cancel(customer: Customer, id: string, body: CancelOrderRequest): Promise<Order> {
      await db.transaction(async (tx) => {
        const repo = createOrdersRepository(tx);
        const order = await repo.findOwn(customer.merchantId, customer.id, id, true);
        if (!order) throw new AppError('NOT_FOUND');
        const settings = await repo.settings(customer.merchantId);
        if (!settings.cancelOrderActive) throw new AppError('ORDER_CANCEL_NOT_ALLOWED');
        // Paid online: the money goes back through the provider, which the operator starts.
        if (!moveProblem(order.status, 'CANCELED', 'customer', order.serviceType) && !customerMayCancel(order, true))
          throw new AppError('ORDER_CANCEL_NOT_ALLOWED', { reason: 'PAID_ONLINE' });
        await applyMove(repo, order, {
          to: 'CANCELED',
          role: 'customer',
          reason: body.reason,
          comment: [body.reason, body.comment].filter(Boolean).join(' — '),
        });
      });
      return readOwn(customer, id);
    },

    /** What the customer may do with their order now (`GET /orders/v1/order/setting/{id}`): the order page's actions. */
    async setting(customer: Customer, id: string): Promise<OrderSetting> {
      const repo = createOrdersRepository(db);
      const order = await repo.findOwn(customer.merchantId, customer.id, id);
      if (!order) throw new AppError('NOT_FOUND');
      const { cancelOrderActive } = await repo.settings(customer.merchantId);
      const payable = awaitsPayment(order);
      return {
        orderId: order.id,
        status: order.status,
        isPaid: order.isPaid,
        paymentType: order.paymentType,
        canCancel: customerMayCancel(order, cancelOrderActive),
        canPay: payable && (order.payUntil === null || order.payUntil.getTime() > clock.now().getTime()),
        payUntil: payable ? iso(order.payUntil) : null,
        canHide: !isActiveStatus(order.status) && order.hiddenAt === null,
        canRepeat: true,
        hidden: order.hiddenAt !== null,
        cancelOrderActive,
      };
    },

    /** Hides a finished order from the customer's history; an active one stays (ORDER_STATUS_CONFLICT). */
    async hide(customer: Customer, id: string): Promise<void> {
      const repo = createOrdersRepository(db);
      const order = await repo.findOwn(customer.merchantId, customer.id, id);
      if (!order) throw new AppError('NOT_FOUND');
      if (isActiveStatus(order.status)) throw new AppError('ORDER_STATUS_CONFLICT', { from: order.status, action: 'HIDE' });
      await repo.hide(customer.merchantId, customer.id, id, clock.now());
    },

    /** What checkout needs before placing: lead time, payment types per channel, minimums, what the brand allows. */
    async settings(merchant: MerchantRecord): Promise<OrderMerchantSettings> {
      const repo = createOrdersRepository(db);
      const s = await repo.settings(merchant.id);
      const paymentTypes = Object.fromEntries(CHANNEL_TYPES.map((c: ChannelType) => [c, allowedPaymentTypes(s, s.methods, c)])) as Record<
        ChannelType,
        PaymentType[]
      >;
      return {
        shouldValidateDeliveryArea: s.shouldValidateDeliveryArea,
        isSmsConfirmationRequiredPerOrder: s.isSmsConfirmationRequiredPerOrder,
        leadTimeMinutes: s.leadTimeMinutes,
        scheduleMaxDays: SCHEDULE_MAX_DAYS,
        paymentTypes,
        deliveryMinAmounts: await repo.deliveryMinAmounts(merchant.id),
        cancelOrderActive: s.cancelOrderActive,
        cashbackActive: s.cashbackActive,
        promoActive: s.promoActive,
        receiverActive: s.receiverActive,
        deliveryActive: s.deliveryActive,
        pickupActive: s.pickupActive,
        dineInActive: s.dineInActive,
      };
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
