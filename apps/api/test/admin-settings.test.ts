import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  createSecretBox,
  DEV_PAYMENT_SECRETS_KEY,
  merchantSettings,
  merchants,
  openPaymentAccount,
  paymentAccounts,
} from '@dasturxon/db';
import { DEMO } from '@dasturxon/db/seed';
import { AdminPaymentAccountList, AdminSettings, MerchantSettings } from '@dasturxon/domain/contracts';
import { BACKENDS, heard, signInStaff, staffCaller, twoInstances } from './harness.ts';
import { clickAmount, clickProvider } from './providers/click.ts';
import { paymeProvider } from './providers/payme.ts';
import { openShop, SANDBOX, tiyin, type Shop } from './providers/shop.ts';

const T = DEMO.tezkor;
const N = DEMO.navbahor;

describe.each(BACKENDS)('the back office settings and payment accounts on %s', (backend) => {
  let shop: Shop;
  let owner: ReturnType<typeof staffCaller>;
  const others: Record<string, ReturnType<typeof staffCaller>> = {};
  beforeAll(async () => {
    shop = await openShop(backend);
    owner = staffCaller(shop.t, await signInStaff(shop.t, T.staffPhones.owner, T.id, T.staffPassword), T.id);
    for (const role of ['admin', 'manager', 'operator', 'kitchen', 'courier'] as const) {
      others[role] = staffCaller(shop.t, await signInStaff(shop.t, T.staffPhones[role], T.id, T.staffPassword), T.id);
    }
  });
  afterAll(async () => shop?.close());

  const storefront = async (url: string, merchantId = T.id) => {
    const res = await shop.t.app.inject({ method: 'GET', url, headers: { 'x-merchant-id': merchantId } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Record<string, unknown>;
  };
  const readSettings = async () => AdminSettings.parse((await owner('GET', '/admin/v1/settings')).json());
  const fieldsOf = (res: { json(): unknown }) =>
    ((res.json() as { details?: { fields?: { field: string }[] } }).details?.fields ?? []).map((f) => f.field);

  it('reads and changes the brand’s settings with its version; the storefront shows the new colour at once; audited', async () => {
    const read = await readSettings();
    expect(read).toMatchObject({ name: T.name, mainColor: T.mainColor, mainLanguage: 'ru', flags: { deliveryActive: true } });
    expect(read.version).toBeGreaterThanOrEqual(1);
    expect(read.languages).toEqual(expect.arrayContaining(['uz', 'ru', 'eng']));
    // The storefront has read (and keeps) the settings and the merchant before the change.
    expect(await storefront('/api/support/v1/merchant/settings/web')).toMatchObject({ mainColor: T.mainColor });
    expect(await storefront('/api/users/v1/merchants/current')).toMatchObject({ name: T.name, color: T.mainColor });

    const put = await owner('PUT', '/admin/v1/settings', {
      version: read.version,
      name: 'Tezkor Burger Plus',
      mainColor: '#123456',
      theme: 'DARK',
      logo: 'u/logo-new.webp',
      favicon: 'u/favicon-new.webp',
      languages: ['ru', 'uz'],
      mainLanguage: 'uz',
      flags: { cashbackActive: false, bookingActive: false },
      telegram: '@tezkorplus',
      instagram: 'https://instagram.com/tezkorplus',
      contacts: ['+998 71 200-01-99'],
    });
    expect(put.statusCode, put.body).toBe(200);
    const changed = AdminSettings.parse(put.json());
    expect(changed).toMatchObject({
      version: read.version + 1,
      name: 'Tezkor Burger Plus',
      mainColor: '#123456',
      theme: 'DARK',
      languages: ['uz', 'ru'],
      mainLanguage: 'uz',
      flags: { ...read.flags, cashbackActive: false, bookingActive: false },
      phone: read.phone,
    });

    await heard(backend, async () => {
      expect(MerchantSettings.parse(await storefront('/api/support/v1/merchant/settings/web'))).toMatchObject({
        mainColor: '#123456',
        isDark: true,
        logo: 'u/logo-new.webp',
        favicon: 'u/favicon-new.webp',
        brand: 'Tezkor Burger Plus',
        uzLangActive: true,
        ruLangActive: true,
        engLangActive: false,
        arLangActive: false,
        mainLanguage: 'uz',
        bookingActive: false,
        telegram: '@tezkorplus',
      });
      expect(await storefront('/api/users/v1/merchants/current')).toMatchObject({
        name: 'Tezkor Burger Plus',
        color: '#123456',
        logo: 'u/logo-new.webp',
      });
    });
    // The Click mini app takes the same look and keeps its own features.
    const [click] = await shop.t.database.db
      .select()
      .from(merchantSettings)
      .where(and(eq(merchantSettings.merchantId, T.id), eq(merchantSettings.channel, 'CLICK_APP')));
    expect(click).toMatchObject({ mainColor: '#123456', isDark: true, engLangActive: false, paymeActive: false, bookingActive: true });
    // Another brand is untouched.
    expect(await storefront('/api/support/v1/merchant/settings/web', N.id)).toMatchObject({ mainColor: N.mainColor });

    const stale = await owner('PUT', '/admin/v1/settings', { version: read.version, mainColor: '#000000' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT', details: { current: read.version + 1 } });
    const [row] = await shop.t.database.db.select().from(merchants).where(eq(merchants.id, T.id));
    expect(row).toMatchObject({ color: '#123456', name: 'Tezkor Burger Plus' });

    const trail = await shop.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.merchantId, T.id), eq(auditLog.objectType, 'settings')));
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({
      objectId: T.id,
      action: 'update',
      actorRole: 'owner',
      before: { mainColor: T.mainColor, cashbackActive: true, version: read.version },
      after: { mainColor: '#123456', cashbackActive: false, version: read.version + 1 },
    });
    expect(trail[0]!.after).not.toHaveProperty('phone');
    const listed = await owner('GET', `/admin/v1/audit?objectType=settings&objectId=${T.id}`);
    expect((listed.json() as { content: unknown[] }).content).toHaveLength(1);
  });

  it('refuses bad colours, languages and addresses naming the field, and changes nothing', async () => {
    const { version } = await readSettings();
    const cases: [Record<string, unknown>, string][] = [
      [{ mainColor: 'red' }, 'body.mainColor'],
      [{ mainColor: '#12345' }, 'body.mainColor'],
      [{ languages: ['ru', 'xx'] }, 'body.languages.1'],
      [{ languages: [] }, 'body.languages'],
      [{ telegramBotLink: 'javascript:alert(1)' }, 'body.telegramBotLink'],
      [{ iosAppLink: 'not a link' }, 'body.iosAppLink'],
      [{ instagram: 'javascript:alert(1)' }, 'body.instagram'],
      [{ logo: '../../etc/passwd' }, 'body.logo'],
      [{ contacts: ['call us'] }, 'body.contacts.0'],
      [{ flags: { noSuchFlag: true } }, 'body.flags.noSuchFlag'],
      [{ colour: '#ffffff' }, 'body.colour'],
      [{ languages: ['eng'], mainLanguage: 'ru' }, 'body.mainLanguage'],
      [{ forcedLanguage: 'eng', languages: ['ru'], mainLanguage: 'ru' }, 'body.forcedLanguage'],
    ];
    for (const [body, field] of cases) {
      const res = await owner('PUT', '/admin/v1/settings', { version, ...body });
      expect([JSON.stringify(body), res.statusCode, res.json()]).toMatchObject([JSON.stringify(body), 400, { code: 'VALIDATION_FAILED' }]);
      expect(fieldsOf(res)).toContain(field);
    }
    expect((await readSettings()).version).toBe(version);
  });

  it('shows the payment accounts without a secret; a write keeps a secret not sent, replaces one sent; the providers use it', async () => {
    const list = AdminPaymentAccountList.parse((await owner('GET', '/admin/v1/payment-accounts')).json());
    expect(list.content.map((a) => a.provider)).toEqual(['PAYME', 'CLICK', 'UZUM']);
    const [payme, click, uzum] = list.content;
    expect(payme).toMatchObject({ configured: true, isActive: true, testMode: true, secretSet: true, keySet: false, testKeySet: true });
    expect(click).toMatchObject({ serviceId: '10001', merchantId: '20001', secretSet: true, secretKeySet: true });
    expect(uzum).toMatchObject({ serviceId: '30001', login: 'tezkor-uzum', secretSet: true, passwordSet: true });
    const raw = JSON.stringify(list);
    for (const secret of [SANDBOX.payme.key, SANDBOX.click.secretKey, SANDBOX.uzum.password]) expect(raw).not.toContain(secret);

    // Payme: a new TEST_KEY. The old key stops working, the new one authenticates, at once.
    const order = await shop.order('PAYME');
    expect((await paymeProvider(shop.t.app, SANDBOX.payme).checkPerform(order.id, tiyin(order))).body.result).toMatchObject({
      allow: true,
    });
    const paymeBody = { version: payme!.version, isActive: true, cashboxId: 'cashbox-2', testMode: true, testKey: 'tezkor-new-test-key' };
    const changed = await owner('PUT', '/admin/v1/payment-accounts/payme', paymeBody);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ version: payme!.version + 1, cashboxId: 'cashbox-2', testKeySet: true, keySet: false });
    expect(changed.body).not.toContain('tezkor-new-test-key');
    expect((await paymeProvider(shop.t.app, SANDBOX.payme).checkPerform(order.id, tiyin(order))).body.error?.code).toBe(-32504);
    const fresh = paymeProvider(shop.t.app, { key: 'tezkor-new-test-key' });
    expect((await fresh.checkPerform(order.id, tiyin(order))).body.result).toMatchObject({ allow: true });
    const stale = await owner('PUT', '/admin/v1/payment-accounts/payme', paymeBody);
    expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT', details: { current: payme!.version + 1 } });

    // Click: a write without the secret key keeps it (the old signature still verifies); a new key replaces it.
    const clickOrder = await shop.order('CLICK');
    const prepare = (secretKey: string) =>
      clickProvider(shop.t.app, { serviceId: '10001', secretKey }).prepare({
        orderId: clickOrder.id,
        amount: clickAmount(clickOrder.totalPrice),
        clickTransId: String(Date.now() % 1e9),
      });
    const kept = await owner('PUT', '/admin/v1/payment-accounts/click', {
      version: click!.version,
      isActive: true,
      serviceId: '10001',
      merchantId: '20001',
      merchantUserId: '777',
    });
    expect(kept.json()).toMatchObject({ merchantUserId: '777', secretKeySet: true, version: click!.version + 1 });
    expect((await prepare(SANDBOX.click.secretKey)).body.error).toBe(0);
    const replaced = await owner('PUT', '/admin/v1/payment-accounts/click', {
      version: click!.version + 1,
      isActive: true,
      serviceId: '10001',
      merchantId: '20001',
      merchantUserId: '777',
      secretKey: 'tezkor-click-secret-2',
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect((await prepare(SANDBOX.click.secretKey)).body.error).toBe(-1);
    expect((await prepare('tezkor-click-secret-2')).body.error).toBe(0);

    // Stored sealed, as the payments feature opens it.
    const rows = await shop.t.database.db.select().from(paymentAccounts).where(eq(paymentAccounts.merchantId, T.id));
    expect(JSON.stringify(rows)).not.toContain('tezkor-click-secret-2');
    const box = createSecretBox(DEV_PAYMENT_SECRETS_KEY);
    const stored = Object.fromEntries(rows.map((r) => [r.provider, openPaymentAccount(box, r).credentials]));
    expect(stored.CLICK).toEqual({ serviceId: '10001', merchantId: '20001', merchantUserId: '777', secretKey: 'tezkor-click-secret-2' });
    expect(stored.PAYME).toEqual({ cashboxId: 'cashbox-2', testMode: true, key: '', testKey: 'tezkor-new-test-key' });

    // The audit log says which secret was replaced, never what it is.
    const trail = await shop.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.merchantId, T.id), eq(auditLog.objectType, 'payment-account')));
    expect(trail.map((e) => [e.objectId, e.action, (e.after as { secretsReplaced: string[] }).secretsReplaced])).toEqual(
      expect.arrayContaining([
        ['PAYME', 'update', ['testKey']],
        ['CLICK', 'update', []],
        ['CLICK', 'update', ['secretKey']],
      ]),
    );
    const logged = JSON.stringify(trail);
    for (const secret of ['tezkor-new-test-key', 'tezkor-click-secret-2', SANDBOX.payme.key, SANDBOX.click.secretKey]) {
      expect(logged).not.toContain(secret);
    }
  });

  it('refuses an active account without its secret, bad ids and unknown fields, naming the field; removes a secret on null', async () => {
    const list = AdminPaymentAccountList.parse((await owner('GET', '/admin/v1/payment-accounts')).json());
    const uzum = list.content.find((a) => a.provider === 'UZUM')!;
    const base = { version: uzum.version, isActive: true, serviceId: '30001', login: 'tezkor-uzum' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, password: null }, 'body.password'],
      [{ ...base, serviceId: 'abc' }, 'body.serviceId'],
      [{ ...base, login: '' }, 'body.login'],
      [{ ...base, secret: 'x' }, 'body.secret'],
      [{ ...base, version: -1 }, 'body.version'],
    ];
    for (const [body, field] of cases) {
      const res = await owner('PUT', '/admin/v1/payment-accounts/uzum', body);
      expect([field, res.statusCode]).toEqual([field, 400]);
      expect(fieldsOf(res)).toContain(field);
    }
    const payme = await owner('PUT', '/admin/v1/payment-accounts/payme', {
      version: list.content[0]!.version,
      isActive: true,
      cashboxId: 'x',
      testMode: false,
    });
    expect(fieldsOf(payme)).toEqual(['body.key']);
    expect((await owner('PUT', '/admin/v1/payment-accounts/paynet', base)).statusCode).toBe(404);

    const off = await owner('PUT', '/admin/v1/payment-accounts/uzum', { ...base, isActive: false, password: null });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ isActive: false, passwordSet: false, secretSet: false, version: uzum.version + 1 });

    // A brand without an account creates it with version 0 (a second create is stale).
    await shop.t.database.db.delete(paymentAccounts).where(and(eq(paymentAccounts.merchantId, T.id), eq(paymentAccounts.provider, 'UZUM')));
    const none = AdminPaymentAccountList.parse((await owner('GET', '/admin/v1/payment-accounts')).json()).content[2]!;
    expect(none).toMatchObject({ provider: 'UZUM', configured: false, version: 0, secretSet: false, serviceId: '' });
    const create = { version: 0, isActive: true, serviceId: '30009', login: 'tezkor-uzum-2', password: 'tezkor-uzum-pass-2' };
    const created = await owner('PUT', '/admin/v1/payment-accounts/uzum', create);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ configured: true, version: 1, isActive: true, passwordSet: true, serviceId: '30009' });
    expect((await owner('PUT', '/admin/v1/payment-accounts/uzum', create)).json()).toMatchObject({
      code: 'VERSION_CONFLICT',
      details: { current: 1 },
    });
    const [entry] = await shop.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.merchantId, T.id), eq(auditLog.objectId, 'UZUM'), eq(auditLog.action, 'create')));
    expect(entry).toMatchObject({ before: null, after: { configured: true, secretsReplaced: ['password'] } });
    expect(JSON.stringify(entry)).not.toContain('tezkor-uzum-pass-2');
  });

  it('is the owner’s alone: admin, manager, operator, kitchen and courier get 403; another brand’s settings are out of reach', async () => {
    const settingsVersion = (await readSettings()).version;
    for (const [role, call] of Object.entries(others)) {
      for (const [method, url, body] of [
        ['GET', '/admin/v1/settings', undefined],
        ['PUT', '/admin/v1/settings', { version: settingsVersion, mainColor: '#000000' }],
        ['GET', '/admin/v1/payment-accounts', undefined],
        ['PUT', '/admin/v1/payment-accounts/uzum', { version: 1, isActive: false, serviceId: '1', login: 'x' }],
      ] as const) {
        const res = await call(method, url, body);
        expect([role, method, url, res.statusCode]).toEqual([role, method, url, 403]);
        expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
      }
    }
    expect((await staffCaller(shop.t, null, T.id)('GET', '/admin/v1/settings')).statusCode).toBe(401);
    // The owner's session names its brand: under another brand's id it is refused, and that brand's rows stay as they were.
    const ownerToken = await signInStaff(shop.t, T.staffPhones.owner, T.id, T.staffPassword);
    const foreign = staffCaller(shop.t, ownerToken, N.id);
    const [before] = await shop.t.database.db
      .select()
      .from(merchantSettings)
      .where(and(eq(merchantSettings.merchantId, N.id), eq(merchantSettings.channel, 'WEB')));
    const res = await foreign('PUT', '/admin/v1/settings', { version: before!.version, mainColor: '#000000' });
    expect([401, 403, 404]).toContain(res.statusCode);
    expect((await foreign('GET', '/admin/v1/payment-accounts')).statusCode).not.toBe(200);
    const [after] = await shop.t.database.db
      .select()
      .from(merchantSettings)
      .where(and(eq(merchantSettings.merchantId, N.id), eq(merchantSettings.channel, 'WEB')));
    expect(after).toEqual(before);
    expect(settingsVersion).toBe((await readSettings()).version);
  });
});

describe.runIf(BACKENDS.includes('postgres'))('a settings change on two PostgreSQL instances', () => {
  const pair = twoInstances('dx-settings-');
  it('reaches the other instance’s storefront within 5 s', async () => {
    const read = (url: string) =>
      pair.b.app.inject({ method: 'GET', url, headers: { 'x-merchant-id': T.id } }).then((r) => r.json() as Record<string, unknown>);
    expect(await read('/api/support/v1/merchant/settings/web')).toMatchObject({ mainColor: T.mainColor });
    const owner = staffCaller(pair.a, await signInStaff(pair.a, T.staffPhones.owner, T.id, T.staffPassword), T.id);
    const { version } = AdminSettings.parse((await owner('GET', '/admin/v1/settings')).json());
    expect((await owner('PUT', '/admin/v1/settings', { version, mainColor: '#0a7f3c' })).statusCode).toBe(200);
    await heard('postgres', async () => {
      expect(await read('/api/support/v1/merchant/settings/web')).toMatchObject({ mainColor: '#0a7f3c' });
      expect(await read('/api/users/v1/merchants/current')).toMatchObject({ color: '#0a7f3c' });
    });
  });
});
