import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distanceMeters, type LatLng, pointInPolygon, roundCoordinate } from '../src/geo.ts';

const square: LatLng[] = [
  [0, 0],
  [0, 10],
  [10, 10],
  [10, 0],
];

// A U shape: the notch between its arms (x 4..6, y 4..10) is outside.
const u: LatLng[] = [
  [0, 0],
  [0, 10],
  [10, 10],
  [10, 6],
  [4, 6],
  [4, 4],
  [10, 4],
  [10, 0],
];

describe('pointInPolygon', () => {
  it('finds points inside and outside a square', () => {
    expect(pointInPolygon([5, 5], square)).toBe(true);
    expect(pointInPolygon([0.001, 9.999], square)).toBe(true);
    expect(pointInPolygon([11, 5], square)).toBe(false);
    expect(pointInPolygon([5, -1], square)).toBe(false);
  });

  it('refuses points on the far side, past the ray of the test', () => {
    expect(pointInPolygon([5, 20], square)).toBe(false);
    expect(pointInPolygon([5, -20], square)).toBe(false);
    expect(pointInPolygon([-5, 5], square)).toBe(false);
  });

  it('handles a concave shape', () => {
    expect(pointInPolygon([2, 5], u)).toBe(true); // the base of the U
    expect(pointInPolygon([8, 2], u)).toBe(true); // an arm
    expect(pointInPolygon([8, 8], u)).toBe(true); // the other arm
    expect(pointInPolygon([8, 5], u)).toBe(false); // the notch
    expect(pointInPolygon([12, 5], u)).toBe(false);
  });

  it('does not need the ring closed', () => {
    const closed = [...square, square[0]!];
    expect(pointInPolygon([5, 5], closed)).toBe(true);
    expect(pointInPolygon([15, 5], closed)).toBe(false);
  });

  it('finds nothing inside a degenerate polygon', () => {
    expect(pointInPolygon([0, 0], [])).toBe(false);
    expect(pointInPolygon([0, 0], [[0, 0]])).toBe(false);
  });

  it('works on real coordinates around Tashkent', () => {
    const zone: LatLng[] = [
      [41.35, 69.2],
      [41.35, 69.35],
      [41.25, 69.35],
      [41.25, 69.2],
    ];
    expect(pointInPolygon([41.311321, 69.279223], zone)).toBe(true);
    expect(pointInPolygon([39.654, 66.975], zone)).toBe(false); // Samarkand
  });

  it('agrees with a box test for any point and axis-aligned rectangle', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -100, max: 100 }),
        fc.integer({ min: -100, max: 100 }),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 50 }),
        // Half-integer points never lie on an edge, where the even-odd test may go either way.
        fc.integer({ min: -200, max: 200 }).map((n) => n + 0.5),
        fc.integer({ min: -200, max: 200 }).map((n) => n + 0.5),
        (y0, x0, h, w, y, x) => {
          const rect: LatLng[] = [
            [y0, x0],
            [y0, x0 + w],
            [y0 + h, x0 + w],
            [y0 + h, x0],
          ];
          expect(pointInPolygon([y, x], rect)).toBe(y > y0 && y < y0 + h && x > x0 && x < x0 + w);
        },
      ),
    );
  });
});

describe('distanceMeters', () => {
  it('measures Tashkent to Samarkand as about 270 km', () => {
    const km = distanceMeters([41.2995, 69.2401], [39.627, 66.975]) / 1000;
    expect(km).toBeGreaterThan(260);
    expect(km).toBeLessThan(280);
  });

  it('is zero for the same point and symmetric', () => {
    const a: LatLng = [41.311321, 69.279223];
    const b: LatLng = [41.322711, 69.241084];
    expect(distanceMeters(a, a)).toBe(0);
    expect(distanceMeters(a, b)).toBeCloseTo(distanceMeters(b, a), 6);
  });

  it('measures one degree of latitude as about 111 km', () => {
    expect(distanceMeters([41, 69], [42, 69])).toBeCloseTo(111_195, -2);
  });
});

describe('roundCoordinate', () => {
  it('keeps 6 decimals', () => {
    expect(roundCoordinate(41.3113214999)).toBe(41.311321);
    expect(roundCoordinate(69.2792236)).toBe(69.279224);
  });
});
