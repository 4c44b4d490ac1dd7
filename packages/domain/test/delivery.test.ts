import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ADDRESS_MATCH_TOLERANCE,
  areaContains,
  belowDeliveryMinimum,
  type DeliveryTariff,
  type Ring,
  samePlace,
  servingBranch,
  startedKm,
  tariffPrice,
  type ZoneArea,
  zoneAtPoint,
} from '../src/delivery.ts';
import type { LatLng } from '../src/geo.ts';

/** A rectangle as a ring, corners in [lat, lng]. */
const rect = (lat0: number, lng0: number, lat1: number, lng1: number): Ring => [
  [lat0, lng0],
  [lat0, lng1],
  [lat1, lng1],
  [lat1, lng0],
];
const area = (outer: Ring, ...holes: Ring[]): ZoneArea => [{ outer, holes }];
const micro = (n: number) => n / 1e6;

describe('areaContains', () => {
  const square = area(rect(41.3, 69.2, 41.4, 69.3));
  it('holds the inside and not the outside', () => {
    expect(areaContains(square, [41.35, 69.25])).toBe(true);
    expect(areaContains(square, [41.45, 69.25])).toBe(false);
    expect(areaContains(square, [41.35, 69.1])).toBe(false);
  });
  it('rounds the point to 6 decimals first', () => {
    // 41.2999996 rounds to 41.3, the square's lower edge, which the half-open test counts in.
    expect(areaContains(square, [41.2999996, 69.25])).toBe(true);
    expect(areaContains(square, [41.2999994, 69.25])).toBe(false);
  });
  it('leaves out a hole, and holds a part of a multipolygon', () => {
    const withHole = area(rect(41.3, 69.2, 41.4, 69.3), rect(41.33, 69.23, 41.37, 69.27));
    expect(areaContains(withHole, [41.35, 69.25])).toBe(false);
    expect(areaContains(withHole, [41.31, 69.21])).toBe(true);
    const twoBanks: ZoneArea = [
      { outer: rect(41.3, 69.2, 41.4, 69.3), holes: [] },
      { outer: rect(41.5, 69.2, 41.6, 69.3), holes: [] },
    ];
    expect(areaContains(twoBanks, [41.55, 69.25])).toBe(true);
    expect(areaContains(twoBanks, [41.45, 69.25])).toBe(false);
  });
  it('holds a concave zone: the notch of an L is outside', () => {
    const l = area([
      [0, 0],
      [0, 2],
      [1, 2],
      [1, 1],
      [2, 1],
      [2, 0],
    ]);
    expect(areaContains(l, [0.5, 1.5])).toBe(true);
    expect(areaContains(l, [1.5, 0.5])).toBe(true);
    expect(areaContains(l, [1.5, 1.5])).toBe(false);
  });

  // Points on a lattice of micro-degrees, often exactly on a grid line, edge or vertex.
  const GRID = 1000; // one grid step, in micro-degrees
  const coordinate = fc.oneof(
    fc.integer({ min: 0, max: 4 * GRID - 1 }),
    fc.integer({ min: 0, max: 3 }).map((k) => k * GRID),
  );

  it('gives every point of a tiling of rectangles to exactly one tile, edges and corners included', () => {
    const tiles: ZoneArea[] = [];
    for (let i = 0; i < 4; i++)
      for (let j = 0; j < 4; j++) tiles.push(area(rect(micro(i * GRID), micro(j * GRID), micro((i + 1) * GRID), micro((j + 1) * GRID))));
    fc.assert(
      fc.property(coordinate, coordinate, (y, x) => {
        const holders = tiles.filter((t) => areaContains(t, [micro(y), micro(x)]));
        expect(holders).toHaveLength(1);
      }),
    );
  });

  it('agrees with the union of its parts for a concave L made of two rectangles', () => {
    const s = micro(GRID);
    const l = area([
      [0, 0],
      [0, 2 * s],
      [s, 2 * s],
      [s, s],
      [2 * s, s],
      [2 * s, 0],
    ]);
    const lower = area(rect(0, 0, s, 2 * s));
    const upper = area(rect(s, 0, 2 * s, s));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 * GRID - 1 }), fc.integer({ min: 0, max: 2 * GRID - 1 }), (y, x) => {
        const p: LatLng = [micro(y), micro(x)];
        expect(areaContains(l, p)).toBe(areaContains(lower, p) || areaContains(upper, p));
      }),
    );
  });

  it('never holds a point of a hole, and holds the rest of the outer ring', () => {
    const outer = rect(0, 0, micro(4 * GRID), micro(4 * GRID));
    const hole = rect(micro(GRID), micro(GRID), micro(3 * GRID), micro(3 * GRID));
    const withHole = area(outer, hole);
    fc.assert(
      fc.property(coordinate, coordinate, (y, x) => {
        const p: LatLng = [micro(y), micro(x)];
        expect(areaContains(withHole, p)).toBe(areaContains(area(outer), p) && !areaContains(area(hole), p));
      }),
    );
  });

  it('holds a point in a multipolygon exactly when one of its parts does', () => {
    const parts = [rect(0, 0, micro(GRID), micro(GRID)), rect(micro(2 * GRID), micro(2 * GRID), micro(3 * GRID), micro(4 * GRID))];
    const multi: ZoneArea = parts.map((outer) => ({ outer, holes: [] }));
    fc.assert(
      fc.property(coordinate, coordinate, (y, x) => {
        const p: LatLng = [micro(y), micro(x)];
        expect(areaContains(multi, p)).toBe(parts.some((r) => areaContains(area(r), p)));
      }),
    );
  });
});

describe('zoneAtPoint', () => {
  const centre = { id: 'b-centre', priority: 10, area: area(rect(41.3, 69.2, 41.4, 69.3)) };
  const city = { id: 'a-city', priority: 1, area: area(rect(41.0, 69.0, 41.6, 69.6)) };
  const twin = { id: 'a-twin', priority: 10, area: area(rect(41.3, 69.2, 41.4, 69.3)) };

  it('gives the highest priority where zones overlap, whatever their order', () => {
    expect(zoneAtPoint([city, centre], [41.35, 69.25])?.id).toBe('b-centre');
    expect(zoneAtPoint([centre, city], [41.35, 69.25])?.id).toBe('b-centre');
    expect(zoneAtPoint([centre, city], [41.5, 69.5])?.id).toBe('a-city');
    expect(zoneAtPoint([centre, city], [42, 70])).toBeNull();
  });
  it('breaks a tie of priorities by the smallest id', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray([city, centre, twin], { minLength: 3, maxLength: 3 }), (zones) => {
        expect(zoneAtPoint(zones, [41.35, 69.25])?.id).toBe('a-twin');
      }),
    );
  });
});

describe('tariffPrice', () => {
  const tariff: DeliveryTariff = {
    price: 10_000,
    bands: [
      { fromKm: 3, pricePerKm: 2000 },
      { fromKm: 10, pricePerKm: 3000 },
    ],
    freeAbove: 200_000,
    minOrderAmount: 50_000,
  };
  it('worked examples: base up to 3 km, 2 000 a started km to 10, 3 000 beyond, free from 200 000', () => {
    expect(tariffPrice(tariff, { distanceMeters: 2500, productAmount: 60_000 })).toBe(10_000);
    expect(tariffPrice(tariff, { distanceMeters: 3001, productAmount: 60_000 })).toBe(12_000);
    expect(tariffPrice(tariff, { distanceMeters: 12_000, productAmount: 60_000 })).toBe(10_000 + 7 * 2000 + 2 * 3000);
    expect(tariffPrice(tariff, { distanceMeters: 12_000, productAmount: 200_000 })).toBe(0);
    expect(tariffPrice({ ...tariff, bands: [] }, { distanceMeters: 1, productAmount: 0, minimalDeliveryPrice: 15_000 })).toBe(15_000);
  });
  it('counts started kilometres', () => {
    expect([0, 1, 999, 1000, 1001, 2500].map(startedKm)).toEqual([0, 1, 1, 1, 2, 3]);
  });
  it('refuses a negative or fractional tariff', () => {
    expect(() => tariffPrice({ ...tariff, price: -1 }, { distanceMeters: 0, productAmount: 0 })).toThrow(RangeError);
    expect(() => tariffPrice({ ...tariff, bands: [{ fromKm: 0, pricePerKm: 1.5 }] }, { distanceMeters: 5000, productAmount: 0 })).toThrow(
      RangeError,
    );
  });

  const arbitraryTariff = fc.record({
    price: fc.integer({ min: 0, max: 50_000 }),
    bands: fc
      .array(fc.record({ fromKm: fc.integer({ min: 0, max: 40 }), pricePerKm: fc.integer({ min: 0, max: 10_000 }) }), { maxLength: 4 })
      .map((bands) => [...bands].sort((a, b) => a.fromKm - b.fromKm)),
    freeAbove: fc.option(fc.integer({ min: 0, max: 500_000 }), { nil: null }),
    minOrderAmount: fc.integer({ min: 0, max: 100_000 }),
  });

  it('is never negative, zero from the free threshold on, and never cheaper for a longer way', () => {
    fc.assert(
      fc.property(
        arbitraryTariff,
        fc.integer({ min: 0, max: 60_000 }),
        fc.integer({ min: 0, max: 60_000 }),
        fc.integer({ min: 0, max: 600_000 }),
        fc.integer({ min: 0, max: 30_000 }),
        (t, d1, d2, amount, minimal) => {
          const [near, far] = d1 <= d2 ? [d1, d2] : [d2, d1];
          const priceNear = tariffPrice(t, { distanceMeters: near, productAmount: amount, minimalDeliveryPrice: minimal });
          const priceFar = tariffPrice(t, { distanceMeters: far, productAmount: amount, minimalDeliveryPrice: minimal });
          expect(priceNear).toBeGreaterThanOrEqual(0);
          expect(priceFar).toBeGreaterThanOrEqual(priceNear);
          if (t.freeAbove !== null && amount >= t.freeAbove) expect(priceFar).toBe(0);
          else expect(priceNear).toBeGreaterThanOrEqual(Math.max(t.price, minimal));
        },
      ),
    );
  });

  it('names the minimum when the products do not reach it', () => {
    expect(belowDeliveryMinimum(tariff, 49_999)).toBe(50_000);
    expect(belowDeliveryMinimum(tariff, 50_000)).toBeNull();
    expect(belowDeliveryMinimum({ minOrderAmount: 0 }, 0)).toBeNull();
  });
});

describe('samePlace', () => {
  it('takes points within 0.000099 degrees both ways for one place', () => {
    expect(samePlace([41.311081, 69.240562], [41.311081 + ADDRESS_MATCH_TOLERANCE, 69.240562 - ADDRESS_MATCH_TOLERANCE])).toBe(true);
    expect(samePlace([41.311081, 69.240562], [41.311181, 69.240562])).toBe(false);
  });
});

describe('servingBranch', () => {
  const chilonzor = { id: 'b1', latitude: 41.2856, longitude: 69.2034 };
  const yunusobod = { id: 'b2', latitude: 41.3646, longitude: 69.2871 };
  const home: LatLng = [41.29, 69.21];
  it("takes the zone's branch when it may take the order, else the nearest", () => {
    expect(servingBranch(home, [chilonzor, yunusobod], { branchId: 'b2' })?.branch.id).toBe('b2');
    expect(servingBranch(home, [chilonzor], { branchId: 'b2' })?.branch.id).toBe('b1');
    const nearest = servingBranch(home, [yunusobod, chilonzor]);
    expect(nearest?.branch.id).toBe('b1');
    expect(nearest?.distanceMeters).toBeGreaterThan(500);
    expect(nearest?.distanceMeters).toBeLessThan(1000);
    expect(servingBranch(home, [])).toBeNull();
  });
});
