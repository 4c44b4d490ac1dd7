import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { areaContains, type ZoneArea } from '../src/delivery.ts';
import { ringSelfIntersection, zoneAreaFromGeoJson, zoneAreaToGeoJson, type GeoJsonArea } from '../src/zone-geojson.ts';

// A square around Tashkent's centre with a hole in its middle, as GeoJSON ([lng, lat], closed).
const OUTER = [
  [69.2, 41.3],
  [69.3, 41.3],
  [69.3, 41.4],
  [69.2, 41.4],
  [69.2, 41.3],
] as const;
const HOLE = [
  [69.24, 41.34],
  [69.26, 41.34],
  [69.26, 41.36],
  [69.24, 41.36],
  [69.24, 41.34],
] as const;
const polygon: GeoJsonArea = { type: 'Polygon', coordinates: [OUTER, HOLE] };

const read = (geo: unknown) => {
  const out = zoneAreaFromGeoJson(geo);
  if (!out.ok) throw new Error(JSON.stringify(out.problems));
  return out.area;
};
const problems = (geo: unknown) => {
  const out = zoneAreaFromGeoJson(geo);
  if (out.ok) throw new Error('expected problems');
  return out.problems;
};

describe('zoneAreaFromGeoJson', () => {
  it('turns [lng, lat] rings into the domain area: [lat, lng], first ring outer, the rest holes, no closing point', () => {
    const area = read(polygon);
    expect(area).toHaveLength(1);
    expect(area[0]!.outer).toEqual([
      [41.3, 69.2],
      [41.3, 69.3],
      [41.4, 69.3],
      [41.4, 69.2],
    ]);
    expect(area[0]!.holes).toHaveLength(1);
    expect(areaContains(area, [41.32, 69.22])).toBe(true);
    expect(areaContains(area, [41.35, 69.25])).toBe(false); // in the hole
    expect(areaContains(area, [41.5, 69.25])).toBe(false);
  });

  it('reads a MultiPolygon as several parts', () => {
    const far = OUTER.map(([lng, lat]) => [lng + 1, lat] as const);
    const area = read({ type: 'MultiPolygon', coordinates: [[OUTER], [far]] });
    expect(area).toHaveLength(2);
    expect(areaContains(area, [41.35, 70.25])).toBe(true);
  });

  it('keeps coordinates to 6 decimals', () => {
    const ring = [
      [69.2000004, 41.3],
      [69.3, 41.3],
      [69.3, 41.4],
      [69.2000004, 41.3],
    ];
    expect(read({ type: 'Polygon', coordinates: [ring] })[0]!.outer[0]).toEqual([41.3, 69.2]);
  });

  it('names what is wrong', () => {
    expect(problems({ type: 'Point', coordinates: [69, 41] })[0]!.path).toEqual(['type']);
    expect(problems(null)[0]!.path).toEqual(['type']);
    expect(problems({ type: 'Polygon', coordinates: [] })[0]!.path).toEqual(['coordinates']);
    // Too few positions.
    expect(problems({ type: 'Polygon', coordinates: [OUTER.slice(0, 3)] })[0]).toMatchObject({ path: ['coordinates', 0] });
    // Not closed.
    expect(problems({ type: 'Polygon', coordinates: [[...OUTER.slice(0, 4), [69.2, 41.35]]] })[0]!.message).toMatch(/closed/);
    // Out of range, not finite, not a pair.
    const at = (i: number, p: unknown) => OUTER.map((q, j) => (j === i ? p : q));
    expect(problems({ type: 'Polygon', coordinates: [OUTER, at(2, [69.3, 91])] })[0]!.path).toEqual(['coordinates', 1, 2]);
    expect(problems({ type: 'Polygon', coordinates: [at(1, [200, 41.3])] })[0]!.path).toEqual(['coordinates', 0, 1]);
    expect(problems({ type: 'Polygon', coordinates: [at(1, [Number.NaN, 41.3])] })[0]!.path).toEqual(['coordinates', 0, 1]);
    expect(problems({ type: 'Polygon', coordinates: [at(1, [69.3, 41.3, 5])] })[0]!.path).toEqual(['coordinates', 0, 1]);
    expect(problems({ type: 'Polygon', coordinates: [at(1, '69,41')] })[0]!.path).toEqual(['coordinates', 0, 1]);
    // A MultiPolygon's second polygon.
    expect(problems({ type: 'MultiPolygon', coordinates: [[OUTER], [OUTER.slice(0, 2)]] })[0]!.path).toEqual(['coordinates', 1, 0]);
  });

  it('refuses a ring that crosses itself (a bow tie), or folds back over itself (a line encloses nothing)', () => {
    const bowTie = [
      [69.2, 41.3],
      [69.3, 41.4],
      [69.3, 41.3],
      [69.2, 41.4],
      [69.2, 41.3],
    ];
    expect(problems({ type: 'Polygon', coordinates: [bowTie] })[0]!.message).toMatch(/crosses itself/);
    const line = [
      [69.2, 41.3],
      [69.3, 41.3],
      [69.4, 41.3],
      [69.2, 41.3],
    ];
    expect(problems({ type: 'Polygon', coordinates: [line] })[0]!.message).toMatch(/crosses itself/);
    const spike = [
      [69.2, 41.3],
      [69.3, 41.3],
      [69.3, 41.4],
      [69.3, 41.35],
      [69.2, 41.4],
      [69.2, 41.3],
    ];
    expect(problems({ type: 'Polygon', coordinates: [spike] })[0]!.message).toMatch(/crosses itself/);
    const repeated = [[69.2, 41.3], ...OUTER];
    expect(problems({ type: 'Polygon', coordinates: [repeated] })[0]!.message).toMatch(/repeats/);
  });

  it('finds no crossing in a convex ring, whatever its corners', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 40 }), fc.double({ min: 0.001, max: 1, noNaN: true }), (n, r) => {
        const ring = Array.from(
          { length: n },
          (_, i) => [r * Math.cos((2 * Math.PI * i) / n), r * Math.sin((2 * Math.PI * i) / n)] as const,
        );
        expect(ringSelfIntersection([...ring, ring[0]!])).toBe(-1);
      }),
    );
  });
});

describe('zoneAreaToGeoJson', () => {
  it('answers one part as a Polygon with closed [lng, lat] rings, and reads back to the same area', () => {
    const geo = zoneAreaToGeoJson(read(polygon));
    expect(geo).toEqual(polygon);
  });

  it('answers several parts as a MultiPolygon; an area stored without closing points comes out closed', () => {
    const area: ZoneArea = [
      {
        outer: [
          [41.3, 69.2],
          [41.3, 69.3],
          [41.4, 69.3],
        ],
        holes: [],
      },
      {
        outer: [
          [42.3, 69.2],
          [42.3, 69.3],
          [42.4, 69.3],
        ],
        holes: [],
      },
    ];
    const geo = zoneAreaToGeoJson(area);
    expect(geo.type).toBe('MultiPolygon');
    expect(geo.coordinates[0]).toEqual([
      [
        [69.2, 41.3],
        [69.3, 41.3],
        [69.3, 41.4],
        [69.2, 41.3],
      ],
    ]);
    expect(read(geo)).toEqual(area);
  });
});
