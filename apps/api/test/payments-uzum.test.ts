import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '@dasturxon/db';
import { BACKENDS } from './harness.ts';
import { basic } from './providers/payme.ts';
import { COUNTED, NAVBAHOR_ACCOUNTS, openShop, SANDBOX, T, tiyin, type Shop } from './providers/shop.ts';
import { uzumProvider, type UzumProvider } from './providers/uzum.ts';

describe.each(BACKENDS)('Uzum Bank merchant API on %s', (backend) => {
  let shop: Shop;
  let uzum: UzumProvider;
  const now = () => shop.t.clock.now().getTime();

  beforeAll(async () => {
    shop = await openShop(backend);
    uzum = uzumProvider(shop.t.app, SANDBOX.uzum, shop.t.clock);
  });
  afterAll(async () => {
    await shop?.close();
  });

  /*
   * Uzum's whole matrix, one row a call, played in order against the server: the order named (a, b, c: Uzum orders
   * of their own; payme: an order paid another way; unknown), the transaction (t1…: ours once created; unknown),
   * and what must come back: 200 with the transaction's status, or 400 with Uzum's code; then the order's state.
   */
  it('plays Uzum’s matrix: every call, repeat and refusal with its code, and the order’s state after it', async () => {
    const placed = {
      a: await shop.order('UZUM'),
      b: await shop.order('UZUM'),
      c: await shop.order('UZUM'),
      payme: await shop.order('PAYME'),
    };
    const trans = new Map<string, string>();
    const transOf = (label: string) =>
      label === 'unknown' ? 'no-such-transaction' : (trans.get(label) ?? trans.set(label, uzum.newTransId()).get(label)!);
    const orderIdOf = (label: string) =>
      label === 'unknown' ? '00000000-0000-4000-8000-000000000000' : placed[label as keyof typeof placed].id;
    type Row = [call: string, order: string, transaction: string, expected: string, orderAfter?: string];
    const rows: Row[] = [
      ['check', 'a', '', 'OK', 'CREATED unpaid'],
      ['check', 'unknown', '', '10007'],
      ['check', 'payme', '', '10007'],
      ['create', 'unknown', 't0', '10007'],
      ['create', 'payme', 't0', '10007'],
      ['create', 'a', 't0 wrong amount', '10011', 'CREATED unpaid'],
      ['create', 'a', 't1', 'CREATED', 'CREATED unpaid'],
      ['create', 'a', 't1', '10010', 'CREATED unpaid'],
      ['create', 'a', 't2', '10008', 'CREATED unpaid'],
      ['check', 'a', '', '10008'],
      ['status', '', 't1', 'CREATED'],
      ['confirm', '', 'unknown', '10014'],
      ['reverse', '', 'unknown', '10014'],
      ['status', '', 'unknown', '10014'],
      ['confirm', '', 't1', 'CONFIRMED', 'OPEN paid'],
      ['confirm', '', 't1', '10016', 'OPEN paid'],
      ['create', 'a', 't1', '10010', 'OPEN paid'],
      ['check', 'a', '', '10008'],
      ['create', 'a', 't3', '10008', 'OPEN paid'],
      ['reverse', '', 't1', 'REVERSED', 'CANCELED unpaid'],
      ['reverse', '', 't1', '10018', 'CANCELED unpaid'],
      ['confirm', '', 't1', '10015', 'CANCELED unpaid'],
      ['status', '', 't1', 'REVERSED'],
      ['check', 'a', '', '10009'],
      ['create', 'a', 't4', '10009', 'CANCELED unpaid'],
      // A reverse before the confirm: the order is not paid and may be paid again.
      ['create', 'b', 't5', 'CREATED', 'CREATED unpaid'],
      ['reverse', '', 't5', 'REVERSED', 'CREATED unpaid'],
      ['reverse', '', 't5', '10018', 'CREATED unpaid'],
      ['confirm', '', 't5', '10015', 'CREATED unpaid'],
      ['create', 'b', 't6', 'CREATED', 'CREATED unpaid'],
      ['confirm', '', 't6', 'CONFIRMED', 'OPEN paid'],
      // Once the branch has taken the order on, a refund is refused and the transaction stays confirmed.
      ['create', 'c', 't7', 'CREATED', 'CREATED unpaid'],
      ['confirm', '', 't7', 'CONFIRMED', 'OPEN paid'],
      ['accept', 'c', '', '', 'COOKING paid'],
      ['reverse', '', 't7', '10017', 'COOKING paid'],
      ['status', '', 't7', 'CONFIRMED'],
    ];
    const state = async (label: keyof typeof placed) => {
      const o = await shop.orderRow(placed[label].id);
      return `${o.status} ${o.isPaid ? 'paid' : 'unpaid'}`;
    };
    const orderOfTrans = new Map<string, keyof typeof placed>();
    for (const [call, label, transaction, expected, after] of rows) {
      const row = `${call} ${label} ${transaction}`.trim();
      const [transLabel = '', amountKind] = transaction.split(' ', 2);
      if (label in placed && transLabel) orderOfTrans.set(transLabel, label as keyof typeof placed);
      if (call === 'accept') {
        await shop.t.database.db
          .update(orders)
          .set({ status: 'COOKING' })
          .where(eq(orders.id, orderIdOf(label)));
      } else {
        const transId = transOf(transLabel);
        const order = label ? orderIdOf(label) : '';
        const amount = label in placed ? tiyin(placed[label as keyof typeof placed]) - (amountKind === 'wrong' ? 100 : 0) : 100;
        const answer =
          call === 'check'
            ? await uzum.check(order)
            : call === 'create'
              ? await uzum.create(transId, order, amount)
              : call === 'confirm'
                ? await uzum.confirm(transId)
                : call === 'reverse'
                  ? await uzum.reverse(transId)
                  : await uzum.status(transId);
        const got = answer.status === 200 ? String(answer.body.status) : String(answer.body.errorCode);
        expect([row, answer.status, got]).toEqual([row, /^\d+$/.test(expected) ? 400 : 200, expected]);
      }
      const whose = label in placed ? (label as keyof typeof placed) : orderOfTrans.get(transLabel);
      if (after && whose) expect([row, await state(whose)]).toEqual([row, after]);
    }
    expect([await state('a'), await state('b'), await state('c')]).toEqual(['CANCELED unpaid', 'OPEN paid', 'COOKING paid']);
    // Nothing was charged twice: one confirmed transaction per order at most.
    for (const label of ['a', 'b', 'c'] as const)
      expect((await shop.ledgerOf(placed[label].id)).uzum.filter((t) => t.state === 'CONFIRMED').length).toBeLessThanOrEqual(1);
  });

  it('check → create → confirm pays the order (CREATED → OPEN); status follows; a repeated create or confirm is refused (10010, 10016) and charges nothing', async () => {
    const order = await shop.order('UZUM');
    const check = await uzum.check(order.id);
    expect(check).toEqual({
      status: 200,
      body: {
        serviceId: 30001,
        timestamp: now(),
        status: 'OK',
        data: { orderId: { value: order.id }, amount: { value: String(tiyin(order)) } },
      },
    });

    const transId = uzum.newTransId();
    const created = await uzum.create(transId, order.id, tiyin(order));
    expect(created).toEqual({
      status: 200,
      body: { serviceId: 30001, transId, status: 'CREATED', transTime: now(), data: {}, amount: tiyin(order) },
    });
    shop.t.clock.set(new Date(now() + 3_000));
    expect(await uzum.create(transId, order.id, tiyin(order))).toMatchObject({
      status: 400,
      body: { transId, status: 'FAILED', errorCode: '10010' },
    });
    expect((await uzum.status(transId)).body).toMatchObject({ status: 'CREATED', transTime: created.body.transTime, confirmTime: null });

    const confirmed = await uzum.confirm(transId);
    expect(confirmed).toEqual({
      status: 200,
      body: { serviceId: 30001, transId, status: 'CONFIRMED', confirmTime: now(), data: {}, amount: tiyin(order) },
    });
    expect(await shop.orderRow(order.id)).toMatchObject({ status: 'OPEN', isPaid: true });
    shop.t.clock.set(new Date(now() + 3_000));
    expect(await uzum.confirm(transId)).toMatchObject({ status: 400, body: { transId, status: 'FAILED', errorCode: '10016' } });
    expect((await uzum.create(transId, order.id, tiyin(order))).body).toMatchObject({ errorCode: '10010' });
    expect((await uzum.status(transId)).body).toMatchObject({
      status: 'CONFIRMED',
      transTime: created.body.transTime,
      confirmTime: confirmed.body.confirmTime,
      reverseTime: null,
    });
    expect((await shop.ledgerOf(order.id)).uzum).toHaveLength(1);
    expect(await shop.orderRow(order.id)).toMatchObject({ status: 'OPEN', isPaid: true });
    // Paid: a check or a new transaction for it is refused as already processed.
    expect((await uzum.check(order.id)).body).toMatchObject({ status: 'FAILED', errorCode: '10008' });
    expect((await uzum.create(uzum.newTransId(), order.id, tiyin(order))).body).toMatchObject({ errorCode: '10008' });
  });

  it('reverse before confirm: the transaction is reversed, the order still awaits payment; a repeat is 10018, a confirm 10015', async () => {
    const order = await shop.order('UZUM');
    const transId = uzum.newTransId();
    await uzum.create(transId, order.id, tiyin(order));
    const reversed = await uzum.reverse(transId);
    expect(reversed).toEqual({
      status: 200,
      body: { serviceId: 30001, transId, status: 'REVERSED', reverseTime: now(), data: {}, amount: tiyin(order) },
    });
    shop.t.clock.set(new Date(now() + 1_000));
    expect((await uzum.reverse(transId)).body).toMatchObject({ status: 'FAILED', errorCode: '10018' });
    expect((await uzum.confirm(transId)).body).toMatchObject({ status: 'FAILED', errorCode: '10015' });
    expect((await uzum.create(transId, order.id, tiyin(order))).body).toMatchObject({ errorCode: '10010' });
    expect(await shop.orderRow(order.id)).toMatchObject({ status: 'CREATED', isPaid: false });
    expect((await uzum.status(transId)).body).toMatchObject({ status: 'REVERSED', reverseTime: reversed.body.reverseTime });
  });

  it('reverse after confirm is a refund: the order is cancelled and its stock, promo use and cashback go back', async () => {
    const c = await shop.customer();
    await shop.setCashback(c.id, 6000);
    await shop.setStock(COUNTED, 4);
    try {
      const order = await shop.order('UZUM', {
        customer: c,
        cartItems: [
          { productId: COUNTED, count: 4 },
          { productId: T.products.fries, count: 2 },
        ],
        promoCode: 'WELCOME10',
        cashback: 2500,
      });
      const transId = uzum.newTransId();
      await uzum.create(transId, order.id, tiyin(order));
      await uzum.confirm(transId);
      expect([await shop.stockOf(COUNTED), await shop.cashbackOf(c.id), await shop.promoUsesOf(order.id)]).toEqual([0, 3500, 1]);
      expect((await uzum.reverse(transId)).body).toMatchObject({ status: 'REVERSED' });
      expect(await shop.orderRow(order.id)).toMatchObject({ status: 'CANCELED', isPaid: false });
      expect([await shop.stockOf(COUNTED), await shop.cashbackOf(c.id), await shop.promoUsesOf(order.id)]).toEqual([4, 6000, 0]);
      expect((await uzum.reverse(transId)).body).toMatchObject({ errorCode: '10018' });
      expect([await shop.stockOf(COUNTED), await shop.cashbackOf(c.id)]).toEqual([4, 6000]);
    } finally {
      await shop.setStock(COUNTED, null);
    }
  });

  it('refuses a refund once the branch has taken the order on (10017), the transaction staying confirmed', async () => {
    const order = await shop.order('UZUM');
    const transId = uzum.newTransId();
    await uzum.create(transId, order.id, tiyin(order));
    await uzum.confirm(transId);
    await shop.t.database.db.update(orders).set({ status: 'COOKING' }).where(eq(orders.id, order.id));
    expect(await uzum.reverse(transId)).toMatchObject({ status: 400, body: { status: 'FAILED', errorCode: '10017' } });
    expect((await uzum.status(transId)).body).toMatchObject({ status: 'CONFIRMED' });
  });

  it('10001 without the login, with a wrong password, or with another brand’s; 10006 for another service id', async () => {
    const order = await shop.order('UZUM');
    const transId = uzum.newTransId();
    await uzum.create(transId, order.id, tiyin(order));
    const stamp = { serviceId: 30001, timestamp: now() };
    const bodies: [string, Record<string, unknown>][] = [
      ['check', { ...stamp, params: { orderId: order.id } }],
      ['create', { ...stamp, transId: uzum.newTransId(), params: { orderId: order.id }, amount: tiyin(order) }],
      ['confirm', { ...stamp, transId }],
      ['reverse', { ...stamp, transId }],
      ['status', { ...stamp, transId }],
    ];
    const wrong: Record<string, string>[] = [
      {},
      { authorization: basic(SANDBOX.uzum.login, 'nope') },
      { authorization: basic(NAVBAHOR_ACCOUNTS.uzum.login, NAVBAHOR_ACCOUNTS.uzum.password) },
    ];
    for (const headers of wrong) {
      for (const [op, body] of bodies) {
        const res = await uzum.call(op, body, headers);
        expect([op, res.status, res.body.status, res.body.errorCode]).toEqual([op, 400, 'FAILED', '10001']);
      }
    }
    for (const [op, body] of bodies)
      expect([op, (await uzum.call(op, { ...body, serviceId: 30002 })).body.errorCode]).toEqual([op, '10006']);
    expect(await shop.orderRow(order.id)).toMatchObject({ status: 'CREATED', isPaid: false });
    expect((await uzum.status(transId)).body).toMatchObject({ status: 'CREATED' });
  });

  it('refuses an unknown order (10007), an order paid another way (10007), a wrong amount (10011), an unknown transaction (10014), bad JSON (10002), missing params (10005) and an unknown operation (10003)', async () => {
    const order = await shop.order('UZUM');
    for (const orderId of ['00000000-0000-4000-8000-000000000000', '197']) {
      expect((await uzum.check(orderId)).body).toMatchObject({ errorCode: '10007' });
      expect((await uzum.create(uzum.newTransId(), orderId, 100)).body).toMatchObject({ errorCode: '10007' });
    }
    const payme = await shop.order('PAYME');
    expect((await uzum.check(payme.id)).body).toMatchObject({ errorCode: '10007' });
    for (const amount of [tiyin(order) - 100, order.totalPrice])
      expect((await uzum.create(uzum.newTransId(), order.id, amount)).body).toMatchObject({ errorCode: '10011' });
    const unknown = uzum.newTransId();
    for (const answer of [await uzum.confirm(unknown), await uzum.reverse(unknown), await uzum.status(unknown)])
      expect(answer).toMatchObject({ status: 400, body: { transId: unknown, errorCode: '10014' } });
    expect((await uzum.call('check', '{"serviceId": 30001,')).body).toMatchObject({ errorCode: '10002' });
    expect((await uzum.call('create', { serviceId: 30001, timestamp: now(), params: { orderId: order.id } })).body).toMatchObject({
      errorCode: '10005',
    });
    expect((await uzum.call('refund', { serviceId: 30001, timestamp: now() })).body).toMatchObject({ errorCode: '10003' });
    // Without the login, even those are 10001.
    expect((await uzum.call('refund', {}, {})).body).toMatchObject({ errorCode: '10001' });
    expect((await shop.ledgerOf(order.id)).uzum).toHaveLength(0);
  });

  it('our unpaid timer waits out Uzum’s 30 minutes for a created transaction: the order stays payable and is paid', async () => {
    await shop.overTime(async (after) => {
      const order = await shop.order('UZUM');
      const transId = uzum.newTransId();
      after(15 * 60_000);
      const created = await uzum.create(transId, order.id, tiyin(order));
      // Past our 20 minutes: the timer does not cancel it, it moves its payment time to the end of Uzum's window.
      after(21 * 60_000);
      await shop.t.app.runOrderTimers();
      expect(await shop.orderRow(order.id)).toMatchObject({ status: 'CREATED', payUntil: new Date(created.body.transTime! + 30 * 60_000) });
      after(44 * 60_000);
      await shop.t.app.runOrderTimers();
      expect((await uzum.confirm(transId)).body).toMatchObject({ status: 'CONFIRMED' });
      expect(await shop.orderRow(order.id)).toMatchObject({ status: 'OPEN', isPaid: true });
    });
  });

  it('after Uzum’s window the timer cancels the order; a late confirm is refused (10009, Uzum returns the money), status says FAILED and the customer is told', async () => {
    await shop.overTime(async (after) => {
      const order = await shop.order('UZUM');
      const transId = uzum.newTransId();
      await uzum.create(transId, order.id, tiyin(order));
      after(29 * 60_000);
      await shop.t.app.runOrderTimers();
      expect(await shop.orderRow(order.id)).toMatchObject({ status: 'CREATED' });
      after(30 * 60_000 + 1_000);
      await shop.t.app.runOrderTimers();
      expect(await shop.orderRow(order.id)).toMatchObject({ status: 'CANCELED', isPaid: false, reason: 'NOT_PAID_IN_TIME' });
      const before = await shop.toldOf(order.id);
      expect((await uzum.confirm(transId)).body).toMatchObject({ errorCode: '10009' });
      expect((await uzum.status(transId)).body).toMatchObject({ status: 'FAILED' });
      expect(await shop.toldOf(order.id)).toEqual({ events: before.events + 1, notifications: before.notifications + 1 });
      // Repeated, it is the cancelled transaction's code, and the customer is not told twice.
      expect((await uzum.confirm(transId)).body).toMatchObject({ errorCode: '10015' });
      expect(await shop.toldOf(order.id)).toEqual({ events: before.events + 1, notifications: before.notifications + 1 });
      expect(await shop.orderRow(order.id)).toMatchObject({ status: 'CANCELED', isPaid: false });
    });
  });

  it('a created transaction older than 30 minutes is failed: it no longer holds the order against a new one', async () => {
    await shop.overTime(async (after) => {
      const order = await shop.order('UZUM');
      const first = uzum.newTransId();
      await uzum.create(first, order.id, tiyin(order));
      after(29 * 60_000);
      expect((await uzum.create(uzum.newTransId(), order.id, tiyin(order))).body).toMatchObject({ errorCode: '10008' });
      after(30 * 60_000);
      const second = uzum.newTransId();
      expect((await uzum.create(second, order.id, tiyin(order))).body).toMatchObject({ status: 'CREATED' });
      expect((await uzum.status(first)).body).toMatchObject({ status: 'FAILED' });
      expect((await uzum.confirm(first)).body).toMatchObject({ errorCode: '10015' });
      expect((await uzum.confirm(second)).body).toMatchObject({ status: 'CONFIRMED' });
      expect(await shop.orderRow(order.id)).toMatchObject({ status: 'OPEN', isPaid: true });
    });
  });

  it('answers 99999 when the database fails, paying nothing', async () => {
    const order = await shop.order('UZUM');
    await shop.t.database.db.execute(sql`alter table uzum_transactions rename to uzum_transactions_away`);
    try {
      expect(await uzum.create(uzum.newTransId(), order.id, tiyin(order))).toMatchObject({
        status: 400,
        body: { status: 'FAILED', errorCode: '99999' },
      });
    } finally {
      await shop.t.database.db.execute(sql`alter table uzum_transactions_away rename to uzum_transactions`);
    }
    expect(await shop.orderRow(order.id)).toMatchObject({ isPaid: false });
  });
});
