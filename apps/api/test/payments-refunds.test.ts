import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  auditLog,
  cardPayments,
  createSecretBox,
  DEV_PAYMENT_SECRETS_KEY,
  merchantSettings,
  paymentAccounts,
  sealPaymentAccount,
} from '@dasturxon/db';
import { REFUND_MAX_TRIES, refundRetryDelayMs } from '@dasturxon/domain';
import { CardCreateResponse, Order, Refund, RefundList } from '@dasturxon/domain/contracts';
import { BACKENDS, signInStaff, staffCaller } from './harness.ts';
import { cardNumberFrom, startFakeClickMerchantApi, type FakeClickMerchantApi } from './providers/click-merchant-api.ts';
import { clickAmount, clickProvider, type ClickProvider } from './providers/click.ts';
import { paymeProvider, type PaymeProvider } from './providers/payme.ts';
import { openShop, SANDBOX, T, tiyin, type Shop } from './providers/shop.ts';

/*
 * Issue 29: the refund of a cancelled paid order, started at the provider (payments refunds.service.ts). A Click
 * payment (SHOP API, or a saved card) is reversed through Click's Merchant API (the fake plays Click) at once after the
 * cancel commits: yes gives DONE, a refusal or silence retries by the operations' background work and ends FAILED.
 * Payme's refund stays STARTED until its callback, or a manager marks it (the console's API: roles, version, audit).
 */

const MERCHANT_USER_ID = '40001';

describe.each(BACKENDS)('refunds of cancelled paid orders on %s', (backend) => {
  let fake: FakeClickMerchantApi;
  let shop: Shop;
  let click: ClickProvider;
  let payme: PaymeProvider;
  const staff: Record<string, ReturnType<typeof staffCaller>> = {};

  beforeAll(async () => {
    fake = await startFakeClickMerchantApi();
    fake.addService({ serviceId: SANDBOX.click.serviceId, merchantUserId: MERCHANT_USER_ID, secretKey: SANDBOX.click.secretKey });
    shop = await openShop(backend, { CLICK_MERCHANT_API_URL: fake.url });
    click = clickProvider(shop.t.app, SANDBOX.click);
    payme = paymeProvider(shop.t.app, SANDBOX.payme);
    const db = shop.t.database.db;
    const sealed = sealPaymentAccount(createSecretBox(DEV_PAYMENT_SECRETS_KEY), T.id, {
      provider: 'CLICK',
      credentials: { ...SANDBOX.click, merchantUserId: MERCHANT_USER_ID },
    });
    await db
      .update(paymentAccounts)
      .set({ credentials: sealed.credentials, lookup: sealed.lookup })
      .where(and(eq(paymentAccounts.merchantId, T.id), eq(paymentAccounts.provider, 'CLICK')));
    await db
      .update(merchantSettings)
      .set({ cardActive: true })
      .where(and(eq(merchantSettings.merchantId, T.id), eq(merchantSettings.channel, 'WEB')));
    for (const role of ['owner', 'manager', 'operator', 'kitchen', 'courier'] as const)
      staff[role] = staffCaller(shop.t, await signInStaff(shop.t, T.staffPhones[role], T.id, T.staffPassword), T.id);
  });
  afterAll(async () => {
    await shop?.close();
    await fake?.close();
  });
  // Each test moves time on for the retries; the next starts where the first did (the staff's sessions stay live).
  let start: Date;
  beforeEach(() => {
    start ??= shop.t.clock.now();
    shop.t.clock.set(start);
  });

  type Customer = Awaited<ReturnType<Shop['customer']>>;
  const as = (c: Customer) => ({ 'x-merchant-id': c.merchant, authorization: `Bearer ${c.token}` });
  const cancel = async (c: Customer, id: string) => {
    const res = await shop.t.app.inject({
      method: 'POST',
      url: `/api/orders/v1/orders/${id}/cancel`,
      headers: as(c),
      payload: { reason: 'UPDATE' },
    });
    expect(res.statusCode).toBe(200);
    return Order.parse(res.json());
  };
  const read = async (c: Customer, id: string) =>
    Order.parse((await shop.t.app.inject({ method: 'GET', url: `/api/orders/v1/orders/${id}`, headers: as(c) })).json());
  const later = (ms: number) => shop.t.clock.set(new Date(shop.t.clock.now().getTime() + ms));

  /** An order paid through Click's SHOP API (Prepare, Complete); `known`: Click's Merchant API knows the payment. */
  async function paidByClick(known = true) {
    const c = await shop.customer();
    const order = await shop.order('CLICK', { customer: c });
    const call = { orderId: order.id, amount: clickAmount(order.totalPrice), clickTransId: click.newTransId() };
    const prepared = await click.prepare(call);
    expect(prepared.body.error).toBe(0);
    expect((await click.complete({ ...call, merchantPrepareId: prepared.body.merchant_prepare_id! })).body.error).toBe(0);
    const paydocId = Number(call.clickTransId) + 7; // the click_paydoc_id our fake SHOP API sends
    if (known)
      fake.addShopPayment({ paymentId: paydocId, serviceId: SANDBOX.click.serviceId, amount: order.totalPrice, orderId: order.id });
    return { c, order, paydocId };
  }

  it('Click says yes: the cancel answers the refund DONE, the order unpaid, the payment reversed once and its row refunded', async () => {
    const { c, order, paydocId } = await paidByClick();
    const reversals = fake.calls('payment/reversal').length;
    const cancelled = await cancel(c, order.id);
    expect(cancelled).toMatchObject({ status: 'CANCELED', isPaid: false, refund: { state: 'DONE' } });
    expect(fake.payment(paydocId)).toMatchObject({ reversed: true });
    expect(fake.calls('payment/reversal')).toHaveLength(reversals + 1);
    const row = await shop.orderRow(order.id);
    expect(row).toMatchObject({ refundState: 'DONE', refundTries: 1, refundDoneBy: null });
    expect(row.refundDoneAt).not.toBeNull();
    const [ledger] = (await shop.ledgerOf(order.id)).click;
    expect(ledger).toMatchObject({ state: 'COMPLETED' });
    expect(ledger!.refundedAt).not.toBeNull();
    // The background work never asks again.
    later(24 * 3600_000);
    await shop.t.app.runOpsWork();
    expect(fake.calls('payment/reversal')).toHaveLength(reversals + 1);
    expect((await read(c, order.id)).refund).toMatchObject({ state: 'DONE' });
  });

  it('a saved-card payment is reversed the same way: DONE, the card payment REFUNDED', async () => {
    const c = await shop.customer();
    const call = (method: 'POST', url: string, payload: object) =>
      shop.t.app.inject({ method, url: `/api/payments/v1/cards${url}`, headers: as(c), payload });
    const added = await call('POST', '', { cardNumber: cardNumberFrom('860012345678901'), expireDate: '0330' });
    const { cardId } = CardCreateResponse.parse(added.json());
    expect((await call('POST', `/${cardId}/verify`, { code: fake.lastCode() })).statusCode).toBe(200);
    const order = await shop.order('CLICK', { customer: c });
    const paid = await call('POST', `/${cardId}/pay`, { orderId: order.id });
    expect(paid.json()).toMatchObject({ isPaid: true });
    const cancelled = await cancel(c, order.id);
    expect(cancelled).toMatchObject({ isPaid: false, refund: { state: 'DONE' } });
    const [attempt] = await shop.t.database.db.select().from(cardPayments).where(eq(cardPayments.orderId, order.id));
    expect(attempt).toMatchObject({ state: 'REFUNDED' });
    expect(fake.payment(attempt!.clickPaymentId!)).toMatchObject({ reversed: true });
  });

  it('Click refuses: STARTED with the reason, retried by the background work on its schedule, FAILED after the last try', async () => {
    const { c, order } = await paidByClick(false);
    const cancelled = await cancel(c, order.id);
    expect(cancelled).toMatchObject({ status: 'CANCELED', isPaid: true, refund: { state: 'STARTED' } });
    let row = await shop.orderRow(order.id);
    expect(row).toMatchObject({ refundState: 'STARTED', refundTries: 1 });
    expect(row.refundError).toMatch(/^CLICK_-5004/);
    // Not due yet: the background work leaves it.
    await shop.t.app.runOpsWork();
    expect((await shop.orderRow(order.id)).refundTries).toBe(1);
    for (let tries = 1; tries < REFUND_MAX_TRIES; tries++) {
      later(refundRetryDelayMs(tries));
      await shop.t.app.runOpsWork();
      row = await shop.orderRow(order.id);
      expect(row.refundTries).toBe(tries + 1);
    }
    expect(row).toMatchObject({ refundState: 'FAILED', isPaid: true, refundNextAt: null });
    expect((await read(c, order.id)).refund).toMatchObject({ state: 'FAILED' });
    later(3600_000);
    await shop.t.app.runOpsWork();
    expect((await shop.orderRow(order.id)).refundTries).toBe(REFUND_MAX_TRIES);
  });

  it('Click cannot be reached, then says yes on a retry: DONE, reversed once', async () => {
    const { c, order, paydocId } = await paidByClick();
    fake.unreachable(true);
    try {
      expect(await cancel(c, order.id)).toMatchObject({ refund: { state: 'STARTED' } });
    } finally {
      fake.unreachable(false);
    }
    expect((await shop.orderRow(order.id)).refundError).toBe('NOT_HEARD_NETWORK');
    expect(fake.payment(paydocId)).toMatchObject({ reversed: false });
    later(refundRetryDelayMs(1));
    await shop.t.app.runOpsWork();
    expect(await read(c, order.id)).toMatchObject({ isPaid: false, refund: { state: 'DONE' } });
    expect(fake.payment(paydocId)).toMatchObject({ reversed: true });
    expect(await shop.orderRow(order.id)).toMatchObject({ refundTries: 2 });
  });

  it('Click cannot be reached to the end: FAILED; a manager marks it refunded (version, audit); the roles below are refused', async () => {
    const { c, order } = await paidByClick();
    fake.unreachable(true);
    try {
      await cancel(c, order.id);
      for (let tries = 1; tries < REFUND_MAX_TRIES; tries++) {
        later(refundRetryDelayMs(tries));
        await shop.t.app.runOpsWork();
      }
    } finally {
      fake.unreachable(false);
    }
    expect(await shop.orderRow(order.id)).toMatchObject({
      refundState: 'FAILED',
      refundTries: REFUND_MAX_TRIES,
      refundError: 'NOT_HEARD_NETWORK',
    });

    const listed = RefundList.parse((await staff.manager!('GET', '/admin/v1/refunds')).json());
    const mine = listed.find((r) => r.orderId === order.id)!;
    expect(mine).toMatchObject({ state: 'FAILED', provider: 'CLICK', amount: order.totalPrice, canMark: true, tries: REFUND_MAX_TRIES });
    for (const role of ['kitchen', 'courier', 'operator']) {
      expect((await staff[role]!('GET', '/admin/v1/refunds')).statusCode).toBe(403);
      expect((await staff[role]!('POST', `/admin/v1/refunds/${order.id}/done`, { version: mine.version })).statusCode).toBe(403);
    }
    const stale = await staff.manager!('POST', `/admin/v1/refunds/${order.id}/done`, { version: mine.version - 1 });
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'VERSION_CONFLICT']);
    const marked = await staff.manager!('POST', `/admin/v1/refunds/${order.id}/done`, { version: mine.version });
    expect(marked.statusCode).toBe(200);
    expect(Refund.parse(marked.json())).toMatchObject({ state: 'DONE', canMark: false, version: mine.version + 1 });
    expect(await read(c, order.id)).toMatchObject({ isPaid: false, refund: { state: 'DONE' } });
    const again = await staff.manager!('POST', `/admin/v1/refunds/${order.id}/done`, { version: mine.version + 1 });
    expect([again.statusCode, again.json().code]).toEqual([409, 'REFUND_NOT_OPEN']);
    const audits = await shop.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.merchantId, T.id), eq(auditLog.objectType, 'order-refund'), eq(auditLog.objectId, order.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorRole: 'manager', action: 'update', before: { state: 'FAILED' }, after: { state: 'DONE' } });
    expect(RefundList.parse((await staff.manager!('GET', '/admin/v1/refunds')).json()).map((r) => r.orderId)).not.toContain(order.id);
  });

  it('a Payme refund stays STARTED (no call of ours) until a manager marks it; a Click one under way cannot be marked', async () => {
    const c = await shop.customer();
    const order = await shop.order('PAYME', { customer: c });
    const id = payme.newId();
    await payme.create(id, order.id, tiyin(order), shop.t.clock.now().getTime());
    await payme.perform(id);
    const reversals = fake.calls('payment/reversal').length;
    expect(await cancel(c, order.id)).toMatchObject({ isPaid: true, refund: { state: 'STARTED' } });
    later(3600_000);
    await shop.t.app.runOpsWork();
    expect(fake.calls('payment/reversal')).toHaveLength(reversals);
    const one = Refund.parse((await staff.owner!('GET', `/admin/v1/refunds/${order.id}`)).json());
    expect(one).toMatchObject({ state: 'STARTED', provider: 'PAYME', tries: 0, canMark: true });
    expect((await staff.manager!('POST', `/admin/v1/refunds/${order.id}/done`, { version: one.version })).json()).toMatchObject({
      state: 'DONE',
      doneBy: expect.any(String),
    });
    expect(await shop.orderRow(order.id)).toMatchObject({ refundState: 'DONE', isPaid: false });

    // A Click refund still being retried is ours to finish: 409 REFUND_NOT_OPEN.
    const { c: c2, order: clickOrder } = await paidByClick(false);
    await cancel(c2, clickOrder.id);
    const open = Refund.parse((await staff.manager!('GET', `/admin/v1/refunds/${clickOrder.id}`)).json());
    expect(open).toMatchObject({ state: 'STARTED', canMark: false });
    const refused = await staff.manager!('POST', `/admin/v1/refunds/${clickOrder.id}/done`, { version: open.version });
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'REFUND_NOT_OPEN']);
    expect((await staff.manager!('GET', `/admin/v1/refunds/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
  });
});
