import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchants } from '@dasturxon/db';
import { DEMO } from '@dasturxon/db/seed';
import { MerchantSettings } from '@dasturxon/domain/contracts';
import { BACKENDS, createTestApp, type TestApp } from './harness.ts';

// Not yandexMapKey: Yandex's maps load in the browser from a script address that carries the key (issue 31), so the key
// of a brand on Yandex's maps is the browser's by design (Yandex limits it to the brand's hosts); a brand on OSM has none.
const SECRET_WORDS = ['smsGateway', 'smsCredentials', 'paymentKeys', 'posKeys', 'password', 'iikoApiLogin'];

describe.each(BACKENDS)('merchant calls on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('answers health with the database kind', async () => {
    const res = await get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', version: '2.2.9', database: backend });
  });

  it('finds a merchant by sub with its public fields only', async () => {
    const res = await get(`/api/users/v1/merchants/sub/${DEMO.tezkor.sub}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: DEMO.tezkor.id, sub: DEMO.tezkor.sub, name: DEMO.tezkor.name, isActive: true });
    expect(Object.keys(body).sort()).toEqual(['color', 'id', 'isActive', 'latitude', 'logo', 'longitude', 'mainCityId', 'name', 'sub']);
    expect(typeof body.latitude).toBe('number');
    for (const word of SECRET_WORDS) expect(res.body).not.toContain(word);
  });

  it('answers 404 MERCHANT_NOT_FOUND for an unknown sub, with descriptions in three languages', async () => {
    const res = await get('/api/users/v1/merchants/sub/nobody');
    expect(res.statusCode).toBe(404);
    const body = res.json();
    expect(body.code).toBe('MERCHANT_NOT_FOUND');
    expect(body.description.ru && body.description.uz && body.description.eng).toBeTruthy();
  });

  it("refuses to read another merchant's record by sub when the caller names its own", async () => {
    const res = await get(`/api/users/v1/merchants/sub/${DEMO.tezkor.sub}`, { 'x-merchant-id': DEMO.navbahor.id });
    expect(res.statusCode).toBe(404);
  });

  it('reports the inactive merchant as inactive', async () => {
    const res = await get(`/api/users/v1/merchants/sub/${DEMO.yopiq.sub}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().isActive).toBe(false);
  });

  describe('resolving the merchant of a request', () => {
    const current = (headers: Record<string, string>, query = '') => get(`/api/users/v1/merchants/current${query}`, headers);

    it('by the X-Merchant-Id header', async () => {
      const res = await current({ 'x-merchant-id': DEMO.navbahor.id });
      expect(res.json().id).toBe(DEMO.navbahor.id);
    });
    it('by sub-domain of localhost', async () => {
      const res = await current({ host: `${DEMO.tezkor.sub}.localhost:3000` });
      expect(res.json().id).toBe(DEMO.tezkor.id);
    });
    it('by sub-domain of another base domain', async () => {
      const res = await current({ host: `${DEMO.navbahor.sub}.dasturxon.uz` });
      expect(res.json().id).toBe(DEMO.navbahor.id);
    });
    it("by the brand's own domain", async () => {
      const res = await current({ host: 'tezkor.uz' });
      expect(res.json().id).toBe(DEMO.tezkor.id);
      const www = await current({ host: 'www.navbahor.cafe' });
      expect(www.json().id).toBe(DEMO.navbahor.id);
    });
    it('by the vendor parameter on a development host', async () => {
      const res = await current({ host: 'localhost:3000' }, `?vendor=${DEMO.tezkor.sub}`);
      expect(res.json().id).toBe(DEMO.tezkor.id);
      const ip = await current({ host: '127.0.0.1:3000' }, `?vendor=${DEMO.navbahor.sub}`);
      expect(ip.json().id).toBe(DEMO.navbahor.id);
    });
    it('by the vendor cookie on a development host', async () => {
      const res = await current({ host: 'localhost:3000', cookie: `vendor=${DEMO.navbahor.sub}` });
      expect(res.json().id).toBe(DEMO.navbahor.id);
    });
    it('ignores vendor on a real domain', async () => {
      const res = await current({ host: 'unknown-shop.example' }, `?vendor=${DEMO.tezkor.sub}`);
      expect(res.statusCode).toBe(404);
    });
    it('shows the default brand (DEV_BRAND, the demo chain) on a development host without a vendor', async () => {
      const res = await current({ host: 'localhost:3000' });
      expect(res.json().id).toBe(DEMO.tezkor.id);
    });
    it('answers 400 MERCHANT_REQUIRED when nothing names a merchant', async () => {
      const res = await current({ host: 'dasturxon.uz' });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('MERCHANT_REQUIRED');
    });
    it('answers 404 MERCHANT_NOT_FOUND for an unknown sub, id or malformed id', async () => {
      const cases: Record<string, string>[] = [
        { host: 'nobody.localhost:3000' },
        { 'x-merchant-id': '00000000-0000-4000-8000-000000000000' },
        { 'x-merchant-id': 'not-a-uuid' },
      ];
      for (const headers of cases) {
        const res = await current(headers);
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('MERCHANT_NOT_FOUND');
      }
    });
  });

  describe('the brand switcher of development hosts', () => {
    const list = (host: string) => get('/api/users/v1/merchants/development', { host });
    it('lists every brand, public fields only, on localhost and {sub}.localhost', async () => {
      for (const host of ['localhost:3000', '127.0.0.1:3000', `${DEMO.navbahor.sub}.localhost:3000`]) {
        const res = await list(host);
        expect(res.statusCode).toBe(200);
        const subs = (res.json() as { sub: string }[]).map((m) => m.sub);
        expect(subs).toEqual(expect.arrayContaining([DEMO.tezkor.sub, DEMO.navbahor.sub, DEMO.yopiq.sub]));
        for (const word of SECRET_WORDS) expect(res.body).not.toContain(word);
      }
    });
    it('answers 404 on a brand host, so no customer learns the other brands', async () => {
      for (const host of [`${DEMO.tezkor.sub}.dasturxon.uz`, 'dasturxon.uz', 'tezkor.uz']) {
        const res = await list(host);
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('NOT_FOUND');
      }
    });
    it('answers 404 in production, even on localhost', async () => {
      const production = await createTestApp(backend, {
        NODE_ENV: 'production',
        AUTH_SECRET: 'a-long-enough-test-secret',
        PAYMENT_SECRETS_KEY: 'a-production-payment-secrets-key',
        SEED_DEMO: 'false',
        SMS_OUTBOX: 'true',
      });
      try {
        const res = await production.app.inject({
          method: 'GET',
          url: '/api/users/v1/merchants/development',
          headers: { host: 'localhost:3000' },
        });
        expect(res.statusCode).toBe(404);
      } finally {
        await production.close();
      }
    });
  });

  describe('settings', () => {
    it("answers the web settings of the host's merchant", async () => {
      const res = await get('/api/support/v1/merchant/settings/web', { host: `${DEMO.tezkor.sub}.localhost` });
      expect(res.statusCode).toBe(200);
      const s = MerchantSettings.parse(res.json());
      expect(s.merchantId).toBe(DEMO.tezkor.id);
      expect(s.mainColor.toUpperCase()).toBe('#E4002B');
      expect(s.isDark).toBe(true);
      expect(s.yandexMapKey).toBe('');
      for (const word of SECRET_WORDS) expect(res.body).not.toContain(word);
    });
    it('answers the click-app settings', async () => {
      const res = await get('/api/support/v1/merchant/settings/click-app/client', { 'x-merchant-id': DEMO.navbahor.id });
      expect(res.statusCode).toBe(200);
      expect(res.json().merchantId).toBe(DEMO.navbahor.id);
    });
    it('falls back to the spec defaults for a merchant without settings', async () => {
      const [row] = await t.database.db
        .insert(merchants)
        .values({ name: 'Bare', sub: `bare${backend}` })
        .returning();
      const res = await get('/api/support/v1/merchant/settings/web', { 'x-merchant-id': row!.id });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ...MerchantSettings.parse({}), merchantId: row!.id });
      expect(res.json().mainColor).toBe('#FCE000');
    });
    it('answers the order settings', async () => {
      const res = await get('/api/orders/v1/merchant/settings', { 'x-merchant-id': DEMO.tezkor.id });
      expect(res.statusCode).toBe(200);
      // The orders feature answers it (apps/api/test/orders.test.ts has the rest).
      expect(Object.keys(res.json())).toEqual(expect.arrayContaining(['isSmsConfirmationRequiredPerOrder', 'shouldValidateDeliveryArea']));
    });
    it('sends an ETag and answers 304 when nothing changed', async () => {
      const first = await get('/api/support/v1/merchant/settings/web', { 'x-merchant-id': DEMO.tezkor.id });
      const etag = first.headers.etag as string;
      expect(etag).toBeTruthy();
      const second = await get('/api/support/v1/merchant/settings/web', { 'x-merchant-id': DEMO.tezkor.id, 'if-none-match': etag });
      expect(second.statusCode).toBe(304);
    });
  });

  describe('cities', () => {
    it("lists the merchant's cities, main first", async () => {
      const res = await get(`/api/users/v1/city-merchant/merchant/${DEMO.tezkor.id}`, { 'x-merchant-id': DEMO.tezkor.id });
      expect(res.statusCode).toBe(200);
      const cities = res.json();
      expect(cities.length).toBe(2);
      expect(cities[0].isMain).toBe(true);
      expect(cities[0].timeZone).toBe('Asia/Tashkent');
      expect(cities[0].name.ru && cities[0].name.uz && cities[0].name.eng).toBeTruthy();
    });
    it("answers 404 for another merchant's id in the path, never its cities", async () => {
      const res = await get(`/api/users/v1/city-merchant/merchant/${DEMO.navbahor.id}`, { 'x-merchant-id': DEMO.tezkor.id });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('MERCHANT_NOT_FOUND');
      expect(res.body).not.toContain(DEMO.navbahor.cities.tashkent);
    });
    it('answers 400 for a malformed merchant id', async () => {
      const res = await get('/api/users/v1/city-merchant/merchant/abc', { 'x-merchant-id': DEMO.tezkor.id });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.json().details.fields[0].field).toBe('params.merchantId');
    });
  });

  describe('an inactive merchant', () => {
    const h = () => ({ 'x-merchant-id': DEMO.yopiq.id });
    it('answers 403 MERCHANT_BLOCKED with the spec message on catalogue and ordering calls', async () => {
      for (const url of [`/api/users/v1/city-merchant/merchant/${DEMO.yopiq.id}`, '/api/orders/v1/merchant/settings']) {
        const res = await get(url, h());
        expect(res.statusCode).toBe(403);
        const body = res.json();
        expect(body.code).toBe('MERCHANT_BLOCKED');
        expect(body.description.uz).toContain("Tizim admin tomonidan o'chirilgan");
      }
    });
    it('still answers its merchant and settings calls, so the storefront can show the blocked page', async () => {
      expect((await get('/api/users/v1/merchants/current', h())).json().isActive).toBe(false);
      expect((await get('/api/support/v1/merchant/settings/web', h())).statusCode).toBe(200);
    });
  });

  it('answers unknown API paths with 404 NOT_FOUND as JSON', async () => {
    const res = await get('/api/nothing/here');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json().code).toBe('NOT_FOUND');
  });
});
