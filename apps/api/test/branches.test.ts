import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branches, cities, workHours } from '@dasturxon/db';
import { DEMO } from '@dasturxon/db/seed';
import { WEEK_NAMES, type Branch as BranchBody } from '@dasturxon/domain';
import { Branch } from '@dasturxon/domain/contracts';
import { z } from 'zod';
import { BACKENDS, createTestApp, type TestApp } from './harness.ts';

const TZ = DEMO.tezkor;
const NB = DEMO.navbahor;
const LIST = '/api/users/v1/branches';
const FULL = '/api/users/v1/branches/full';

const SETTINGS = {
  bookingEnabled: false,
  deliveryEnabled: true,
  dineinEnabled: false,
  expressEnabled: false,
  kitchenEnabled: true,
  payOfficeEnabled: false,
  pickupEnabled: true,
  storageEnabled: false,
  yandexEnabled: false,
  directorId: '11111111-1111-4111-8111-111111111111',
};

/** A moment given as a wall-clock time in Tashkent (UTC+5, no daylight saving). */
const tashkent = (isoLocal: string) => new Date(Date.parse(`${isoLocal}Z`) - 5 * 3_600_000);

describe.each(BACKENDS)('branch calls on %s', (backend) => {
  let t: TestApp;
  const extra: { deleted?: string; inactive?: string; mondayOnly?: string; emptyCity?: string } = {};

  beforeAll(async () => {
    t = await createTestApp(backend);
    const db = t.database.db;
    const base = { merchantId: TZ.id, cityId: TZ.cities.tashkent, latitude: 41.3, longitude: 69.25, settings: SETTINGS };
    const [deleted] = await db
      .insert(branches)
      .values({ ...base, name: { ru: 'Закрыт навсегда', uz: 'Yopilgan', eng: 'Gone' }, deleted: true, priority: 50 })
      .returning();
    const [inactive] = await db
      .insert(branches)
      .values({ ...base, name: { ru: 'На ремонте', uz: "Ta'mirda", eng: 'Under repair' }, isActive: false, priority: 51 })
      .returning();
    const [mondayOnly] = await db
      .insert(branches)
      .values({ ...base, name: { ru: 'По понедельникам', uz: 'Dushanba', eng: 'Mondays' }, priority: 52 })
      .returning();
    await db.insert(workHours).values([
      { merchantId: TZ.id, branchId: mondayOnly!.id, type: 'PICK_UP', weekName: 'MONDAY', open: '09:00', close: '18:00' },
      { merchantId: TZ.id, branchId: inactive!.id, type: 'PICK_UP', weekName: 'MONDAY', open: '00:00', close: '00:00' },
    ]);
    const [emptyCity] = await db
      .insert(cities)
      .values({ merchantId: TZ.id, name: { ru: 'Бухара', uz: 'Buxoro', eng: 'Bukhara' }, latitude: 39.77, longitude: 64.42 })
      .returning();
    Object.assign(extra, { deleted: deleted!.id, inactive: inactive!.id, mondayOnly: mondayOnly!.id, emptyCity: emptyCity!.id });
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, merchantId: string = TZ.id) => t.app.inject({ method: 'GET', url, headers: { 'x-merchant-id': merchantId } });
  const list = async (url = LIST, merchantId: string = TZ.id): Promise<BranchBody[]> => {
    const res = await get(url, merchantId);
    expect(res.statusCode).toBe(200);
    return z.array(Branch).parse(res.json());
  };
  const byId = (rows: BranchBody[], id: string) => rows.find((b) => b.id === id)!;

  describe('GET /users/v1/branches', () => {
    it("lists the merchant's branches by priority with settings, contacts, coordinates and time zone", async () => {
      const rows = await list();
      const seeded = Object.values({
        chilonzor: TZ.branches.chilonzor,
        yunusobod: TZ.branches.yunusobod,
        mirzoUlugbek: TZ.branches.mirzoUlugbek,
        sergeli: TZ.branches.sergeli,
        yakkasaroy: TZ.branches.yakkasaroy,
        registon: TZ.branches.registon,
      });
      expect(rows.map((b) => b.id)).toEqual([...seeded, extra.inactive, extra.mondayOnly]);
      const chilonzor = byId(rows, TZ.branches.chilonzor);
      expect(chilonzor).toMatchObject({
        merchantId: TZ.id,
        cityId: TZ.cities.tashkent,
        isMain: true,
        isActive: true,
        phone: '+998712000101',
        latitude: 41.275696,
        longitude: 69.203921,
        deliveryPrice: 12000,
        deliveryMinAmount: 50000,
        timeZone: 'Asia/Tashkent',
      });
      expect(chilonzor.name).toEqual({ ru: 'Чиланзар', uz: 'Chilonzor', eng: 'Chilonzor' });
      expect(chilonzor.settings).toMatchObject({ pickupEnabled: true, dineinEnabled: true, bookingEnabled: true });
      expect(byId(rows, TZ.branches.registon).timeZone).toBe('Asia/Samarkand');
      expect(byId(rows, TZ.branches.sergeli).settings.pickupEnabled).toBe(false);
    });

    it('keeps staff ids and integration keys on the server', async () => {
      const res = await get(LIST);
      for (const word of ['directorId', SETTINGS.directorId, 'joinPosterId', 'iikoId', 'jowiId', 'paymentId', 'companyId', '"deleted"'])
        expect(res.body).not.toContain(word);
    });

    it('gives every hours type the seven days in week order, a day without hours as a day off', async () => {
      const rows = await list();
      for (const b of rows) for (const h of b.workHours) expect(h.days.map((d) => d.weekName)).toEqual(WEEK_NAMES);
      expect(byId(rows, TZ.branches.chilonzor).workHours.map((h) => h.type)).toEqual(['DELIVERY', 'PICK_UP']);
      const monday = byId(rows, extra.mondayOnly!).workHours;
      expect(monday.map((h) => h.type)).toEqual(['PICK_UP']);
      expect(monday[0]!.days.filter((d) => !d.isDayOff).map((d) => d.weekName)).toEqual(['MONDAY']);
      expect(monday[0]!.days[0]).toEqual({
        weekName: 'MONDAY',
        open: '09:00',
        close: '18:00',
        extraOpen: null,
        extraClose: null,
        isDayOff: false,
      });
    });

    it("computes open now and today's hours in the city's time zone, at the seed's now", async () => {
      const rows = await list();
      expect(byId(rows, TZ.branches.openNow)).toMatchObject({
        isOpen: true,
        today: { isHoliday: false, intervals: [{ open: '00:00', close: '00:00' }] },
      });
      const closed = byId(rows, TZ.branches.closedNow);
      expect(closed.isOpen).toBe(false);
      expect(closed.today.isHoliday).toBe(false);
      const holiday = byId(rows, TZ.branches.dayOffToday);
      expect(holiday).toMatchObject({ isOpen: false, today: { isHoliday: true }, open: null, close: null });
      // The extra interval comes first; open and close name the main one.
      expect(byId(rows, TZ.branches.extraInterval)).toMatchObject({
        today: {
          isHoliday: false,
          intervals: [
            { open: '08:00', close: '10:00' },
            { open: '11:00', close: '23:00' },
          ],
        },
        open: '11:00',
        close: '23:00',
      });
    });

    it('follows the clock: past midnight, between the intervals, and in another time zone', async () => {
      const at = async (when: Date) => {
        t.clock.set(when);
        return list();
      };
      // 2030-01-02 is a Wednesday. Yunusobod keeps 10:00-03:00: still open at 02:00 on Thursday, closed at 04:00.
      let rows = await at(tashkent('2030-01-03T02:00:00'));
      expect(byId(rows, TZ.branches.pastMidnight).isOpen).toBe(true);
      rows = await at(tashkent('2030-01-03T04:00:00'));
      expect(byId(rows, TZ.branches.pastMidnight).isOpen).toBe(false);
      // Mirzo Ulug'bek: 08:00-10:00 and 11:00-23:00.
      rows = await at(tashkent('2030-01-02T09:00:00'));
      expect(byId(rows, TZ.branches.extraInterval).isOpen).toBe(true);
      rows = await at(tashkent('2030-01-02T10:30:00'));
      expect(byId(rows, TZ.branches.extraInterval).isOpen).toBe(false);
      // A Monday: the Monday-only branch is open at noon and has hours; on Tuesday it keeps a holiday.
      rows = await at(tashkent('2030-01-07T12:00:00'));
      expect(byId(rows, extra.mondayOnly!)).toMatchObject({ isOpen: true, open: '09:00', close: '18:00' });
      // An inactive branch is never open, whatever its hours say.
      expect(byId(rows, extra.inactive!)).toMatchObject({ isActive: false, isOpen: false });
      rows = await at(tashkent('2030-01-08T12:00:00'));
      expect(byId(rows, extra.mondayOnly!)).toMatchObject({ isOpen: false, today: { isHoliday: true } });
    });

    it('never lists a deleted branch', async () => {
      const res = await get(LIST);
      expect(res.body).not.toContain(extra.deleted);
    });

    it('keeps tenants apart', async () => {
      const nb = await list(LIST, NB.id);
      expect(nb.map((b) => b.id)).toEqual([NB.branches.mirobod]);
      const tz = await get(LIST);
      expect(tz.body).not.toContain(NB.branches.mirobod);
    });

    it('answers 403 MERCHANT_BLOCKED for an inactive merchant', async () => {
      const res = await get(LIST, DEMO.yopiq.id);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('MERCHANT_BLOCKED');
    });
  });

  describe('GET /users/v1/branches/full', () => {
    it('lists the branches of one city', async () => {
      expect((await list(`${FULL}?cityId=${TZ.cities.samarkand}`)).map((b) => b.id)).toEqual([TZ.branches.registon]);
      const tashkentRows = await list(`${FULL}?cityId=${TZ.cities.tashkent}`);
      expect(tashkentRows.every((b) => b.cityId === TZ.cities.tashkent)).toBe(true);
      expect(tashkentRows.length).toBe(7);
    });

    it('lists every branch without a city', async () => {
      expect((await list(FULL)).map((b) => b.id)).toEqual((await list()).map((b) => b.id));
    });

    it('answers an empty list for a city of the merchant without branches', async () => {
      expect(await list(`${FULL}?cityId=${extra.emptyCity}`)).toEqual([]);
    });

    it("answers 404 CITY_NOT_FOUND for another merchant's or an unknown city, never its branches", async () => {
      for (const cityId of [NB.cities.tashkent, '00000000-0000-4000-8000-000000000000']) {
        const res = await get(`${FULL}?cityId=${cityId}`);
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('CITY_NOT_FOUND');
        expect(res.body).not.toContain(NB.branches.mirobod);
      }
    });

    it('answers 400 VALIDATION_FAILED for a malformed city id', async () => {
      const res = await get(`${FULL}?cityId=tashkent`);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    });

    it('answers 403 for an inactive merchant', async () => {
      expect((await get(`${FULL}?cityId=${DEMO.yopiq.cities.tashkent}`, DEMO.yopiq.id)).statusCode).toBe(403);
    });
  });

  describe('GET /users/v1/branches/{id}', () => {
    it('answers one branch as the list shows it', async () => {
      const res = await get(`${LIST}/${TZ.branches.extraInterval}`);
      expect(res.statusCode).toBe(200);
      expect(Branch.parse(res.json())).toEqual(byId(await list(), TZ.branches.extraInterval));
    });

    it("answers 404 BRANCH_NOT_FOUND for another merchant's, a deleted or an unknown branch", async () => {
      const cases: [string, string][] = [
        [NB.branches.mirobod, TZ.id],
        [TZ.branches.chilonzor, NB.id],
        [extra.deleted!, TZ.id],
        ['00000000-0000-4000-8000-000000000000', TZ.id],
      ];
      for (const [id, merchant] of cases) {
        const res = await get(`${LIST}/${id}`, merchant);
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('BRANCH_NOT_FOUND');
        expect(res.body).not.toContain('latitude');
      }
    });

    it('answers 400 VALIDATION_FAILED for a malformed id', async () => {
      const res = await get(`${LIST}/chilonzor`);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    });

    it('answers 403 for an inactive merchant', async () => {
      expect((await get(`${LIST}/${DEMO.yopiq.branches.main}`, DEMO.yopiq.id)).statusCode).toBe(403);
    });
  });
});
