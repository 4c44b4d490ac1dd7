import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpCodes, sessions, users } from '@dasturxon/db';
import { DEMO } from '@dasturxon/db/seed';
import { LoginResponse, SendOtpResponse } from '@dasturxon/domain/contracts';
import { BACKENDS, createTestApp, type TestApp } from './harness.ts';

const OTP_INVALID_UZ = "Noto'g'ri kod yoki kod kiritish muddati o'tib ketgan";

describe.each(BACKENDS)('phone login on %s', (backend) => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'dx-auth-'));
    t = await createTestApp(backend, { DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  // Every test uses its own numbers and client addresses, so limits of one test never reach another.
  let serial = 0;
  const freshPhone = () => `+99891${String(1_000_000 + ++serial * 7919).slice(-7)}`;
  const freshIp = () => `10.1.${Math.floor(++serial / 250)}.${serial % 250}`;
  const advance = (seconds: number) => t.clock.set(new Date(t.clock.now().getTime() + seconds * 1000));

  interface Call {
    merchant?: string;
    ip?: string;
    token?: string;
  }
  const headers = (c: Call) => ({
    'x-merchant-id': c.merchant ?? DEMO.tezkor.id,
    ...(c.token ? { authorization: `Bearer ${c.token}` } : {}),
  });
  const sendCode = (phone: string, c: Call = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/v1/auth/otp',
      headers: headers(c),
      payload: { phone },
      remoteAddress: c.ip ?? freshIp(),
    });
  const verify = (phone: string, code: string, c: Call = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users/v1/auth/otp/verify',
      headers: headers(c),
      payload: { phone, code },
      remoteAddress: c.ip ?? freshIp(),
    });
  const me = (token: string | undefined, merchant?: string) =>
    t.app.inject({ method: 'GET', url: '/api/users/v1/users/me', headers: headers({ token, merchant }) });

  async function outbox(): Promise<Array<{ to: string; text: string; merchantId: string; at: string }>> {
    const text = await readFile(join(dataDir, 'sms-outbox.jsonl'), 'utf8').catch(() => '');
    return text
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
  }
  async function lastCode(phone: string, merchant = DEMO.tezkor.id): Promise<string> {
    const line = (await outbox()).filter((l) => l.to === phone && l.merchantId === merchant).at(-1);
    const code = line?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code for ${phone} in the outbox`);
    return code;
  }
  /** A wrong code for sure: the right one with its last digit changed. */
  const wrong = (code: string) => code.slice(0, 5) + String((Number(code[5]) + 1) % 10);

  async function login(phone = freshPhone(), merchant = DEMO.tezkor.id): Promise<LoginResponse> {
    expect((await sendCode(phone, { merchant })).statusCode).toBe(200);
    const res = await verify(phone, await lastCode(phone, merchant), { merchant });
    expect(res.statusCode).toBe(200);
    return LoginResponse.parse(res.json());
  }

  describe('the whole login through the outbox', () => {
    it('sends a code, logs in with it, and the token opens the profile', async () => {
      const phone = freshPhone();
      const sent = await sendCode(phone);
      expect(sent.statusCode).toBe(200);
      expect(SendOtpResponse.parse(sent.json())).toEqual({ phone, codeLength: 6, resendAfterSeconds: 60, expiresInSeconds: 120 });

      const line = (await outbox()).filter((l) => l.to === phone).at(-1)!;
      expect(Object.keys(line).sort()).toEqual(['at', 'merchantId', 'text', 'to']);
      expect(line).toMatchObject({ to: phone, merchantId: DEMO.tezkor.id, at: t.clock.now().toISOString() });
      // Tezkor writes no template of its own: the default, in its main language (ru), with its name.
      expect(line.text).toMatch(new RegExp(`^${DEMO.tezkor.name}: код подтверждения \\d{6}\\.`));

      const res = await verify(phone, await lastCode(phone));
      expect(res.statusCode).toBe(200);
      const body = LoginResponse.parse(res.json());
      expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(body.user).toMatchObject({
        phone,
        merchantId: DEMO.tezkor.id,
        firstName: '',
        lastName: '',
        email: null,
        role: 'CLIENT',
        isActive: true,
      });

      const profile = await me(body.token);
      expect(profile.statusCode).toBe(200);
      expect(profile.json()).toEqual(body.user);
    });

    it('finds the same customer on the next login and keeps both sessions', async () => {
      const phone = freshPhone();
      const first = await login(phone);
      advance(61);
      const second = await login(phone);
      expect(second.user.id).toBe(first.user.id);
      expect(second.token).not.toBe(first.token);
      expect((await me(first.token)).statusCode).toBe(200);
      expect((await me(second.token)).statusCode).toBe(200);
    });

    it('reads the phone however it is written', async () => {
      const phone = freshPhone();
      const local = phone.slice(4);
      const spaced = `+998 ${local.slice(0, 2)} ${local.slice(2, 5)} ${local.slice(5, 7)} ${local.slice(7)}`;
      const sent = await sendCode(spaced);
      expect(sent.json().phone).toBe(phone);
      const res = await verify(local, await lastCode(phone));
      expect(res.statusCode).toBe(200);
      expect(res.json().user.phone).toBe(phone);
    });

    it('stores neither the code nor the token, only their hashes', async () => {
      const phone = freshPhone();
      await sendCode(phone);
      const code = await lastCode(phone);
      const [row] = await t.database.db
        .select()
        .from(otpCodes)
        .where(and(eq(otpCodes.merchantId, DEMO.tezkor.id), eq(otpCodes.phone, phone)));
      expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row!.codeHash).not.toContain(code);
      expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(120_000);

      const { token, user } = LoginResponse.parse((await verify(phone, code)).json());
      const stored = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
      expect(stored).toHaveLength(1);
      expect(stored[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(stored[0]!.tokenHash).not.toContain(token);
      expect(stored[0]!.merchantId).toBe(DEMO.tezkor.id);
      expect(stored[0]!.expiresAt.getTime() - t.clock.now().getTime()).toBe(30 * 24 * 3600 * 1000);
    });
  });

  describe('what is refused', () => {
    it('answers 400 PHONE_INVALID, saying why, for a number we do not take', async () => {
      for (const phone of ['12345', '+1 212 555 0100', 'call me', '+998 90 123 45']) {
        const res = await sendCode(phone);
        expect(res.statusCode, phone).toBe(400);
        const body = res.json();
        expect(body.code).toBe('PHONE_INVALID');
        expect(body.description.uz).toBeTruthy();
        expect(body.details.field).toBe('body.phone');
        expect(['COUNTRY', 'NUMBER', 'CHARACTERS']).toContain(body.details.problem);
        expect(body.details.countryCodes).toContain('+998');
      }
    });

    it('answers 400 VALIDATION_FAILED naming the field for a missing phone or an unknown key', async () => {
      const missing = await t.app.inject({ method: 'POST', url: '/api/users/v1/auth/otp', headers: headers({}), payload: {} });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().details.fields[0].field).toBe('body.phone');
      const extra = await t.app.inject({
        method: 'POST',
        url: '/api/users/v1/auth/otp/verify',
        headers: headers({}),
        payload: { phone: freshPhone(), code: '123456', password: 'x' },
      });
      expect(extra.statusCode).toBe(400);
      expect(extra.json().code).toBe('VALIDATION_FAILED');
      expect(extra.json().details.fields[0].field).toBe('body.password');
    });

    it('refuses a wrong code with the spec message and the tries left, then takes the right one', async () => {
      const phone = freshPhone();
      const ip = freshIp();
      await sendCode(phone, { ip });
      const code = await lastCode(phone);
      const res = await verify(phone, wrong(code), { ip });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'OTP_INVALID', details: { attemptsLeft: 4 } });
      expect(res.json().description.uz).toBe(OTP_INVALID_UZ);
      for (const junk of ['', '12345', 'abcdef', '1234567']) {
        const r = await verify(phone, junk, { ip });
        expect(r.statusCode, junk).toBe(400);
      }
      // The junk counted as tries too (the empty one is refused before): one left.
      expect((await verify(phone, code, { ip })).statusCode).toBe(200);
    });

    it('refuses a code for a number it was not sent to', async () => {
      const phone = freshPhone();
      await sendCode(phone);
      const res = await verify(freshPhone(), await lastCode(phone));
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('OTP_INVALID');
      expect(res.json().details).toBeUndefined();
    });

    it('refuses an expired code: good for 120 seconds, not 121', async () => {
      const a = freshPhone();
      await sendCode(a);
      advance(119);
      expect((await verify(a, await lastCode(a))).statusCode).toBe(200);

      const b = freshPhone();
      await sendCode(b);
      advance(121);
      const res = await verify(b, await lastCode(b));
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('OTP_INVALID');
      expect(res.json().description.uz).toBe(OTP_INVALID_UZ);
    });

    it('refuses a code used once already', async () => {
      const phone = freshPhone();
      await sendCode(phone);
      const code = await lastCode(phone);
      expect((await verify(phone, code)).statusCode).toBe(200);
      const again = await verify(phone, code);
      expect(again.statusCode).toBe(400);
      expect(again.json().code).toBe('OTP_INVALID');
    });

    it('closes the code to an address on its fifth wrong try there', async () => {
      const phone = freshPhone();
      const ip = freshIp();
      await sendCode(phone, { ip });
      const code = await lastCode(phone);
      const left: unknown[] = [];
      for (let i = 0; i < 5; i++) left.push((await verify(phone, wrong(code), { ip })).json().details?.attemptsLeft);
      expect(left).toEqual([4, 3, 2, 1, 0]);
      const right = await verify(phone, code, { ip });
      expect(right.statusCode).toBe(400);
      expect(right.json()).toMatchObject({ code: 'OTP_ATTEMPTS_EXHAUSTED', details: { attemptsLeft: 0 } });
    });

    it('says the tries are over on the fifth wrong code and sends a new code at once', async () => {
      const phone = freshPhone();
      const ip = freshIp();
      await sendCode(phone, { ip });
      const code = await lastCode(phone);
      const codes: unknown[] = [];
      for (let i = 0; i < 5; i++) codes.push((await verify(phone, wrong(code), { ip })).json().code);
      expect(codes).toEqual(['OTP_INVALID', 'OTP_INVALID', 'OTP_INVALID', 'OTP_INVALID', 'OTP_ATTEMPTS_EXHAUSTED']);
      // No minute's wait: the spent code holds nothing, and the new one works.
      const again = await sendCode(phone, { ip });
      expect(again.statusCode).toBe(200);
      const fresh = await lastCode(phone);
      expect((await verify(phone, fresh, { ip })).statusCode).toBe(200);
    });

    it('lets only one of two simultaneous checks of a code through', async () => {
      const phone = freshPhone();
      await sendCode(phone);
      const code = await lastCode(phone);
      const results = await Promise.all([verify(phone, code), verify(phone, code), verify(phone, code)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
      const [row] = await t.database.db
        .select()
        .from(users)
        .where(and(eq(users.merchantId, DEMO.tezkor.id), eq(users.phone, phone)));
      expect(row).toBeDefined();
      expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, row!.id))).toHaveLength(1);
    });
  });

  describe('limits', () => {
    it('asks an address to wait 60 seconds before another code, saying how long is left', async () => {
      const phone = freshPhone();
      const ip = freshIp();
      expect((await sendCode(phone, { ip })).statusCode).toBe(200);
      const first = await lastCode(phone);
      const early = await sendCode(phone, { ip });
      expect(early.statusCode).toBe(429);
      expect(early.json()).toMatchObject({ code: 'OTP_TOO_EARLY', details: { retryAfterSeconds: 60 } });
      expect(early.headers['retry-after']).toBe('60');
      advance(45);
      expect((await sendCode(phone, { ip })).json().details.retryAfterSeconds).toBe(15);
      advance(15);
      expect((await sendCode(phone, { ip })).statusCode).toBe(200);
      const second = await lastCode(phone);
      expect((await outbox()).filter((l) => l.to === phone)).toHaveLength(2);
      // The first code still works while it lives, and its use spends the second: one login per pair.
      expect((await verify(phone, first)).statusCode).toBe(200);
      if (second !== first) expect((await verify(phone, second)).json().code).toBe('OTP_INVALID');
    });

    it('sends at most 5 codes an hour to one number from one address; another address still gets one', async () => {
      const phone = freshPhone();
      const ip = freshIp();
      for (let i = 0; i < 5; i++) {
        expect((await sendCode(phone, { ip })).statusCode, `send ${i + 1}`).toBe(200);
        advance(61);
      }
      expect((await sendCode(phone)).statusCode).toBe(200);
      advance(61);
      const limited = await sendCode(phone, { ip });
      expect(limited.statusCode).toBe(429);
      const body = limited.json();
      expect(body).toMatchObject({ code: 'RATE_LIMITED', details: { per: 'phone', limit: 5, windowSeconds: 3600 } });
      expect(body.description.ru).toBeTruthy();
      // The first of the five leaves the window 3600 s after it was sent; 5 × 61 s have passed.
      expect(body.details.retryAfterSeconds).toBe(3600 - 6 * 61);
      expect(limited.headers['retry-after']).toBe(String(3600 - 6 * 61));
      advance(3600 - 6 * 61);
      expect((await sendCode(phone, { ip })).statusCode).toBe(200);
    });

    it('sends at most 10 codes an hour for one client address', async () => {
      const ip = freshIp();
      for (let i = 0; i < 10; i++) expect((await sendCode(freshPhone(), { ip })).statusCode, `send ${i + 1}`).toBe(200);
      const limited = await sendCode(freshPhone(), { ip });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', details: { per: 'address', limit: 10 } });
      expect((await sendCode(freshPhone(), { ip: freshIp() })).statusCode).toBe(200);
    });

    it('sends one code when several requests for a number arrive at once, from one address or from several', async () => {
      const phone = freshPhone();
      const ip = freshIp();
      const results = await Promise.all([sendCode(phone, { ip }), sendCode(phone, { ip }), sendCode(phone, { ip })]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 429, 429]);
      expect((await outbox()).filter((l) => l.to === phone)).toHaveLength(1);

      advance(61);
      const other = freshPhone();
      const fromMany = await Promise.all([sendCode(other), sendCode(other), sendCode(other)]);
      expect(fromMany.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      expect((await outbox()).filter((l) => l.to === other)).toHaveLength(1);
    });

    it("counts one merchant's sends apart from another's", async () => {
      const phone = freshPhone();
      expect((await sendCode(phone, { merchant: DEMO.tezkor.id })).statusCode).toBe(200);
      expect((await sendCode(phone, { merchant: DEMO.navbahor.id })).statusCode).toBe(200);
    });
  });

  it('answers the same for a known and an unknown number', async () => {
    const known = freshPhone();
    await login(known);
    advance(61);
    const unknown = freshPhone();
    const a = await sendCode(known);
    const b = await sendCode(unknown);
    expect(a.statusCode).toBe(b.statusCode);
    expect({ ...a.json(), phone: null }).toEqual({ ...b.json(), phone: null });
    expect(Object.keys(a.headers).sort()).toEqual(Object.keys(b.headers).sort());
  });

  describe('merchants keep their customers apart', () => {
    it('makes the same phone at two brands two customers', async () => {
      const phone = freshPhone();
      const atTezkor = await login(phone, DEMO.tezkor.id);
      const atNavbahor = await login(phone, DEMO.navbahor.id);
      expect(atNavbahor.user.id).not.toBe(atTezkor.user.id);
      expect(atTezkor.user.merchantId).toBe(DEMO.tezkor.id);
      expect(atNavbahor.user.merchantId).toBe(DEMO.navbahor.id);
      const line = (await outbox()).filter((l) => l.to === phone && l.merchantId === DEMO.navbahor.id).at(-1)!;
      // Navbahor speaks Uzbek first.
      expect(line.text).toContain('tasdiqlash kodi');
    });

    it("refuses one brand's token at another", async () => {
      const { token } = await login();
      const res = await me(token, DEMO.navbahor.id);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect((await me(token, DEMO.tezkor.id)).statusCode).toBe(200);
    });

    it('refuses a code sent by another brand', async () => {
      const phone = freshPhone();
      await sendCode(phone, { merchant: DEMO.tezkor.id });
      const res = await verify(phone, await lastCode(phone, DEMO.tezkor.id), { merchant: DEMO.navbahor.id });
      expect(res.json().code).toBe('OTP_INVALID');
    });

    it('answers 403 MERCHANT_BLOCKED at an inactive merchant', async () => {
      const res = await sendCode(freshPhone(), { merchant: DEMO.yopiq.id });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('MERCHANT_BLOCKED');
    });
  });

  describe('sessions', () => {
    it('answers 401 without a token, with a malformed header and with an unknown token', async () => {
      for (const authorization of [undefined, 'Bearer', 'Basic dXNlcjpwYXNz', 'Bearer short', `Bearer ${'A'.repeat(43)}`]) {
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/users/v1/users/me',
          headers: { 'x-merchant-id': DEMO.tezkor.id, ...(authorization ? { authorization } : {}) },
        });
        expect(res.statusCode, String(authorization)).toBe(401);
        expect(res.json().code).toBe('UNAUTHORIZED');
        expect(res.json().description.uz).toBe('Bazi narsalar eskirgan! Iltimos tizimga boshqattan kiring');
      }
    });

    it('ends the session on logout', async () => {
      const { token } = await login();
      const out = await t.app.inject({ method: 'POST', url: '/api/users/v1/users/logout', headers: headers({ token }) });
      expect(out.statusCode).toBe(204);
      expect(out.body).toBe('');
      expect((await me(token)).statusCode).toBe(401);
      const again = await t.app.inject({ method: 'POST', url: '/api/users/v1/users/logout', headers: headers({ token }) });
      expect(again.statusCode).toBe(401);
    });

    it('logs out one device only', async () => {
      const phone = freshPhone();
      const a = await login(phone);
      advance(61);
      const b = await login(phone);
      await t.app.inject({ method: 'POST', url: '/api/users/v1/users/logout', headers: headers({ token: a.token }) });
      expect((await me(a.token)).statusCode).toBe(401);
      expect((await me(b.token)).statusCode).toBe(200);
    });

    it('shuts out a customer whose account the merchant disabled', async () => {
      const phone = freshPhone();
      const { token, user } = await login(phone);
      await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
      expect((await me(token)).statusCode).toBe(401);
      advance(61);
      await sendCode(phone);
      const res = await verify(phone, await lastCode(phone));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN', details: { reason: 'ACCOUNT_DISABLED' } });
    });

    it('expires a session left alone for 30 days and extends one in use', async () => {
      const idle = await login();
      const busy = await login();
      advance(20 * 24 * 3600);
      // Used in the second half of its life: extended to 30 days from now.
      expect((await me(busy.token)).statusCode).toBe(200);
      advance(11 * 24 * 3600);
      expect((await me(idle.token)).statusCode).toBe(401);
      expect((await me(busy.token)).statusCode).toBe(200);
    });
  });

  it('describes its calls in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const otp = doc.paths['/api/users/v1/auth/otp'].post;
    expect(otp.tags).toEqual(['auth']);
    expect(otp.summary).toBeTruthy();
    expect(Object.keys(otp.responses)).toEqual(expect.arrayContaining(['200', '400', '429']));
    const meDoc = doc.paths['/api/users/v1/users/me'].get;
    expect(meDoc.security).toEqual([{ bearer: [] }]);
    for (const [path, method] of [
      ['/api/users/v1/auth/otp/verify', 'post'],
      ['/api/users/v1/users/{id}', 'put'],
      ['/api/users/v1/users/phone', 'put'],
      ['/api/users/v1/users/phone/verify', 'put'],
      ['/api/users/v1/users/logout', 'post'],
      ['/api/users/v1/users', 'delete'],
    ] as const) {
      expect(doc.paths[path]?.[method]?.summary, `${method} ${path}`).toBeTruthy();
    }
  });
});
