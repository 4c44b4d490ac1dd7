import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, branchSpecialDays, branches, diningTables, halls, workHours } from '@dasturxon/db';
import { DEMO } from '@dasturxon/db/seed';
import { DEFAULT_PREP_MINUTES, PREP_MINUTES_MAX, localDate } from '@dasturxon/domain';
import { AdminBranch, AdminBranchList, AdminHall, AdminTable, QuoteResponse } from '@dasturxon/domain/contracts';
import { BACKENDS, createTestApp, type staffCaller, type TestApp, tezkorStaff } from './harness.ts';

const T = DEMO.tezkor;
const N = DEMO.navbahor;
const CHILONZOR = T.branches.chilonzor;
const YUNUSOBOD = T.branches.yunusobod;

describe.each(BACKENDS)('the back office: branches, hours, special days, halls and tables on %s', (backend) => {
  let t: TestApp;
  const as: Record<string, ReturnType<typeof staffCaller>> = {};
  beforeAll(async () => {
    t = await createTestApp(backend);
    Object.assign(as, await tezkorStaff(t));
  });
  afterAll(async () => t?.close());

  const branchRow = async (id: string) =>
    (
      await t.database.db
        .select()
        .from(branches)
        .where(and(eq(branches.merchantId, T.id), eq(branches.id, id)))
    )[0]!;

  it('lists, reads, creates, updates with version (409 stale), archives a branch; roles, foreign id and bad input', async () => {
    const list = AdminBranchList.parse((await as.owner!('GET', '/admin/v1/branches')).json());
    expect(list.content.map((b) => b.id)).toContain(YUNUSOBOD);
    const mine = AdminBranchList.parse((await as.manager!('GET', '/admin/v1/branches')).json());
    expect(mine.content.map((b) => b.id)).toEqual([CHILONZOR]);
    expect((await as.manager!('GET', `/admin/v1/branches/${YUNUSOBOD}`)).statusCode).toBe(403);

    const one = AdminBranch.parse((await as.owner!('GET', `/admin/v1/branches/${CHILONZOR}`)).json());
    const body = { ...one, id: undefined, version: undefined, timeZone: undefined, deleted: undefined };
    const created = await as.owner!('POST', '/admin/v1/branches', { ...body, name: { ru: 'Новый', uz: 'Yangi', eng: 'New' } });
    expect(created.statusCode, created.body).toBe(201);
    const fresh = AdminBranch.parse(created.json());
    expect((await branchRow(fresh.id)).name).toEqual({ ru: 'Новый', uz: 'Yangi', eng: 'New' });

    const update = {
      ...body,
      version: fresh.version,
      deliveryMinAmount: 77_000,
      services: { delivery: false, pickup: true, dineIn: true },
    };
    const updated = await as.owner!('PUT', `/admin/v1/branches/${fresh.id}`, update);
    expect(updated.statusCode, updated.body).toBe(200);
    const row = await branchRow(fresh.id);
    expect(row).toMatchObject({ deliveryMinAmount: 77_000, version: fresh.version + 1 });
    expect(row.settings).toMatchObject({ deliveryEnabled: false, pickupEnabled: true, dineinEnabled: true });
    expect((await as.owner!('PUT', `/admin/v1/branches/${fresh.id}`, update)).json().code).toBe('VERSION_CONFLICT');

    const bad = await as.owner!('PUT', `/admin/v1/branches/${fresh.id}`, { ...update, version: row.version, latitude: 200 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('latitude');

    for (const role of ['operator', 'kitchen', 'courier', 'manager'])
      expect((await as[role]!('PUT', `/admin/v1/branches/${fresh.id}`, { ...update, version: row.version })).statusCode).toBe(403);
    expect((await as.owner!('GET', `/admin/v1/branches/${Object.values(N.branches)[0]}`)).statusCode).toBe(404);

    const archived = await as.owner!('DELETE', `/admin/v1/branches/${fresh.id}?version=${row.version}`);
    expect(archived.statusCode, archived.body).toBe(200);
    expect(await branchRow(fresh.id)).toMatchObject({ deleted: true, isActive: false });
    const trail = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.merchantId, T.id), eq(auditLog.objectId, fresh.id)));
    expect(trail.map((e) => e.action).sort()).toEqual(['create', 'delete', 'update']);
  });

  it('replaces the week per service type and the special days; a manager only at their branches', async () => {
    const week = {
      hours: [
        {
          type: 'DELIVERY',
          days: [{ weekName: 'SUNDAY', open: '10:00', close: '02:00', extraOpen: null, extraClose: null, isDayOff: false }],
        },
      ],
    };
    const put = await as.manager!('PUT', `/admin/v1/branches/${CHILONZOR}/hours`, week);
    expect(put.statusCode, put.body).toBe(200);
    const rows = await t.database.db
      .select()
      .from(workHours)
      .where(and(eq(workHours.merchantId, T.id), eq(workHours.branchId, CHILONZOR)));
    expect(rows.map((r) => [r.type, r.weekName, r.open, r.close])).toEqual([['DELIVERY', 'SUNDAY', '10:00', '02:00']]);
    expect((await as.manager!('PUT', `/admin/v1/branches/${YUNUSOBOD}/hours`, week)).statusCode).toBe(403);
    const badTime = await as.owner!('PUT', `/admin/v1/branches/${CHILONZOR}/hours`, {
      hours: [{ type: 'DELIVERY', days: [{ weekName: 'SUNDAY', open: '25:00', close: '02:00' }] }],
    });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.body).toContain('open');

    const days = {
      days: [
        { date: '2027-01-01', isDayOff: true, note: 'New year' },
        { date: '2027-03-08', isDayOff: false, open: '12:00', close: '18:00' },
      ],
    };
    const special = await as.manager!('PUT', `/admin/v1/branches/${CHILONZOR}/special-days`, days);
    expect(special.statusCode, special.body).toBe(200);
    const stored = await t.database.db
      .select()
      .from(branchSpecialDays)
      .where(and(eq(branchSpecialDays.merchantId, T.id), eq(branchSpecialDays.branchId, CHILONZOR)));
    expect(stored.map((d) => [d.date, d.isDayOff, d.open, d.close, d.note]).sort()).toEqual([
      ['2027-01-01', true, null, null, 'New year'],
      ['2027-03-08', false, '12:00', '18:00', ''],
    ]);
    expect((await as.manager!('GET', `/admin/v1/branches/${CHILONZOR}/special-days`)).json().days).toHaveLength(2);
    expect((await as.manager!('PUT', `/admin/v1/branches/${YUNUSOBOD}/special-days`, days)).statusCode).toBe(403);
    expect((await as.operator!('PUT', `/admin/v1/branches/${CHILONZOR}/special-days`, days)).statusCode).toBe(403);
    const open = await as.owner!('PUT', `/admin/v1/branches/${CHILONZOR}/special-days`, {
      days: [{ date: '2027-01-02', isDayOff: false }],
    });
    expect(open.statusCode).toBe(400);
    expect(open.body).toContain('open');
  });

  it("moves the branch's version with its week and special days; a write against a stale version answers 409 and changes nothing", async () => {
    const read = AdminBranch.parse((await as.owner!('GET', `/admin/v1/branches/${YUNUSOBOD}`)).json());
    const hours = await as.owner!('GET', `/admin/v1/branches/${YUNUSOBOD}/hours`);
    expect(hours.json().version).toBe(read.version);
    const week = (open: string) => ({
      version: read.version,
      hours: [{ type: 'PICK_UP', days: [{ weekName: 'MONDAY', open, close: '23:00' }] }],
    });
    const put = await as.owner!('PUT', `/admin/v1/branches/${YUNUSOBOD}/hours`, week('09:00'));
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().version).toBe(read.version + 1);
    expect((await branchRow(YUNUSOBOD)).version).toBe(read.version + 1);

    // The same version again: someone (this very write) changed the branch since it was read.
    const stale = await as.owner!('PUT', `/admin/v1/branches/${YUNUSOBOD}/hours`, week('11:00'));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('VERSION_CONFLICT');
    const rows = await t.database.db
      .select()
      .from(workHours)
      .where(and(eq(workHours.merchantId, T.id), eq(workHours.branchId, YUNUSOBOD)));
    expect(rows.map((r) => r.open)).toEqual(['09:00']);

    const days = { days: [{ date: '2027-05-09', isDayOff: true, note: '' }] };
    expect((await as.owner!('PUT', `/admin/v1/branches/${YUNUSOBOD}/special-days`, { ...days, version: read.version })).statusCode).toBe(
      409,
    );
    const special = await as.owner!('PUT', `/admin/v1/branches/${YUNUSOBOD}/special-days`, { ...days, version: read.version + 1 });
    expect(special.statusCode, special.body).toBe(200);
    expect(special.json().version).toBe(read.version + 2);
    // The branch's own form, read before, is stale now too.
    const { id: _id, timeZone: _tz, deleted: _d, ...fields } = read;
    const form = await as.owner!('PUT', `/admin/v1/branches/${YUNUSOBOD}`, fields);
    expect(form.json().code).toBe('VERSION_CONFLICT');
    // Without a version the write is taken as it comes (and still moves the version on).
    const blind = await as.owner!('PUT', `/admin/v1/branches/${YUNUSOBOD}/special-days`, { days: [] });
    expect(blind.statusCode, blind.body).toBe(200);
    expect(blind.json()).toEqual({ version: read.version + 3, days: [] });
  });

  it("closes the branch on the storefront's list on a holiday of today's local date", async () => {
    const today = localDate(t.clock.now(), 'Asia/Tashkent');
    const list = async () =>
      (
        (await t.app.inject({ method: 'GET', url: '/api/users/v1/branches', headers: { 'x-merchant-id': T.id } })).json() as {
          id: string;
          isOpen: boolean;
        }[]
      ).find((b) => b.id === T.branches.openNow)!;
    const allDay = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'].map((weekName) => ({
      weekName,
      open: '00:00',
      close: '00:00',
    }));
    const week = await as.owner!('PUT', `/admin/v1/branches/${T.branches.openNow}/hours`, { hours: [{ type: 'PICK_UP', days: allDay }] });
    expect(week.statusCode, week.body).toBe(200);
    expect((await list()).isOpen).toBe(true);
    const put = await as.owner!('PUT', `/admin/v1/branches/${T.branches.openNow}/special-days`, {
      days: [{ date: today, isDayOff: true }],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await list()).toMatchObject({ isOpen: false, today: { isHoliday: true } });
    await as.owner!('PUT', `/admin/v1/branches/${T.branches.openNow}/special-days`, { days: [] });
  });

  it('keeps halls and tables of a branch: versioned, a table name unique in the branch', async () => {
    const hall = await as.owner!('POST', `/admin/v1/branches/${CHILONZOR}/halls`, { name: { ru: 'Терраса' } });
    expect(hall.statusCode, hall.body).toBe(201);
    const h = AdminHall.parse(hall.json());
    const table = await as.admin!('POST', `/admin/v1/branches/${CHILONZOR}/tables`, { hallId: h.id, name: 'A1', seats: 4 });
    expect(table.statusCode, table.body).toBe(201);
    const tb = AdminTable.parse(table.json());
    const dup = await as.owner!('POST', `/admin/v1/branches/${CHILONZOR}/tables`, { hallId: h.id, name: 'A1', seats: 2 });
    expect(dup.statusCode).toBe(400);
    expect(dup.body).toContain('body.name');
    const renamed = await as.owner!('PUT', `/admin/v1/branches/${CHILONZOR}/tables/${tb.id}`, {
      hallId: h.id,
      name: 'A2',
      seats: 6,
      version: tb.version,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const [stored] = await t.database.db.select().from(diningTables).where(eq(diningTables.id, tb.id));
    expect(stored).toMatchObject({ name: 'A2', seats: 6, version: tb.version + 1 });
    expect(
      (
        await as.owner!('PUT', `/admin/v1/branches/${CHILONZOR}/tables/${tb.id}`, {
          hallId: h.id,
          name: 'A3',
          seats: 6,
          version: tb.version,
        })
      ).json().code,
    ).toBe('VERSION_CONFLICT');
    for (const role of ['manager', 'operator', 'kitchen', 'courier'])
      expect((await as[role]!('POST', `/admin/v1/branches/${CHILONZOR}/halls`, { name: { ru: 'X' } })).statusCode).toBe(403);
    expect((await as.owner!('GET', `/admin/v1/branches/${Object.values(N.branches)[0]}/tables`)).statusCode).toBe(404);
    expect((await as.owner!('DELETE', `/admin/v1/branches/${CHILONZOR}/tables/${tb.id}?version=${tb.version + 1}`)).statusCode).toBe(200);
    expect(await t.database.db.select().from(diningTables).where(eq(diningTables.id, tb.id))).toHaveLength(0);
    expect((await as.owner!('DELETE', `/admin/v1/branches/${CHILONZOR}/halls/${h.id}?version=${h.version}`)).statusCode).toBe(200);
    expect(await t.database.db.select().from(halls).where(eq(halls.id, h.id))).toHaveLength(0);
  });

  it("sets a branch's preparation time (the domain's range, 409 when stale, audited) and the storefront's estimate moves with it", async () => {
    const pickupAt = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/orders/v1/orders/quote',
        headers: { 'x-merchant-id': T.id },
        payload: { cartItems: [{ productId: T.products.fries, count: 1 }], branchId: CHILONZOR, serviceType: 'PICK_UP' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const eta = QuoteResponse.parse(res.json()).eta!;
      expect(eta.kind).toBe('pickup');
      return Date.parse(eta.at);
    };
    const one = AdminBranch.parse((await as.owner!('GET', `/admin/v1/branches/${CHILONZOR}`)).json());
    expect(one.prepMinutes).toBe(DEFAULT_PREP_MINUTES);
    const before = await pickupAt();
    const body = { ...one, id: undefined, timeZone: undefined, deleted: undefined };

    for (const prepMinutes of [0, PREP_MINUTES_MAX + 1, 12.5]) {
      const bad = await as.owner!('PUT', `/admin/v1/branches/${CHILONZOR}`, { ...body, prepMinutes });
      expect(bad.statusCode, bad.body).toBe(400);
      expect(bad.body).toContain('prepMinutes');
    }
    expect((await branchRow(CHILONZOR)).prepMinutes).toBe(DEFAULT_PREP_MINUTES);

    const put = await as.owner!('PUT', `/admin/v1/branches/${CHILONZOR}`, { ...body, prepMinutes: 80 });
    expect(put.statusCode, put.body).toBe(200);
    expect(AdminBranch.parse(put.json())).toMatchObject({ prepMinutes: 80, version: one.version + 1 });
    expect(await branchRow(CHILONZOR)).toMatchObject({ prepMinutes: 80 });
    const listed = AdminBranchList.parse((await as.owner!('GET', '/admin/v1/branches')).json()).content.find((b) => b.id === CHILONZOR);
    expect(listed?.prepMinutes).toBe(80);
    // The storefront's quote: the pickup is ready 60 minutes later than with the default 20 (same clock).
    expect((await pickupAt()) - before).toBe((80 - DEFAULT_PREP_MINUTES) * 60_000);

    // A write against the version read before answers 409 and keeps the time.
    const stale = await as.owner!('PUT', `/admin/v1/branches/${CHILONZOR}`, { ...body, prepMinutes: 30 });
    expect(stale.json().code).toBe('VERSION_CONFLICT');
    expect((await branchRow(CHILONZOR)).prepMinutes).toBe(80);
    // An update that leaves it out keeps it.
    const kept = await as.owner!('PUT', `/admin/v1/branches/${CHILONZOR}`, { ...body, prepMinutes: undefined, version: one.version + 1 });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await branchRow(CHILONZOR)).prepMinutes).toBe(80);

    const trail = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.merchantId, T.id), eq(auditLog.objectId, CHILONZOR), eq(auditLog.action, 'update')));
    expect(trail.some((e) => e.before?.prepMinutes === DEFAULT_PREP_MINUTES && e.after?.prepMinutes === 80)).toBe(true);

    await as.owner!('PUT', `/admin/v1/branches/${CHILONZOR}`, { ...body, prepMinutes: DEFAULT_PREP_MINUTES, version: one.version + 2 });
    expect(await pickupAt()).toBe(before);
  });
});
