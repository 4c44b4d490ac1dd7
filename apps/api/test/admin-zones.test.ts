import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, deliveryZones } from '@dasturxon/db';
import { DEMO, demoId } from '@dasturxon/db/seed';
import { AdminZone, AdminZoneList, QuoteResponse, Region, ZoneTestResult } from '@dasturxon/domain/contracts';
import { z } from 'zod';
import { BACKENDS, createTestApp, heard, type staffCaller, type TestApp, tezkorStaff } from './harness.ts';

const T = DEMO.tezkor;
const N = DEMO.navbahor;
const seedZone = (key: string) => demoId(`${T.sub}/zone/${key}`);

// Milliy bog', the park cut out of the Chilonzor zone: it lies in the city-wide ring only (packages/db/src/seed/tezkor.seed.ts).
const IN_PARK = { latitude: 41.2845, longitude: 69.201 };
const NEAR_CHILONZOR = { latitude: 41.2765, longitude: 69.2045 };
const NOWHERE = { latitude: 41.0, longitude: 69.0 };

/** A rectangle as a closed GeoJSON ring ([lng, lat]). */
const box = (lng0: number, lat0: number, lng1: number, lat1: number) => [
  [lng0, lat0],
  [lng1, lat0],
  [lng1, lat1],
  [lng0, lat1],
  [lng0, lat0],
];
// Around the park, with a hole at its north-east corner.
const OVER_PARK = { type: 'Polygon', coordinates: [box(69.195, 41.28, 69.207, 41.289), box(69.204, 41.287, 69.206, 41.2885)] };

const zoneBody = (more: Record<string, unknown> = {}) => ({
  cityId: T.cities.tashkent,
  branchId: null,
  name: 'Park',
  color: '#22aa55',
  priority: 50,
  area: OVER_PARK,
  price: 47_000,
  bands: [],
  freeAbove: null,
  minOrderAmount: 0,
  ...more,
});

describe.each(BACKENDS)('the back office: delivery zones on %s', (backend) => {
  let t: TestApp;
  const as: Record<string, ReturnType<typeof staffCaller>> = {};
  beforeAll(async () => {
    t = await createTestApp(backend);
    Object.assign(as, await tezkorStaff(t));
  });
  afterAll(async () => t?.close());

  const zoneRow = async (id: string) =>
    (
      await t.database.db
        .select()
        .from(deliveryZones)
        .where(and(eq(deliveryZones.merchantId, T.id), eq(deliveryZones.id, id)))
    )[0];

  const fieldsOf = (res: { json(): unknown }) =>
    ((res.json() as { details?: { fields?: { field: string }[] } }).details?.fields ?? []).map((f) => f.field);

  it('creates, reads, updates with version (409 stale) and deletes a zone; areas as GeoJSON; audited', async () => {
    const created = await as.owner!('POST', '/admin/v1/delivery-zones', zoneBody({ branchId: T.branches.chilonzor }));
    expect(created.statusCode, created.body).toBe(201);
    const zone = AdminZone.parse(created.json());
    expect(zone.area).toEqual(OVER_PARK);
    // Kept as the domain's area: [lat, lng] rings without the closing point, the hole apart.
    const row = (await zoneRow(zone.id))!;
    expect(row.area).toEqual([
      {
        outer: [
          [41.28, 69.195],
          [41.28, 69.207],
          [41.289, 69.207],
          [41.289, 69.195],
        ],
        holes: [
          [
            [41.287, 69.204],
            [41.287, 69.206],
            [41.2885, 69.206],
            [41.2885, 69.204],
          ],
        ],
      },
    ]);
    expect(row).toMatchObject({ branchId: T.branches.chilonzor, price: 47_000, priority: 50, version: 1 });

    const read = AdminZone.parse((await as.admin!('GET', `/admin/v1/delivery-zones/${zone.id}`)).json());
    expect(read).toEqual(zone);
    const list = AdminZoneList.parse((await as.owner!('GET', '/admin/v1/delivery-zones')).json());
    expect(list.content.map((z) => z.id)).toEqual(expect.arrayContaining([zone.id, seedZone('chilonzor')]));
    expect(list.content.map((z) => z.priority)).toEqual([...list.content.map((z) => z.priority)].sort((a, b) => b - a));
    // A seeded zone (rings stored without a closing point) comes out closed.
    const chilonzor = list.content.find((z) => z.id === seedZone('chilonzor'))!;
    expect(chilonzor.area.type).toBe('Polygon');
    const outer = (chilonzor.area.coordinates as number[][][])[0]!;
    expect(outer[0]).toEqual(outer[outer.length - 1]);
    expect(chilonzor.area.coordinates).toHaveLength(2);

    const multi = {
      type: 'MultiPolygon',
      coordinates: [[box(69.195, 41.28, 69.207, 41.289)], [box(69.5, 41.5, 69.6, 41.6)]],
    };
    const update = {
      ...zoneBody({ area: multi }),
      version: zone.version,
      bands: [
        { fromKm: 3, pricePerKm: 1000 },
        { fromKm: 8, pricePerKm: 2000 },
      ],
      freeAbove: 300_000,
      minOrderAmount: 40_000,
    };
    const updated = await as.admin!('PUT', `/admin/v1/delivery-zones/${zone.id}`, update);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(AdminZone.parse(updated.json())).toMatchObject({ version: 2, area: multi, freeAbove: 300_000, branchId: null });
    expect((await zoneRow(zone.id))!).toMatchObject({ version: 2, minOrderAmount: 40_000, bands: update.bands });
    expect((await zoneRow(zone.id))!.area).toHaveLength(2);

    const stale = await as.owner!('PUT', `/admin/v1/delivery-zones/${zone.id}`, update);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT', details: { current: 2 } });
    expect((await as.owner!('DELETE', `/admin/v1/delivery-zones/${zone.id}?version=1`)).statusCode).toBe(409);

    const deleted = await as.owner!('DELETE', `/admin/v1/delivery-zones/${zone.id}?version=2`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await zoneRow(zone.id)).toBeUndefined();
    expect((await as.owner!('GET', `/admin/v1/delivery-zones/${zone.id}`)).statusCode).toBe(404);

    const trail = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.merchantId, T.id), eq(auditLog.objectId, zone.id)));
    expect(trail.map((e) => e.action).sort()).toEqual(['create', 'delete', 'update']);
    expect(trail.every((e) => e.objectType === 'delivery-zone')).toBe(true);
    expect(trail.find((e) => e.action === 'update')!.before).toMatchObject({ price: 47_000, version: 1 });
  });

  it('lets only the owner and the admin in: 403 for the manager, operator, kitchen and courier', async () => {
    for (const role of ['manager', 'operator', 'kitchen', 'courier']) {
      expect((await as[role]!('GET', '/admin/v1/delivery-zones')).statusCode).toBe(403);
      const post = await as[role]!('POST', '/admin/v1/delivery-zones', zoneBody());
      expect(post.statusCode).toBe(403);
      expect(post.json().code).toBe('FORBIDDEN');
      expect((await as[role]!('PUT', `/admin/v1/delivery-zones/${seedZone('chilonzor')}`, { ...zoneBody(), version: 1 })).statusCode).toBe(
        403,
      );
      expect((await as[role]!('DELETE', `/admin/v1/delivery-zones/${seedZone('chilonzor')}?version=1`)).statusCode).toBe(403);
      expect((await as[role]!('POST', '/admin/v1/delivery-zones/test', IN_PARK)).statusCode).toBe(403);
    }
    expect(await zoneRow(seedZone('chilonzor'))).toBeDefined();
  });

  it("answers another brand's zone, city or branch as not found", async () => {
    const [foreign] = await t.database.db
      .insert(deliveryZones)
      .values({
        merchantId: N.id,
        cityId: N.cities.tashkent,
        name: 'Navbahor',
        area: [
          {
            outer: [
              [41.3, 69.2],
              [41.3, 69.3],
              [41.4, 69.3],
            ],
            holes: [],
          },
        ],
      })
      .returning();
    const id = foreign!.id;
    expect((await as.owner!('GET', `/admin/v1/delivery-zones/${id}`)).statusCode).toBe(404);
    expect((await as.owner!('PUT', `/admin/v1/delivery-zones/${id}`, { ...zoneBody(), version: 1 })).statusCode).toBe(404);
    expect((await as.owner!('DELETE', `/admin/v1/delivery-zones/${id}?version=1`)).statusCode).toBe(404);
    expect(AdminZoneList.parse((await as.owner!('GET', '/admin/v1/delivery-zones')).json()).content.map((z) => z.id)).not.toContain(id);
    const row = (
      await t.database.db
        .select()
        .from(deliveryZones)
        .where(and(eq(deliveryZones.merchantId, N.id), eq(deliveryZones.id, id)))
    )[0]!;
    expect(row).toMatchObject({ name: 'Navbahor', version: 1 });

    const city = await as.owner!('POST', '/admin/v1/delivery-zones', zoneBody({ cityId: N.cities.tashkent }));
    expect(city.statusCode).toBe(400);
    expect(fieldsOf(city)).toEqual(['body.cityId']);
    const branch = await as.owner!('POST', '/admin/v1/delivery-zones', zoneBody({ branchId: N.branches.mirobod }));
    expect(branch.statusCode).toBe(400);
    expect(fieldsOf(branch)).toEqual(['body.branchId']);
  });

  it('refuses a bad area or tariff with 400 VALIDATION_FAILED naming the field, and writes nothing', async () => {
    const before = (await t.database.db.select().from(deliveryZones).where(eq(deliveryZones.merchantId, T.id))).length;
    const ring = box(69.2, 41.3, 69.3, 41.4);
    const cases: [unknown, string][] = [
      [{ type: 'Polygon', coordinates: [ring.slice(0, 4)] }, 'body.area.coordinates.0.3'], // not closed
      [{ type: 'Polygon', coordinates: [ring.slice(0, 3)] }, 'body.area.coordinates.0'], // too few positions
      [{ type: 'Polygon', coordinates: [ring.map((p, i) => (i === 2 ? [69.3, 95] : p))] }, 'body.area.coordinates.0.2'], // latitude out of range
      [{ type: 'Polygon', coordinates: [ring.map((p, i) => (i === 1 ? [181, 41.3] : p))] }, 'body.area.coordinates.0.1'],
      [
        {
          type: 'Polygon',
          coordinates: [
            [
              [69.2, 41.3],
              [69.3, 41.4],
              [69.3, 41.3],
              [69.2, 41.4],
              [69.2, 41.3],
            ],
          ],
        },
        'body.area.coordinates.0.0',
      ], // a bow tie
      [{ type: 'Point', coordinates: [69.2, 41.3] }, 'body.area.type'],
      [{ type: 'MultiPolygon', coordinates: [[ring], [ring.slice(0, 4)]] }, 'body.area.coordinates.1.0.3'],
    ];
    for (const [area, field] of cases) {
      const res = await as.owner!('POST', '/admin/v1/delivery-zones', zoneBody({ area }));
      expect(res.statusCode, JSON.stringify(area)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(fieldsOf(res), JSON.stringify(area)).toContain(field);
    }
    const bands = await as.owner!(
      'POST',
      '/admin/v1/delivery-zones',
      zoneBody({
        bands: [
          { fromKm: 5, pricePerKm: 1000 },
          { fromKm: 3, pricePerKm: 1000 },
        ],
      }),
    );
    expect(bands.statusCode).toBe(400);
    expect(fieldsOf(bands)).toContain('body.bands.1.fromKm');
    const price = await as.owner!('POST', '/admin/v1/delivery-zones', zoneBody({ price: -1 }));
    expect(fieldsOf(price)).toContain('body.price');
    const colour = await as.owner!('POST', '/admin/v1/delivery-zones', zoneBody({ color: 'green' }));
    expect(fieldsOf(colour)).toContain('body.color');
    expect((await t.database.db.select().from(deliveryZones).where(eq(deliveryZones.merchantId, T.id))).length).toBe(before);
  });

  const quoteAt = async (point: { latitude: number; longitude: number }, more: Record<string, unknown> = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/v1/orders/quote',
      headers: { 'x-merchant-id': T.id },
      payload: {
        serviceType: 'DELIVERY',
        address: point,
        cartItems: [{ productId: T.products.fries, count: 3, modifications: [] }],
        ...more,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return QuoteResponse.parse(res.json());
  };
  const tester = async (body: Record<string, unknown>) => {
    const res = await as.owner!('POST', '/admin/v1/delivery-zones/test', body);
    expect(res.statusCode, res.body).toBe(200);
    return ZoneTestResult.parse(res.json());
  };

  it('the tester answers the zone, the price and the minimum the quote gives, and says so outside every zone', async () => {
    // Chilonzor with its branch chosen: the district's tariff for the distance, the same as the quote's.
    const q = await quoteAt(NEAR_CHILONZOR, { branchId: T.branches.chilonzor });
    const subtotal = q.productPrice - q.productDiscount;
    const here = await tester({ ...NEAR_CHILONZOR, subtotal, branchId: T.branches.chilonzor });
    expect(here.zone).toMatchObject({ id: seedZone('chilonzor'), name: 'Chilonzor' });
    expect(here.deliveryPrice).toBe(q.deliveryPrice);
    expect(here).toMatchObject({ minOrderAmount: 50_000, freeAbove: 250_000, branchId: T.branches.chilonzor, problem: null });
    expect(here.belowMinimum).toBe(q.problems.some((p) => p.code === 'DELIVERY_MIN_AMOUNT'));
    // Free above the zone's threshold, as the tariff says.
    expect((await tester({ ...NEAR_CHILONZOR, subtotal: 250_000 })).deliveryPrice).toBe(0);

    // The park is cut out of Chilonzor: the city-wide ring holds it, with its minimum.
    const park = await tester({ ...IN_PARK, subtotal: 10_000 });
    expect(park.zone?.id).toBe(seedZone('tashkent-city'));
    expect(park).toMatchObject({ minOrderAmount: 80_000, belowMinimum: true });
    expect(park.deliveryPrice).toBe((await quoteAt(IN_PARK)).deliveryPrice);

    const nowhere = await tester(NOWHERE);
    expect(nowhere.zone).toBeNull();
    expect(nowhere.freeAbove).toBeNull();
    expect((await quoteAt(NOWHERE)).problems.some((p) => p.code === 'OUT_OF_SERVICE_ZONE')).toBe(nowhere.problem === 'OUT_OF_SERVICE_ZONE');

    const bad = await as.owner!('POST', '/admin/v1/delivery-zones/test', { latitude: 100, longitude: 69 });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toContain('body.latitude');
    const foreignBranch = await as.owner!('POST', '/admin/v1/delivery-zones/test', { ...IN_PARK, branchId: N.branches.mirobod });
    expect(fieldsOf(foreignBranch)).toContain('body.branchId');
  });

  it('a new zone changes the storefront quote at its point at once, and its removal brings the old price back', async () => {
    const before = await quoteAt(IN_PARK);
    expect(before.deliveryPrice).not.toBe(47_000);
    const created = await as.owner!('POST', '/admin/v1/delivery-zones', zoneBody());
    expect(created.statusCode, created.body).toBe(201);
    const zone = AdminZone.parse(created.json());

    await heard(backend, async () => {
      expect((await quoteAt(IN_PARK)).deliveryPrice).toBe(47_000);
      const region = z
        .array(Region)
        .parse((await t.app.inject({ method: 'GET', url: '/api/users/v1/region', headers: { 'x-merchant-id': T.id } })).json());
      expect(region.map((r) => r.id)).toContain(zone.id);
    });
    expect((await tester(IN_PARK)).zone?.id).toBe(zone.id);

    const repriced = await as.owner!('PUT', `/admin/v1/delivery-zones/${zone.id}`, {
      ...zoneBody({ price: 52_000 }),
      version: zone.version,
    });
    expect(repriced.statusCode, repriced.body).toBe(200);
    await heard(backend, async () => expect((await quoteAt(IN_PARK)).deliveryPrice).toBe(52_000));

    expect((await as.owner!('DELETE', `/admin/v1/delivery-zones/${zone.id}?version=${zone.version + 1}`)).statusCode).toBe(200);
    await heard(backend, async () => expect((await quoteAt(IN_PARK)).deliveryPrice).toBe(before.deliveryPrice));
  });
});
