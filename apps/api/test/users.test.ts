import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpCodes, sessions, users } from '@dasturxon/db';
import { DEMO } from '@dasturxon/db/seed';
import { LoginResponse, User } from '@dasturxon/domain/contracts';
import { BACKENDS, createTestApp, type TestApp } from './harness.ts';

describe.each(BACKENDS)("the customer's account on %s", (backend) => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'dx-users-'));
    t = await createTestApp(backend, { DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  let serial = 0;
  const freshPhone = () => `+99893${String(1_000_000 + ++serial * 7919).slice(-7)}`;
  const freshIp = () => `10.2.${Math.floor(++serial / 250)}.${serial % 250}`;
  const advance = (seconds: number) => t.clock.set(new Date(t.clock.now().getTime() + seconds * 1000));

  const call = (
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    token: string | null,
    payload?: unknown,
    merchant = DEMO.tezkor.id,
    ip = freshIp(),
  ) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: { 'x-merchant-id': merchant, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      remoteAddress: ip,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  async function lastCode(phone: string, merchant = DEMO.tezkor.id): Promise<string> {
    const text = await readFile(join(dataDir, 'sms-outbox.jsonl'), 'utf8');
    const lines = text
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { to: string; text: string; merchantId: string });
    const code = lines
      .filter((l) => l.to === phone && l.merchantId === merchant)
      .at(-1)
      ?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code for ${phone}`);
    return code;
  }

  async function login(phone = freshPhone(), merchant = DEMO.tezkor.id): Promise<LoginResponse & { phone: string }> {
    expect((await call('POST', '/users/v1/auth/otp', null, { phone }, merchant)).statusCode).toBe(200);
    const res = await call('POST', '/users/v1/auth/otp/verify', null, { phone, code: await lastCode(phone, merchant) }, merchant);
    expect(res.statusCode).toBe(200);
    return { ...LoginResponse.parse(res.json()), phone };
  }

  const rowOf = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

  describe('GET /users/v1/users/me', () => {
    it('answers the customer with the fields of the spec', async () => {
      const { token, user } = await login();
      const res = await call('GET', '/users/v1/users/me', token);
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json()).sort()).toEqual(
        [
          'askName',
          'birthday',
          'cashback',
          'email',
          'firstName',
          'gender',
          'id',
          'image',
          'isActive',
          'lastName',
          'merchantId',
          'phone',
          'role',
        ].sort(),
      );
      expect(res.json().id).toBe(user.id);
    });

    it('answers 401 to a guest', async () => {
      expect((await call('GET', '/users/v1/users/me', null)).statusCode).toBe(401);
    });
  });

  describe('PUT /users/v1/users/{id}', () => {
    it('changes the fields sent and keeps the rest', async () => {
      const { token, user } = await login();
      const res = await call('PUT', `/users/v1/users/${user.id}`, token, {
        firstName: ' Aziza ',
        lastName: 'Karimova',
        email: 'Aziza@Example.uz',
        birthday: '1994-03-08',
        gender: 'female',
      });
      expect(res.statusCode).toBe(200);
      expect(User.parse(res.json())).toMatchObject({
        id: user.id,
        phone: user.phone,
        firstName: 'Aziza',
        lastName: 'Karimova',
        email: 'aziza@example.uz',
        birthday: '1994-03-08',
        gender: 'female',
      });
      const partial = await call('PUT', `/users/v1/users/${user.id}`, token, { lastName: 'Saidova' });
      expect(partial.json()).toMatchObject({ firstName: 'Aziza', lastName: 'Saidova', email: 'aziza@example.uz' });
      expect((await call('GET', '/users/v1/users/me', token)).json()).toEqual(partial.json());
    });

    it('clears e-mail, birthday and gender with an empty string or null', async () => {
      const { token, user } = await login();
      await call('PUT', `/users/v1/users/${user.id}`, token, { email: 'a@b.uz', birthday: '2000-01-01', gender: 'male' });
      const res = await call('PUT', `/users/v1/users/${user.id}`, token, { email: '', birthday: null, gender: null });
      expect(res.json()).toMatchObject({ email: null, birthday: null, gender: null });
    });

    it('refuses unknown fields, the phone among them, naming them', async () => {
      const { token, user } = await login();
      for (const [field, value] of [
        ['phone', '+998901112233'],
        ['cashback', 1_000_000],
        ['role', 'ADMIN'],
      ] as const) {
        const res = await call('PUT', `/users/v1/users/${user.id}`, token, { firstName: 'X', [field]: value });
        expect(res.statusCode, field).toBe(400);
        expect(res.json().code).toBe('VALIDATION_FAILED');
        expect(res.json().details.fields[0].field).toBe(`body.${field}`);
      }
      expect((await rowOf(user.id)).firstName).toBe('');
    });

    it('refuses a bad e-mail, an impossible date and a birthday in the future', async () => {
      const { token, user } = await login();
      const cases: [Record<string, unknown>, string][] = [
        [{ email: 'nobody' }, 'body.email'],
        [{ birthday: '1990-02-30' }, 'body.birthday'],
        [{ birthday: '1850-01-01' }, 'body.birthday'],
        [{ birthday: new Date(t.clock.now().getTime() + 3 * 86_400_000).toISOString().slice(0, 10) }, 'body.birthday'],
        [{ gender: 'other' }, 'body.gender'],
        [{ firstName: 'x'.repeat(101) }, 'body.firstName'],
      ];
      for (const [body, field] of cases) {
        const res = await call('PUT', `/users/v1/users/${user.id}`, token, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().details.fields[0].field).toBe(field);
      }
    });

    it("refuses to edit another customer's profile with 403", async () => {
      const me = await login();
      const other = await login();
      const res = await call('PUT', `/users/v1/users/${other.user.id}`, me.token, { firstName: 'Hacked' });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
      expect((await rowOf(other.user.id)).firstName).toBe('');

      const elsewhere = await login(freshPhone(), DEMO.navbahor.id);
      expect((await call('PUT', `/users/v1/users/${elsewhere.user.id}`, me.token, { firstName: 'Hacked' })).statusCode).toBe(403);
      expect((await call('PUT', '/users/v1/users/not-a-uuid', me.token, { firstName: 'X' })).statusCode).toBe(400);
    });

    it('answers 401 without a token', async () => {
      const { user } = await login();
      expect((await call('PUT', `/users/v1/users/${user.id}`, null, { firstName: 'X' })).statusCode).toBe(401);
    });
  });

  describe('changing the phone', () => {
    it('sends a code to the new number and moves the account to it', async () => {
      const { token, user, phone: oldPhone } = await login();
      const newPhone = freshPhone();
      const sent = await call('PUT', '/users/v1/users/phone', token, { phone: newPhone, type: 'CHANGE_PHONE' });
      expect(sent.statusCode).toBe(200);
      expect(sent.json()).toEqual({ phone: newPhone, codeLength: 6, resendAfterSeconds: 60, expiresInSeconds: 120 });

      const res = await call('PUT', '/users/v1/users/phone/verify', token, { phone: newPhone, code: await lastCode(newPhone) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: user.id, phone: newPhone });
      // The session goes on; the new number logs in to the same account, the old one to a new account.
      expect((await call('GET', '/users/v1/users/me', token)).json().phone).toBe(newPhone);
      advance(61);
      expect((await login(newPhone)).user.id).toBe(user.id);
      expect((await login(oldPhone)).user.id).not.toBe(user.id);
    });

    it('takes the type as optional and refuses the number the customer already has', async () => {
      const { token, phone } = await login();
      expect((await call('PUT', '/users/v1/users/phone', token, { phone: freshPhone() })).statusCode).toBe(200);
      const same = await call('PUT', '/users/v1/users/phone', token, { phone });
      expect(same.statusCode).toBe(400);
      expect(same.json().details.fields[0].field).toBe('body.phone');
      expect((await call('PUT', '/users/v1/users/phone', token, { phone: freshPhone(), type: 'LOGIN' })).statusCode).toBe(400);
    });

    it('refuses a number that belongs to another customer of the brand, after the code, and keeps the old one', async () => {
      const me = await login();
      const other = await login();
      advance(61);
      const sent = await call('PUT', '/users/v1/users/phone', me.token, { phone: other.phone });
      // Sending tells nothing about who has the number.
      expect(sent.statusCode).toBe(200);
      const res = await call('PUT', '/users/v1/users/phone/verify', me.token, { phone: other.phone, code: await lastCode(other.phone) });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('PHONE_TAKEN');
      expect((await rowOf(me.user.id)).phone).toBe(me.phone);
      expect((await rowOf(other.user.id)).phone).toBe(other.phone);
    });

    it("takes a number that another brand's customer has", async () => {
      const me = await login();
      const elsewhere = await login(freshPhone(), DEMO.navbahor.id);
      expect((await call('PUT', '/users/v1/users/phone', me.token, { phone: elsewhere.phone })).statusCode).toBe(200);
      const res = await call('PUT', '/users/v1/users/phone/verify', me.token, {
        phone: elsewhere.phone,
        code: await lastCode(elsewhere.phone),
      });
      expect(res.statusCode).toBe(200);
    });

    it('refuses a wrong code, a login code, and a code sent for another customer', async () => {
      const me = await login();
      const newPhone = freshPhone();
      await call('PUT', '/users/v1/users/phone', me.token, { phone: newPhone });
      const code = await lastCode(newPhone);
      const wrong = await call('PUT', '/users/v1/users/phone/verify', me.token, {
        phone: newPhone,
        code: code === '000000' ? '111111' : '000000',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().code).toBe('OTP_INVALID');

      const thief = await login();
      const stolen = await call('PUT', '/users/v1/users/phone/verify', thief.token, { phone: newPhone, code });
      expect(stolen.json().code).toBe('OTP_INVALID');

      const loginPhone = freshPhone();
      await call('POST', '/users/v1/auth/otp', null, { phone: loginPhone });
      const asChange = await call('PUT', '/users/v1/users/phone/verify', me.token, { phone: loginPhone, code: await lastCode(loginPhone) });
      expect(asChange.json().code).toBe('OTP_INVALID');
      // The customer's own code still works: two wrong tries of five are spent.
      expect((await call('PUT', '/users/v1/users/phone/verify', me.token, { phone: newPhone, code })).statusCode).toBe(200);
    });

    it('applies the resend wait to change codes too', async () => {
      const { token } = await login();
      const newPhone = freshPhone();
      const ip = freshIp();
      expect((await call('PUT', '/users/v1/users/phone', token, { phone: newPhone }, DEMO.tezkor.id, ip)).statusCode).toBe(200);
      const early = await call('PUT', '/users/v1/users/phone', token, { phone: newPhone }, DEMO.tezkor.id, ip);
      expect(early.statusCode).toBe(429);
      expect(early.json().code).toBe('OTP_TOO_EARLY');
      // From another address the code on its way works too: nothing more is sent, and it moves the account.
      const elsewhere = await call('PUT', '/users/v1/users/phone', token, { phone: newPhone });
      expect(elsewhere.statusCode).toBe(200);
      const outbox = (await readFile(join(dataDir, 'sms-outbox.jsonl'), 'utf8')).split('\n').filter((l) => l.includes(newPhone));
      expect(outbox).toHaveLength(1);
      const moved = await call('PUT', '/users/v1/users/phone/verify', token, { phone: newPhone, code: await lastCode(newPhone) });
      expect(moved.statusCode).toBe(200);
    });

    it('answers 401 without a token', async () => {
      expect((await call('PUT', '/users/v1/users/phone', null, { phone: freshPhone() })).statusCode).toBe(401);
      expect((await call('PUT', '/users/v1/users/phone/verify', null, { phone: freshPhone(), code: '123456' })).statusCode).toBe(401);
    });
  });

  describe('DELETE /users/v1/users', () => {
    it('erases the personal data, ends every session, and a new login starts afresh', async () => {
      const phone = freshPhone();
      const a = await login(phone);
      advance(61);
      const b = await login(phone);
      await call('PUT', `/users/v1/users/${a.user.id}`, a.token, {
        firstName: 'Bobur',
        lastName: 'Aliyev',
        email: 'b@a.uz',
        birthday: '1990-01-01',
        gender: 'male',
      });

      const res = await call('DELETE', '/users/v1/users', a.token);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');

      for (const token of [a.token, b.token]) {
        const refused = await call('GET', '/users/v1/users/me', token);
        expect(refused.statusCode).toBe(401);
        expect(refused.json().code).toBe('UNAUTHORIZED');
      }
      const row = await rowOf(a.user.id);
      expect(row).toMatchObject({
        phone: null,
        firstName: '',
        lastName: '',
        email: null,
        birthday: null,
        gender: null,
        image: null,
        isActive: false,
      });
      expect(row.deletedAt).toBeInstanceOf(Date);
      const open = await t.database.db.select().from(sessions).where(eq(sessions.userId, a.user.id));
      expect(open.every((s) => s.revokedAt !== null)).toBe(true);
      expect(
        await t.database.db
          .select()
          .from(otpCodes)
          .where(and(eq(otpCodes.merchantId, DEMO.tezkor.id), eq(otpCodes.phone, phone))),
      ).toHaveLength(0);

      advance(61);
      const again = await login(phone);
      expect(again.user.id).not.toBe(a.user.id);
      expect(again.user).toMatchObject({ phone, firstName: '', email: null });
    });

    it('answers 401 without a token', async () => {
      expect((await call('DELETE', '/users/v1/users', null)).statusCode).toBe(401);
    });
  });

  it('answers 403 MERCHANT_BLOCKED at an inactive merchant before looking at the token', async () => {
    const res = await call('GET', '/users/v1/users/me', 'x'.repeat(43), undefined, DEMO.yopiq.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('MERCHANT_BLOCKED');
  });
});
