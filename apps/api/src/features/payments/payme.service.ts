import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { PAYME_LOGIN, PAYME_REASONS, paymeActiveKey, type PaymeReason } from '@dasturxon/db';
import {
  checkTransactionResult,
  isPaymeMethod,
  PAYME_PARAMS,
  PAYME_REASON_EXECUTION_ERROR,
  PAYME_REASON_TIMEOUT,
  PAYME_TIMEOUT_MS,
  PaymeEnvelope,
  paymeError,
  paymeReceipt,
  PaymeRefusal,
  paymeResult,
  statementItem,
  type PaymeErrorKey,
  type PaymeId,
  type PaymeMethod,
  type PaymeReply,
} from './payme.protocol.ts';
import { createPaymentsRepository, type PaymeTransactionRecord } from './payments.repository.ts';
import {
  basicCredentials,
  illFormedText,
  payableColumns,
  payableOfRow,
  sameSecret,
  type Payable,
  type PayableKind,
  type PaymentsCore,
} from './payments.core.ts';

/** What a method answers: its result, or an error in Payme's words (after whatever it wrote is committed). */
type Outcome = { result: Record<string, unknown> } | { error: PaymeErrorKey; data?: unknown };
const fail = (error: PaymeErrorKey, data?: unknown): Outcome => ({ error, ...(data === undefined ? {} : { data }) });
const ORDER_FIELD = 'order_id';

type Params<M extends PaymeMethod> = z.infer<(typeof PAYME_PARAMS)[M]>;

const fieldOf = (error: z.ZodError): string => error.issues[0]?.path.join('.') || 'params';

/**
 * Payme's Merchant API (docs/protocols.md section 1): JSON-RPC 2.0 over HTTP 200, Basic `Paycom:{key}`. The brand is
 * the one of the order (account.order_id) or of the transaction (Payme's id) the call names; the caller must hold
 * that brand's key, else -32504. Repeats answer exactly what the first call answered: every time in an answer is
 * the one stored (1.6). A transaction's change and the order's move are one database transaction, the order's row
 * locked first.
 */
export function createPaymeService(core: PaymentsCore, log: FastifyBaseLogger) {
  const expired = (t: PaymeTransactionRecord, now: number) => now - t.createTime > PAYME_TIMEOUT_MS;

  /** The caller holds some brand's key (a call that names nothing of ours), else -32504. */
  async function requireCaller(caller: string | null): Promise<string[]> {
    const brands = await core.callerBrands('PAYME', caller);
    if (!brands.length) throw new PaymeRefusal('UNAUTHORIZED');
    return brands.map((b) => b.merchantId);
  }

  /**
   * The brand a call is for: the brand of the order (or table's bill, decision 021) it names when that is ours, else
   * the transaction's; the caller must hold its key. A call naming neither of ours is answered (not found) only to a
   * caller holding some brand's key.
   */
  async function brandFor(
    caller: string | null,
    named: { orderId?: unknown; paymeId?: string },
  ): Promise<{ merchantId: string; payable: { kind: PayableKind; id: string } | null }> {
    const found = named.orderId === undefined ? null : await core.payableBrand(named.orderId);
    const candidates = found
      ? [found.merchantId]
      : named.paymeId
        ? [...new Set((await core.repo.paymeByPaymeId(named.paymeId)).map((t) => t.merchantId))]
        : [];
    if (candidates.length) {
      for (const merchantId of candidates) {
        if (await core.authenticate(merchantId, 'PAYME', caller))
          return { merchantId, payable: found ? { kind: found.kind, id: found.id } : null };
      }
      throw new PaymeRefusal('UNAUTHORIZED');
    }
    return { merchantId: (await requireCaller(caller))[0]!, payable: null };
  }

  /** The brand's transaction a call names by Payme's id (-31003 when the caller's brand has none). */
  async function transactionFor(caller: string | null, paymeId: string): Promise<PaymeTransactionRecord> {
    const { merchantId } = await brandFor(caller, { paymeId });
    const found = await core.repo.paymeFind(merchantId, paymeId);
    if (!found) throw new PaymeRefusal('TRANSACTION_NOT_FOUND');
    return found;
  }

  /** Whether Payme may take this amount for this order (or bill) now (CheckPerformTransaction's rules, also CreateTransaction's). */
  function judge(payable: Payable, amount: number): Outcome | null {
    if (!payable.payableBy('PAYME')) return fail('ORDER_OTHER_PAYMENT', ORDER_FIELD);
    if (amount !== payable.tiyin) return fail('WRONG_AMOUNT');
    if (!payable.awaiting) return fail('ORDER_NOT_AWAITING', ORDER_FIELD);
    return null;
  }

  const methods: { [M in PaymeMethod]: (params: Params<M>, caller: string | null) => Promise<Outcome> } = {
    async CheckPerformTransaction(p, caller) {
      const { merchantId, payable: named } = await brandFor(caller, { orderId: p.account.order_id });
      if (!named) return fail('ORDER_NOT_FOUND', ORDER_FIELD);
      return core.transaction(async (tx) => {
        const repo = createPaymentsRepository(tx);
        const payable = await core.lockPayable(tx, merchantId, named.kind, named.id);
        const refused = judge(payable, p.amount);
        if (refused) return refused;
        if (await repo.paymeLive(merchantId, named)) return fail('ORDER_HAS_TRANSACTION', ORDER_FIELD);
        if (!payable.order) return { result: { allow: true } };
        const { order, lines } = payable.order;
        const codes = await repo.fiscalCodes(merchantId, [...new Set(lines.map((l) => l.productId))]);
        const detail = paymeReceipt(
          { lines, deliveryPrice: order.deliveryPrice, deliveryDiscount: order.deliveryDiscount, amount: payable.tiyin },
          codes,
        );
        return { result: { allow: true, ...(detail ? { detail } : {}) } };
      });
    },

    async CreateTransaction(p, caller) {
      const { merchantId, payable: named } = await brandFor(caller, { orderId: p.account.order_id, paymeId: p.id });
      return core.transaction(async (tx) => {
        const repo = createPaymentsRepository(tx);
        const payable = named ? await core.lockPayable(tx, merchantId, named.kind, named.id) : null;
        const now = core.nowMs();
        const existing = await repo.paymeFind(merchantId, p.id, true);
        if (existing) {
          if (existing.state !== 1) return fail('CANNOT_PERFORM');
          if (expired(existing, now)) {
            await repo.paymeUpdate(merchantId, existing.id, { state: -1, reason: PAYME_REASON_TIMEOUT, cancelTime: now });
            return fail('CANNOT_PERFORM');
          }
          return { result: { create_time: existing.createTime, transaction: existing.id, state: existing.state, receivers: null } };
        }
        if (!payable || !named) return fail('ORDER_NOT_FOUND', ORDER_FIELD);
        const refused = judge(payable, p.amount);
        if (refused) return refused;
        if (await repo.paymeLive(merchantId, named)) return fail('ORDER_HAS_TRANSACTION', ORDER_FIELD);
        // Payme's own time already past the timeout: Payme would cancel it anyway.
        if (now - p.time > PAYME_TIMEOUT_MS) return fail('CANNOT_PERFORM');
        const row = await repo.paymeInsert({
          merchantId,
          paymeId: p.id,
          ...payableColumns(named),
          amount: p.amount,
          state: 1,
          paymeTime: p.time,
          createTime: now,
        });
        return { result: { create_time: row.createTime, transaction: row.id, state: row.state, receivers: null } };
      });
    },

    async PerformTransaction(p, caller) {
      const named = await transactionFor(caller, p.id);
      return core.transaction(async (tx) => {
        const repo = createPaymentsRepository(tx);
        const { kind, id } = payableOfRow(named);
        const payable = await core.lockPayable(tx, named.merchantId, kind, id);
        const t = (await repo.paymeFind(named.merchantId, p.id, true))!;
        const now = core.nowMs();
        if (t.state === 2) return { result: { transaction: t.id, perform_time: t.performTime, state: t.state } };
        if (t.state !== 1) return fail('CANNOT_PERFORM');
        if (!payable.awaiting) {
          // Cancelled meanwhile (the unpaid timer, the customer, staff), or a bill one of whose orders was paid or
          // changed meanwhile: the money is not taken, the transaction is cancelled (Payme's CancelTransaction then
          // answers it as it stands) and the customer hears of it.
          await repo.paymeUpdate(t.merchantId, t.id, {
            state: -1,
            reason: expired(t, now) ? PAYME_REASON_TIMEOUT : PAYME_REASON_EXECUTION_ERROR,
            cancelTime: now,
          });
          await payable.refused(tx);
          return fail('CANNOT_PERFORM');
        }
        if (expired(t, now)) {
          await repo.paymeUpdate(t.merchantId, t.id, { state: -1, reason: PAYME_REASON_TIMEOUT, cancelTime: now });
          return fail('CANNOT_PERFORM');
        }
        await payable.pay(tx, `Payme ${t.paymeId}`);
        await repo.paymeUpdate(t.merchantId, t.id, { state: 2, performTime: now });
        return { result: { transaction: t.id, perform_time: now, state: 2 } };
      });
    },

    async CancelTransaction(p, caller) {
      if (!(PAYME_REASONS as readonly number[]).includes(p.reason)) {
        await requireCaller(caller);
        return fail('INVALID_REQUEST', 'reason');
      }
      const reason = p.reason as PaymeReason;
      const named = await transactionFor(caller, p.id);
      return core.transaction(async (tx) => {
        const repo = createPaymentsRepository(tx);
        const { kind, id } = payableOfRow(named);
        const payable = await core.lockPayable(tx, named.merchantId, kind, id);
        const t = (await repo.paymeFind(named.merchantId, p.id, true))!;
        if (t.state === -1 || t.state === -2) return { result: { transaction: t.id, cancel_time: t.cancelTime, state: t.state } };
        const now = core.nowMs();
        if (t.state === 1) {
          // Not paid: the order (or bill) stays awaiting payment (the customer may pay again; the unpaid timer ends it).
          await repo.paymeUpdate(t.merchantId, t.id, { state: -1, reason, cancelTime: now });
          return { result: { transaction: t.id, cancel_time: now, state: -1 } };
        }
        // A refund: the order (every order of a bill) is cancelled and what it held goes back, unless the branch has taken it on.
        if (!(await payable.refund(tx, 'PAYMENT_REFUNDED'))) return fail('CANNOT_CANCEL');
        await repo.paymeUpdate(t.merchantId, t.id, { state: -2, reason, cancelTime: now });
        return { result: { transaction: t.id, cancel_time: now, state: -2 } };
      });
    },

    async CheckTransaction(p, caller) {
      return { result: checkTransactionResult(await transactionFor(caller, p.id)) };
    },

    async GetStatement(p, caller) {
      const brands = await requireCaller(caller);
      const rows = await core.repo.paymeStatement(brands, p.from, p.to);
      return { result: { transactions: rows.map(statementItem) } };
    },

    async SetFiscalData(p, caller) {
      const named = await transactionFor(caller, p.id);
      await core.transaction(async (tx) => {
        const repo = createPaymentsRepository(tx);
        const t = (await repo.paymeFind(named.merchantId, p.id, true))!;
        await repo.paymeUpdate(t.merchantId, t.id, { fiscalData: { ...t.fiscalData, [p.type]: p.fiscal_data } });
      });
      return { result: { success: true } };
    },

    async ChangePassword(p, caller) {
      const brands = await core.callerBrands('PAYME', caller);
      if (!brands.length) throw new PaymeRefusal('UNAUTHORIZED');
      if (!p.password) return fail('PASSWORD_EMPTY', 'password');
      for (const { merchantId, credentials } of brands) {
        // The official template refuses the current key as the new one with -32504.
        if (sameSecret(paymeActiveKey(credentials), p.password)) return fail('UNAUTHORIZED');
        const next = credentials.testMode ? { ...credentials, testKey: p.password } : { ...credentials, key: p.password };
        await core.saveAccount(merchantId, { provider: 'PAYME', credentials: next });
      }
      return { result: { success: true } };
    },
  };

  return {
    /** Answers one call (the raw body, the Authorization header): always a JSON-RPC reply, sent with HTTP 200. */
    async handle(raw: string | undefined, authorization: string | undefined): Promise<PaymeReply> {
      const identity = basicCredentials(authorization);
      const caller = identity?.startsWith(`${PAYME_LOGIN}:`) ? identity : null;
      let id: PaymeId = null;
      let method: string | undefined;
      try {
        // Credentials first, then the input: a caller holding no brand's key learns nothing but -32504.
        let body: unknown;
        try {
          body = JSON.parse(raw ?? '');
        } catch {
          await requireCaller(caller);
          return paymeError(null, 'PARSE_ERROR');
        }
        const rawId = (body as { id?: unknown } | null)?.id;
        id = typeof rawId === 'number' || (typeof rawId === 'string' && !illFormedText(rawId)) ? rawId : null;
        const envelope = PaymeEnvelope.safeParse(body);
        if (!envelope.success) {
          await requireCaller(caller);
          return paymeError(id, 'INVALID_REQUEST', fieldOf(envelope.error));
        }
        method = envelope.data.method;
        // A text that is not well-formed (a NUL, a lone surrogate) reads nothing.
        const illFormed = illFormedText(body);
        if (illFormed) {
          await requireCaller(caller);
          return paymeError(id, 'INVALID_REQUEST', illFormed);
        }
        if (!isPaymeMethod(method)) {
          await requireCaller(caller);
          return paymeError(id, 'METHOD_NOT_FOUND', method);
        }
        const params = PAYME_PARAMS[method].safeParse(envelope.data.params);
        if (!params.success) {
          await requireCaller(caller);
          return paymeError(id, 'INVALID_REQUEST', fieldOf(params.error));
        }
        const outcome = await (methods[method] as (p: unknown, c: string | null) => Promise<Outcome>)(params.data, caller);
        return 'result' in outcome ? paymeResult(id, outcome.result) : paymeError(id, outcome.error, outcome.data);
      } catch (error) {
        if (error instanceof PaymeRefusal) return paymeError(id, error.key, error.data);
        log.error({ err: error, method }, 'payme: the call failed');
        return paymeError(id, 'SYSTEM_ERROR');
      }
    },
  };
}

export type PaymeService = ReturnType<typeof createPaymeService>;
