import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products } from '@dasturxon/db';
import { DEMO } from '@dasturxon/db/seed';
import { BACKENDS } from './harness.ts';
import { basic, PAYME_URL, paymeProvider, type PaymeAnswer, type PaymeProvider } from './providers/payme.ts';
import { COUNTED, NAVBAHOR_ACCOUNTS, openShop, SANDBOX, T, tiyin, type Shop } from './providers/shop.ts';

const HOUR = 3_600_000;
const TIMEOUT = 12 * HOUR;

const errorOf = (a: PaymeAnswer) => a.body.error?.code;
/** Every answer, error or not, comes with HTTP 200 and a JSON-RPC body naming the request's id. */
const rpc = (a: PaymeAnswer) => {
  expect(a.status).toBe(200);
  return a.body;
};

describe.each(BACKENDS)('Payme merchant API on %s', (backend) => {
  let shop: Shop;
  let payme: PaymeProvider;
  const now = () => shop.t.clock.now().getTime();
  const statusOf = async (id: string) => (await shop.orderRow(id)).status;

  beforeAll(async () => {
    shop = await openShop(backend);
    payme = paymeProvider(shop.t.app, SANDBOX.payme);
  });
  afterAll(async () => {
    await shop?.close();
  });

  describe('the sandbox scenarios (docs/protocols.md 1.7)', () => {
    it('scenario 1, create → cancel: an unconfirmed transaction is cancelled, each call answered the same twice, the order still awaits payment', async () => {
      const order = await shop.order('PAYME');
      const id = payme.newId();
      expect(rpc(await payme.checkPerform(order.id, tiyin(order))).result).toMatchObject({ allow: true });

      const [created, createdAgain] = await payme.twice('CreateTransaction', {
        id,
        time: now(),
        amount: tiyin(order),
        account: { order_id: order.id },
      });
      expect(rpc(created).result).toMatchObject({ state: 1, create_time: now(), receivers: null });
      expect(typeof created.body.result!.transaction).toBe('string');
      expect(createdAgain.raw.replace(/"id":\d+/, '')).toBe(created.raw.replace(/"id":\d+/, ''));

      const before = rpc(await payme.check(id)).result;
      expect(before).toEqual({
        create_time: now(),
        perform_time: 0,
        cancel_time: 0,
        transaction: created.body.result!.transaction,
        state: 1,
        reason: null,
      });

      shop.t.clock.set(new Date(now() + 5_000));
      const [cancelled, cancelledAgain] = await payme.twice('CancelTransaction', { id, reason: 3 });
      expect(rpc(cancelled).result).toEqual({ transaction: created.body.result!.transaction, cancel_time: now(), state: -1 });
      shop.t.clock.set(new Date(now() + 5_000));
      expect(cancelledAgain.raw).toBe(cancelled.raw);
      expect(rpc(await payme.cancel(id, 3)).result).toEqual(cancelled.body.result);

      expect(rpc(await payme.check(id)).result).toMatchObject({
        state: -1,
        reason: 3,
        perform_time: 0,
        cancel_time: cancelled.body.result!.cancel_time,
      });
      // Performing a cancelled transaction is refused; the order is untouched and may be paid again.
      expect(errorOf(await payme.perform(id))).toBe(-31008);
      expect(await shop.orderRow(order.id)).toMatchObject({ status: 'CREATED', isPaid: false });
      expect(rpc(await payme.checkPerform(order.id, tiyin(order))).result).toMatchObject({ allow: true });
    });

    it('scenario 2, create → perform → cancel: the confirmed transaction pays the order (CREATED → OPEN), the cancel refunds it and cancels the order', async () => {
      const order = await shop.order('PAYME');
      const id = payme.newId();
      rpc(await payme.create(id, order.id, tiyin(order), now()));
      shop.t.clock.set(new Date(now() + 2_000));

      const [performed, performedAgain] = await payme.twice('PerformTransaction', { id });
      expect(rpc(performed).result).toMatchObject({ state: 2, perform_time: now() });
      shop.t.clock.set(new Date(now() + 60_000));
      // A repeat a minute later still names the first perform_time, never the time of the repeat.
      expect(performedAgain.raw).toBe(performed.raw);
      expect(rpc(await payme.perform(id)).result).toEqual(performed.body.result);
      const paid = await shop.orderRow(order.id);
      expect(paid).toMatchObject({ status: 'OPEN', isPaid: true, payUntil: null });
      expect(rpc(await payme.check(id)).result).toMatchObject({
        state: 2,
        perform_time: performed.body.result!.perform_time,
        cancel_time: 0,
        reason: null,
      });

      const [refunded, refundedAgain] = await payme.twice('CancelTransaction', { id, reason: 5 });
      expect(rpc(refunded).result).toMatchObject({ state: -2, cancel_time: now() });
      expect(refundedAgain.raw).toBe(refunded.raw);
      expect(rpc(await payme.check(id)).result).toMatchObject({ state: -2, reason: 5, perform_time: performed.body.result!.perform_time });
      expect(await shop.orderRow(order.id)).toMatchObject({ status: 'CANCELED', isPaid: false });
      expect(errorOf(await payme.perform(id))).toBe(-31008);
    });
  });

  /*
   * Payme's whole matrix in one sequence, one row a call against the server: the order (a, b: Payme orders of their
   * own; cash: paid another way; unknown), the transaction (t1…; unknown), the amount (right or wrong), and what must
   * come back: the result's state (`allow` for a check) or the error code; then the order's state.
   */
  it('plays Payme’s matrix: check, create, perform, cancel before and after perform, repeats, wrong amount and account, unknown transaction, timeout', async () => {
    const start = shop.t.clock.now();
    const placed = {
      a: await shop.order('PAYME'),
      b: await shop.order('PAYME'),
      c: await shop.order('PAYME'),
      cash: await shop.order('CASH'),
    };
    type Label = keyof typeof placed;
    const ids = new Map<string, string>();
    const idOf = (label: string) =>
      label === 'unknown' ? '0123456789abcdef01234567' : (ids.get(label) ?? ids.set(label, payme.newId()).get(label)!);
    const orderIdOf = (label: string) => (label === 'unknown' ? '00000000-0000-4000-8000-000000000000' : placed[label as Label].id);
    const orderOfTrans = new Map<string, Label>();
    const state = async (label: Label) => {
      const o = await shop.orderRow(placed[label].id);
      return `${o.status} ${o.isPaid ? 'paid' : 'unpaid'}`;
    };
    type Row = [call: string, order: string, transaction: string, expected: string | number, orderAfter?: string];
    const rows: Row[] = [
      ['check', 'a', '', 'allow', 'CREATED unpaid'],
      ['check', 'a', 'wrong', -31001],
      ['check', 'unknown', '', -31050],
      ['check', 'cash', '', -31051],
      ['create', 'unknown', 't0', -31050],
      ['create', 'a', 't0 wrong', -31001, 'CREATED unpaid'],
      ['create', 'a', 't1', 1, 'CREATED unpaid'],
      ['create', 'a', 't1', 1, 'CREATED unpaid'],
      ['create', 'a', 't2', -31099, 'CREATED unpaid'],
      ['check', 'a', '', -31099],
      ['status', '', 't1', 1],
      ['perform', '', 'unknown', -31003],
      ['cancel', '', 'unknown', -31003],
      ['status', '', 'unknown', -31003],
      ['perform', '', 't1', 2, 'OPEN paid'],
      ['perform', '', 't1', 2, 'OPEN paid'],
      ['create', 'a', 't1', -31008, 'OPEN paid'],
      ['create', 'a', 't3', -31052, 'OPEN paid'],
      ['cancel', '', 't1', -2, 'CANCELED unpaid'],
      ['cancel', '', 't1', -2, 'CANCELED unpaid'],
      ['perform', '', 't1', -31008, 'CANCELED unpaid'],
      ['status', '', 't1', -2],
      // Cancelled before perform: the order still awaits payment and takes another transaction.
      ['create', 'b', 't4', 1, 'CREATED unpaid'],
      ['cancel', '', 't4', -1, 'CREATED unpaid'],
      ['cancel', '', 't4', -1, 'CREATED unpaid'],
      ['perform', '', 't4', -31008, 'CREATED unpaid'],
      ['create', 'b', 't4', -31008, 'CREATED unpaid'],
      ['create', 'b', 't5', 1, 'CREATED unpaid'],
      // Accepted by the branch: a refund is refused, the transaction stays performed.
      ['create', 'c', 't6', 1, 'CREATED unpaid'],
      ['perform', '', 't6', 2, 'OPEN paid'],
      ['accept', 'c', '', ''],
      ['cancel', '', 't6', -31007, 'COOKING paid'],
      ['status', '', 't6', 2],
      // Payme's 12 hours: past them the transaction is cancelled (reason 4) and refused.
      ['later', '', '', ''],
      ['perform', '', 't5', -31008, 'CANCELED unpaid'],
      ['status', '', 't5', -1],
    ];
    try {
      for (const [call, label, transaction, expected, after] of rows) {
        const row = `${call} ${label} ${transaction}`.trim();
        const [transLabel = '', amountKind] = transaction.split(' ', 2);
        if (label in placed && transLabel && transLabel !== 'wrong') orderOfTrans.set(transLabel, label as Label);
        if (call === 'later') {
          shop.t.clock.set(new Date(now() + TIMEOUT + 1000));
          await shop.t.app.runOrderTimers();
          continue;
        }
        if (call === 'accept') {
          await shop.t.database.db
            .update(orders)
            .set({ status: 'COOKING' })
            .where(eq(orders.id, orderIdOf(label)));
          continue;
        }
        const wrong = amountKind === 'wrong' || transLabel === 'wrong';
        const amount = label in placed ? tiyin(placed[label as Label]) - (wrong ? 100 : 0) : 100;
        const id = idOf(transLabel);
        const answer = rpc(
          call === 'check'
            ? await payme.checkPerform(orderIdOf(label), amount)
            : call === 'create'
              ? await payme.create(id, orderIdOf(label), amount, now())
              : call === 'perform'
                ? await payme.perform(id)
                : call === 'cancel'
                  ? await payme.cancel(id, 5)
                  : await payme.check(id),
        );
        const got = answer.error ? answer.error.code : answer.result!.allow ? 'allow' : answer.result!.state;
        expect([row, got]).toEqual([row, expected]);
        const whose = label in placed ? (label as Label) : orderOfTrans.get(transLabel);
        if (after && whose) expect([row, await state(whose)]).toEqual([row, after]);
      }
    } finally {
      shop.t.clock.set(start);
    }
    expect([await state('a'), await state('b'), await state('c')]).toEqual(['CANCELED unpaid', 'CANCELED unpaid', 'COOKING paid']);
    for (const label of ['a', 'b', 'c'] as const)
      expect((await shop.ledgerOf(placed[label].id)).payme.filter((t) => t.state === 2).length).toBeLessThanOrEqual(1);
  });

  describe('refusals, each with its code and a message in three languages', () => {
    it('-32504 without the key, with a wrong key or login, and with another brand’s key, whatever the method', async () => {
      const order = await shop.order('PAYME');
      const id = payme.newId();
      rpc(await payme.create(id, order.id, tiyin(order), now()));
      const calls: [string, Record<string, unknown>][] = [
        ['CheckPerformTransaction', { amount: tiyin(order), account: { order_id: order.id } }],
        ['CreateTransaction', { id: payme.newId(), time: now(), amount: tiyin(order), account: { order_id: order.id } }],
        ['PerformTransaction', { id }],
        ['CancelTransaction', { id, reason: 3 }],
        ['CheckTransaction', { id }],
        ['GetStatement', { from: 0, to: now() }],
        ['SetFiscalData', { id, type: 'PERFORM', fiscal_data: {} }],
        ['NoSuchMethod', {}],
      ];
      const wrong: Record<string, string>[] = [
        {},
        { authorization: basic('Paycom', 'not-the-key') },
        { authorization: basic('Merchant', SANDBOX.payme.key) },
        { authorization: 'Bearer x' },
      ];
      const refused = async (method: string, params: Record<string, unknown>, headers: Record<string, string>) => {
        const answer = rpc(await payme.call(method, params, headers));
        expect([method, answer.error?.code]).toEqual([method, -32504]);
        expect(answer.error?.message).toEqual({ ru: expect.any(String), uz: expect.any(String), en: expect.any(String) });
      };
      for (const headers of wrong) for (const [method, params] of calls) await refused(method, params, headers);
      // Another brand's key is a key: refused for whatever names this brand's order or transaction.
      for (const [method, params] of calls.slice(0, 5))
        await refused(method, params, { authorization: basic('Paycom', NAVBAHOR_ACCOUNTS.payme.key) });
      // Nothing moved: the transaction is still created, the order unpaid.
      expect(rpc(await payme.check(id)).result).toMatchObject({ state: 1 });
      expect((await shop.orderRow(order.id)).isPaid).toBe(false);
    });

    it('-31001 for a wrong amount; -31050 (data order_id) for an unknown order; -31051 for an order paid another way', async () => {
      const order = await shop.order('PAYME');
      for (const amount of [tiyin(order) - 100, tiyin(order) + 1, order.totalPrice]) {
        expect(errorOf(await payme.checkPerform(order.id, amount))).toBe(-31001);
        expect(errorOf(await payme.create(payme.newId(), order.id, amount, now()))).toBe(-31001);
      }
      for (const unknown of ['00000000-0000-4000-8000-000000000000', '197', '']) {
        const answer = rpc(await payme.checkPerform(unknown, tiyin(order)));
        expect(answer.error).toMatchObject({ code: -31050, data: 'order_id', message: { ru: 'Заказ не найден', en: 'Order not found' } });
        expect(errorOf(await payme.create(payme.newId(), unknown, tiyin(order), now()))).toBe(-31050);
      }
      const cash = await shop.order('CASH');
      const click = await shop.order('CLICK');
      for (const other of [cash, click]) {
        expect(rpc(await payme.checkPerform(other.id, tiyin(other))).error).toMatchObject({ code: -31051, data: 'order_id' });
        expect(errorOf(await payme.create(payme.newId(), other.id, tiyin(other), now()))).toBe(-31051);
      }
      expect(await shop.ledgerOf(order.id)).toMatchObject({ payme: [] });
    });

    it('-31099 for another transaction of the same order (a one-time account); -31052 once it is paid', async () => {
      const order = await shop.order('PAYME');
      const first = payme.newId();
      rpc(await payme.create(first, order.id, tiyin(order), now()));
      expect(rpc(await payme.create(payme.newId(), order.id, tiyin(order), now())).error).toMatchObject({ code: -31099, data: 'order_id' });
      expect(rpc(await payme.checkPerform(order.id, tiyin(order))).error).toMatchObject({ code: -31099, data: 'order_id' });
      rpc(await payme.perform(first));
      expect(rpc(await payme.checkPerform(order.id, tiyin(order))).error).toMatchObject({ code: -31052, data: 'order_id' });
      expect(rpc(await payme.create(payme.newId(), order.id, tiyin(order), now())).error).toMatchObject({ code: -31052 });
      expect((await shop.ledgerOf(order.id)).payme).toHaveLength(1);
    });

    it('-31003 for a transaction we do not have', async () => {
      const id = payme.newId();
      for (const answer of [
        await payme.perform(id),
        await payme.cancel(id, 1),
        await payme.check(id),
        await payme.call('SetFiscalData', { id, type: 'PERFORM', fiscal_data: {} }),
      ]) {
        expect(rpc(answer).error).toMatchObject({ code: -31003, message: { en: 'Transaction not found' } });
      }
    });

    it('-31007: a paid order the branch has taken on cannot be refunded; the transaction stays performed', async () => {
      const order = await shop.order('PAYME');
      const id = payme.newId();
      rpc(await payme.create(id, order.id, tiyin(order), now()));
      rpc(await payme.perform(id));
      for (const status of ['ACCEPTED', 'DONE', 'CLOSED'] as const) {
        await shop.t.database.db.update(orders).set({ status }).where(eq(orders.id, order.id));
        expect(errorOf(await payme.cancel(id, 5))).toBe(-31007);
      }
      expect(rpc(await payme.check(id)).result).toMatchObject({ state: 2, cancel_time: 0 });
      expect(await shop.orderRow(order.id)).toMatchObject({ status: 'CLOSED', isPaid: true });
    });

    it('answers the protocol errors with HTTP 200: -32700 bad JSON, -32600 a missing or mistyped field (named in data), -32601 an unknown method, -32300 a GET', async () => {
      const parse = await payme.send('{"method": "CheckTransaction", ');
      expect(rpc(parse).error).toMatchObject({ code: -32700 });
      expect(parse.body.id).toBeNull();
      expect(rpc(await payme.send('[1, 2]')).error?.code).toBe(-32600);
      expect(rpc(await payme.send(JSON.stringify({ params: {}, id: 7 }))).error?.code).toBe(-32600);
      const missing = rpc(await payme.call('CreateTransaction', { id: payme.newId(), amount: 100, account: { order_id: 'x' } }));
      expect(missing.error).toMatchObject({ code: -32600, data: 'time' });
      expect(rpc(await payme.call('CheckPerformTransaction', { amount: '500', account: { order_id: 'x' } })).error).toMatchObject({
        code: -32600,
        data: 'amount',
      });
      expect(rpc(await payme.call('CancelTransaction', { id: payme.newId(), reason: 99 })).error).toMatchObject({
        code: -32600,
        data: 'reason',
      });
      const unknown = rpc(await payme.call('ChargeEverything', {}));
      expect(unknown.error).toMatchObject({ code: -32601, data: 'ChargeEverything' });
      expect(typeof unknown.id).toBe('number');
      expect(rpc(await payme.send('', undefined, 'GET')).error?.code).toBe(-32300);
      // The doc's content type and plain JSON are both read.
      const json = await shop.t.app.inject({
        method: 'POST',
        url: PAYME_URL,
        headers: { 'content-type': 'application/json', authorization: basic('Paycom', SANDBOX.payme.key) },
        payload: { method: 'GetStatement', params: { from: 0, to: 1 }, id: 3 },
      });
      expect([json.statusCode, json.json()]).toEqual([200, { jsonrpc: '2.0', id: 3, result: { transactions: [] } }]);
    });
  });

  it('-32400 when the database fails, still with HTTP 200; nothing is paid', async () => {
    const order = await shop.order('PAYME');
    await shop.t.database.db.execute(sql`alter table payme_transactions rename to payme_transactions_away`);
    try {
      expect(rpc(await payme.create(payme.newId(), order.id, tiyin(order), now())).error).toMatchObject({
        code: -32400,
        message: { en: 'System error' },
      });
    } finally {
      await shop.t.database.db.execute(sql`alter table payme_transactions_away rename to payme_transactions`);
    }
    expect(await shop.orderRow(order.id)).toMatchObject({ status: 'CREATED', isPaid: false });
  });

  describe('the 12-hour timeout', () => {
    it('cancels a transaction not performed within 12 hours (state -1, reason 4) and refuses it with -31008; within them it performs', async () => {
      await shop.overTime(async (after, start) => {
        const late = await shop.order('PAYME');
        const onTime = await shop.order('PAYME');
        const lateId = payme.newId();
        const onTimeId = payme.newId();
        rpc(await payme.create(lateId, late.id, tiyin(late), now()));
        rpc(await payme.create(onTimeId, onTime.id, tiyin(onTime), now()));

        after(TIMEOUT);
        expect(rpc(await payme.perform(onTimeId)).result).toMatchObject({ state: 2 });
        after(TIMEOUT + 1);
        expect(errorOf(await payme.perform(lateId))).toBe(-31008);
        expect(rpc(await payme.check(lateId)).result).toMatchObject({
          state: -1,
          reason: 4,
          cancel_time: start.getTime() + TIMEOUT + 1,
          perform_time: 0,
        });
        expect(await shop.orderRow(late.id)).toMatchObject({ status: 'CREATED', isPaid: false });
        // The order is free for a new transaction, whose own time must be within the 12 hours.
        expect(errorOf(await payme.create(payme.newId(), late.id, tiyin(late), start.getTime()))).toBe(-31008);
        expect(rpc(await payme.create(payme.newId(), late.id, tiyin(late), now())).result).toMatchObject({ state: 1 });
      });
    });

    it('a repeated CreateTransaction after 12 hours cancels the transaction and answers -31008', async () => {
      await shop.overTime(async (after, start) => {
        const order = await shop.order('PAYME');
        const id = payme.newId();
        rpc(await payme.create(id, order.id, tiyin(order), now()));
        after(TIMEOUT + 1000);
        expect(errorOf(await payme.create(id, order.id, tiyin(order), start.getTime()))).toBe(-31008);
        expect(rpc(await payme.check(id)).result).toMatchObject({ state: -1, reason: 4 });
        expect(errorOf(await payme.create(id, order.id, tiyin(order), start.getTime()))).toBe(-31008);
      });
    });

    it('our unpaid timer waits out Payme’s 12 hours for a created transaction: the order stays payable and is paid', async () => {
      await shop.overTime(async (after) => {
        const order = await shop.order('PAYME');
        const id = payme.newId();
        const created = rpc(await payme.create(id, order.id, tiyin(order), now())).result!;
        after(21 * 60_000);
        await shop.t.app.runOrderTimers();
        expect(await shop.orderRow(order.id)).toMatchObject({ status: 'CREATED', payUntil: new Date(created.create_time! + TIMEOUT) });
        after(TIMEOUT - 1000);
        await shop.t.app.runOrderTimers();
        expect(rpc(await payme.perform(id)).result).toMatchObject({ state: 2 });
        expect(await shop.orderRow(order.id)).toMatchObject({ status: 'OPEN', isPaid: true });
      });
    });

    it('after Payme’s 12 hours the timer cancels the order: a late perform answers -31008, the transaction is cancelled (reason 4) and the customer told', async () => {
      await shop.overTime(async (after) => {
        const order = await shop.order('PAYME');
        const id = payme.newId();
        rpc(await payme.create(id, order.id, tiyin(order), now()));
        after(TIMEOUT + 1000);
        await shop.t.app.runOrderTimers();
        expect(await shop.orderRow(order.id)).toMatchObject({ status: 'CANCELED', isPaid: false, reason: 'NOT_PAID_IN_TIME' });
        const before = await shop.toldOf(order.id);
        expect(errorOf(await payme.perform(id))).toBe(-31008);
        expect(rpc(await payme.check(id)).result).toMatchObject({ state: -1, reason: 4 });
        expect(await shop.toldOf(order.id)).toEqual({ events: before.events + 1, notifications: before.notifications + 1 });
        // Payme's CancelTransaction then answers the transaction as it stands; a repeated perform tells no one again.
        expect(rpc(await payme.cancel(id, 4)).result).toMatchObject({ state: -1 });
        expect(errorOf(await payme.perform(id))).toBe(-31008);
        expect(await shop.toldOf(order.id)).toEqual({ events: before.events + 1, notifications: before.notifications + 1 });
        expect(await shop.orderRow(order.id)).toMatchObject({ status: 'CANCELED', isPaid: false });
      });
    });

    it('an order cancelled by the customer while Payme pays: perform answers -31008, the transaction is cancelled (reason 3), the customer told', async () => {
      const c = await shop.customer();
      const order = await shop.order('PAYME', { customer: c });
      const id = payme.newId();
      rpc(await payme.create(id, order.id, tiyin(order), now()));
      const cancel = await shop.t.app.inject({
        method: 'POST',
        url: `/api/orders/v1/orders/${order.id}/cancel`,
        headers: { 'x-merchant-id': T.id, authorization: `Bearer ${c.token}` },
        payload: { reason: 'changed my mind' },
      });
      expect(cancel.statusCode).toBe(200);
      const before = await shop.toldOf(order.id);
      expect(errorOf(await payme.perform(id))).toBe(-31008);
      expect(rpc(await payme.check(id)).result).toMatchObject({ state: -1, reason: 3 });
      expect(await shop.toldOf(order.id)).toEqual({ events: before.events + 1, notifications: before.notifications + 1 });
      expect(await shop.orderRow(order.id)).toMatchObject({ status: 'CANCELED', isPaid: false });
    });
  });

  it('a refund after perform gives back the stock, the promo use and the spent cashback, and cancels the order', async () => {
    const c = await shop.customer();
    await shop.setCashback(c.id, 5000);
    await shop.setStock(COUNTED, 10);
    try {
      const order = await shop.order('PAYME', {
        customer: c,
        cartItems: [
          { productId: COUNTED, count: 3 },
          { productId: T.products.fries, count: 2 },
        ],
        promoCode: 'WELCOME10',
        cashback: 4000,
      });
      expect(order.cashback).toBe(4000);
      expect([await shop.stockOf(COUNTED), await shop.cashbackOf(c.id), await shop.promoUsesOf(order.id)]).toEqual([7, 1000, 1]);
      const id = payme.newId();
      rpc(await payme.create(id, order.id, tiyin(order), now()));
      rpc(await payme.perform(id));
      expect([await statusOf(order.id), await shop.stockOf(COUNTED)]).toEqual(['OPEN', 7]);

      expect(rpc(await payme.cancel(id, 5)).result).toMatchObject({ state: -2 });
      expect(await shop.orderRow(order.id)).toMatchObject({ status: 'CANCELED', isPaid: false, reason: 'PAYMENT_REFUNDED' });
      expect([await shop.stockOf(COUNTED), await shop.cashbackOf(c.id), await shop.promoUsesOf(order.id)]).toEqual([10, 5000, 0]);
      // A repeat gives nothing back twice.
      rpc(await payme.cancel(id, 5));
      expect([await shop.stockOf(COUNTED), await shop.cashbackOf(c.id)]).toEqual([10, 5000]);
    } finally {
      await shop.setStock(COUNTED, null);
    }
  });

  it('a refund of a paid order the staff cancelled marks it unpaid and gives nothing back twice', async () => {
    const c = await shop.customer();
    const order = await shop.order('PAYME', { customer: c });
    const id = payme.newId();
    rpc(await payme.create(id, order.id, tiyin(order), now()));
    rpc(await payme.perform(id));
    // The customer's own cancel starts the refund (orders-refund.test.ts); here the operator cancels it.
    await shop.t.app.moveOrder(T.id, order.id, { to: 'CANCELED', role: 'operator', reason: 'changed my mind' });
    expect(await shop.orderRow(order.id)).toMatchObject({ status: 'CANCELED', isPaid: true });
    expect(rpc(await payme.cancel(id, 5)).result).toMatchObject({ state: -2 });
    expect(await shop.orderRow(order.id)).toMatchObject({
      status: 'CANCELED',
      isPaid: false,
      reason: 'changed my mind',
      refundState: null,
    });
  });

  it('GetStatement lists the transactions whose Payme time is within [from, to], both ends included, oldest first', async () => {
    const base = now() + 50 * HOUR;
    const ids: string[] = [];
    for (const offset of [0, 1000, 2000]) {
      const order = await shop.order('PAYME');
      const id = payme.newId();
      ids.push(id);
      rpc(await payme.create(id, order.id, tiyin(order), base + offset - 20 * HOUR));
    }
    const at = (i: number) => base + i * 1000 - 20 * HOUR;
    const listed = (a: PaymeAnswer) => (rpc(a).result!.transactions as { id: string }[]).map((t) => t.id);
    expect(listed(await payme.statement(at(0), at(1)))).toEqual([ids[0], ids[1]]);
    expect(listed(await payme.statement(at(0) + 1, at(2)))).toEqual([ids[1], ids[2]]);
    expect(listed(await payme.statement(at(2) + 1, at(2) + 10_000))).toEqual([]);
    const [item] = rpc(await payme.statement(at(2), at(2))).result!.transactions as Record<string, unknown>[];
    expect(item).toEqual({
      id: ids[2],
      time: at(2),
      amount: expect.any(Number),
      account: { order_id: expect.any(String) },
      create_time: now(),
      perform_time: 0,
      cancel_time: 0,
      transaction: expect.any(String),
      state: 1,
      reason: null,
      receivers: null,
    });
    // Another brand's key sees none of them.
    const other = paymeProvider(shop.t.app, NAVBAHOR_ACCOUNTS.payme);
    expect(listed(await other.statement(at(0), at(2)))).toEqual([]);
  });

  it('CheckPerformTransaction carries the receipt lines (IKPU, package code, VAT, unit price and discount in tiyin) when every product has its code and they add up', async () => {
    // Twelve portions are above the service fee's threshold: nothing is paid that has no line of its own.
    const order = await shop.order('PAYME', { cartItems: [{ productId: T.products.fries, count: 12 }] });
    const withFee = await shop.order('PAYME', { cartItems: [{ productId: T.products.fries, count: 2 }] });
    expect([order.serviceFee, withFee.serviceFee > 0]).toEqual([0, true]);
    await shop.t.database.db
      .update(products)
      .set({ mxicCode: '10202001001000001', packageCode: '1498765', vatPercent: 12 })
      .where(eq(products.id, T.products.fries));
    const line = order.cartItems[0]!;
    expect(rpc(await payme.checkPerform(order.id, tiyin(order))).result).toEqual({
      allow: true,
      detail: {
        receipt_type: 0,
        items: [
          {
            title: line.name.ru,
            price: (line.gross * 100) / 12,
            count: 12,
            code: '10202001001000001',
            package_code: '1498765',
            vat_percent: 12,
            discount: line.discount * 100,
          },
        ],
      },
    });
    // A service fee has no line (nor IKPU) of its own: that receipt would not add up, so none is sent.
    expect(rpc(await payme.checkPerform(withFee.id, tiyin(withFee))).result).toEqual({ allow: true });
  });

  it('SetFiscalData keeps the receipt of each kind', async () => {
    const order = await shop.order('PAYME');
    const id = payme.newId();
    rpc(await payme.create(id, order.id, tiyin(order), now()));
    const receipt = {
      receipt_id: 42,
      status_code: 0,
      fiscal_sign: '123',
      terminal_id: 'EP000000000025',
      qr_code_url: 'https://ofd.soliq.uz/check?t=1',
    };
    expect(rpc(await payme.call('SetFiscalData', { id, type: 'PERFORM', fiscal_data: receipt })).result).toEqual({ success: true });
    const [row] = (await shop.ledgerOf(order.id)).payme;
    expect(row!.fiscalData).toEqual({ PERFORM: receipt });
  });

  it('ChangePassword replaces the key: the old one is refused from then on', async () => {
    const order = await shop.order('PAYME');
    const next = 'tezkor-payme-next-key-0123456789abcdef';
    expect(rpc(await payme.call('ChangePassword', { password: '' })).error).toMatchObject({ code: -31050, data: 'password' });
    expect(rpc(await payme.call('ChangePassword', { password: next })).result).toEqual({ success: true });
    try {
      expect(errorOf(await payme.checkPerform(order.id, tiyin(order)))).toBe(-32504);
      const renewed = paymeProvider(shop.t.app, { key: next });
      expect(rpc(await renewed.checkPerform(order.id, tiyin(order))).result).toEqual({ allow: true });
    } finally {
      expect(rpc(await paymeProvider(shop.t.app, { key: next }).call('ChangePassword', { password: SANDBOX.payme.key })).result).toEqual({
        success: true,
      });
    }
    expect(rpc(await payme.checkPerform(order.id, tiyin(order))).result).toEqual({ allow: true });
  });

  it('finds the brand from the order, with no brand host or X-Merchant-Id, and answers another brand’s order only to that brand', async () => {
    const order = await shop.order('PAYME');
    const res = await shop.t.app.inject({
      method: 'POST',
      url: PAYME_URL,
      headers: {
        host: 'navbahor.localhost',
        'x-merchant-id': DEMO.navbahor.id,
        'content-type': 'text/json',
        authorization: basic('Paycom', SANDBOX.payme.key),
      },
      payload: JSON.stringify({
        method: 'CheckPerformTransaction',
        params: { amount: tiyin(order), account: { order_id: order.id } },
        id: 1,
      }),
    });
    expect(res.json()).toEqual({ jsonrpc: '2.0', id: 1, result: { allow: true } });
  });

  it('describes the providers’ endpoints in the OpenAPI document', async () => {
    const doc = (await shop.t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    for (const path of [
      '/api/payments/v1/payme',
      '/api/payments/v1/click/prepare',
      '/api/payments/v1/click/complete',
      '/api/payments/v1/uzum/{operation}',
    ]) {
      expect([path, doc.paths[path]?.post?.tags]).toEqual([path, ['payments']]);
    }
  });
});
