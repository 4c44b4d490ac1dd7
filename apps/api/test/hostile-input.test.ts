import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { DEMO } from '@dasturxon/db/seed';
import { safeError } from '../src/logging.ts';
import { createTestApp, type TestApp } from './harness.ts';

/*
 * Issue 10, "Hostile input": what a careless or hostile client sends is refused in one place, with the error
 * format, before any route, the database or the log sees it.
 */

const T = DEMO.tezkor;
const TEZKOR = { 'x-merchant-id': T.id };

/** One raw HTTP/1.1 exchange over a socket: what Node's own parser and Fastify answer, as a client would see it. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(request));
    let out = '';
    socket.on('data', (d) => (out += d.toString()));
    socket.on('end', () => resolve(out));
    socket.on('error', reject);
  });
}

describe('hostile input', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  const expectRefused = (res: { statusCode: number; json: () => unknown }, field: string) => {
    expect(res.statusCode).toBe(400);
    const body = res.json() as { code: string; details: { fields: { field: string }[] } };
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details.fields.map((f) => f.field)).toContain(field);
  };

  it('refuses a NUL or another control character in a path, a query or a body text with 400 VALIDATION_FAILED', async () => {
    expectRefused(await t.app.inject({ method: 'GET', url: '/api/users/v1/merchants/sub/tez%00kor' }), 'path');
    expectRefused(await t.app.inject({ method: 'GET', url: '/api/orders/v1/promo/check?code=AB%00C', headers: TEZKOR }), 'query.code');
    expectRefused(
      await t.app.inject({ method: 'GET', url: '/api/products/v1/overalls?type=WEB&branchId=%1b', headers: TEZKOR }),
      'query.branchId',
    );
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/orders/v1/orders/quote',
      headers: TEZKOR,
      payload: { serviceType: 'PICK_UP', branchId: T.branches.chilonzor, promoCode: 'SALE\u0000', cartItems: [] },
    });
    expectRefused(quote, 'body.promoCode');
    const nested = await t.app.inject({
      method: 'POST',
      url: '/api/users/v1/auth/otp',
      headers: TEZKOR,
      payload: { phone: '+998901234567', extra: [{ firstName: 'Ali\u0007' }] },
    });
    expectRefused(nested, 'body.extra.0.firstName');
    // A page address with one is refused too, never rendered.
    expectRefused(await t.app.inject({ method: 'GET', url: '/product/%00', headers: { host: `${T.sub}.localhost` } }), 'path');
  });

  it('keeps the lines of a text: tab, line feed and carriage return are not control characters to refuse', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/v1/orders/quote',
      headers: TEZKOR,
      payload: { serviceType: 'PICK_UP', branchId: T.branches.chilonzor, promoCode: 'NO\tSUCH\r\nCODE', cartItems: [] },
    });
    expect(res.statusCode).not.toBe(400);
  });

  it('resolves the brand from ?vendor= on a development host before any route validates its query', async () => {
    for (const url of [
      '/api/products/v1/overalls?type=WEB&vendor=tezkor',
      '/api/support/v1/company/policies?policies=PRIVACY_POLICY&vendor=tezkor',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { host: 'localhost:3000' } });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
  });

  it('reads a product id in any case as the same id, in the quote as in the product call', async () => {
    const upper = T.products.cheeseburger.toUpperCase();
    expect((await t.app.inject({ method: 'GET', url: `/api/products/v1/${upper}`, headers: TEZKOR })).statusCode).toBe(200);
    const body = (productId: string) => ({
      serviceType: 'PICK_UP',
      branchId: T.branches.chilonzor.toUpperCase(),
      cartItems: [{ productId, count: 1, modifications: [] }],
    });
    const lower = (
      await t.app.inject({ method: 'POST', url: '/api/orders/v1/orders/quote', headers: TEZKOR, payload: body(T.products.fries) })
    ).json();
    const upperQuote = (
      await t.app.inject({
        method: 'POST',
        url: '/api/orders/v1/orders/quote',
        headers: TEZKOR,
        payload: body(T.products.fries.toUpperCase()),
      })
    ).json();
    expect(upperQuote).toEqual(lower);
    expect(lower.problems.map((p: { code: string }) => p.code)).not.toContain('PRODUCT_NOT_FOUND');
  });

  it('answers a method a path does not take with 405 and Allow, in the error format', async () => {
    const post = await t.app.inject({ method: 'POST', url: '/api/products/v1/overalls?type=WEB', headers: TEZKOR, payload: {} });
    expect(post.statusCode).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    expect(post.json().code).toBe('METHOD_NOT_ALLOWED');
    const get = await t.app.inject({ method: 'GET', url: '/api/orders/v1/orders/quote', headers: TEZKOR });
    expect(get.statusCode).toBe(405);
    expect(get.headers.allow).toBe('POST');
    // A path that is nothing stays a 404.
    expect((await t.app.inject({ method: 'DELETE', url: '/api/nothing/here', headers: TEZKOR })).statusCode).toBe(404);
  });

  it("sends HSTS over HTTPS on our own domains only: never on plain HTTP, never on a brand's own domain", async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/health', headers: { host: 'tezkor.dasturxon.uz' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const behindProxy = await createTestApp('pglite', { TRUST_PROXY: 'true' });
    try {
      const https = { 'x-forwarded-proto': 'https' };
      const own = await behindProxy.app.inject({ method: 'GET', url: '/api/health', headers: { ...https, host: 'tezkor.dasturxon.uz' } });
      expect(own.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const brandDomain = await behindProxy.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { ...https, host: 'order.tezkor-burger.uz' },
      });
      expect(brandDomain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await behindProxy.close();
    }
  });

  it('behind a proxy, believes only the hops it is told to: a client naming its own address still meets the per-address limit', async () => {
    const behindProxy = await createTestApp('pglite', { TRUST_PROXY: '1' });
    try {
      const send = (i: number) =>
        behindProxy.app.inject({
          method: 'POST',
          url: '/api/users/v1/auth/otp',
          headers: { ...TEZKOR, 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` },
          remoteAddress: '10.0.0.1',
          payload: { phone: `+9989071${String(10_000 + i).slice(-5)}` },
        });
      for (let i = 1; i <= 10; i++) expect((await send(i)).statusCode).toBe(200);
      const limited = await send(11);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', details: { per: 'address' } });
    } finally {
      await behindProxy.close();
    }
  });

  it('refuses two Host headers, and answers what Node itself refuses in the error format', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const twoHosts = await rawExchange(
      port,
      `GET /api/health HTTP/1.1\r\nHost: ${T.sub}.localhost\r\nHost: navbahor.localhost\r\nConnection: close\r\n\r\n`,
    );
    expect(twoHosts).toMatch(/^HTTP\/1\.1 400/);
    expect(twoHosts).toContain('"code":"VALIDATION_FAILED"');
    const garbage = await rawExchange(port, 'GET /api/health HTTP/1.1\r\nHost: a\r\nBad Header\r\n\r\n');
    expect(garbage).toMatch(/^HTTP\/1\.1 400/);
    expect(garbage).toContain('"code":"VALIDATION_FAILED"');
    const huge = await rawExchange(port, `GET /api/health HTTP/1.1\r\nHost: a\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(huge).toMatch(/^HTTP\/1\.1 431/);
    expect(huge).toContain('"code":"HEADERS_TOO_LARGE"');
  });
});

describe('the log', () => {
  it("never carries a failed query's parameters, a database error's detail or a phone number", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_phone"'), {
      detail: 'Key (merchant_id, phone)=(7c1e…, +998901234567) already exists.',
      code: '23505',
    });
    const error = new DrizzleQueryError('insert into "users" ("first_name", "phone") values ($1, $2)', ['Aziza', '+998901234567'], cause);
    const logged = JSON.stringify(safeError(error));
    expect(logged).toContain('insert into \\"users\\"');
    expect(logged).not.toContain('Aziza');
    expect(logged).not.toContain('901234567');
  });
});
