import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Order } from '@dasturxon/domain/contracts';
import { BACKENDS } from './harness.ts';
import { paymeProvider, type PaymeAnswer, type PaymeProvider } from './providers/payme.ts';
import { COUNTED, openShop, SANDBOX, T, tiyin, type Shop } from './providers/shop.ts';
import { uzumProvider, type UzumProvider } from './providers/uzum.ts';

/*
 * Issue 29: the customer cancels an order paid online until the branch accepts it, and the cancel starts its refund at
 * once (refund STARTED in the cancel's own transaction); the provider's refund callback (Payme CancelTransaction of a
 * performed transaction, Uzum reverse of a confirmed one) completes it (DONE, unpaid). After the branch accepted it the
 * cancel is refused with the catalogue's ORDER_ALREADY_ACCEPTED and nothing is written.
 */

const result = (a: PaymeAnswer) => {
  expect(a.body.error).toBeUndefined();
  return a.body.result!;
};

describe.each(BACKENDS)('the customer cancels an order paid online on %s', (backend) => {
  let shop: Shop;
  let payme: PaymeProvider;
  let uzum: UzumProvider;
  const now = () => shop.t.clock.now().getTime();

  beforeAll(async () => {
    shop = await openShop(backend);
    payme = paymeProvider(shop.t.app, SANDBOX.payme);
    uzum = uzumProvider(shop.t.app, SANDBOX.uzum, shop.t.clock);
  });
  afterAll(async () => {
    await shop?.close();
  });

  const as = (c: { token: string; merchant: string }) => ({ 'x-merchant-id': c.merchant, authorization: `Bearer ${c.token}` });
  const cancel = (c: { token: string; merchant: string }, id: string) =>
    shop.t.app.inject({ method: 'POST', url: `/api/orders/v1/orders/${id}/cancel`, headers: as(c), payload: { reason: 'UPDATE' } });
  const read = async (c: { token: string; merchant: string }, id: string) =>
    Order.parse((await shop.t.app.inject({ method: 'GET', url: `/api/orders/v1/orders/${id}`, headers: as(c) })).json());

  async function paidByPayme(more: Parameters<Shop['order']>[1] = {}) {
    const c = more.customer ?? (await shop.customer());
    const order = await shop.order('PAYME', { ...more, customer: c });
    const id = payme.newId();
    result(await payme.create(id, order.id, tiyin(order), now()));
    result(await payme.perform(id));
    return { c, order, id };
  }

  it('an unpaid online order names the time to pay by; paid, it names none', async () => {
    const c = await shop.customer();
    const order = await shop.order('PAYME', { customer: c });
    const placed = await read(c, order.id);
    expect(placed.payUntil).not.toBeNull();
    expect(Date.parse(placed.payUntil!)).toBeGreaterThan(now());
    expect(placed.refund).toBeNull();
    const id = payme.newId();
    result(await payme.create(id, order.id, tiyin(order), now()));
    result(await payme.perform(id));
    expect(await read(c, order.id)).toMatchObject({ status: 'OPEN', isPaid: true, payUntil: null, refund: null });
  });

  it('a paid Payme order is cancelled with its refund started; Payme giving the money back completes it, once', async () => {
    await shop.setStock(COUNTED, 10);
    try {
      const { c, order, id } = await paidByPayme({ cartItems: [{ productId: COUNTED, count: 2 }] });
      expect(await shop.stockOf(COUNTED)).toBe(8);
      const setting = (await shop.t.app.inject({ method: 'GET', url: `/api/orders/v1/order/setting/${order.id}`, headers: as(c) })).json();
      expect(setting).toMatchObject({ isPaid: true, canCancel: true });

      const res = await cancel(c, order.id);
      expect(res.statusCode).toBe(200);
      const cancelled = Order.parse(res.json());
      expect(cancelled).toMatchObject({
        status: 'CANCELED',
        isPaid: true,
        refund: { state: 'STARTED', startedAt: new Date(now()).toISOString() },
      });
      expect(await shop.stockOf(COUNTED)).toBe(10);
      const told = await shop.toldOf(order.id);

      // Payme gives the money back (CancelTransaction of the performed transaction, reason 5 refund).
      expect(result(await payme.cancel(id, 5))).toMatchObject({ state: -2 });
      expect(await read(c, order.id)).toMatchObject({ status: 'CANCELED', isPaid: false, refund: { state: 'DONE' } });
      expect(await shop.orderRow(order.id)).toMatchObject({ refundState: 'DONE', reason: 'UPDATE' });
      // The order's page hears of it (an event), and a repeat of the callback changes nothing, gives nothing back twice.
      expect((await shop.toldOf(order.id)).events).toBe(told.events + 1);
      result(await payme.cancel(id, 5));
      expect((await shop.toldOf(order.id)).events).toBe(told.events + 1);
      expect(await shop.stockOf(COUNTED)).toBe(10);
    } finally {
      await shop.setStock(COUNTED, null);
    }
  });

  it('a paid Uzum order is cancelled with its refund started; Uzum reversing the payment completes it', async () => {
    const c = await shop.customer();
    const order = await shop.order('UZUM', { customer: c });
    const transId = uzum.newTransId();
    expect((await uzum.create(transId, order.id, tiyin(order))).status).toBe(200);
    expect((await uzum.confirm(transId)).status).toBe(200);
    expect((await cancel(c, order.id)).json()).toMatchObject({ status: 'CANCELED', isPaid: true, refund: { state: 'STARTED' } });
    expect((await uzum.reverse(transId)).body).toMatchObject({ status: 'REVERSED' });
    expect(await read(c, order.id)).toMatchObject({ status: 'CANCELED', isPaid: false, refund: { state: 'DONE' } });
  });

  it('once the branch accepted a paid order, the customer cancel is refused with ORDER_ALREADY_ACCEPTED and nothing is written', async () => {
    const { c, order } = await paidByPayme();
    await shop.t.app.moveOrder(T.id, order.id, { to: 'ACCEPTED', role: 'operator' });
    const before = await shop.toldOf(order.id);
    const res = await cancel(c, order.id);
    expect([res.statusCode, res.json().code]).toEqual([409, 'ORDER_ALREADY_ACCEPTED']);
    expect(res.json().details).toMatchObject({ from: 'ACCEPTED', to: 'CANCELED' });
    expect(await shop.orderRow(order.id)).toMatchObject({ status: 'ACCEPTED', isPaid: true, refundState: null, refundStartedAt: null });
    expect(await shop.toldOf(order.id)).toEqual(before);
    const setting = (await shop.t.app.inject({ method: 'GET', url: `/api/orders/v1/order/setting/${order.id}`, headers: as(c) })).json();
    expect(setting).toMatchObject({ canCancel: false });
  });

  it('a finished order is still refused with ORDER_STATUS_CONFLICT; an unpaid order is cancelled without a refund', async () => {
    const { c, order } = await paidByPayme();
    expect((await cancel(c, order.id)).statusCode).toBe(200);
    const again = await cancel(c, order.id);
    expect([again.statusCode, again.json().code]).toEqual([409, 'ORDER_STATUS_CONFLICT']);

    const cash = await shop.order('CASH', { customer: c });
    expect((await cancel(c, cash.id)).json()).toMatchObject({ status: 'CANCELED', isPaid: false, refund: null });
    const unpaid = await shop.order('PAYME', { customer: c });
    expect((await cancel(c, unpaid.id)).json()).toMatchObject({ status: 'CANCELED', isPaid: false, refund: null, payUntil: null });
  });
});
