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

  it('check → create → confirm pays the order (CREATED → OPEN); status follows; repeated create and confirm answer as the first time', async () => {
    const order = await shop.order('UZUM');
    const check = await uzum.check(order.id);
    expect(check).toEqual({ status: 200, body: { serviceId: 30001, timestamp: now(), status: 'OK', data: { orderId: { value: order.id }, amount: { value: String(tiyin(order)) } } } });

    const transId = uzum.newTransId();
    const created = await uzum.create(transId, order.id, tiyin(order));
    expect(created).toEqual({ status: 200, body: { serviceId: 30001, transId, status: 'CREATED', transTime: now(), data: {}, amount: tiyin(order) } });
    shop.t.clock.set(new Date(now() + 3_000));
    expect(await uzum.create(transId, order.id, tiyin(order))).toEqual(created);
    expect((await uzum.status(transId)).body).toMatchObject({ status: 'CREATED', transTime: created.body.transTime, confirmTime: null });

    const confirmed = await uzum.confirm(transId);
    expect(confirmed).toEqual({ status: 200, body: { serviceId: 30001, transId, status: 'CONFIRMED', confirmTime: now(), data: {}, amount: tiyin(order) } });
    expect(await shop.orderRow(order.id)).toMatchObject({ status: 'OPEN', isPaid: true });
    shop.t.clock.set(new Date(now() + 3_000));
    expect(await uzum.confirm(transId)).toEqual(confirmed);
    expect(await uzum.create(transId, order.id, tiyin(order))).toEqual(created);
    expect((await uzum.status(transId)).body).toMatchObject({ status: 'CONFIRMED', transTime: created.body.transTime, confirmTime: confirmed.body.confirmTime, reverseTime: null });
    expect((await shop.ledgerOf(order.id)).uzum).toHaveLength(1);
    // Paid: a check or a new transaction for it is refused.
    expect((await uzum.check(order.id)).body).toMatchObject({ status: 'FAILED', errorCode: '10007' });
    expect((await uzum.create(uzum.newTransId(), order.id, tiyin(order))).body).toMatchObject({ errorCode: '10007' });
  });

  it('reverse before confirm: the transaction is reversed, the order still awaits payment; a repeat answers the same', async () => {
    const order = await shop.order('UZUM');
    const transId = uzum.newTransId();
    await uzum.create(transId, order.id, tiyin(order));
    const reversed = await uzum.reverse(transId);
    expect(reversed).toEqual({ status: 200, body: { serviceId: 30001, transId, status: 'REVERSED', reverseTime: now(), data: {}, amount: tiyin(order) } });
    shop.t.clock.set(new Date(now() + 1_000));
    expect(await uzum.reverse(transId)).toEqual(reversed);
    expect((await uzum.confirm(transId)).body).toMatchObject({ status: 'FAILED', errorCode: '10009' });
    expect((await uzum.create(transId, order.id, tiyin(order))).body).toMatchObject({ errorCode: '10009' });
    expect(await shop.orderRow(order.id)).toMatchObject({ status: 'CREATED', isPaid: false });
    expect((await uzum.status(transId)).body).toMatchObject({ status: 'REVERSED', reverseTime: reversed.body.reverseTime });
  });

  it('reverse after confirm is a refund: the order is cancelled and its stock, promo use and cashback go back', async () => {
    const c = await shop.customer();
    await shop.setCashback(c.id, 6000);
    await shop.setStock(COUNTED, 4);
    try {
      const order = await shop.order('UZUM', { customer: c, cartItems: [{ productId: COUNTED, count: 4 }, { productId: T.products.fries, count: 2 }], promoCode: 'WELCOME10', cashback: 2500 });
      const transId = uzum.newTransId();
      await uzum.create(transId, order.id, tiyin(order));
      await uzum.confirm(transId);
      expect([await shop.stockOf(COUNTED), await shop.cashbackOf(c.id), await shop.promoUsesOf(order.id)]).toEqual([0, 3500, 1]);
      expect((await uzum.reverse(transId)).body).toMatchObject({ status: 'REVERSED' });
      expect(await shop.orderRow(order.id)).toMatchObject({ status: 'CANCELED', isPaid: false });
      expect([await shop.stockOf(COUNTED), await shop.cashbackOf(c.id), await shop.promoUsesOf(order.id)]).toEqual([4, 6000, 0]);
      await uzum.reverse(transId);
      expect([await shop.stockOf(COUNTED), await shop.cashbackOf(c.id)]).toEqual([4, 6000]);
    } finally {
      await shop.setStock(COUNTED, null);
    }
  });

  it('refuses a refund once the branch has taken the order on (10007), the transaction staying confirmed', async () => {
    const order = await shop.order('UZUM');
    const transId = uzum.newTransId();
    await uzum.create(transId, order.id, tiyin(order));
    await uzum.confirm(transId);
    await shop.t.database.db.update(orders).set({ status: 'COOKING' }).where(eq(orders.id, order.id));
    expect(await uzum.reverse(transId)).toMatchObject({ status: 400, body: { status: 'FAILED', errorCode: '10007' } });
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
    const wrong: Record<string, string>[] = [{}, { authorization: basic(SANDBOX.uzum.login, 'nope') }, { authorization: basic(NAVBAHOR_ACCOUNTS.uzum.login, NAVBAHOR_ACCOUNTS.uzum.password) }];
    for (const headers of wrong) {
      for (const [op, body] of bodies) {
        const res = await uzum.call(op, body, headers);
        expect([op, res.status, res.body.status, res.body.errorCode]).toEqual([op, 400, 'FAILED', '10001']);
      }
    }
    for (const [op, body] of bodies) expect([op, (await uzum.call(op, { ...body, serviceId: 30002 })).body.errorCode]).toEqual([op, '10006']);
    expect(await shop.orderRow(order.id)).toMatchObject({ status: 'CREATED', isPaid: false });
    expect((await uzum.status(transId)).body).toMatchObject({ status: 'CREATED' });
  });

  it('refuses an unknown order (10008), an order paid another way (10008), a wrong amount (99999), an unknown transaction (10014), bad JSON (10002), missing params (10005) and an unknown operation (10003)', async () => {
    const order = await shop.order('UZUM');
    for (const orderId of ['00000000-0000-4000-8000-000000000000', '197']) {
      expect((await uzum.check(orderId)).body).toMatchObject({ errorCode: '10008' });
      expect((await uzum.create(uzum.newTransId(), orderId, 100)).body).toMatchObject({ errorCode: '10008' });
    }
    const payme = await shop.order('PAYME');
    expect((await uzum.check(payme.id)).body).toMatchObject({ errorCode: '10008' });
    for (const amount of [tiyin(order) - 100, order.totalPrice]) expect((await uzum.create(uzum.newTransId(), order.id, amount)).body).toMatchObject({ errorCode: '99999' });
    const unknown = uzum.newTransId();
    for (const answer of [await uzum.confirm(unknown), await uzum.reverse(unknown), await uzum.status(unknown)]) expect(answer).toMatchObject({ status: 400, body: { transId: unknown, errorCode: '10014' } });
    expect((await uzum.call('check', '{"serviceId": 30001,')).body).toMatchObject({ errorCode: '10002' });
    expect((await uzum.call('create', { serviceId: 30001, timestamp: now(), params: { orderId: order.id } })).body).toMatchObject({ errorCode: '10005' });
    expect((await uzum.call('refund', { serviceId: 30001, timestamp: now() })).body).toMatchObject({ errorCode: '10003' });
    // Without the login, even those are 10001.
    expect((await uzum.call('refund', {}, {})).body).toMatchObject({ errorCode: '10001' });
    expect((await shop.ledgerOf(order.id)).uzum).toHaveLength(0);
  });

  it('a confirm for an order cancelled meanwhile (our unpaid timer) fails, and status says FAILED from then on', async () => {
    const start = shop.t.clock.now();
    try {
      const order = await shop.order('UZUM');
      const transId = uzum.newTransId();
      await uzum.create(transId, order.id, tiyin(order));
      shop.t.clock.set(new Date(start.getTime() + 21 * 60_000));
      await shop.t.app.runOrderTimers();
      expect((await uzum.confirm(transId)).body).toMatchObject({ errorCode: '10009' });
      expect((await uzum.status(transId)).body).toMatchObject({ status: 'FAILED' });
      expect(await shop.orderRow(order.id)).toMatchObject({ status: 'CANCELED', isPaid: false });
    } finally {
      shop.t.clock.set(start);
    }
  });

  it('answers 99999 when the database fails, paying nothing', async () => {
    const order = await shop.order('UZUM');
    await shop.t.database.db.execute(sql`alter table uzum_transactions rename to uzum_transactions_away`);
    try {
      expect(await uzum.create(uzum.newTransId(), order.id, tiyin(order))).toMatchObject({ status: 400, body: { status: 'FAILED', errorCode: '99999' } });
    } finally {
      await shop.t.database.db.execute(sql`alter table uzum_transactions_away rename to uzum_transactions`);
    }
    expect(await shop.orderRow(order.id)).toMatchObject({ isPaid: false });
  });
});
