import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branches, merchantSettings, merchants, openDatabase, staff } from '@dasturxon/db';
import { AuditList, CreatedBrand } from '@dasturxon/domain/contracts';
import { BACKENDS, createTestApp, signInStaff, staffCaller, type TestApp } from './harness.ts';

const TOKEN = 'platform-token-for-the-tests-0123456789';
const run = promisify(execFile);

describe.each(BACKENDS)('the platform on %s', (backend) => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'dx-platform-'));
    t = await createTestApp(backend, { DATA_DIR: dataDir, PLATFORM_ADMIN_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const platform = (method: 'POST' | 'PATCH', url: string, payload: object, token: string | null = TOKEN) =>
    t.app.inject({ method, url: `/api/platform/v1${url}`, headers: token ? { authorization: `Bearer ${token}` } : {}, payload });
  const bySub = (sub: string, url: string) => t.app.inject({ method: 'GET', url, headers: { host: `${sub}.localhost` } });

  it('opens a brand: its settings, a branch to fill in, its owner with a one-time password; the host serves an honest empty menu', async () => {
    const res = await platform('POST', '/merchants', {
      sub: 'Osh-Markazi',
      name: 'Osh Markazi',
      ownerPhone: '+998 90 765 43 21',
      ownerName: 'Malika',
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = CreatedBrand.parse(res.json());
    expect(created).toMatchObject({
      merchant: { sub: 'osh-markazi', name: 'Osh Markazi', isActive: true },
      owner: { phone: '+998907654321' },
    });
    expect(created.oneTimePassword).toMatch(/^[a-zA-Z2-9]{12}$/);
    expect(created.smsSent).toBe(true);
    const outbox = (await readFile(join(dataDir, 'sms-outbox.jsonl'), 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { to: string; text: string });
    expect(outbox.find((m) => m.to === '+998907654321')?.text).toContain(created.oneTimePassword);
    const { db } = t.database;
    const id = created.merchant.id;
    expect(await db.select().from(merchantSettings).where(eq(merchantSettings.merchantId, id))).toHaveLength(1);
    const [branch] = await db.select().from(branches).where(eq(branches.merchantId, id));
    expect(branch).toMatchObject({ isActive: false, isMain: true });
    const [owner] = await db.select().from(staff).where(eq(staff.merchantId, id));
    expect(owner).toMatchObject({ role: 'owner', phone: '+998907654321', name: 'Malika', isActive: true });
    expect(owner!.passwordHash).not.toContain(created.oneTimePassword);

    // The host serves at once; its menu is empty, not an error.
    const current = await bySub('osh-markazi', '/api/users/v1/merchants/current');
    expect(current.statusCode, current.body).toBe(200);
    const menu = await bySub('osh-markazi', '/api/products/v1/overalls');
    expect(menu.statusCode, menu.body).toBe(200);
    expect(menu.body).not.toMatch(/"price"/);

    // The owner signs in with the one-time password, must set their own first, then finds the brand's opening in the audit log.
    expect(owner!.mustChangePassword).toBe(true);
    const token = await signInStaff(t, '+998907654321', id, created.oneTimePassword);
    const asOwner = staffCaller(t, token, id);
    expect((await asOwner('GET', '/admin/v1/audit?objectType=merchant')).json()).toMatchObject({ code: 'PASSWORD_CHANGE_REQUIRED' });
    const changed = await asOwner('POST', '/ops/v1/auth/password', {
      currentPassword: created.oneTimePassword,
      newPassword: 'osh-markazi-owner',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const log = AuditList.parse((await asOwner('GET', '/admin/v1/audit?objectType=merchant')).json());
    expect(log.content[0]).toMatchObject({ objectId: id, action: 'create', actor: { role: 'platform' } });

    const taken = await platform('POST', '/merchants', { sub: 'osh-markazi', name: 'Again', ownerPhone: '+998907654322' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'MERCHANT_SUB_TAKEN' });
    expect(await db.select().from(merchants).where(eq(merchants.name, 'Again'))).toHaveLength(0);
  });

  it('deactivates a brand (its storefront blocked) and activates it again', async () => {
    const created = CreatedBrand.parse(
      (await platform('POST', '/merchants', { sub: 'lagmon', name: 'Lagmon', ownerPhone: '+998907654323' })).json(),
    );
    const off = await platform('PATCH', `/merchants/${created.merchant.id}`, { isActive: false });
    expect(off.json()).toMatchObject({ isActive: false });
    const blocked = await bySub('lagmon', '/api/products/v1/overalls');
    expect(blocked.json()).toMatchObject({ code: 'MERCHANT_BLOCKED' });
    await platform('PATCH', `/merchants/${created.merchant.id}`, { isActive: true });
    expect((await bySub('lagmon', '/api/products/v1/overalls')).statusCode).toBe(200);
  });

  it('refuses bad input with the field named, a wrong token, and is not there without one', async () => {
    const bad = await platform('POST', '/merchants', { sub: '-www', name: '', ownerPhone: '+998907654324' });
    expect(bad.statusCode).toBe(400);
    const fields = (bad.json() as { details: { fields: { field: string }[] } }).details.fields.map((f) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['body.sub', 'body.name']));
    expect((await platform('POST', '/merchants', { sub: 'www', name: 'W', ownerPhone: '+998907654324' })).statusCode).toBe(400);
    expect((await platform('POST', '/merchants', { sub: 'okbrand', name: 'W', ownerPhone: '12' })).json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { fields: [{ field: 'body.ownerPhone' }] },
    });
    expect((await platform('POST', '/merchants', { sub: 'x', name: 'x', ownerPhone: '+998907654324' }, 'wrong-token')).statusCode).toBe(
      401,
    );
    expect((await platform('POST', '/merchants', { sub: 'x', name: 'x', ownerPhone: '+998907654324' }, null)).statusCode).toBe(401);
    const closed = await createTestApp(backend);
    try {
      const res = await closed.app.inject({
        method: 'POST',
        url: '/api/platform/v1/merchants',
        headers: { authorization: `Bearer ${TOKEN}` },
        payload: {},
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await closed.close();
    }
  });
});

describe('the brand command', () => {
  it('opens a brand in the embedded database of DATA_DIR, deactivates it and activates it again', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dx-brand-cli-'));
    const cli = (...args: string[]) =>
      run(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, '../src/cli/brand.ts'), ...args], {
        env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' },
        timeout: 120_000,
      });
    try {
      const made = await cli('create', '--sub', 'somsa-uy', '--name', 'Somsa Uy', '--owner-phone', '+998901112233');
      expect(made.stdout).toContain('http://somsa-uy.localhost:3000');
      expect(made.stdout).toMatch(/one-time password: [a-zA-Z2-9]{12}/);
      await cli('deactivate', '--sub', 'somsa-uy');
      const database = await openDatabase({ dataDir: join(dir, 'pglite') });
      try {
        const [row] = await database.db.select().from(merchants).where(eq(merchants.sub, 'somsa-uy'));
        expect(row).toMatchObject({ name: 'Somsa Uy', isActive: false });
        const owners = await database.db.select().from(staff).where(eq(staff.merchantId, row!.id));
        expect(owners.map((o) => o.role)).toEqual(['owner']);
      } finally {
        await database.close();
      }
      const again = await cli('activate', '--sub', 'somsa-uy');
      expect(again.stdout).toContain('is now active');
      const refused = await cli('create', '--sub', 'somsa-uy', '--name', 'X', '--owner-phone', '+998901112234').catch(
        (e: { stderr: string }) => e,
      );
      expect((refused as { stderr: string }).stderr).toContain('MERCHANT_SUB_TAKEN');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 240_000);
});
