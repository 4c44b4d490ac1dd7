import type { Db } from '@dasturxon/db';
import {
  AppError,
  allowedPaymentTypes,
  awaitsPayment,
  CHANNEL_TYPES,
  isActiveStatus,
  customerCancelProblem,
  customerMayCancel,
  refundOnCancel,
  SCHEDULE_MAX_DAYS,
  cancelTextProblem,
  unpaidOrderDue,
  type CancelOrderRequest,
  type ChannelType,
  type Order,
  type OrderListQuery,
  type OrderMerchantSettings,
  type OrderPage,
  type OrderRequest,
  type OrderRole,
  type OrderSetting,
  type PaymentType,
  tableBillPaymentType,
  tableBillSettlement,
  type PaymentProvider,
} from '@dasturxon/domain';
import type { Clock } from '../../clock.ts';
import type { MerchantRecord } from '../../plugins/tenant.ts';
import { invalidCode, type OtpService } from '../auth/index.ts';
import { createOrderMoves, type Move } from './order-moves.ts';
import { iso, presentOrders, type PresentedOrder } from './present-order.ts';
import { placeOrder, type Customer, type PlaceOptions, type PlaceOrderDeps } from './place-order/index.ts';
import { createOrdersRepository, type OrderLineRecord, type OrderRecord } from './orders.repository.ts';

/** The order table's roles the staff move orders as (an admin moves as an operator: domain `orderRoleOf`). */
export type StaffOrderRole = Extract<OrderRole, 'operator' | 'kitchen' | 'courier'>;

export interface OrdersServiceDeps {
  db: Db;
  clock: Clock;
  quotes: PlaceOrderDeps['quotes'];
  /** One-time codes by SMS (the login's), for brands that confirm each order with one. */
  codes: Pick<OtpService, 'send' | 'check'>;
  /** The Telegram chat an order's status messages go to, from the Mini App data the brand's bot signed (ops feature). */
  telegramLaunchOf?: PlaceOrderDeps['telegramLaunchOf'];
}

/**
 * The coordinator of an order's life: placing (the named steps of `place-order/`, in one transaction; this service
 * answers their outcome), the customer's reads and cancel, the staff's and the providers' moves and the timers. Every
 * move goes through `order-moves.ts`; an order is presented by `present-order.ts`.
 */
export function createOrdersService({ db, clock, quotes, codes, telegramLaunchOf }: OrdersServiceDeps) {
  const { applyMove, announce, timerMove } = createOrderMoves(clock);
  /** Who hears that a cancel started a refund, once its transaction committed (the payments feature's refunds). */
  let refundStarted: ((merchantId: string, orderId: string) => Promise<void>) | null = null;

  async function readOwn(customer: Customer, id: string, options: { hiddenToo: boolean } = { hiddenToo: true }): Promise<Order> {
    const repo = createOrdersRepository(db);
    const row = await repo.findOwn(customer.merchantId, customer.id, id);
    if (!row || (!options.hiddenToo && row.hiddenAt !== null)) throw new AppError('NOT_FOUND');
    return (await presentOrders(repo, customer.merchantId, [row], clock.now()))[0]!;
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
      return rows.length ? presentOrders(createOrdersRepository(db), merchantId, rows, clock.now()) : [];
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
     * The table's bill (decision 021) was paid by a provider, inside its transaction `tx`: a covered order waiting for
     * its own online payment is paid through the lifecycle's payment move, as `markPaid`; one under way to be paid at
     * the table (cash, the terminal) is marked paid through the provider, its status unchanged (domain
     * `tableBillSettlement`). Either way it then reads as paid by the provider.
     */
    async markPaidByBill(tx: Db, order: OrderRecord, provider: PaymentProvider, comment: string): Promise<void> {
      const repo = createOrdersRepository(tx);
      const paymentType = tableBillPaymentType(provider);
      if (tableBillSettlement(order) === 'MOVE') {
        const now = clock.now();
        const to = order.opensAt && order.opensAt.getTime() > now.getTime() ? 'AT_TIME' : 'OPEN';
        await repo.setStatus(order.merchantId, order.id, { paymentType });
        await applyMove(repo, { ...order, paymentType }, { to, role: 'payment', comment, paid: true, now });
        return;
      }
      if (order.isPaid || order.status === 'CANCELED') throw new AppError('ORDER_STATUS_CONFLICT', { from: order.status, action: 'PAY' });
      const now = clock.now();
      await repo.setStatus(order.merchantId, order.id, { isPaid: true, paymentType, updatedAt: now });
      await announce(repo, { ...order, isPaid: true, paymentType }, now, false);
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
        if (!order.isPaid) return;
        const now = clock.now();
        // The refund the customer's cancel started is done; the order's page hears of it.
        const refund = order.refundState === 'STARTED' ? { refundState: 'DONE' as const } : {};
        await repo.setStatus(order.merchantId, order.id, { isPaid: false, ...refund, updatedAt: now });
        await announce(repo, { ...order, isPaid: false, ...refund }, now, false);
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
      const outcome = await placeOrder({ db, quotes, codes, telegramLaunchOf }, { customer, merchant, body, options, now: clock.now() });
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

    /** The customer's order by id; one they hid from their history is not found any more (404), as another's. */
    async get(customer: Customer, id: string): Promise<Order> {
      return readOwn(customer, id, { hiddenToo: false });
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
        content: await presentOrders(repo, customer.merchantId, rows, clock.now()),
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
      return presentOrders(repo, customer.merchantId, rows, clock.now());
    },

    /**
     * The customer cancels their order: allowed where the brand lets customers cancel (cancelOrderActive) and
     * the table lets the customer make the move (before ACCEPTED; after it 409 ORDER_ALREADY_ACCEPTED). Its stock, promo
     * use and spent cashback go back; an order paid online starts its refund in the same transaction (refund STARTED:
     * the provider's CancelTransaction, reverse or Click's reversal gives the money back, `cancelForPayment` then marks
     * it DONE). Once committed, whoever `followRefunds` named asks the provider for it (payments refunds.service.ts).
     */
    async cancel(customer: Customer, id: string, body: CancelOrderRequest): Promise<Order> {
      const refund = await db.transaction(async (tx) => {
        const repo = createOrdersRepository(tx);
        const order = await repo.findOwn(customer.merchantId, customer.id, id, true);
        if (!order) throw new AppError('NOT_FOUND');
        const settings = await repo.settings(customer.merchantId);
        if (!settings.cancelOrderActive) throw new AppError('ORDER_CANCEL_NOT_ALLOWED');
        const refused = customerCancelProblem(order);
        if (refused) throw new AppError(refused, { from: order.status, to: 'CANCELED', role: 'customer' });
        const problem = cancelTextProblem(body.reason, body.comment);
        if (problem) throw new AppError(problem.code, problem.details);
        const now = clock.now();
        const refund = refundOnCancel(order);
        // The refund is recorded first: the move's event then carries an order whose money is on its way back.
        if (refund) await repo.setStatus(order.merchantId, order.id, { refundState: 'STARTED', refundStartedAt: now });
        // The reason is the order's (a code, worded by the apps); the entry keeps only the customer's own words.
        await applyMove(repo, order, { to: 'CANCELED', role: 'customer', reason: body.reason, comment: body.comment, now });
        return refund;
      });
      // Committed: the refund is asked of the provider now (Click), outside any transaction; it never fails the cancel.
      if (refund && refundStarted) await refundStarted(customer.merchantId, id);
      return readOwn(customer, id);
    },

    /** Names who asks the provider for a refund a cancel started, after the cancel committed (app.ts: the payments' refunds). */
    followRefunds(started: (merchantId: string, orderId: string) => Promise<void>): void {
      refundStarted = started;
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
