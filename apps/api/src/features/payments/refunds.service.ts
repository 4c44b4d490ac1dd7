import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  AppError,
  mayMarkRefunded,
  paymentProviderOf,
  PROVIDER_PAYMENT_TYPES,
  REFUND_MAX_TRIES,
  refundRetryDelayMs,
  refundRouteOf,
} from '@dasturxon/domain';
import type { Refund } from '@dasturxon/domain/contracts';
import { cardPayments, clickTransactions, orders, type Db } from '@dasturxon/db';
import type { Clock } from '../../clock.ts';
import type { OrderRecord, OrdersService } from '../orders/index.ts';
import { audit, requireBranch, type Actor } from '../admin/index.ts';
import { CLICK_MERCHANT_TIMEOUT_MS, type ClickMerchantAccount, type ClickMerchantClient } from './click-merchant.client.ts';
import type { PaymentsCore } from './payments.core.ts';

/*
 * The refund of a paid order the customer cancelled (issue 29; domain order-refund.ts), the one place its rule lives.
 *
 * Click: the cancel records the refund STARTED in its own transaction and, once that has committed, `started` asks
 * Click's Merchant API for the payment's reversal (DELETE payment/reversal). Click says yes: the refund is DONE, the
 * order unpaid, the payment's row marks it refunded (click_transactions.refunded_at; a saved-card attempt REFUNDED).
 * Click refuses or is not heard: the refund stays STARTED with the reason and the next try's time, and the operations'
 * background work (`retryDue`) asks again, REFUND_MAX_TRIES in all, then FAILED with the reason logged.
 *
 * Never twice: a try first claims the order's refund with one conditional update (STARTED, due), which also leases it
 * for longer than a call may take, so two instances, or the cancel and the background work, never ask Click at once;
 * a payment whose row says refunded is never sent again. No database transaction is open while Click is asked.
 *
 * Payme and Uzum have no call we make: their STARTED refund waits for the provider's callback (or a manager's mark).
 */

/** The lease of a try under way: longer than Click's call may take. */
const CLAIM_MS = CLICK_MERCHANT_TIMEOUT_MS + 50_000;
const CLICK_TYPES = PROVIDER_PAYMENT_TYPES.CLICK;

export interface RefundsDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  click: ClickMerchantClient;
  orders: Pick<OrdersService, 'cancelForPayment'>;
}

/** A refund as the console lists it (the contract's `Refund`). */
export type RefundView = Refund;

/** Whether the actor works at the branch (requireBranch's rule, as a filter). */
function worksHere(actor: Actor, branchId: string): boolean {
  try {
    requireBranch(actor, branchId);
    return true;
  } catch {
    return false;
  }
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function viewRefund(o: OrderRecord): RefundView {
  return {
    orderId: o.id,
    number: o.number,
    branchId: o.branchId,
    amount: o.totalPrice,
    paymentType: o.paymentType,
    provider: paymentProviderOf(o.paymentType),
    state: o.refundState!,
    startedAt: iso(o.refundStartedAt),
    tries: o.refundTries,
    error: o.refundError,
    doneAt: iso(o.refundDoneAt),
    doneBy: o.refundDoneBy,
    version: o.refundVersion,
    canMark: mayMarkRefunded(o),
  };
}

export function createRefundsService({ db, clock, log, click, orders: orderMoves }: RefundsDeps, core: PaymentsCore) {
  /** The brand's Click account for the Merchant API; null when it has none (or no merchant user id to sign with). */
  async function clickAccount(merchantId: string): Promise<ClickMerchantAccount | null> {
    const credentials = await core.credentialsOf(merchantId, 'CLICK');
    if (!credentials?.serviceId || !credentials.merchantUserId || !credentials.secretKey) return null;
    return { serviceId: credentials.serviceId, merchantUserId: credentials.merchantUserId, secretKey: credentials.secretKey };
  }

  /** Claims a due Click refund of the order (one conditional update): the row with its try counted, or null. */
  async function claim(merchantId: string, orderId: string): Promise<OrderRecord | null> {
    const now = clock.now();
    const [row] = await db
      .update(orders)
      .set({ refundTries: sql`${orders.refundTries} + 1`, refundNextAt: new Date(now.getTime() + CLAIM_MS) })
      .where(
        and(
          eq(orders.merchantId, merchantId),
          eq(orders.id, orderId),
          eq(orders.refundState, 'STARTED'),
          inArray(orders.paymentType, [...CLICK_TYPES]),
          or(isNull(orders.refundNextAt), lte(orders.refundNextAt, now)),
        ),
      )
      .returning();
    return row ?? null;
  }

  /** The order's completed Click payment: Click's payment_id (click_paydoc_id; a card payment's own id) and its row. */
  async function paymentOf(merchantId: string, orderId: string) {
    const [row] = await db
      .select()
      .from(clickTransactions)
      .where(
        and(eq(clickTransactions.merchantId, merchantId), eq(clickTransactions.orderId, orderId), eq(clickTransactions.state, 'COMPLETED')),
      )
      .limit(1);
    return row ? { row, paymentId: row.clickPaydocId || row.clickTransId } : null;
  }

  /** Click gave the money back: DONE and unpaid (the order's page hears of it), the payment's rows say refunded. */
  async function settleDone(merchantId: string, orderId: string, clickRowId: number | null): Promise<void> {
    await core.transaction(async (tx) => {
      const { order } = await core.lockOrder(tx, merchantId, orderId);
      const now = clock.now();
      if (clickRowId !== null) {
        await tx
          .update(clickTransactions)
          .set({ refundedAt: now })
          .where(
            and(eq(clickTransactions.merchantId, merchantId), eq(clickTransactions.id, clickRowId), isNull(clickTransactions.refundedAt)),
          );
        await tx
          .update(cardPayments)
          .set({ state: 'REFUNDED', finishedAt: now })
          .where(and(eq(cardPayments.merchantId, merchantId), eq(cardPayments.orderId, orderId), eq(cardPayments.state, 'PAID')));
      }
      if (order.refundState !== 'STARTED') return;
      await doneAs(tx, order, null, 'Click reversal');
    });
  }

  /** The refund is done (by the provider, or marked by staff `by`): the order unpaid through the payment move, announced. */
  async function doneAs(tx: Db, order: OrderRecord, by: string | null, comment: string): Promise<OrderRecord> {
    const now = clock.now();
    const [after] = await tx
      .update(orders)
      .set({
        refundState: 'DONE',
        refundDoneAt: now,
        refundDoneBy: by,
        refundNextAt: null,
        refundVersion: sql`${orders.refundVersion} + 1`,
      })
      .where(and(eq(orders.merchantId, order.merchantId), eq(orders.id, order.id)))
      .returning();
    // A cancelled order made unpaid, its page told (the payment move's own path for a cancelled order).
    if (after!.status === 'CANCELED') await orderMoves.cancelForPayment(tx, { ...after!, isPaid: true }, comment);
    const [final] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.merchantId, order.merchantId), eq(orders.id, order.id)));
    return final!;
  }

  /** A try failed (`reason`): due again after a growing wait, or FAILED once REFUND_MAX_TRIES were made. */
  async function tryFailed(order: OrderRecord, reason: string, final = false): Promise<void> {
    const giveUp = final || order.refundTries >= REFUND_MAX_TRIES;
    const now = clock.now();
    await db
      .update(orders)
      .set(
        giveUp
          ? { refundState: 'FAILED', refundError: reason, refundNextAt: null, refundVersion: sql`${orders.refundVersion} + 1` }
          : { refundError: reason, refundNextAt: new Date(now.getTime() + refundRetryDelayMs(order.refundTries)) },
      )
      .where(and(eq(orders.merchantId, order.merchantId), eq(orders.id, order.id), eq(orders.refundState, 'STARTED')));
    if (giveUp)
      log.error(
        { merchantId: order.merchantId, orderId: order.id, tries: order.refundTries, reason },
        'refund FAILED: Click did not reverse the payment; a manager settles it with Click and marks it refunded',
      );
    else log.warn({ merchantId: order.merchantId, orderId: order.id, tries: order.refundTries, reason }, 'refund: Click reversal to retry');
  }

  /** One try of a claimed refund. Answers whether it is done. */
  async function attempt(order: OrderRecord): Promise<boolean> {
    const payment = await paymentOf(order.merchantId, order.id);
    if (!payment) {
      await tryFailed(order, 'NO_CLICK_PAYMENT', true);
      return false;
    }
    // Reversed already (a try whose settling was cut short): only settled, never sent again.
    if (payment.row.refundedAt) {
      await settleDone(order.merchantId, order.id, payment.row.id);
      return true;
    }
    const account = await clickAccount(order.merchantId);
    if (!account) {
      await tryFailed(order, 'NO_CLICK_MERCHANT_ACCOUNT', true);
      return false;
    }
    let reason: string;
    try {
      const answer = await click.reversePayment(account, payment.paymentId);
      if (answer.ok) {
        await settleDone(order.merchantId, order.id, payment.row.id);
        log.info({ merchantId: order.merchantId, orderId: order.id }, 'refund: Click reversed the payment');
        return true;
      }
      reason = `CLICK_${answer.errorCode}${answer.errorNote ? `: ${answer.errorNote}` : ''}`;
    } catch (error) {
      const why = error instanceof AppError ? String(error.details?.reason ?? error.code) : 'ERROR';
      reason = `NOT_HEARD_${why}`;
    }
    await tryFailed(order, reason.slice(0, 300));
    return false;
  }

  async function run(merchantId: string, orderId: string): Promise<boolean> {
    const order = await claim(merchantId, orderId);
    if (!order) return false;
    try {
      return await attempt(order);
    } catch (error) {
      // The lease runs out and the background work tries again.
      log.error({ merchantId, orderId, err: error instanceof Error ? error.message : String(error) }, 'refund try broke off');
      return false;
    }
  }

  return {
    /**
     * The customer's cancel recorded the refund STARTED (its transaction committed): a Click refund is asked for at
     * once. Never throws: what fails is tried again by `retryDue`.
     */
    async started(merchantId: string, orderId: string): Promise<void> {
      await run(merchantId, orderId).catch(() => false);
    },

    /** The Click refunds due (STARTED, their next try's time come): one try each. Answers how many were done. */
    async retryDue(batch = 20): Promise<number> {
      const now = clock.now();
      const due = await db
        .select({ merchantId: orders.merchantId, id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.refundState, 'STARTED'),
            inArray(orders.paymentType, [...CLICK_TYPES]),
            or(isNull(orders.refundNextAt), lte(orders.refundNextAt, now)),
          ),
        )
        .orderBy(asc(orders.refundStartedAt))
        .limit(batch);
      let done = 0;
      for (const d of due) if (await run(d.merchantId, d.id)) done++;
      return done;
    },

    /** The brand's open refunds (STARTED or FAILED) of the actor's branches, oldest first. */
    async list(actor: Actor): Promise<RefundView[]> {
      const rows = await db
        .select()
        .from(orders)
        .where(and(eq(orders.merchantId, actor.merchantId), inArray(orders.refundState, ['STARTED', 'FAILED'])))
        .orderBy(asc(orders.refundStartedAt), desc(orders.number))
        .limit(200);
      return rows.filter((r) => worksHere(actor, r.branchId)).map(viewRefund);
    },

    /** One order's refund (404 for none, another brand's, or a branch the actor does not work at). */
    async one(actor: Actor, orderId: string): Promise<RefundView> {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.merchantId, actor.merchantId), eq(orders.id, orderId)));
      if (!row || !row.refundState) throw new AppError('NOT_FOUND');
      requireBranch(actor, row.branchId);
      return viewRefund(row);
    },

    /**
     * A manager marks the refund done by hand (the money given back at the provider's cabinet, or a FAILED reversal
     * settled with Click): DONE with who and when, the order unpaid, in the audit log. 409 VERSION_CONFLICT on a stale
     * version, 409 REFUND_NOT_OPEN when it is done or a Click refund still ours to finish.
     */
    async markRefunded(actor: Actor, orderId: string, version: number): Promise<RefundView> {
      return core.transaction(async (tx) => {
        const [found] = await tx
          .select()
          .from(orders)
          .where(and(eq(orders.merchantId, actor.merchantId), eq(orders.id, orderId)))
          .for('update');
        if (!found || !found.refundState) throw new AppError('NOT_FOUND');
        requireBranch(actor, found.branchId);
        if (found.refundVersion !== version) throw new AppError('VERSION_CONFLICT', { expected: version, current: found.refundVersion });
        if (!mayMarkRefunded(found))
          throw new AppError('REFUND_NOT_OPEN', { state: found.refundState, route: refundRouteOf(found.paymentType) });
        const after = await doneAs(tx, found, actor.id, `Refund marked done by ${actor.name}`);
        await audit(tx, actor, {
          objectType: 'order-refund',
          objectId: orderId,
          action: 'update',
          before: viewRefund(found),
          after: viewRefund(after),
        });
        return viewRefund(after);
      });
    },
  };
}

export type RefundsService = ReturnType<typeof createRefundsService>;
