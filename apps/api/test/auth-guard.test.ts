import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerToken, registerAuthGuard, requireUser } from '../src/features/auth/auth.guard.ts';
import type { SessionRecord } from '../src/features/auth/auth.repository.ts';
import type { MerchantRecord } from '../src/plugins/tenant.ts';
import type { UserRecord } from '../src/features/auth/users.repository.ts';
import { registerErrorHandling } from '../src/plugins/errors.ts';

const GOOD = 'g'.repeat(43);
const user = { id: '7d0f1f8e-0000-4000-8000-000000000001', merchantId: 'm1' } as UserRecord;
const session = { id: 's1', merchantId: 'm1' } as SessionRecord;

describe('the auth guard', () => {
  let app: FastifyInstance;
  const looked: string[] = [];

  beforeAll(async () => {
    app = Fastify({ logger: false });
    registerErrorHandling(app);
    // The tenant plugin's part: every request here is merchant m1's.
    app.decorateRequest('merchant', null);
    app.addHook('preHandler', async (request) => {
      request.merchant = { id: 'm1', isActive: true } as MerchantRecord;
    });
    const who = (request: { user: UserRecord | null }) => ({ user: request.user?.id ?? null });

    // Outside the scope the guard is registered in: its routes never get the check, and must fail closed.
    await app.register(async (outside) => {
      outside.get('/outside', { config: { auth: true } }, async (request) => ({ id: requireUser(request).id }));
    });
    await app.register(async (api) => {
      // A route registered before the guard in its scope gets the check all the same.
      api.get('/early', { config: { auth: true } }, async (request) => ({ id: requireUser(request).id }));
      registerAuthGuard(api, {
        async authenticate(merchantId, token) {
          looked.push(token);
          return merchantId === 'm1' && token === GOOD ? { user, session } : null;
        },
      });
      api.get('/required', { config: { auth: true } }, async (request) => ({ id: requireUser(request).id }));
      api.get('/optional', { config: { auth: 'optional' } }, async (request) => who(request));
      api.get('/public', async (request) => who(request));
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  const get = (url: string, authorization?: string) => app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });

  it('lets a valid token through and gives the handler its customer', async () => {
    const res = await get('/required', `Bearer ${GOOD}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: user.id });
  });

  it('answers 401 UNAUTHORIZED with WWW-Authenticate for a missing or unknown token', async () => {
    for (const authorization of [undefined, `Bearer ${'x'.repeat(43)}`, `Token ${GOOD}`]) {
      const res = await get('/required', authorization);
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
      expect(res.headers['www-authenticate']).toBe('Bearer');
    }
  });

  it("treats a caller without a valid token as a guest on 'optional' routes", async () => {
    expect((await get('/optional')).json()).toEqual({ user: null });
    expect((await get('/optional', 'Bearer nope')).json()).toEqual({ user: null });
    expect((await get('/optional', `Bearer ${GOOD}`)).json()).toEqual({ user: user.id });
  });

  it('does not look at the token of a route without auth', async () => {
    looked.length = 0;
    expect((await get('/public', `Bearer ${GOOD}`)).json()).toEqual({ user: null });
    expect(looked).toEqual([]);
  });

  it('reaches the routes of its scope whenever they were registered', async () => {
    expect((await get('/early', `Bearer ${GOOD}`)).json()).toEqual({ id: user.id });
    expect((await get('/early')).statusCode).toBe(401);
  });

  it('fails closed on a route outside its scope', async () => {
    const res = await get('/outside', `Bearer ${GOOD}`);
    expect(res.statusCode).toBe(401);
  });
});

describe('bearerToken', () => {
  const of = (authorization?: string) => bearerToken({ headers: authorization === undefined ? {} : { authorization } } as never);
  it('reads the token of a Bearer header in any case of the scheme', () => {
    expect(of(`Bearer ${GOOD}`)).toBe(GOOD);
    expect(of(`bearer   ${GOOD} `)).toBe(GOOD);
    expect(of(undefined)).toBeNull();
    expect(of('Bearer')).toBeNull();
    expect(of(`Basic ${GOOD}`)).toBeNull();
    expect(of(`Bearer ${GOOD} extra`)).toBeNull();
  });
});
