import type { FastifyBaseLogger } from 'fastify';
import type { ClickCredentials, Db } from '@dasturxon/db';
import {
  CLICK_ACTION_CODE,
  CLICK_ERRORS,
  clickAmountTiyin,
  clickSignature,
  readClickRequest,
  type ClickAction,
  type ClickErrorKey,
  type ClickReply,
  type ClickRequest,
} from './click.protocol.ts';
import { createPaymentsRepository } from './payments.repository.ts';
import { illFormedText, payableColumns, payableOfRow, sameSecret, type PayableKind, type PaymentsCore } from './payments.core.ts';

/** merchant_prepare_id is an int: anything larger names no payment of ours. */
const MAX_PREPARE_ID = 2_147_483_647;

/**
 * Click's SHOP API (docs/protocols.md section 2): Prepare and Complete, answered with HTTP 200 and Click's `error`
 * codes, checked in the order of 2.6 so that every row of Click's test matrix passes: fields (-8), signature (-1),
 * action (-3), order (-5), the prepared payment (-6), amount (-2), Click's own error (-9, before "already paid"),
 * already paid (-4), cancelled (-9). The brand is the order's (merchant_trans_id); its secret key must sign the
 * call, so another brand's signature is -1. merchant_trans_id may name a table's bill instead (decision 021): the
 * same path pays it through `lockPayable`, every covered order at once.
 */
/** What merchant_trans_id names: an order, or a table's bill. */
type Named = { kind: PayableKind; id: string };
const sameNamed = (row: { orderId: string | null; billId: string | null }, named: Named) => {
  const of = payableOfRow(row);
  return of.kind === named.kind && of.id === named.id;
};

export function createClickService(core: PaymentsCore, log: FastifyBaseLogger) {
  function reply(action: ClickAction, r: Partial<ClickRequest> | null, key: ClickErrorKey, id: number | null = null): ClickReply {
    const { error, note } = CLICK_ERRORS[key];
    const transId = r?.click_trans_id && /^\d+$/.test(r.click_trans_id) ? Number(r.click_trans_id) : null;
    return {
      click_trans_id: transId,
      merchant_trans_id: typeof r?.merchant_trans_id === 'string' ? r.merchant_trans_id : null,
      ...(action === 'prepare' ? { merchant_prepare_id: id } : { merchant_confirm_id: id }),
      error,
      error_note: note,
    };
  }

  /** What can be read of a call refused as malformed, to answer it with. */
  function partial(body: unknown): Partial<ClickRequest> | null {
    if (!body || typeof body !== 'object') return null;
    const f = body as Record<string, unknown>;
    return {
      ...(typeof f.click_trans_id === 'string' ? { click_trans_id: f.click_trans_id } : {}),
      ...(typeof f.merchant_trans_id === 'string' ? { merchant_trans_id: f.merchant_trans_id } : {}),
    };
  }

  const signedWith = (r: ClickRequest, credentials: ClickCredentials) =>
    credentials.serviceId === r.service_id && sameSecret(clickSignature(r, credentials.secretKey), r.sign_string.toLowerCase());

  /**
   * The brand the call is for when its signature is that brand's: the brand of the order (or table's bill) named;
   * for neither of ours, a brand of the service id whose key signed it (then the answer is -5, else -1).
   */
  async function signedBrand(r: ClickRequest): Promise<{ merchantId: string; payable: Named | null } | null> {
    const found = await core.payableBrand(r.merchant_trans_id);
    if (found) {
      const credentials = await core.credentialsOf(found.merchantId, 'CLICK');
      return credentials && signedWith(r, credentials)
        ? { merchantId: found.merchantId, payable: { kind: found.kind, id: found.id } }
        : null;
    }
    for (const { merchantId, credentials } of await core.callerBrands('CLICK', r.service_id))
      if (signedWith(r, credentials)) return { merchantId, payable: null };
    return null;
  }

  async function answer(
    action: ClickAction,
    body: unknown,
    work: (tx: Db, r: ClickRequest, merchantId: string, named: Named) => Promise<ClickReply>,
  ): Promise<ClickReply> {
    const r = readClickRequest(body, action);
    if (!r) return reply(action, partial(body), 'BAD_REQUEST');
    try {
      const brand = await signedBrand(r);
      if (!brand) return reply(action, r, 'SIGN_CHECK_FAILED');
      // Signed, then read: a text that is not well-formed (a NUL, a lone surrogate) is an error in Click's request.
      if (illFormedText(body)) return reply(action, null, 'BAD_REQUEST');
      if (r.action !== CLICK_ACTION_CODE[action]) return reply(action, r, 'ACTION_NOT_FOUND');
      const { merchantId, payable } = brand;
      if (!payable) return reply(action, r, 'ORDER_NOT_FOUND');
      return await core.transaction((tx) => work(tx, r, merchantId, payable));
    } catch (error) {
      log.error({ err: error, action }, 'click: the call failed');
      return reply(action, r, 'UPDATE_FAILED');
    }
  }

  return {
    /**
     * Prepare (action 0): the payment is recorded against the order (or table's bill), which must be Click's, of this
     * amount and awaiting payment.
     */
    prepare(body: unknown): Promise<ClickReply> {
      return answer('prepare', body, async (tx, r, merchantId, named) => {
        const payable = await core.lockPayable(tx, merchantId, named.kind, named.id);
        if (!payable.payableBy('CLICK')) return reply('prepare', r, 'ORDER_NOT_FOUND');
        if (clickAmountTiyin(r.amount) !== payable.tiyin || payable.tiyin <= 0) return reply('prepare', r, 'WRONG_AMOUNT');
        const repo = createPaymentsRepository(tx);
        const existing = await repo.clickFind(merchantId, r.click_trans_id, true);
        if (existing) {
          // Click repeats a Prepare it did not get an answer to: the same payment, answered the same.
          if (!sameNamed(existing, named)) return reply('prepare', r, 'BAD_REQUEST');
          if (existing.state === 'COMPLETED') return reply('prepare', r, 'ALREADY_PAID', existing.id);
          if (existing.state === 'CANCELLED') return reply('prepare', r, 'CANCELLED', existing.id);
          return reply('prepare', r, 'SUCCESS', existing.id);
        }
        if (Number(r.error) < 0) return reply('prepare', r, 'CANCELLED');
        if (payable.isPaid) return reply('prepare', r, 'ALREADY_PAID');
        if (!payable.awaiting) return reply('prepare', r, 'CANCELLED');
        const row = await repo.clickInsert({
          merchantId,
          clickTransId: r.click_trans_id,
          clickPaydocId: r.click_paydoc_id,
          ...payableColumns(named),
          amount: payable.tiyin,
          state: 'PREPARED',
          preparedAt: new Date(core.nowMs()),
        });
        return reply('prepare', r, 'SUCCESS', row.id);
      });
    },

    /**
     * Complete (action 1): Click took the money (error 0) and the order (every order of a table's bill) is paid and
     * moves on in the same transaction, or Click gave up (error < 0) and the payment is cancelled, a completed one
     * refunded (the order, or all of the bill's, cancelled; none once the branch has taken one on).
     */
    complete(body: unknown): Promise<ClickReply> {
      return answer('complete', body, async (tx, r, merchantId, named) => {
        const payable = await core.lockPayable(tx, merchantId, named.kind, named.id);
        if (!payable.payableBy('CLICK')) return reply('complete', r, 'ORDER_NOT_FOUND');
        const repo = createPaymentsRepository(tx);
        const prepareId = Number(r.merchant_prepare_id);
        const row = prepareId <= MAX_PREPARE_ID ? await repo.clickById(merchantId, prepareId, true) : null;
        if (!row || row.clickTransId !== r.click_trans_id || !sameNamed(row, named)) return reply('complete', r, 'TRANSACTION_NOT_FOUND');
        if (clickAmountTiyin(r.amount) !== row.amount || row.amount !== payable.tiyin) return reply('complete', r, 'WRONG_AMOUNT');
        const now = new Date(core.nowMs());
        const cancel = () =>
          repo.clickUpdate(merchantId, row.id, {
            state: 'CANCELLED',
            cancelledAt: now,
            clickError: Number(r.error) < 0 ? Number(r.error) : null,
          });

        if (Number(r.error) < 0) {
          // Click cancelled the payment: ours is cancelled too; if it was completed, the money goes back and so does the order.
          if (row.state === 'COMPLETED' && !(await payable.refund(tx, 'PAYMENT_REFUNDED')))
            return reply('complete', r, 'ALREADY_PAID', row.id);
          if (row.state !== 'CANCELLED') await cancel();
          return reply('complete', r, 'CANCELLED');
        }
        if (row.state === 'COMPLETED') return reply('complete', r, 'ALREADY_PAID', row.id);
        if (row.state === 'CANCELLED') return reply('complete', r, 'CANCELLED');
        if (payable.isPaid || !payable.awaiting) {
          // Paid by another of Click's attempts, or cancelled meanwhile (or a bill one of whose orders was paid or
          // changed meanwhile): this debit is refused, Click returns it (and the customer of a cancelled order hears of
          // it; the bill is cancelled).
          await cancel();
          if (!payable.isPaid) await payable.refused(tx);
          return reply('complete', r, payable.isPaid ? 'ALREADY_PAID' : 'CANCELLED');
        }
        await payable.pay(tx, `Click ${r.click_trans_id}`);
        await repo.clickUpdate(merchantId, row.id, { state: 'COMPLETED', completedAt: now });
        return reply('complete', r, 'SUCCESS', row.id);
      });
    },
  };
}

export type ClickService = ReturnType<typeof createClickService>;
