import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@dasturxon/domain/contracts';
import { clickSignature } from '../src/features/payments/click.protocol.ts';
import { BACKENDS } from './harness.ts';
import { clickAmount, clickProvider, clickSign, type ClickProvider } from './providers/click.ts';
import { NAVBAHOR_ACCOUNTS, openShop, SANDBOX, type Shop } from './providers/shop.ts';

describe('Click signature (docs/protocols.md 2.4, the vectors checked there)', () => {
  const fields = {
    click_trans_id: '2145678901',
    service_id: '12345',
    merchant_trans_id: 'ORD-1001',
    amount: '15000.00',
    sign_time: '2024-05-01 12:00:00',
    click_paydoc_id: '1',
    error: '0',
  };
  it('signs Prepare, Complete, and a Prepare whose amount is written without decimals, as the vectors say', () => {
    const prepare = { ...fields, action: '0' };
    const complete = { ...fields, action: '1', merchant_prepare_id: '55' };
    expect(clickSignature(prepare, 'TEST_SECRET')).toBe('c200207bf8a4287c7baca7f20fb2d395');
    expect(clickSignature(complete, 'TEST_SECRET')).toBe('0e70c6e3831546dcfa840e7b24b751f9');
    expect(clickSignature({ ...prepare, amount: '15000' }, 'TEST_SECRET')).toBe('1b72b674aba42977f56577d033e3dc20');
    // The fake Click of the tests signs the same way.
    expect(clickSign(prepare, 'TEST_SECRET')).toBe('c200207bf8a4287c7baca7f20fb2d395');
    expect(clickSign(complete, 'TEST_SECRET')).toBe('0e70c6e3831546dcfa840e7b24b751f9');
  });
});

describe.each(BACKENDS)('Click SHOP API on %s', (backend) => {
  let shop: Shop;
  let click: ClickProvider;

  beforeAll(async () => {
    shop = await openShop(backend);
    click = clickProvider(shop.t.app, SANDBOX.click);
  });
  afterAll(async () => {
    await shop?.close();
  });

  /** A Click order and the fields of a payment attempt for it. */
  const attempt = async (order?: Order) => {
    const o = order ?? (await shop.order('CLICK'));
    return { order: o, call: { orderId: o.id, amount: clickAmount(o.totalPrice), clickTransId: click.newTransId() } };
  };

  describe("Click's test matrix (docs/protocols.md 2.6), row by row", () => {
    let a: Awaited<ReturnType<typeof attempt>>;
    let prepareId: number;
    let b: Awaited<ReturnType<typeof attempt>>;
    let bPrepareId: number;
    let c: Awaited<ReturnType<typeof attempt>>;
    let cPrepareId: number;

    beforeAll(async () => {
      a = await attempt();
    });

    it('row 1: Prepare with a bad sign → -1', async () => {
      const res = await click.prepare({ ...a.call, secretKey: 'not-the-secret' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ error: -1, error_note: 'SIGN CHECK FAILED!', merchant_prepare_id: null });
      expect((await shop.ledgerOf(a.order.id)).click).toHaveLength(0);
    });

    it('row 2: Prepare for an unknown order → -5', async () => {
      for (const orderId of ['00000000-0000-4000-8000-000000000000', 'ORD-1001']) {
        expect((await click.prepare({ ...a.call, orderId })).body).toMatchObject({
          error: -5,
          error_note: 'User does not exist',
          merchant_trans_id: orderId,
        });
      }
    });

    it('row 3: a valid Prepare → 0, with our merchant_prepare_id', async () => {
      const res = await click.prepare(a.call);
      expect(res.body).toMatchObject({
        error: 0,
        error_note: 'Success',
        click_trans_id: Number(a.call.clickTransId),
        merchant_trans_id: a.order.id,
      });
      prepareId = res.body.merchant_prepare_id!;
      expect(prepareId).toBeGreaterThan(0);
      expect(await shop.orderRow(a.order.id)).toMatchObject({ status: 'CREATED', isPaid: false });
    });

    it('row 4: Complete with a bad sign → -1', async () => {
      expect((await click.complete({ ...a.call, merchantPrepareId: prepareId, secretKey: 'forged' })).body).toMatchObject({ error: -1 });
    });

    it('row 5: Complete with amount 300 (wrong) → -2', async () => {
      expect((await click.complete({ ...a.call, merchantPrepareId: prepareId, amount: '300' })).body).toMatchObject({
        error: -2,
        error_note: 'Incorrect parameter amount',
      });
      expect((await shop.orderRow(a.order.id)).isPaid).toBe(false);
    });

    it('row 6: Complete confirming row 3 → 0: the order is paid and moves CREATED → OPEN', async () => {
      const res = await click.complete({ ...a.call, merchantPrepareId: prepareId });
      expect(res.body).toMatchObject({ error: 0, error_note: 'Success', merchant_confirm_id: prepareId });
      expect(await shop.orderRow(a.order.id)).toMatchObject({ status: 'OPEN', isPaid: true });
      expect((await shop.ledgerOf(a.order.id)).click).toMatchObject([{ state: 'COMPLETED', amount: a.order.totalPrice * 100 }]);
    });

    it('row 7: the confirm repeated (error=0) → -4', async () => {
      expect((await click.complete({ ...a.call, merchantPrepareId: prepareId })).body).toMatchObject({
        error: -4,
        error_note: 'Already paid',
      });
      expect((await shop.ledgerOf(a.order.id)).click).toMatchObject([{ state: 'COMPLETED' }]);
    });

    it('row 8: Click error=-5017 on the confirmed payment → -9: the payment is cancelled and the order with it', async () => {
      expect((await click.complete({ ...a.call, merchantPrepareId: prepareId, error: -5017 })).body).toMatchObject({
        error: -9,
        error_note: 'Transaction cancelled',
      });
      expect((await shop.ledgerOf(a.order.id)).click).toMatchObject([{ state: 'CANCELLED', clickError: -5017 }]);
      expect(await shop.orderRow(a.order.id)).toMatchObject({ status: 'CANCELED', isPaid: false });
    });

    it('row 9: Prepare of a new payment → 0', async () => {
      b = await attempt();
      const res = await click.prepare(b.call);
      expect(res.body).toMatchObject({ error: 0 });
      bPrepareId = res.body.merchant_prepare_id!;
    });

    it('row 10: Complete with merchant_prepare_id=999999999 → -6', async () => {
      expect((await click.complete({ ...b.call, merchantPrepareId: 999999999 })).body).toMatchObject({
        error: -6,
        error_note: 'Transaction does not exist',
      });
      // Another order's, or one past an int, is no better.
      expect((await click.complete({ ...b.call, merchantPrepareId: prepareId })).body).toMatchObject({ error: -6 });
      expect((await click.complete({ ...b.call, merchantPrepareId: '99999999999999' })).body).toMatchObject({ error: -6 });
    });

    it('row 11: Complete with the valid id of row 9 → 0', async () => {
      expect((await click.complete({ ...b.call, merchantPrepareId: bPrepareId })).body).toMatchObject({
        error: 0,
        merchant_confirm_id: bPrepareId,
      });
      expect(await shop.orderRow(b.order.id)).toMatchObject({ status: 'OPEN', isPaid: true });
    });

    it('row 12: Prepare of a new payment → 0', async () => {
      c = await attempt();
      const res = await click.prepare(c.call);
      expect(res.body).toMatchObject({ error: 0 });
      cPrepareId = res.body.merchant_prepare_id!;
    });

    it('row 13: Complete with Click error=-5017 (cancel) → -9', async () => {
      expect((await click.complete({ ...c.call, merchantPrepareId: cPrepareId, error: -5017 })).body).toMatchObject({ error: -9 });
      expect((await shop.ledgerOf(c.order.id)).click).toMatchObject([{ state: 'CANCELLED', clickError: -5017 }]);
      // Not paid, so the order still awaits a payment: the customer may try again.
      expect(await shop.orderRow(c.order.id)).toMatchObject({ status: 'CREATED', isPaid: false });
    });

    it('row 14: the cancel repeated → -9', async () => {
      expect((await click.complete({ ...c.call, merchantPrepareId: cPrepareId, error: -5017 })).body).toMatchObject({ error: -9 });
    });

    it('row 15: a confirm (error=0) of the cancelled payment → -9', async () => {
      expect((await click.complete({ ...c.call, merchantPrepareId: cPrepareId })).body).toMatchObject({ error: -9 });
      expect(await shop.orderRow(c.order.id)).toMatchObject({ status: 'CREATED', isPaid: false });
      // A new attempt of the customer's pays it.
      const again = { ...c.call, clickTransId: click.newTransId() };
      const prepared = await click.prepare(again);
      expect((await click.complete({ ...again, merchantPrepareId: prepared.body.merchant_prepare_id! })).body).toMatchObject({ error: 0 });
      expect(await shop.orderRow(c.order.id)).toMatchObject({ status: 'OPEN', isPaid: true });
    });
  });

  describe('beyond the matrix', () => {
    it('-1 for another brand’s service or secret: the brand is the order’s and its key must sign', async () => {
      const { order, call } = await attempt();
      expect((await click.prepare({ ...call, ...NAVBAHOR_ACCOUNTS.click })).body).toMatchObject({ error: -1 });
      expect((await click.prepare({ ...call, secretKey: NAVBAHOR_ACCOUNTS.click.secretKey })).body).toMatchObject({ error: -1 });
      expect((await click.prepare({ ...call, serviceId: NAVBAHOR_ACCOUNTS.click.serviceId })).body).toMatchObject({ error: -1 });
      // An unknown order signed with a service's own key is -5; signed with anything else, -1.
      expect(
        (await click.prepare({ ...call, orderId: '00000000-0000-4000-8000-000000000000', ...NAVBAHOR_ACCOUNTS.click })).body,
      ).toMatchObject({ error: -5 });
      expect((await click.prepare({ ...call, orderId: '00000000-0000-4000-8000-000000000000', secretKey: 'x' })).body).toMatchObject({
        error: -1,
      });
      expect((await shop.ledgerOf(order.id)).click).toHaveLength(0);
    });

    it('-8 for a missing or malformed field, -3 for an action the call does not take, checked after the sign', async () => {
      const { call } = await attempt();
      for (const field of ['click_trans_id', 'service_id', 'amount', 'action', 'sign_time', 'sign_string', 'merchant_trans_id']) {
        expect([field, (await click.prepare({ ...call, omit: [field] })).body.error]).toEqual([field, -8]);
      }
      expect((await click.complete({ ...call, omit: ['merchant_prepare_id'] })).body.error).toBe(-8);
      expect((await click.prepare({ ...call, amount: '15 000' })).body.error).toBe(-8);
      expect((await click.prepare({ ...call, action: '1' })).body).toMatchObject({ error: -3, error_note: 'Action not found' });
      expect((await click.complete({ ...call, action: '0', merchantPrepareId: 1 })).body).toMatchObject({ error: -3 });
      expect((await click.prepare({ ...call, action: '1', secretKey: 'x' })).body.error).toBe(-1);
      const empty = await shop.t.app.inject({
        method: 'POST',
        url: '/api/payments/v1/click/prepare',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
      expect([empty.statusCode, empty.json().error]).toEqual([200, -8]);
    });

    it('takes the amount as Click writes it: 15000, 15000.0 and 15000.00 are the same sum, each signed as sent', async () => {
      const { order, call } = await attempt();
      const whole = { ...call, amount: String(order.totalPrice) };
      const prepared = await click.prepare(whole);
      expect(prepared.body.error).toBe(0);
      expect(
        (await click.complete({ ...whole, amount: `${order.totalPrice}.0`, merchantPrepareId: prepared.body.merchant_prepare_id! })).body
          .error,
      ).toBe(0);
      expect((await click.prepare({ ...call, clickTransId: click.newTransId(), amount: `${order.totalPrice}.01` })).body.error).not.toBe(0);
    });

    it('answers a repeated Prepare with the same merchant_prepare_id, and refuses orders not awaiting a Click payment', async () => {
      const { order, call } = await attempt();
      const first = await click.prepare(call);
      expect((await click.prepare(call)).body).toEqual(first.body);
      expect((await shop.ledgerOf(order.id)).click).toHaveLength(1);

      const payme = await shop.order('PAYME');
      expect(
        (await click.prepare({ ...call, clickTransId: click.newTransId(), orderId: payme.id, amount: clickAmount(payme.totalPrice) })).body
          .error,
      ).toBe(-5);
      // Paid through one attempt, another attempt's Prepare is -4 and its Complete too (the debit goes back).
      const second = { ...call, clickTransId: click.newTransId() };
      const secondPrepared = await click.prepare(second);
      expect((await click.complete({ ...call, merchantPrepareId: first.body.merchant_prepare_id! })).body.error).toBe(0);
      expect((await click.prepare({ ...call, clickTransId: click.newTransId() })).body.error).toBe(-4);
      expect((await click.complete({ ...second, merchantPrepareId: secondPrepared.body.merchant_prepare_id! })).body.error).toBe(-4);
      expect((await shop.ledgerOf(order.id)).click.map((r) => r.state).sort()).toEqual(['CANCELLED', 'COMPLETED']);
    });

    it('our unpaid timer waits out the 30 minutes a prepared payment has to complete; after them the order is cancelled, a late Complete answers -9 and the customer is told', async () => {
      await shop.overTime(async (after, start) => {
        const { order, call } = await attempt();
        after(10 * 60_000);
        const prepared = await click.prepare(call);
        after(21 * 60_000);
        await shop.t.app.runOrderTimers();
        expect(await shop.orderRow(order.id)).toMatchObject({ status: 'CREATED', payUntil: new Date(start.getTime() + 40 * 60_000) });
        after(40 * 60_000);
        await shop.t.app.runOrderTimers();
        expect(await shop.orderRow(order.id)).toMatchObject({ status: 'CANCELED', isPaid: false, reason: 'NOT_PAID_IN_TIME' });
        const before = await shop.toldOf(order.id);
        expect((await click.complete({ ...call, merchantPrepareId: prepared.body.merchant_prepare_id! })).body.error).toBe(-9);
        expect(await shop.orderRow(order.id)).toMatchObject({ status: 'CANCELED', isPaid: false });
        expect((await shop.ledgerOf(order.id)).click).toMatchObject([{ state: 'CANCELLED' }]);
        expect(await shop.toldOf(order.id)).toEqual({ events: before.events + 1, notifications: before.notifications + 1 });
        // Repeated: -9 again, no one told twice.
        expect((await click.complete({ ...call, merchantPrepareId: prepared.body.merchant_prepare_id! })).body.error).toBe(-9);
        expect(await shop.toldOf(order.id)).toEqual({ events: before.events + 1, notifications: before.notifications + 1 });
        expect((await click.prepare({ ...call, clickTransId: click.newTransId() })).body.error).toBe(-9);
      });
    });

    it('a prepared payment completed within its 30 minutes pays the order even past our 20', async () => {
      await shop.overTime(async (after) => {
        const { order, call } = await attempt();
        after(15 * 60_000);
        const prepared = await click.prepare(call);
        after(44 * 60_000);
        await shop.t.app.runOrderTimers();
        expect((await click.complete({ ...call, merchantPrepareId: prepared.body.merchant_prepare_id! })).body.error).toBe(0);
        expect(await shop.orderRow(order.id)).toMatchObject({ status: 'OPEN', isPaid: true });
      });
    });

    it('-7 when the payment cannot be written (the database fails): nothing is paid', async () => {
      const { order, call } = await attempt();
      await shop.t.database.db.execute(sql`alter table click_transactions rename to click_transactions_away`);
      try {
        expect((await click.prepare(call)).body).toMatchObject({ error: -7, error_note: 'Failed to update user' });
      } finally {
        await shop.t.database.db.execute(sql`alter table click_transactions_away rename to click_transactions`);
      }
      expect(await shop.orderRow(order.id)).toMatchObject({ status: 'CREATED', isPaid: false });
    });
  });
});
