import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentCheckout } from '@dasturxon/domain/contracts';
import { clickPayUrl, paymeCheckoutUrl } from '../src/features/payments/index.ts';
import { BACKENDS } from './harness.ts';
import { paymeProvider, type PaymeProvider } from './providers/payme.ts';
import { DEMO } from '@dasturxon/db/seed';
import { openShop, SANDBOX, tiyin, type Shop } from './providers/shop.ts';

/*
 * The customer's side of paying online (`GET /payments/v2/checkout/{id}`): the provider's page for the customer's own
 * unpaid order, for exactly its total, back to the order's page; then the provider, played from that very link, pays it.
 */

/** The pairs of a Payme checkout link (docs/protocols.md 1.8). */
const paymeFields = (url: string, base: string) =>
  Object.fromEntries(
    Buffer.from(url.slice(base.length), 'base64')
      .toString('utf8')
      .split(';')
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );

describe('the providers’ payment links', () => {
  it("builds Payme's link as its documentation's examples do", () => {
    const m = '587f72c72cac0d162c722ae2';
    expect(paymeCheckoutUrl('https://checkout.paycom.uz', { cashboxId: m, orderId: '197', tiyin: 500 })).toBe(
      'https://checkout.paycom.uz/bT01ODdmNzJjNzJjYWMwZDE2MmM3MjJhZTI7YWMub3JkZXJfaWQ9MTk3O2E9NTAw',
    );
    expect(
      paymeCheckoutUrl('https://checkout.paycom.uz/', {
        cashboxId: m,
        orderId: '197',
        tiyin: 500,
        returnUrl: 'https://shop.example.uz/orders/197',
      }),
    ).toBe(
      'https://checkout.paycom.uz/bT01ODdmNzJjNzJjYWMwZDE2MmM3MjJhZTI7YWMub3JkZXJfaWQ9MTk3O2E9NTAwO2M9aHR0cHM6Ly9zaG9wLmV4YW1wbGUudXovb3JkZXJzLzE5Nw==',
    );
  });

  it("builds Click's payment button with the amount as N.NN sums", () => {
    const url = new URL(
      clickPayUrl('https://my.click.uz/services/pay', {
        serviceId: '10001',
        merchantId: '20001',
        sums: 31000,
        orderId: 'o-1',
        returnUrl: 'https://x.uz/profile/orders/o-1',
      }),
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      service_id: '10001',
      merchant_id: '20001',
      amount: '31000.00',
      transaction_param: 'o-1',
      return_url: 'https://x.uz/profile/orders/o-1',
    });
  });
});

describe.each(BACKENDS)('GET /payments/v2/checkout/{id} on %s', (backend) => {
  let shop: Shop;
  let payme: PaymeProvider;
  const SANDBOX_PAGE = 'https://test.paycom.uz/';

  beforeAll(async () => {
    shop = await openShop(backend);
    payme = paymeProvider(shop.t.app, SANDBOX.payme);
  });
  afterAll(async () => {
    await shop?.close();
  });

  const link = (token: string | null, orderId: string, query = '') =>
    shop.t.app.inject({
      method: 'GET',
      url: `/api/payments/v2/checkout/${orderId}${query}`,
      headers: { host: 'tezkor.localhost', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });

  it("gives Payme's sandbox page for the order's total, back to its page, and the order is paid when Payme plays that link", async () => {
    const c = await shop.customer();
    const order = await shop.order('PAYME', { customer: c });
    const res = await link(c.token, order.id, '?lang=ru');
    expect(res.statusCode).toBe(200);
    const checkout = PaymentCheckout.parse(res.json());
    expect(checkout).toMatchObject({
      orderId: order.id,
      provider: 'PAYME',
      amount: tiyin(order),
      returnUrl: `http://tezkor.localhost/profile/orders/${order.id}`,
    });
    expect(checkout.url.startsWith(SANDBOX_PAGE)).toBe(true);
    const fields = paymeFields(checkout.url, SANDBOX_PAGE);
    expect(fields).toEqual({
      m: '65f1a2b3c4d5e6f708192a3b',
      'ac.order_id': order.id,
      a: String(tiyin(order)),
      c: checkout.returnUrl,
      l: 'ru',
    });
    expect(Date.parse(checkout.payUntil!)).toBeGreaterThan(shop.t.clock.now().getTime());

    // Payme, from the link: check, create, perform.
    const amount = Number(fields.a);
    expect((await payme.checkPerform(fields['ac.order_id']!, amount)).body.result).toMatchObject({ allow: true });
    const id = payme.newId();
    expect((await payme.create(id, fields['ac.order_id']!, amount, shop.t.clock.now().getTime())).body.result).toMatchObject({ state: 1 });
    expect((await payme.perform(id)).body.result).toMatchObject({ state: 2 });
    expect(await shop.orderRow(order.id)).toMatchObject({ status: 'OPEN', isPaid: true });

    // Paid: there is nothing more to pay.
    const again = await link(c.token, order.id);
    expect([again.statusCode, again.json().code]).toEqual([409, 'ORDER_STATUS_CONFLICT']);
  });

  it("gives Click's button and Uzum's link with the brand's service", async () => {
    const c = await shop.customer();
    const click = await shop.order('CLICK', { customer: c });
    const byClick = PaymentCheckout.parse((await link(c.token, click.id)).json());
    const url = new URL(byClick.url);
    expect([url.origin + url.pathname, Object.fromEntries(url.searchParams)]).toEqual([
      'https://my.click.uz/services/pay',
      {
        service_id: SANDBOX.click.serviceId,
        merchant_id: SANDBOX.click.merchantId,
        amount: `${click.totalPrice}.00`,
        transaction_param: click.id,
        return_url: byClick.returnUrl,
      },
    ]);
    const uzum = await shop.order('UZUM', { customer: c });
    const byUzum = new URL(PaymentCheckout.parse((await link(c.token, uzum.id)).json()).url);
    expect(Object.fromEntries(byUzum.searchParams)).toMatchObject({
      serviceId: String(SANDBOX.uzum.serviceId),
      orderId: uzum.id,
      amount: String(tiyin(uzum)),
    });
  });

  it("refuses an order paid at hand-over, another customer's order, and a guest", async () => {
    const c = await shop.customer();
    const cash = await shop.order('CASH', { customer: c });
    expect((await link(c.token, cash.id)).json().code).toBe('ORDER_STATUS_CONFLICT');
    const online = await shop.order('PAYME', { customer: c });
    const other = await shop.customer();
    expect((await link(other.token, online.id)).statusCode).toBe(404);
    expect((await link(null, online.id)).statusCode).toBe(401);
    // Of another brand, the same id is nobody's order.
    const stranger = await shop.customer(DEMO.navbahor.id);
    const elsewhere = await shop.t.app.inject({
      method: 'GET',
      url: `/api/payments/v2/checkout/${online.id}`,
      headers: { 'x-merchant-id': DEMO.navbahor.id, authorization: `Bearer ${stranger.token}` },
    });
    expect([elsewhere.statusCode, elsewhere.json().code]).toEqual([404, 'NOT_FOUND']);
  });
});
