import type { FastifyBaseLogger } from 'fastify';
import type { Db, UzumCredentials } from '@dasturxon/db';
import { createPaymentsRepository, type UzumTransactionRecord } from './payments.repository.ts';
import {
  basicCredentials,
  illFormedText,
  payableColumns,
  payableOfRow,
  type Payable,
  type PayableKind,
  type PaymentsCore,
} from './payments.core.ts';
import {
  isUzumOperation,
  UZUM_BODIES,
  uzumFailure,
  UZUM_CONFIRM_WINDOW_MS,
  UzumRefusal,
  type UzumBody,
  type UzumErrorKey,
  type UzumOperation,
  type UzumReply,
} from './uzum.protocol.ts';

type Outcome = { ok: Record<string, unknown> } | { error: UzumErrorKey };
const fail = (error: UzumErrorKey): Outcome => ({ error });

/**
 * Uzum Bank's Merchant API webhooks (docs/protocols.md section 3): check, create, confirm, reverse and status, Basic
 * auth with the login and password Uzum issued the brand, amounts in tiyin. The brand is the order's
 * (params.orderId) or the transaction's (transId); the caller must hold its credentials (else 10001) and name its
 * service (else 10006). A call repeated with the same transId is refused with Uzum's own code for it (create 10010,
 * confirm 10016, reverse 10018) and changes nothing. params.orderId may name a table's bill instead (decision 021):
 * the same path pays it through `lockPayable`, every covered order at once.
 */
export function createUzumService(core: PaymentsCore, log: FastifyBaseLogger) {
  async function requireCaller(caller: string | null): Promise<{ merchantId: string; credentials: UzumCredentials }> {
    const [first] = await core.callerBrands('UZUM', caller);
    if (!first) throw new UzumRefusal('UNAUTHORIZED');
    return first;
  }

  /**
   * As Payme's: the brand of the order (or table's bill) named, else the transaction's, checked against the caller;
   * else a known caller's.
   */
  async function brandFor(
    caller: string | null,
    named: { orderId?: unknown; transId?: string },
  ): Promise<{ merchantId: string; credentials: UzumCredentials; payable: { kind: PayableKind; id: string } | null }> {
    const found = named.orderId === undefined ? null : await core.payableBrand(named.orderId);
    const candidates = found
      ? [found.merchantId]
      : named.transId
        ? [...new Set((await core.repo.uzumByTransId(named.transId)).map((t) => t.merchantId))]
        : [];
    if (candidates.length) {
      for (const merchantId of candidates) {
        const credentials = await core.authenticate(merchantId, 'UZUM', caller);
        if (credentials) return { merchantId, credentials, payable: found ? { kind: found.kind, id: found.id } : null };
      }
      throw new UzumRefusal('UNAUTHORIZED');
    }
    return { ...(await requireCaller(caller)), payable: null };
  }

  const base = (credentials: UzumCredentials, t: UzumTransactionRecord) => ({
    serviceId: Number(credentials.serviceId),
    transId: t.transId,
    data: {},
    amount: t.amount,
  });
  const created = (c: UzumCredentials, t: UzumTransactionRecord) => ({ ...base(c, t), status: 'CREATED', transTime: t.transTime });
  const confirmed = (c: UzumCredentials, t: UzumTransactionRecord) => ({ ...base(c, t), status: 'CONFIRMED', confirmTime: t.confirmTime });
  const reversed = (c: UzumCredentials, t: UzumTransactionRecord) => ({ ...base(c, t), status: 'REVERSED', reverseTime: t.reverseTime });

  /**
   * A change to the transaction a call names (confirm, reverse): its brand checked against the caller and the
   * service, then, in one database transaction, its order (or bill and its orders) locked first and its own row
   * after (one lock order).
   */
  async function onTransaction(
    body: { serviceId: number; transId: string },
    caller: string | null,
    work: (tx: Db, t: UzumTransactionRecord, payable: Payable, credentials: UzumCredentials, merchantId: string) => Promise<Outcome>,
  ): Promise<Outcome> {
    const { merchantId, credentials } = await brandFor(caller, { transId: body.transId });
    if (String(body.serviceId) !== credentials.serviceId) return fail('INVALID_SERVICE');
    const named = await core.repo.uzumFind(merchantId, body.transId);
    if (!named) return fail('TRANSACTION_NOT_FOUND');
    return core.transaction(async (tx) => {
      const { kind, id } = payableOfRow(named);
      const payable = await core.lockPayable(tx, merchantId, kind, id);
      const t = (await createPaymentsRepository(tx).uzumFind(merchantId, body.transId, true))!;
      return work(tx, t, payable, credentials, merchantId);
    });
  }

  /**
   * The order's (or bill's) other transaction holding it (CREATED within Uzum's 30 minutes, or CONFIRMED), if any. A CREATED one
   * older than that is failed for Uzum: it is marked FAILED here and holds nothing.
   */
  async function liveOther(
    tx: Db,
    merchantId: string,
    payable: { kind: PayableKind; id: string },
    transId: string,
  ): Promise<UzumTransactionRecord | null> {
    const repo = createPaymentsRepository(tx);
    const now = core.nowMs();
    for (const t of await repo.uzumLive(merchantId, payable)) {
      if (t.transId === transId) continue;
      if (t.state === 'CREATED' && now - t.transTime >= UZUM_CONFIRM_WINDOW_MS) {
        await repo.uzumUpdate(merchantId, t.id, { state: 'FAILED' });
        continue;
      }
      return t;
    }
    return null;
  }

  const operations: { [O in UzumOperation]: (body: UzumBody<O>, caller: string | null) => Promise<Outcome> } = {
    async check(body, caller) {
      const { merchantId, credentials, payable: named } = await brandFor(caller, { orderId: body.params.orderId });
      if (String(body.serviceId) !== credentials.serviceId) return fail('INVALID_SERVICE');
      if (!named) return fail('ORDER_NOT_FOUND');
      return core.transaction(async (tx) => {
        const payable = await core.lockPayable(tx, merchantId, named.kind, named.id);
        if (!payable.payableBy('UZUM')) return fail('ORDER_NOT_FOUND');
        if (payable.isPaid) return fail('ALREADY_PROCESSED');
        if (!payable.awaiting) return fail('CANCELLED');
        if (await liveOther(tx, merchantId, named, '')) return fail('ALREADY_PROCESSED');
        return {
          ok: {
            serviceId: body.serviceId,
            timestamp: core.nowMs(),
            status: 'OK',
            data: { orderId: { value: payable.id }, amount: { value: String(payable.tiyin) } },
          },
        };
      });
    },

    async create(body, caller) {
      const { merchantId, credentials, payable: named } = await brandFor(caller, { orderId: body.params.orderId, transId: body.transId });
      if (String(body.serviceId) !== credentials.serviceId) return fail('INVALID_SERVICE');
      return core.transaction(async (tx) => {
        const repo = createPaymentsRepository(tx);
        const payable = named ? await core.lockPayable(tx, merchantId, named.kind, named.id) : null;
        // A transId we have already: Uzum's "created again" (10010), whatever its state; nothing new is written.
        if (await repo.uzumFind(merchantId, body.transId, true)) return fail('ALREADY_CREATED');
        if (!payable || !named) return fail('ORDER_NOT_FOUND');
        if (!payable.payableBy('UZUM')) return fail('ORDER_NOT_FOUND');
        if (body.amount !== payable.tiyin) return fail('INVALID_AMOUNT');
        if (payable.isPaid) return fail('ALREADY_PROCESSED');
        if (!payable.awaiting) return fail('CANCELLED');
        // A one-time account: another live transaction holds the order (or bill).
        if (await liveOther(tx, merchantId, named, body.transId)) return fail('ALREADY_PROCESSED');
        const row = await repo.uzumInsert({
          merchantId,
          transId: body.transId,
          ...payableColumns(named),
          amount: body.amount,
          state: 'CREATED',
          transTime: core.nowMs(),
        });
        return { ok: created(credentials, row) };
      });
    },

    async confirm(body, caller) {
      return onTransaction(body, caller, async (tx, t, payable, credentials, merchantId) => {
        const repo = createPaymentsRepository(tx);
        if (t.state === 'CONFIRMED') return fail('ALREADY_CONFIRMED');
        if (t.state !== 'CREATED') return fail('TRANSACTION_CANCELLED');
        if (payable.isPaid || !payable.awaiting) {
          // Paid another way or cancelled meanwhile (our unpaid timer, the customer; a bill one of whose orders was
          // paid or changed): the money is not taken, Uzum gives it back, /status says FAILED from now on, and the
          // customer hears of it (the bill is cancelled).
          await repo.uzumUpdate(merchantId, t.id, { state: 'FAILED' });
          if (!payable.isPaid) await payable.refused(tx);
          return fail(payable.isPaid ? 'ALREADY_PROCESSED' : 'CANCELLED');
        }
        const now = core.nowMs();
        await payable.pay(tx, `Uzum ${t.transId}`);
        await repo.uzumUpdate(merchantId, t.id, { state: 'CONFIRMED', confirmTime: now });
        return { ok: confirmed(credentials, { ...t, confirmTime: now }) };
      });
    },

    async reverse(body, caller) {
      return onTransaction(body, caller, async (tx, t, payable, credentials, merchantId) => {
        const repo = createPaymentsRepository(tx);
        if (t.state === 'REVERSED') return fail('ALREADY_REVERSED');
        // A refund: the order (every order of a bill) is cancelled and what it held goes back, unless the branch has
        // taken it (any of them) on.
        if (t.state === 'CONFIRMED' && !(await payable.refund(tx, 'PAYMENT_REFUNDED'))) return fail('CANNOT_REVERSE');
        const now = core.nowMs();
        await repo.uzumUpdate(merchantId, t.id, { state: 'REVERSED', reverseTime: now });
        return { ok: reversed(credentials, { ...t, reverseTime: now }) };
      });
    },

    async status(body, caller) {
      const { merchantId, credentials } = await brandFor(caller, { transId: body.transId });
      if (String(body.serviceId) !== credentials.serviceId) return fail('INVALID_SERVICE');
      const t = await core.repo.uzumFind(merchantId, body.transId);
      if (!t) return fail('TRANSACTION_NOT_FOUND');
      return {
        ok: { ...base(credentials, t), status: t.state, transTime: t.transTime, confirmTime: t.confirmTime, reverseTime: t.reverseTime },
      };
    },
  };

  return {
    /** Answers one webhook (`operation` from the path, the raw body, the Authorization header). */
    async handle(operation: string, raw: string | undefined, authorization: string | undefined): Promise<UzumReply> {
      const now = core.nowMs();
      const caller = basicCredentials(authorization);
      let body: unknown = null;
      let echo: { serviceId?: unknown; transId?: unknown } = {};
      try {
        try {
          body = JSON.parse(raw ?? '');
        } catch {
          await requireCaller(caller);
          return uzumFailure('PARSE_ERROR', {}, now);
        }
        if (body && typeof body === 'object') echo = body as typeof echo;
        if (!isUzumOperation(operation)) {
          await requireCaller(caller);
          return uzumFailure('UNKNOWN_OPERATION', echo, now);
        }
        const parsed = UZUM_BODIES[operation].safeParse(body);
        if (!parsed.success) {
          await requireCaller(caller);
          return uzumFailure('MISSING_PARAMS', echo, now);
        }
        // JSON that does not carry well-formed text (a NUL, a lone surrogate) is as unreadable as bad JSON.
        if (illFormedText(parsed.data)) {
          await requireCaller(caller);
          return uzumFailure('PARSE_ERROR', {}, now);
        }
        const outcome = await (operations[operation] as (b: unknown, c: string | null) => Promise<Outcome>)(parsed.data, caller);
        return 'ok' in outcome ? { status: 200, body: outcome.ok } : uzumFailure(outcome.error, echo, now);
      } catch (error) {
        if (error instanceof UzumRefusal) return uzumFailure(error.key, echo, now);
        log.error({ err: error, operation }, 'uzum: the call failed');
        return uzumFailure('CHECK_FAILED', echo, now);
      }
    },
  };
}

export type UzumService = ReturnType<typeof createUzumService>;
