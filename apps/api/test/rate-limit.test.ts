import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '@dasturxon/db/seed';
import { createTestApp, type TestApp } from './harness.ts';

/*
 * Issue 10: anonymous calls that cost work are limited per client address, with the standard headers, and
 * the call over the limit gets 429 in the error format.
 */

const T = DEMO.tezkor;
const TEZKOR = { 'x-merchant-id': T.id };

describe('limits per client address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { RATE_LIMIT_WORK_PER_MINUTE: '3', RATE_LIMIT_MEDIA_PER_MINUTE: '2' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const quote = (ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders/v1/orders/quote',
      headers: TEZKOR,
      remoteAddress: ip,
      payload: {
        serviceType: 'PICK_UP',
        branchId: T.branches.chilonzor,
        cartItems: [{ productId: T.products.fries, count: 1, modifications: [] }],
      },
    });

  it('says where a caller stands, refuses the call over the limit with 429 and Retry-After, and starts again after the window', async () => {
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await quote('203.0.113.10'));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.headers['ratelimit-remaining'])).toEqual(['2', '1', '0']);
    expect(answers[0]!.headers['ratelimit-limit']).toBe('3');
    expect(answers[0]!.headers['ratelimit-policy']).toBe('3;w=60');
    const over = await quote('203.0.113.10');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json()).toMatchObject({ code: 'RATE_LIMITED', details: { per: 'address', limit: 3 } });
    // Another address is not held back by this one; promo checks share the limit of work.
    expect((await quote('203.0.113.11')).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/orders/v1/promo/check?code=NOPE', headers: TEZKOR, remoteAddress: '203.0.113.10' }))
        .statusCode,
    ).toBe(429);
    t.clock.set(new Date(t.clock.now().getTime() + 61_000));
    expect((await quote('203.0.113.10')).statusCode).toBe(200);
  });

  it('limits pictures apart from the rest, and leaves the menu and the pages alone', async () => {
    const picture = () => t.app.inject({ method: 'GET', url: '/media/demo/tezkor/logo.svg?w=64&h=64', remoteAddress: '203.0.113.20' });
    expect((await picture()).statusCode).toBe(200);
    expect((await picture()).statusCode).toBe(200);
    expect((await picture()).statusCode).toBe(429);
    for (let i = 0; i < 5; i++) {
      const menu = await t.app.inject({
        method: 'GET',
        url: '/api/products/v1/overalls?type=WEB',
        headers: TEZKOR,
        remoteAddress: '203.0.113.20',
      });
      expect(menu.statusCode).toBe(200);
      expect(menu.headers['ratelimit-limit']).toBeUndefined();
    }
  });

  it('refuses a call over its limit before anything else is done for it: no body read, no brand looked up, no other check', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(base).port);
    /** Headers announcing a 1 MB body and only its first bytes; settles once the server ends the connection, with what it answered. */
    const slowUpload = (headers: string) =>
      new Promise<{ answer: string; ended: boolean }>((resolve) => {
        let answer = '';
        const socket = connect(port, '127.0.0.1', () =>
          socket.write(
            `POST /api/orders/v1/orders/quote HTTP/1.1\r\n${headers}Content-Type: application/json\r\nContent-Length: 1000000\r\n\r\n{"serviceType":`,
          ),
        );
        socket.on('data', (d: Buffer) => (answer += d.toString()));
        // The other outcome: the server is still waiting for the body (what a call within its limit gets).
        const waiting = setTimeout(() => {
          resolve({ answer, ended: false });
          socket.destroy();
        }, 10_000);
        socket.on('end', () => {
          clearTimeout(waiting);
          resolve({ answer, ended: true });
          socket.destroy();
        });
        socket.on('error', () => resolve({ answer, ended: false }));
      });
    const ip = '127.0.0.1';
    t.clock.set(new Date(t.clock.now().getTime() + 61_000));
    for (let i = 0; i < 3; i++) expect((await quote(ip)).statusCode).toBe(200);

    // A second Host header (which the input guard refuses with 400) and a brand that does not exist (404 once looked
    // up): neither is looked at, and the body, still arriving, is not read; the server answers and ends the connection.
    const over = await slowUpload(`Host: localhost\r\nHost: localhost\r\nX-Merchant-Id: 00000000-0000-4000-8000-000000000000\r\n`);
    expect(over.ended, over.answer).toBe(true);
    const [head, body] = over.answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 429 /);
    expect(head!.toLowerCase()).toContain('connection: close');
    expect(head!.toLowerCase()).toMatch(/retry-after: \d+/);
    expect(JSON.parse(body!)).toMatchObject({ code: 'RATE_LIMITED', details: { per: 'address', limit: 3 } });
  });

  it('writes no log line for a refused call at the default level, and a line for each request at debug', async () => {
    const lines = async (level: string) => {
      const out: { msg: string }[] = [];
      const stream = { write: (line: string) => void out.push(JSON.parse(line) as { msg: string }) };
      const app = await createTestApp('pglite', { RATE_LIMIT_WORK_PER_MINUTE: '1', LOG_LEVEL: level }, { logger: { level, stream } });
      try {
        for (let i = 0; i < 3; i++)
          await app.app.inject({
            method: 'GET',
            url: '/api/orders/v1/promo/check?code=NOPE',
            headers: TEZKOR,
            remoteAddress: '203.0.113.30',
          });
      } finally {
        await app.close();
      }
      return out.map((l) => l.msg);
    };
    expect(await lines('info')).toEqual([]);
    expect((await lines('debug')).filter((m) => m === 'incoming request')).toHaveLength(3);
  });
});
