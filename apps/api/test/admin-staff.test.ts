import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, DUMMY_PASSWORD_HASH, staff } from '@dasturxon/db';
import { DEMO } from '@dasturxon/db/seed';
import { AdminStaffList, AdminStaffMember, StaffLoginResponse, StaffWithPassword } from '@dasturxon/domain/contracts';
import { BACKENDS, createTestApp, signInStaff, staffCaller, type TestApp } from './harness.ts';

const T = DEMO.tezkor;
const N = DEMO.navbahor;
const B = T.branches;

describe.each(BACKENDS)('the back office staff on %s', (backend) => {
  let t: TestApp;
  let dataDir: string;
  let owner: ReturnType<typeof staffCaller>;
  const others: Record<string, ReturnType<typeof staffCaller>> = {};
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'dx-admin-staff-'));
    t = await createTestApp(backend, { DATA_DIR: dataDir });
    owner = staffCaller(t, await signInStaff(t, T.staffPhones.owner, T.id, T.staffPassword), T.id);
    for (const role of ['admin', 'manager', 'operator', 'kitchen', 'courier'] as const) {
      others[role] = staffCaller(t, await signInStaff(t, T.staffPhones[role], T.id, T.staffPassword), T.id);
    }
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** The staff login as the console sends it; answers the reply. */
  const login = (phone: string, password: string, ip = '10.98.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/ops/v1/auth/login',
      headers: { 'x-merchant-id': T.id },
      remoteAddress: ip,
      payload: { phone, password },
    });
  const as = (token: string) => staffCaller(t, token, T.id);
  const setPassword = (token: string, currentPassword: string, newPassword: string) =>
    as(token)('POST', '/ops/v1/auth/password', { currentPassword, newPassword });
  const smsTo = async (phone: string) =>
    (await readFile(join(dataDir, 'sms-outbox.jsonl'), 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { to: string; text: string })
      .filter((m) => m.to === phone)
      .map((m) => m.text);
  const fieldsOf = (body: unknown) => (body as { details: { fields: { field: string }[] } }).details.fields.map((f) => f.field);

  /** Invites a member and has them set their own password: answers the member, their token and password. */
  async function member(phone: string, role: string, branchIds: string[]) {
    const invited = StaffWithPassword.parse((await owner('POST', '/admin/v1/staff', { phone, name: `A ${role}`, role, branchIds })).json());
    const first = StaffLoginResponse.parse((await login(phone, invited.oneTimePassword)).json());
    const password = `own-password-of-${role}`;
    expect((await setPassword(first.token, invited.oneTimePassword, password)).statusCode).toBe(200);
    return { id: invited.member.id, token: first.token, password };
  }
  const versionOf = async (id: string, caller = owner) =>
    AdminStaffMember.parse((await caller('GET', `/admin/v1/staff/${id}`)).json()).version;

  it('invites a member with a one-time password (answered once, sent by SMS), who must set their own at the first login, then works', async () => {
    const made = await owner('POST', '/admin/v1/staff', {
      phone: '+998 90 111 22 33',
      name: 'Nodira Rahimova',
      role: 'manager',
      branchIds: [B.chilonzor, B.yunusobod, B.chilonzor],
    });
    expect(made.statusCode, made.body).toBe(201);
    const invited = StaffWithPassword.parse(made.json());
    expect(invited.member).toMatchObject({
      phone: '+998901112233',
      name: 'Nodira Rahimova',
      role: 'manager',
      branchIds: [B.chilonzor, B.yunusobod],
      isActive: true,
      mustChangePassword: true,
      version: 1,
    });
    expect(invited.oneTimePassword).toMatch(/^[a-zA-Z2-9]{12}$/);
    expect(invited.smsSent).toBe(true);
    expect((await smsTo('+998901112233')).at(-1)).toContain(invited.oneTimePassword);
    const [row] = await t.database.db.select().from(staff).where(eq(staff.id, invited.member.id));
    expect(row!.passwordHash).not.toContain(invited.oneTimePassword);

    // Read back: in the list and by id, never with a password or its hash.
    const list = AdminStaffList.parse((await owner('GET', '/admin/v1/staff')).json());
    expect(list.content.find((m) => m.id === invited.member.id)).toEqual(invited.member);
    expect(list.content.map((m) => m.phone)).toEqual(expect.arrayContaining(Object.values(T.staffPhones)));
    const one = await owner('GET', `/admin/v1/staff/${invited.member.id}`);
    expect(one.json()).toEqual(invited.member);
    expect(one.body).not.toMatch(/password[hH]ash|scrypt/);

    // The first login answers that a new password is needed; until then only that (and who am I, sign out) answers.
    const first = await login('+998901112233', invited.oneTimePassword);
    expect(first.statusCode, first.body).toBe(200);
    const session = StaffLoginResponse.parse(first.json());
    expect(session.passwordChangeRequired).toBe(true);
    const nodira = as(session.token);
    for (const url of ['/admin/v1/products', '/ops/v1/orders', `/ops/v1/stop-list?branchId=${B.chilonzor}`]) {
      const refused = await nodira('GET', url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'PASSWORD_CHANGE_REQUIRED' });
    }
    expect((await nodira('GET', '/ops/v1/me')).json()).toMatchObject({ id: invited.member.id, role: 'manager' });

    const wrong = await setPassword(session.token, 'not-the-password', 'a-brand-new-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'CURRENT_PASSWORD_WRONG' });
    const short = await setPassword(session.token, invited.oneTimePassword, 'short');
    expect(short.statusCode).toBe(400);
    expect(fieldsOf(short.json())).toEqual(['body.newPassword']);
    const same = await setPassword(session.token, invited.oneTimePassword, invited.oneTimePassword);
    expect(same.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { fields: [{ field: 'body.newPassword' }] } });

    const changed = await setPassword(session.token, invited.oneTimePassword, 'nodira-own-password');
    expect(changed.statusCode, changed.body).toBe(200);
    // The same session now works: a manager has the menu.
    expect((await nodira('GET', '/admin/v1/products')).statusCode).toBe(200);
    expect((await nodira('GET', '/ops/v1/orders')).statusCode).toBe(200);
    expect((await login('+998901112233', invited.oneTimePassword)).statusCode).toBe(401);
    const again = StaffLoginResponse.parse((await login('+998901112233', 'nodira-own-password')).json());
    expect(again.passwordChangeRequired).toBe(false);
    expect(AdminStaffMember.parse((await owner('GET', `/admin/v1/staff/${invited.member.id}`)).json())).toMatchObject({
      mustChangePassword: false,
      version: 2,
    });

    const trail = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.merchantId, T.id), eq(auditLog.objectId, invited.member.id)));
    expect(trail.map((e) => [e.action, e.actorRole])).toEqual([['create', 'owner']]);
    expect(JSON.stringify(trail)).not.toMatch(/scrypt|passwordHash/);
  });

  it('changes a member’s name, role and branches at the version read; a stale write is 409; the roles without staff get 403', async () => {
    const invited = StaffWithPassword.parse(
      (await owner('POST', '/admin/v1/staff', { phone: '+998901112234', role: 'kitchen', branchIds: [B.chilonzor] })).json(),
    );
    const id = invited.member.id;
    const changed = await owner('PATCH', `/admin/v1/staff/${id}`, {
      version: 1,
      name: 'Rustam',
      role: 'operator',
      branchIds: [B.chilonzor, B.sergeli],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ version: 2, name: 'Rustam', role: 'operator', branchIds: [B.chilonzor, B.sergeli] });
    const stale = await owner('PATCH', `/admin/v1/staff/${id}`, { version: 1, name: 'Late' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT', details: { current: 2 } });
    // An admin with no branches works at all of them; an owner always does (the branches given are not kept).
    expect((await owner('PATCH', `/admin/v1/staff/${id}`, { version: 2, role: 'admin', branchIds: [] })).json()).toMatchObject({
      version: 3,
      role: 'admin',
      branchIds: [],
    });
    expect((await owner('PATCH', `/admin/v1/staff/${id}`, { version: 3, role: 'owner', branchIds: [B.chilonzor] })).json()).toMatchObject({
      version: 4,
      role: 'owner',
      branchIds: [],
    });
    const [audited] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectId, id), eq(auditLog.action, 'update')))
      .limit(1);
    expect([audited!.before?.role, audited!.after?.role]).toEqual(['kitchen', 'operator']);

    for (const role of ['admin', 'manager', 'operator', 'kitchen', 'courier']) {
      for (const [method, url, body] of [
        ['GET', '/admin/v1/staff', undefined],
        ['POST', '/admin/v1/staff', { phone: '+998901112299', role: 'courier', branchIds: [B.chilonzor] }],
        ['POST', `/admin/v1/staff/${id}/disable`, { version: 4 }],
      ] as const) {
        const res = await others[role]!(method, url, body);
        expect(res.statusCode, `${role} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
      }
    }
    expect((await staffCaller(t, null, T.id)('GET', '/admin/v1/staff')).statusCode).toBe(401);
    expect(await versionOf(id)).toBe(4);
  });

  it('refuses bad input with the field named, a number already on the staff, and another brand’s members as not found', async () => {
    const bad = await owner('POST', '/admin/v1/staff', { phone: '', role: 'boss', branchIds: ['x'] });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad.json())).toEqual(expect.arrayContaining(['body.phone', 'body.role', 'body.branchIds.0']));
    expect((await owner('POST', '/admin/v1/staff', { phone: '12', role: 'admin' })).json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { fields: [{ field: 'body.phone' }] },
    });
    const foreignBranch = await owner('POST', '/admin/v1/staff', {
      phone: '+998901112235',
      role: 'courier',
      branchIds: [B.chilonzor, N.branches.mirobod],
    });
    expect(foreignBranch.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { fields: [{ field: 'body.branchIds.1' }] } });
    const noBranch = await owner('POST', '/admin/v1/staff', { phone: '+998901112235', role: 'courier' });
    expect(noBranch.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { fields: [{ field: 'body.branchIds' }] } });
    expect((await t.database.db.select().from(staff).where(eq(staff.phone, '+998901112235'))).length).toBe(0);

    // The kitchen's number, spelled another way.
    const taken = await owner('POST', '/admin/v1/staff', { phone: '90 000 00 03', role: 'courier', branchIds: [B.chilonzor] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'STAFF_PHONE_TAKEN' });

    // Another brand's member (the demo's navbahor has no staff: one is made here).
    const [theirs] = await t.database.db
      .insert(staff)
      .values({ merchantId: N.id, phone: '+998901112239', role: 'admin', passwordHash: DUMMY_PASSWORD_HASH })
      .returning();
    const foreignId = theirs!.id;
    expect((await owner('GET', `/admin/v1/staff/${foreignId}`)).statusCode).toBe(404);
    expect((await owner('PATCH', `/admin/v1/staff/${foreignId}`, { version: theirs!.version, name: 'x' })).statusCode).toBe(404);
    for (const action of ['disable', 'enable', 'reset-password']) {
      const res = await owner('POST', `/admin/v1/staff/${foreignId}/${action}`, { version: theirs!.version });
      expect(res.statusCode, action).toBe(404);
    }
    const [after] = await t.database.db.select().from(staff).where(eq(staff.id, foreignId));
    expect(after).toEqual(theirs);
    expect(AdminStaffList.parse((await owner('GET', '/admin/v1/staff')).json()).content.map((m) => m.id)).not.toContain(foreignId);
  });

  it('a reset password ends the member’s sessions and asks for a new password at the next login', async () => {
    const courier = await member('+998901112236', 'courier', [B.chilonzor]);
    expect((await as(courier.token)('GET', '/ops/v1/me')).statusCode).toBe(200);
    const version = await versionOf(courier.id);
    const reset = await owner('POST', `/admin/v1/staff/${courier.id}/reset-password`, { version });
    expect(reset.statusCode, reset.body).toBe(200);
    const answer = StaffWithPassword.parse(reset.json());
    expect(answer.member).toMatchObject({ version: version + 1, mustChangePassword: true });
    expect(answer.smsSent).toBe(true);
    expect((await smsTo('+998901112236')).at(-1)).toContain(answer.oneTimePassword);

    expect((await as(courier.token)('GET', '/ops/v1/me')).statusCode).toBe(401);
    expect((await login('+998901112236', courier.password)).statusCode).toBe(401);
    expect(StaffLoginResponse.parse((await login('+998901112236', answer.oneTimePassword)).json()).passwordChangeRequired).toBe(true);

    const stale = await owner('POST', `/admin/v1/staff/${courier.id}/reset-password`, { version });
    expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT' });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectId, courier.id), eq(auditLog.action, 'update')));
    expect(entry!.after).toMatchObject({ passwordReset: true, mustChangePassword: true });
  });

  it('a disabled member’s token stops working and their login fails; enabled, they sign in again', async () => {
    const operator = await member('+998901112237', 'operator', [B.chilonzor]);
    const works = as(operator.token);
    expect((await works('GET', '/ops/v1/orders')).statusCode).toBe(200);

    const version = await versionOf(operator.id);
    const off = await owner('POST', `/admin/v1/staff/${operator.id}/disable`, { version });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ isActive: false, version: version + 1 });
    expect((await works('GET', '/ops/v1/orders')).statusCode).toBe(401);
    const refused = await login('+998901112237', operator.password);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'STAFF_LOGIN_FAILED' });
    expect((await owner('POST', `/admin/v1/staff/${operator.id}/enable`, { version })).json()).toMatchObject({ code: 'VERSION_CONFLICT' });

    const on = await owner('POST', `/admin/v1/staff/${operator.id}/enable`, { version: version + 1 });
    expect(on.json()).toMatchObject({ isActive: true, version: version + 2 });
    // The old session stays ended; a new login works.
    expect((await works('GET', '/ops/v1/orders')).statusCode).toBe(401);
    const back = StaffLoginResponse.parse((await login('+998901112237', operator.password)).json());
    expect(back.passwordChangeRequired).toBe(false);
    expect((await as(back.token)('GET', '/ops/v1/orders')).statusCode).toBe(200);

    const trail = await t.database.db.select().from(auditLog).where(eq(auditLog.objectId, operator.id));
    expect(trail.map((e) => e.action)).toEqual(expect.arrayContaining(['archive', 'restore']));
  });

  it('an owner neither disables nor demotes themselves, nor resets their own password here; another owner may', async () => {
    const me = T.staff.owner;
    const version = await versionOf(me);
    for (const [url, body] of [
      [`/admin/v1/staff/${me}/disable`, { version }],
      [`/admin/v1/staff/${me}/reset-password`, { version }],
    ] as const) {
      const res = await owner('POST', url, body);
      expect(res.statusCode, url).toBe(409);
      expect(res.json()).toMatchObject({ code: 'STAFF_SELF_CHANGE' });
    }
    const demote = await owner('PATCH', `/admin/v1/staff/${me}`, { version, role: 'admin' });
    expect(demote.json()).toMatchObject({ code: 'STAFF_SELF_CHANGE' });
    expect((await owner('PATCH', `/admin/v1/staff/${me}`, { version, name: 'Kamola Yusupova-Karimova' })).json()).toMatchObject({
      version: version + 1,
      role: 'owner',
      isActive: true,
    });

    // A second owner may disable the first (the brand keeps an active owner: the second), and bring them back.
    const second = await member('+998901112238', 'owner', []);
    const other = as(second.token);
    const off = await other('POST', `/admin/v1/staff/${me}/disable`, { version: version + 1 });
    expect(off.json()).toMatchObject({ isActive: false });
    expect((await owner('GET', '/admin/v1/staff')).statusCode).toBe(401);
    const alone = await other('POST', `/admin/v1/staff/${second.id}/disable`, { version: await versionOf(second.id, other) });
    expect(alone.json()).toMatchObject({ code: 'STAFF_SELF_CHANGE' });
    expect((await other('POST', `/admin/v1/staff/${me}/enable`, { version: version + 2 })).json()).toMatchObject({ isActive: true });
    owner = staffCaller(t, await signInStaff(t, T.staffPhones.owner, T.id, T.staffPassword), T.id);
    expect((await owner('GET', '/admin/v1/staff')).statusCode).toBe(200);
  });
});
