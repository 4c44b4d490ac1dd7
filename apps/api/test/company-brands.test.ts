import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { merchants, merchantSettings } from '@dasturxon/db';
import { DEMO } from '@dasturxon/db/seed';
import { CompanyBrand } from '@dasturxon/domain/contracts';
import { BACKENDS, createTestApp, type TestApp } from './harness.ts';

const BRANDS = '/api/merchants/v1/brands';
const T = DEMO.tezkor;
const C = DEMO.tezkorCoffee;

describe.each(BACKENDS)('the brand list of multi-tab navigation on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: BRANDS, headers });
  const setFlag = (merchantId: string, on: boolean) =>
    t.database.db
      .update(merchantSettings)
      .set({ multiTabNavigationEnabled: on })
      .where(and(eq(merchantSettings.merchantId, merchantId), eq(merchantSettings.channel, 'WEB')));

  it("answers the company's brands, the caller's own marked, with addresses on the caller's host family", async () => {
    const res = await get({ host: `${T.sub}.localhost:3310` });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json<CompanyBrand[]>().map((b) => CompanyBrand.parse(b));
    expect(list.map((b) => [b.id, b.name, b.current])).toEqual([
      [T.id, T.name, true],
      [C.id, C.name, false],
    ]);
    expect(list[1]).toMatchObject({
      sub: C.sub,
      url: `http://${C.sub}.localhost:3310/`,
      color: C.mainColor,
      logo: `demo/${C.sub}/logo.svg`,
    });
    // From the sister brand the same company, the other one current.
    const sister = await get({ 'x-merchant-id': C.id, host: 'localhost:3000' });
    expect(sister.json<CompanyBrand[]>().map((b) => [b.sub, b.current, b.url])).toEqual([
      [T.sub, false, `http://localhost:3000/?vendor=${T.sub}`],
      [C.sub, true, `http://localhost:3000/?vendor=${C.sub}`],
    ]);
  });

  it("never lists another company's brand, nor a brand of no company", async () => {
    await t.database.db.update(merchants).set({ companyId: null }).where(eq(merchants.id, DEMO.navbahor.id));
    await setFlag(DEMO.navbahor.id, true);
    try {
      const alone = await get({ 'x-merchant-id': DEMO.navbahor.id });
      expect(alone.statusCode, alone.body).toBe(200);
      expect(alone.json<CompanyBrand[]>().map((b) => b.id)).toEqual([DEMO.navbahor.id]);
      // Navbahor in a company of its own: still never Tezkor's brands.
      await t.database.db.update(merchants).set({ companyId: DEMO.yopiq.id }).where(eq(merchants.id, DEMO.navbahor.id));
      const own = await get({ 'x-merchant-id': DEMO.navbahor.id });
      expect(own.json<CompanyBrand[]>().map((b) => b.id)).toEqual([DEMO.navbahor.id]);
      const tezkor = await get({ 'x-merchant-id': T.id });
      expect(tezkor.json<CompanyBrand[]>().map((b) => b.id)).not.toContain(DEMO.navbahor.id);
    } finally {
      await t.database.db.update(merchants).set({ companyId: null }).where(eq(merchants.id, DEMO.navbahor.id));
      await setFlag(DEMO.navbahor.id, false);
    }
  });

  it('lists active brands only: an inactive sister is left out', async () => {
    await t.database.db.update(merchants).set({ companyId: T.companyId }).where(eq(merchants.id, DEMO.yopiq.id));
    try {
      const res = await get({ 'x-merchant-id': T.id });
      expect(res.json<CompanyBrand[]>().map((b) => b.id)).toEqual([T.id, C.id]);
      await t.database.db.update(merchants).set({ isActive: false }).where(eq(merchants.id, C.id));
      const alone = await get({ 'x-merchant-id': T.id });
      expect(alone.json<CompanyBrand[]>().map((b) => b.id)).toEqual([T.id]);
    } finally {
      await t.database.db.update(merchants).set({ companyId: null }).where(eq(merchants.id, DEMO.yopiq.id));
      await t.database.db.update(merchants).set({ isActive: true }).where(eq(merchants.id, C.id));
    }
  });

  it('multiTabNavigationEnabled off: 403 FEATURE_OFF naming the flag; on again: the list', async () => {
    await setFlag(T.id, false);
    try {
      const off = await get({ 'x-merchant-id': T.id });
      expect(off.statusCode).toBe(403);
      expect(off.json()).toMatchObject({ code: 'FEATURE_OFF', details: { feature: 'multiTabNavigationEnabled' } });
    } finally {
      await setFlag(T.id, true);
    }
    expect((await get({ 'x-merchant-id': T.id })).statusCode).toBe(200);
  });

  it('an inactive brand is refused as every call of it is', async () => {
    expect((await get({ 'x-merchant-id': DEMO.yopiq.id })).statusCode).toBe(403);
  });

  it('the public settings carry the three navigation flags', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/support/v1/merchant/settings/web', headers: { 'x-merchant-id': C.id } });
    expect(res.json()).toMatchObject({ multiTabNavigationEnabled: true, isNavigationViewEnabled: true, isVisibleAtProfileTop: true });
  });
});
