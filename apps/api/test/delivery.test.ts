import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, demoId } from '@dasturxon/db/seed';
import { areaContains, distanceMeters, type LatLng } from '@dasturxon/domain';
import { ClosestBranch, QuoteResponse, Region, TariffResponse } from '@dasturxon/domain/contracts';
import { z } from 'zod';
import { BACKENDS, createTestApp, openRoundTheClock, type TestApp } from './harness.ts';

const T = DEMO.tezkor;
const TEZKOR = { 'x-merchant-id': T.id };
const zone = (key: string) => demoId(`${T.sub}/zone/${key}`);

// Points against the demo zones (packages/db/src/seed/tezkor.seed.ts).
const NEAR_CHILONZOR: LatLng = [41.2765, 69.2045]; // the Chilonzor district, a few hundred metres from its branch
const IN_PARK: LatLng = [41.2845, 69.201]; // Milliy bog', the hole cut out of the Chilonzor zone
const IN_CENTRE: LatLng = [41.33, 69.23]; // Shayxontohur: a district of its own, with no branch
const IN_YUNUSOBOD: LatLng = [41.37, 69.29];
const IN_SERGELI: LatLng = [41.23, 69.23]; // its branch is closed at the seed's moment
const NOWHERE: LatLng = [41.0, 69.0];

describe.each(BACKENDS)('delivery zones, the tariff and the serving branch on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
    // Yunusobod keeps 10:00-03:00 in the demo; a run at night in Tashkent would find it closed and answer another branch.
    await openRoundTheClock(t, T.id, T.branches.yunusobod);
  });
  afterAll(async () => {
    await t?.close();
  });

  const tariff = (body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/deliveries/v1/delivery/tariff/client/calculate', headers: TEZKOR, payload: body });
  const at = ([latitude, longitude]: LatLng, productPrice: number, more: Record<string, unknown> = {}) =>
    tariff({ latitude, longitude, productPrice, ...more });

  describe('GET /users/v1/region', () => {
    it('answers every zone to a guest, highest priority first, with the parts, holes and tariffs', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/users/v1/region', headers: TEZKOR });
      expect(res.statusCode).toBe(200);
      const zones = z.array(Region).parse(res.json());
      expect(zones.map((z) => z.id)).toEqual(
        expect.arrayContaining([zone('chilonzor'), zone('centre'), zone('tashkent-city'), zone('samarkand')]),
      );
      expect(zones.map((z) => z.priority)).toEqual([...zones.map((z) => z.priority)].sort((a, b) => b - a));
      const chilonzor = zones.find((z) => z.id === zone('chilonzor'))!;
      expect(chilonzor.area[0]!.holes).toHaveLength(1);
      expect(chilonzor.polygon).toEqual(chilonzor.area[0]!.outer);
      expect(chilonzor).toMatchObject({
        branchId: T.branches.chilonzor,
        price: 12_000,
        freeAbove: 250_000,
        minOrderAmount: 50_000,
        bands: [{ fromKm: 5, pricePerKm: 1500 }],
      });
      expect(zones.find((z) => z.id === zone('tashkent-city'))).toMatchObject({ priority: 1, branchId: null, minOrderAmount: 80_000 });
    });

    it("answers only the brand's own zones", async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/users/v1/region', headers: { 'x-merchant-id': DEMO.navbahor.id } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    });
  });

  describe('POST /deliveries/v1/delivery/tariff/client/calculate', () => {
    it("prices an address by its district's tariff from the district's branch", async () => {
      const res = await at(NEAR_CHILONZOR, 60_000);
      expect(res.statusCode).toBe(200);
      const body = TariffResponse.parse(res.json());
      expect(body).toMatchObject({
        price: 12_000,
        zoneId: zone('chilonzor'),
        branchId: T.branches.chilonzor,
        minOrderAmount: 50_000,
        freeAbove: 250_000,
      });
      expect(body.distance).toBeLessThan(500);
    });

    it('adds the distance bands, and delivers free from the threshold', async () => {
      // The centre has no branch: the nearest that delivers now serves it, and beyond 5 km each started km costs 1 500.
      const centre = TariffResponse.parse((await at(IN_CENTRE, 60_000)).json());
      expect(centre.zoneId).toBe(zone('centre'));
      const km = Math.ceil(centre.distance / 1000 - 1e-9);
      expect(centre.price).toBe(20_000 + Math.max(0, km - 5) * 1500);
      expect(TariffResponse.parse((await at(IN_CENTRE, 250_000)).json()).price).toBe(0);
    });

    it('takes the hole out of its zone: the park falls to the city-wide ring and its higher minimum', async () => {
      const res = await at(IN_PARK, 100_000);
      expect(res.statusCode).toBe(200);
      const body = TariffResponse.parse(res.json());
      expect(body).toMatchObject({ zoneId: zone('tashkent-city'), minOrderAmount: 80_000, freeAbove: null });
      const below = await at(IN_PARK, 60_000);
      expect(below.statusCode).toBe(409);
      expect(below.json()).toMatchObject({ code: 'DELIVERY_MIN_AMOUNT', details: { minAmount: 80_000 } });
    });

    it('refuses an address outside every zone, a closed branch and an unknown one', async () => {
      const outside = await at(NOWHERE, 60_000);
      expect(outside.statusCode).toBe(409);
      expect(outside.json().code).toBe('OUT_OF_SERVICE_ZONE');
      expect(outside.json().description.ru).toBeTruthy();
      const closed = await at(IN_SERGELI, 60_000, { branchId: T.branches.sergeli });
      expect(closed.statusCode).toBe(409);
      expect(closed.json()).toMatchObject({ code: 'BRANCH_CLOSED', details: { branchId: T.branches.sergeli } });
      const unknown = await at(NEAR_CHILONZOR, 60_000, { branchId: DEMO.navbahor.branches.mirobod });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().code).toBe('BRANCH_NOT_FOUND');
    });

    it('serves a zone whose branch is closed from the nearest branch that delivers now', async () => {
      const body = TariffResponse.parse((await at(IN_SERGELI, 60_000)).json());
      expect(body.zoneId).toBe(zone('sergeli'));
      expect(body.branchId).not.toBe(T.branches.sergeli);
    });

    it('refuses a bad body with the field named', async () => {
      const res = await tariff({ latitude: 200, longitude: 69, productPrice: 1000 });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(JSON.stringify(res.json().details)).toContain('latitude');
      expect((await tariff({ latitude: 41.3, longitude: 69.2, productPrice: 1000, price: 0 })).statusCode).toBe(400);
    });

    it('agrees with the quote on the same basket, branch and address', async () => {
      const quote = await t.app.inject({
        method: 'POST',
        url: '/api/orders/v1/orders/quote',
        headers: TEZKOR,
        payload: {
          serviceType: 'DELIVERY',
          branchId: T.branches.chilonzor,
          address: { latitude: IN_CENTRE[0], longitude: IN_CENTRE[1] },
          cartItems: [{ productId: T.products.fries, count: 5, modifications: [] }],
        },
      });
      const q = QuoteResponse.parse(quote.json());
      const amount = q.productPrice - q.productDiscount;
      const priced = TariffResponse.parse((await at(IN_CENTRE, amount, { branchId: T.branches.chilonzor })).json());
      expect(q.deliveryPrice).toBe(priced.price);
      expect(q.deliveryPrice).toBeGreaterThan(20_000);
    });

    it("quotes the park's address with the ring's tariff and minimum", async () => {
      const quote = await t.app.inject({
        method: 'POST',
        url: '/api/orders/v1/orders/quote',
        headers: TEZKOR,
        payload: {
          serviceType: 'DELIVERY',
          branchId: T.branches.chilonzor,
          address: { latitude: IN_PARK[0], longitude: IN_PARK[1] },
          cartItems: [{ productId: T.products.fries, count: 1, modifications: [] }],
        },
      });
      const q = QuoteResponse.parse(quote.json());
      expect(q.problems).toContainEqual(expect.objectContaining({ code: 'DELIVERY_MIN_AMOUNT', details: { minAmount: 80_000 } }));
    });
  });

  describe('GET /users/v1/branches/merchant/{merchantId}/closest', () => {
    const closest = (point: LatLng, type?: string, merchantId: string = T.id) =>
      t.app.inject({
        method: 'GET',
        url: `/api/users/v1/branches/merchant/${merchantId}/closest?lat=${point[0]}&lon=${point[1]}${type ? `&type=${type}` : ''}`,
        headers: TEZKOR,
      });

    it("answers the zone's branch for delivery, with its distance", async () => {
      const res = await closest(IN_YUNUSOBOD, 'DELIVERY');
      expect(res.statusCode).toBe(200);
      const branch = ClosestBranch.parse(res.json());
      expect(branch.id).toBe(T.branches.yunusobod);
      expect(branch.distance).toBe(Math.round(distanceMeters([branch.latitude, branch.longitude], IN_YUNUSOBOD)));
    });

    it('answers the nearest open branch when the zone has none or its own is closed, and the nearest pickup for PICK_UP', async () => {
      const zones = z.array(Region).parse((await t.app.inject({ method: 'GET', url: '/api/users/v1/region', headers: TEZKOR })).json());
      expect(areaContains(zones.find((z) => z.id === zone('sergeli'))!.area, IN_SERGELI)).toBe(true);
      const forSergeli = ClosestBranch.parse((await closest(IN_SERGELI)).json());
      expect(forSergeli.id).not.toBe(T.branches.sergeli);
      expect(forSergeli.isOpen || forSergeli.settings.deliveryEnabled).toBe(true);
      // Pickup: every open branch that allows pickup is a candidate, wherever the zones are.
      const pickup = ClosestBranch.parse((await closest(NEAR_CHILONZOR, 'PICK_UP')).json());
      expect(pickup.id).toBe(T.branches.chilonzor);
    });

    it("refuses another brand's merchant id and a bad query", async () => {
      expect((await closest(IN_YUNUSOBOD, 'DELIVERY', DEMO.navbahor.id)).statusCode).toBe(404);
      const bad = await closest([500, 69], 'DELIVERY');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('VALIDATION_FAILED');
    });

    it('answers 404 when no branch takes the service now', async () => {
      // Navbahor delivers nothing: no branch of theirs takes a delivery.
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/users/v1/branches/merchant/${DEMO.navbahor.id}/closest?lat=41.3&lon=69.28&type=DELIVERY`,
        headers: { 'x-merchant-id': DEMO.navbahor.id },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('BRANCH_NOT_FOUND');
    });
  });
});
