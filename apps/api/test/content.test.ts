import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banners, companyPolicies, merchants, merchantSettings, stories } from '@dasturxon/db';
import { DEMO } from '@dasturxon/db/seed';
import { Banner, BrandEntry, CompanyPolicy, Story } from '@dasturxon/domain/contracts';
import { z } from 'zod';
import { BACKENDS, createTestApp, type TestApp } from './harness.ts';

const TZ = DEMO.tezkor;
const NB = DEMO.navbahor;
const DAY = 24 * 3_600_000;
const BANNERS = '/api/support/v1/banner';
const STORIES = '/api/notifications/v2/stories';
const POLICIES = '/api/support/v1/company/policies';
const BRANDS = '/api/support/v1/brand/catalog';

describe.each(BACKENDS)('content calls on %s', (backend) => {
  let t: TestApp;
  let seedNow: Date;
  beforeAll(async () => {
    t = await createTestApp(backend);
    seedNow = t.clock.now();
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, merchantId: string = TZ.id) => t.app.inject({ method: 'GET', url, headers: { 'x-merchant-id': merchantId } });
  const setFlags = (merchantId: string, flags: { bannersActive?: boolean; storiesActive?: boolean }) =>
    t.database.db
      .update(merchantSettings)
      .set(flags)
      .where(and(eq(merchantSettings.merchantId, merchantId), eq(merchantSettings.channel, 'WEB')));

  describe('GET /support/v1/brand/catalog', () => {
    it("answers the merchant's brand entries", async () => {
      const res = await get(BRANDS);
      expect(res.statusCode).toBe(200);
      const rows = z.array(BrandEntry).parse(res.json());
      expect(rows).toEqual([
        { id: TZ.brandEntry, merchantId: TZ.id, name: TZ.name, domainUrl: TZ.domain, color: TZ.mainColor, image: 'demo/tezkor/logo.svg' },
      ]);
      expect(Object.keys(res.json()[0]).sort()).toEqual(['color', 'domainUrl', 'id', 'image', 'merchantId', 'name']);
    });

    it('keeps tenants apart', async () => {
      const res = await get(BRANDS, NB.id);
      expect(res.json().map((b: { id: string }) => b.id)).toEqual([NB.brandEntry]);
      expect(res.body).not.toContain(TZ.brandEntry);
    });

    it('answers 403 MERCHANT_BLOCKED for an inactive merchant', async () => {
      const res = await get(BRANDS, DEMO.yopiq.id);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('MERCHANT_BLOCKED');
    });
  });

  describe('GET /support/v1/banner', () => {
    it('answers the active banners by priority', async () => {
      const [hidden] = await t.database.db
        .insert(banners)
        .values({ merchantId: TZ.id, title: { ru: 'Скрыт', uz: 'Yashirin', eng: 'Hidden' }, image: 'x.svg', active: false, priority: -1 })
        .returning();
      const res = await get(BANNERS);
      expect(res.statusCode).toBe(200);
      const rows = z.array(Banner).parse(res.json());
      expect(rows.map((b) => b.id)).toEqual([TZ.banners.comboWeek, TZ.banners.breakfast, TZ.banners.freeDelivery]);
      expect(rows[0]).toMatchObject({ image: 'demo/tezkor/banners/combo-week.svg', link: '', priority: 0 });
      expect(rows[0]!.title.uz).toBeTruthy();
      expect(rows[2]!.productId).toBeNull();
      expect(res.body).not.toContain(hidden!.id);
    });

    it('keeps tenants apart', async () => {
      const res = await get(BANNERS, NB.id);
      expect(res.json().map((b: { id: string }) => b.id)).toEqual([NB.banners.plovDaily]);
      for (const id of Object.values(TZ.banners)) expect(res.body).not.toContain(id);
    });

    it('answers an empty list while bannersActive is off', async () => {
      await setFlags(NB.id, { bannersActive: false });
      expect((await get(BANNERS, NB.id)).json()).toEqual([]);
      await setFlags(NB.id, { bannersActive: true });
      expect((await get(BANNERS, NB.id)).json()).toHaveLength(1);
    });

    it('uses the default (on) for a merchant that never saved settings', async () => {
      const [bare] = await t.database.db
        .insert(merchants)
        .values({ name: 'Bare', sub: `bare-content-${backend}` })
        .returning();
      const [banner] = await t.database.db
        .insert(banners)
        .values({ merchantId: bare!.id, title: { ru: 'Б' }, image: 'b.svg' })
        .returning();
      expect((await get(BANNERS, bare!.id)).json().map((b: { id: string }) => b.id)).toEqual([banner!.id]);
    });

    it('answers 403 for an inactive merchant', async () => {
      expect((await get(BANNERS, DEMO.yopiq.id)).statusCode).toBe(403);
    });
  });

  describe('GET /notifications/v2/stories', () => {
    const ids = async (merchantId: string = TZ.id) => {
      const res = await get(STORIES, merchantId);
      expect(res.statusCode).toBe(200);
      return z
        .array(Story)
        .parse(res.json())
        .map((s) => s.id);
    };
    const at = (offsetMs: number) => t.clock.set(new Date(seedNow.getTime() + offsetMs));

    it('answers the stories whose window holds now, by priority, with their slides', async () => {
      at(0);
      const res = await get(STORIES);
      const rows = z.array(Story).parse(res.json());
      expect(rows.map((s) => s.id)).toEqual([TZ.stories.newMenu, TZ.stories.spicyWeek]);
      expect(rows[0]!.slides.length).toBe(3);
      expect(rows[0]!.slides[0]).toMatchObject({ image: 'demo/tezkor/stories/new-menu-1.svg' });
      expect(rows[0]!.slides[0]!.text!.uz).toBeTruthy();
      expect(new Date(rows[0]!.startsAt).getTime()).toBe(seedNow.getTime() - 2 * DAY);
      expect(res.body).not.toContain(TZ.stories.ended);
    });

    it('follows the clock: a window opens at startsAt and closes at endsAt', async () => {
      // new-menu runs from -2 to +5 days, spicy-week from -1 to +14, summer-lemonade from -20 to -5.
      at(-10 * DAY);
      expect(await ids()).toEqual([TZ.stories.ended]);
      at(-2 * DAY);
      expect(await ids()).toEqual([TZ.stories.newMenu]);
      at(-2 * DAY - 1);
      expect(await ids()).toEqual([]);
      at(5 * DAY - 1);
      expect(await ids()).toEqual([TZ.stories.newMenu, TZ.stories.spicyWeek]);
      at(5 * DAY);
      expect(await ids()).toEqual([TZ.stories.spicyWeek]);
      at(14 * DAY);
      expect(await ids()).toEqual([]);
      at(0);
    });

    it('leaves out a switched-off story', async () => {
      await t.database.db.update(stories).set({ active: false }).where(eq(stories.id, TZ.stories.spicyWeek));
      expect(await ids()).toEqual([TZ.stories.newMenu]);
      await t.database.db.update(stories).set({ active: true }).where(eq(stories.id, TZ.stories.spicyWeek));
    });

    it('answers an empty list while storiesActive is off, and keeps tenants apart when on', async () => {
      const [own] = await t.database.db
        .insert(stories)
        .values({
          merchantId: NB.id,
          title: { ru: 'Плов дня' },
          preview: 'p.svg',
          slides: [{ image: 's.svg' }],
          startsAt: new Date(seedNow.getTime() - DAY),
          endsAt: new Date(seedNow.getTime() + DAY),
        })
        .returning();
      expect(await ids(NB.id)).toEqual([]);
      await setFlags(NB.id, { storiesActive: true });
      expect(await ids(NB.id)).toEqual([own!.id]);
      const res = await get(STORIES, NB.id);
      expect(res.json()[0].slides).toEqual([{ image: 's.svg' }]);
      expect((await get(STORIES)).body).not.toContain(own!.id);
      await setFlags(TZ.id, { storiesActive: false });
      expect(await ids()).toEqual([]);
      await setFlags(TZ.id, { storiesActive: true });
    });

    it('answers 403 for an inactive merchant', async () => {
      expect((await get(STORIES, DEMO.yopiq.id)).statusCode).toBe(403);
    });
  });

  describe('GET /support/v1/company/policies', () => {
    it('answers each policy type with its text in three languages', async () => {
      for (const type of ['TERMS', 'ABOUT_COMPANY', 'PRIVACY_POLICY'] as const) {
        const res = await get(`${POLICIES}?policies=${type}`);
        expect(res.statusCode).toBe(200);
        const policy = CompanyPolicy.parse(res.json());
        expect(policy.type).toBe(type);
        expect(policy.text.ru && policy.text.uz && policy.text.eng).toBeTruthy();
      }
    });

    it('answers each merchant its own text', async () => {
      const tz = (await get(`${POLICIES}?policies=TERMS`)).json();
      const nb = (await get(`${POLICIES}?policies=TERMS`, NB.id)).json();
      expect(tz.text.eng).toContain(TZ.name);
      expect(nb.text.eng).toContain(NB.name);
      expect(nb.text.eng).not.toContain(TZ.name);
    });

    it('answers 404 NOT_FOUND when the merchant has none of that type', async () => {
      await t.database.db
        .delete(companyPolicies)
        .where(and(eq(companyPolicies.merchantId, NB.id), eq(companyPolicies.type, 'PRIVACY_POLICY')));
      const res = await get(`${POLICIES}?policies=PRIVACY_POLICY`, NB.id);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
      expect(res.json().description.uz).toBeTruthy();
    });

    it('answers 400 VALIDATION_FAILED for a missing or unknown type', async () => {
      for (const url of [POLICIES, `${POLICIES}?policies=COOKIES`, `${POLICIES}?policies=terms`]) {
        const res = await get(url);
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('VALIDATION_FAILED');
      }
    });

    it('answers 403 for an inactive merchant', async () => {
      expect((await get(`${POLICIES}?policies=TERMS`, DEMO.yopiq.id)).statusCode).toBe(403);
    });
  });
});
