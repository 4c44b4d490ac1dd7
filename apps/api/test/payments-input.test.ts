import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../src/config.ts';
import { BACKENDS, createTestApp, type TestApp } from './harness.ts';
import { clickAmount, clickProvider, clickSign, type ClickProvider } from './providers/click.ts';
import { basic, PAYME_URL, paymeProvider, type PaymeProvider } from './providers/payme.ts';
import { openShop, SANDBOX, tiyin, type Shop } from './providers/shop.ts';
import { uzumProvider, type UzumProvider } from './providers/uzum.ts';

/*
 * The providers' endpoints read their input themselves, credentials first: a text that is not well-formed (a NUL,
 * another control character, a lone surrogate) never reaches the database, is answered in the provider's own words
 * (Payme -32504 then -32600, Click -1 then -8, Uzum 10001 then 10002), and is no error of ours (no error log line).
 */

const BAD_TEXTS = ['a\u0000b', 'a\u0001', '\ud800', 'x\udc00y'];

describe.each(BACKENDS)('provider endpoints: credentials first, then input, on %s', (backend) => {
  let shop: Shop;
  let payme: PaymeProvider;
  let click: ClickProvider;
  let uzum: UzumProvider;
  const errorLines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
        if ((JSON.parse(line) as { level: number }).level >= 50) errorLines.push(line);
      done();
    },
  });

  beforeAll(async () => {
    shop = await openShop(backend, {}, { logger: { level: 'info', stream } });
    payme = paymeProvider(shop.t.app, SANDBOX.payme);
    click = clickProvider(shop.t.app, SANDBOX.click);
    uzum = uzumProvider(shop.t.app, SANDBOX.uzum, shop.t.clock);
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('Payme: -32504 without the key, -32600 naming the field with it, in any text of the call', async () => {
    const order = await shop.order('PAYME');
    for (const bad of BAD_TEXTS) {
      const calls: [string, Record<string, unknown>, string][] = [
        ['CheckTransaction', { id: bad }, 'params.id'],
        ['PerformTransaction', { id: `${payme.newId()}${bad}` }, 'params.id'],
        ['CheckPerformTransaction', { amount: tiyin(order), account: { order_id: `${order.id}${bad}` } }, 'params.account.order_id'],
        [
          'CreateTransaction',
          { id: payme.newId(), time: 1, amount: tiyin(order), account: { order_id: order.id, note: bad } },
          'params.account.note',
        ],
      ];
      for (const [method, params, field] of calls) {
        expect([method, (await payme.call(method, params, {})).body.error?.code]).toEqual([method, -32504]);
        expect([method, (await payme.call(method, params, { authorization: basic('Paycom', 'wrong') })).body.error?.code]).toEqual([
          method,
          -32504,
        ]);
        const answer = await payme.call(method, params);
        expect([method, answer.status, answer.body.error?.code, answer.body.error?.data]).toEqual([method, 200, -32600, field]);
      }
    }
    // Not JSON, or not JSON-RPC: the same, credentials first.
    for (const payload of ['{not json', '[1, 2]', JSON.stringify({ params: {}, id: 7 })]) {
      expect([payload, (await payme.send(payload, {})).body.error?.code]).toEqual([payload, -32504]);
      expect([payload, (await payme.send(payload)).body.error?.code]).toEqual([payload, payload.startsWith('{not') ? -32700 : -32600]);
    }
    // A raw control character in the body (not an escape) is no JSON at all.
    const raw = await payme.send(`{"method":"CheckTransaction","params":{"id":"a\u0001"},"id":1}`);
    expect([raw.status, raw.body.error?.code]).toEqual([200, -32700]);
    expect((await shop.ledgerOf(order.id)).payme).toHaveLength(0);
    expect(errorLines).toEqual([]);
  });

  it('Click: -1 for a bad sign, -8 for a signed call with a text that is not well-formed', async () => {
    const order = await shop.order('CLICK');
    for (const bad of BAD_TEXTS.slice(0, 2)) {
      const call = { orderId: `${order.id}${bad}`, amount: clickAmount(order.totalPrice), clickTransId: click.newTransId() };
      expect((await click.prepare({ ...call, secretKey: 'forged' })).body.error).toBe(-1);
      expect((await click.prepare(call)).body).toMatchObject({ error: -8, error_note: 'Error in request from click' });
      expect((await click.complete({ ...call, merchantPrepareId: 1, secretKey: 'forged' })).body.error).toBe(-1);
      expect((await click.complete({ ...call, merchantPrepareId: 1 })).body.error).toBe(-8);
    }
    // As JSON, a lone surrogate too (a form cannot carry one): forged -1, signed -8.
    const fields: Record<string, string> = {
      click_trans_id: click.newTransId(),
      service_id: SANDBOX.click.serviceId,
      click_paydoc_id: '1',
      merchant_trans_id: `${order.id}\ud800`,
      amount: clickAmount(order.totalPrice),
      action: '0',
      error: '0',
      sign_time: '2024-05-01 12:00:00',
    };
    const asJson = async (sign: string) =>
      (
        await shop.t.app.inject({
          method: 'POST',
          url: '/api/payments/v1/click/prepare',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ ...fields, sign_string: sign }),
        })
      ).json().error;
    expect(await asJson(clickSign(fields, 'forged'))).toBe(-1);
    expect(await asJson(clickSign(fields, SANDBOX.click.secretKey))).toBe(-8);
    expect((await shop.ledgerOf(order.id)).click).toHaveLength(0);
    expect(errorLines).toEqual([]);
  });

  it('Uzum: 10001 without the login, 10002 with it, in any text of any operation', async () => {
    const order = await shop.order('UZUM');
    const stamp = () => ({ serviceId: SANDBOX.uzum.serviceId, timestamp: shop.t.clock.now().getTime() });
    for (const bad of BAD_TEXTS) {
      const bodies: [string, Record<string, unknown>][] = [
        ['check', { ...stamp(), params: { orderId: `${order.id}${bad}` } }],
        ['create', { ...stamp(), transId: bad, params: { orderId: order.id }, amount: tiyin(order) }],
        ['confirm', { ...stamp(), transId: bad }],
        ['reverse', { ...stamp(), transId: bad }],
        ['status', { ...stamp(), transId: bad }],
        ['confirm', { ...stamp(), transId: 'fine', phone: bad }],
      ];
      for (const [op, body] of bodies) {
        expect([op, (await uzum.call(op, body, {})).body.errorCode]).toEqual([op, '10001']);
        const answer = await uzum.call(op, body);
        expect([op, answer.status, answer.body.status, answer.body.errorCode]).toEqual([op, 400, 'FAILED', '10002']);
      }
    }
    expect((await shop.ledgerOf(order.id)).uzum).toHaveLength(0);
    expect(errorLines).toEqual([]);
  });

  it('a NUL in a provider’s path or query is a bad request in the provider’s words, not our failure', async () => {
    const uzumPath = await shop.t.app.inject({
      method: 'POST',
      url: '/api/payments/v1/uzum/check%00',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect([uzumPath.statusCode, uzumPath.json().errorCode]).toEqual([400, '10005']);
    for (const [authorization, code] of [
      ['', -32504],
      [basic('Paycom', SANDBOX.payme.key), -32600],
    ] as const) {
      const paymeQuery = await shop.t.app.inject({
        method: 'POST',
        url: `${PAYME_URL}?x=%00`,
        headers: { 'content-type': 'application/json', authorization },
        payload: '{}',
      });
      expect([paymeQuery.statusCode, paymeQuery.json().error.code]).toEqual([200, code]);
    }
    expect(errorLines).toEqual([]);
  });
});

describe.each(BACKENDS)('PAYME_ALLOWED_IPS on %s', (backend) => {
  const key = basic('Paycom', SANDBOX.payme.key);
  const checkTransaction = JSON.stringify({ method: 'CheckTransaction', params: { id: '0123456789abcdef01234567' }, id: 5 });
  const callFrom = async (
    t: TestApp,
    remoteAddress: string,
    headers: Record<string, string> = {},
    payload = checkTransaction,
    method: 'POST' | 'GET' = 'POST',
  ) => {
    const res = await t.app.inject({
      method,
      url: PAYME_URL,
      remoteAddress,
      headers: { 'content-type': 'text/json', authorization: key, ...headers },
      ...(method === 'POST' ? { payload } : {}),
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as { error?: { code: number } }).error?.code;
  };

  it('refuses a call from another address with -32504 before anything else, even with the right key', async () => {
    const t = await createTestApp(backend, { PAYME_ALLOWED_IPS: '185.234.113.0/28, 10.9.9.9' });
    try {
      // Allowed: the call goes on (an unknown transaction, -31003).
      for (const address of ['185.234.113.1', '185.234.113.15', '10.9.9.9', '::ffff:185.234.113.7'])
        expect([address, await callFrom(t, address)]).toEqual([address, -31003]);
      for (const address of ['185.234.113.16', '10.9.9.8', '127.0.0.1', '::1']) {
        expect([address, await callFrom(t, address)]).toEqual([address, -32504]);
        expect([address, await callFrom(t, address, {}, '{not json')]).toEqual([address, -32504]);
        expect([address, await callFrom(t, address, {}, '', 'GET')]).toEqual([address, -32504]);
      }
      // Without TRUST_PROXY, X-Forwarded-For is not believed.
      expect(await callFrom(t, '1.2.3.4', { 'x-forwarded-for': '185.234.113.1' })).toBe(-32504);
      // Click and Uzum are not Payme's list's business.
      const uzum = await t.app.inject({
        method: 'POST',
        url: '/api/payments/v1/uzum/status',
        remoteAddress: '1.2.3.4',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(uzum.json().errorCode).toBe('10001');
    } finally {
      await t.close();
    }
  });

  it('reads the client address through TRUST_PROXY: the proxy’s X-Forwarded-For names it', async () => {
    const t = await createTestApp(backend, { PAYME_ALLOWED_IPS: '185.234.113.0/28', TRUST_PROXY: '1' });
    try {
      expect(await callFrom(t, '10.0.0.2', { 'x-forwarded-for': '185.234.113.3' })).toBe(-31003);
      expect(await callFrom(t, '10.0.0.2', { 'x-forwarded-for': '8.8.8.8' })).toBe(-32504);
      // One hop trusted: a client's own entry further left does not count.
      expect(await callFrom(t, '10.0.0.2', { 'x-forwarded-for': '185.234.113.3, 8.8.8.8' })).toBe(-32504);
      expect(await callFrom(t, '185.234.113.3')).toBe(-31003);
    } finally {
      await t.close();
    }
  });

  it('a wrong value stops the server with a message naming it', () => {
    for (const value of ['nope', '185.234.113.0/33', '1.2.3.4/8/1', '::1/129'])
      expect(() => parseConfig({ PAYME_ALLOWED_IPS: value })).toThrow(/PAYME_ALLOWED_IPS/);
    expect(parseConfig({ PAYME_ALLOWED_IPS: ' 185.234.113.1 ,2001:db8::/32' }).PAYME_ALLOWED_IPS).toEqual([
      '185.234.113.1',
      '2001:db8::/32',
    ]);
    expect(parseConfig({}).PAYME_ALLOWED_IPS).toBeNull();
  });
});
