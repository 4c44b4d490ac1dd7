import { roundCoordinate } from './geo.ts';
import type { Ring, ZoneArea, ZonePolygon } from './delivery.ts';

/*
 * A delivery zone's area as the back office's API speaks it (issue 28): GeoJSON (RFC 7946) `Polygon` or
 * `MultiPolygon`, positions [longitude, latitude], every ring closed, the first ring of a polygon its outer
 * boundary and the rest its holes. The zones themselves keep the domain's `ZoneArea` ([latitude, longitude] rings,
 * no closing point). This is the one place the two are turned into each other and a drawn area is judged.
 */

/** A GeoJSON position: [longitude, latitude]. */
export type GeoJsonPosition = readonly [number, number];
export interface GeoJsonPolygon {
  type: 'Polygon';
  coordinates: readonly (readonly GeoJsonPosition[])[];
}
export interface GeoJsonMultiPolygon {
  type: 'MultiPolygon';
  coordinates: readonly (readonly (readonly GeoJsonPosition[])[])[];
}
export type GeoJsonArea = GeoJsonPolygon | GeoJsonMultiPolygon;

/** What is wrong with a drawn area: where (path under the GeoJSON object) and what. */
export interface AreaProblem {
  path: (string | number)[];
  message: string;
}

/** Limits that keep a zone a zone and its checks cheap. */
export const ZONE_LIMITS = { parts: 50, holes: 50, positions: 5000 } as const;

type Point = readonly [number, number];

/** The sign of the turn a → b → c: > 0 left, < 0 right, 0 in line. */
const turn = (a: Point, b: Point, c: Point) => (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
const sign = (v: number) => (v > 0 ? 1 : v < 0 ? -1 : 0);
/** Whether c, in line with a–b, lies on the segment a–b. */
const onSegment = (a: Point, b: Point, c: Point) =>
  Math.min(a[0], b[0]) <= c[0] && c[0] <= Math.max(a[0], b[0]) && Math.min(a[1], b[1]) <= c[1] && c[1] <= Math.max(a[1], b[1]);

/** Whether two segments share any point (touching counts). */
function segmentsMeet(p1: Point, p2: Point, q1: Point, q2: Point): boolean {
  const d1 = sign(turn(q1, q2, p1));
  const d2 = sign(turn(q1, q2, p2));
  const d3 = sign(turn(p1, p2, q1));
  const d4 = sign(turn(p1, p2, q2));
  if (d1 !== d2 && d3 !== d4 && d1 !== 0 && d2 !== 0 && d3 !== 0 && d4 !== 0) return true;
  return (
    (d1 === 0 && onSegment(q1, q2, p1)) ||
    (d2 === 0 && onSegment(q1, q2, p2)) ||
    (d3 === 0 && onSegment(p1, p2, q1)) ||
    (d4 === 0 && onSegment(p1, p2, q2))
  );
}

/**
 * The index of the first edge that crosses or touches another edge of a closed ring (its last point repeats its
 * first), or -1 when the ring is simple. Neighbouring edges may only share their common corner; an edge folding back
 * over its neighbour counts as crossing.
 */
export function ringSelfIntersection(ring: readonly Point[]): number {
  const n = ring.length - 1; // edges
  for (let i = 0; i < n; i++) {
    const a1 = ring[i]!;
    const a2 = ring[i + 1]!;
    for (let j = i + 1; j < n; j++) {
      const b1 = ring[j]!;
      const b2 = ring[j + 1]!;
      const neighbours = j === i + 1 || (i === 0 && j === n - 1);
      if (!neighbours) {
        if (segmentsMeet(a1, a2, b1, b2)) return i;
        continue;
      }
      // Neighbours share one corner; they must not lie over each other beyond it.
      const shared = j === i + 1 ? a2 : a1;
      const farA = j === i + 1 ? a1 : a2;
      const farB = j === i + 1 ? b2 : b1;
      if (turn(farA, shared, farB) === 0 && (onSegment(shared, farA, farB) || onSegment(shared, farB, farA))) return i;
    }
  }
  return -1;
}

function checkRing(ring: unknown, path: (string | number)[], problems: AreaProblem[]): Point[] | null {
  if (!Array.isArray(ring)) {
    problems.push({ path, message: 'A ring is a list of positions' });
    return null;
  }
  if (ring.length < 4) {
    problems.push({ path, message: 'A ring needs at least 4 positions (3 corners and the first again)' });
    return null;
  }
  if (ring.length > ZONE_LIMITS.positions) {
    problems.push({ path, message: `A ring has at most ${ZONE_LIMITS.positions} positions` });
    return null;
  }
  const points: Point[] = [];
  for (let i = 0; i < ring.length; i++) {
    const p: unknown = ring[i];
    const lng = Array.isArray(p) ? (p[0] as unknown) : undefined;
    const lat = Array.isArray(p) ? (p[1] as unknown) : undefined;
    if (!Array.isArray(p) || p.length !== 2 || typeof lng !== 'number' || typeof lat !== 'number') {
      problems.push({ path: [...path, i], message: 'A position is [longitude, latitude]' });
      return null;
    }
    if (!Number.isFinite(lng) || !Number.isFinite(lat) || lng < -180 || lng > 180 || lat < -90 || lat > 90) {
      problems.push({ path: [...path, i], message: 'Longitude must be within -180..180 and latitude within -90..90' });
      return null;
    }
    points.push([roundCoordinate(lng), roundCoordinate(lat)]);
  }
  const first = points[0]!;
  const last = points[points.length - 1]!;
  if (first[0] !== last[0] || first[1] !== last[1]) {
    problems.push({ path: [...path, points.length - 1], message: 'A ring must be closed: its last position repeats its first' });
    return null;
  }
  for (let i = 1; i < points.length; i++) {
    if (points[i]![0] === points[i - 1]![0] && points[i]![1] === points[i - 1]![1]) {
      problems.push({ path: [...path, i], message: 'A position repeats the one before it' });
      return null;
    }
  }
  const crossing = ringSelfIntersection(points);
  if (crossing >= 0) {
    problems.push({ path: [...path, crossing], message: 'The ring crosses itself' });
    return null;
  }
  return points;
}

function checkPolygon(rings: unknown, path: (string | number)[], problems: AreaProblem[]): ZonePolygon | null {
  if (!Array.isArray(rings) || rings.length === 0) {
    problems.push({ path, message: 'A polygon is a list of rings: the outer one first, then its holes' });
    return null;
  }
  if (rings.length > ZONE_LIMITS.holes + 1) {
    problems.push({ path, message: `A polygon has at most ${ZONE_LIMITS.holes} holes` });
    return null;
  }
  const checked = rings.map((ring, i) => checkRing(ring, [...path, i], problems));
  if (checked.some((r) => r === null)) return null;
  // [lng, lat] → [lat, lng], without the closing position.
  const toRing = (r: Point[]): Ring => r.slice(0, -1).map(([lng, lat]) => [lat, lng] as const);
  const [outer, ...holes] = checked as Point[][];
  return { outer: toRing(outer!), holes: holes.map(toRing) };
}

/**
 * A GeoJSON `Polygon` or `MultiPolygon` as a zone's area, or what is wrong with it: every ring at least 4 positions,
 * closed, with finite coordinates in range, no position repeating the one before it, not crossing or folding back over
 * itself (so it encloses an area). Coordinates are kept to 6 decimals (docs/spec-index.md section 9), judged after rounding.
 */
export function zoneAreaFromGeoJson(geo: unknown): { ok: true; area: ZoneArea } | { ok: false; problems: AreaProblem[] } {
  const problems: AreaProblem[] = [];
  const g = geo as { type?: unknown; coordinates?: unknown } | null;
  if (!g || typeof g !== 'object' || (g.type !== 'Polygon' && g.type !== 'MultiPolygon')) {
    return { ok: false, problems: [{ path: ['type'], message: 'The area is a GeoJSON Polygon or MultiPolygon' }] };
  }
  let parts: ZonePolygon[] = [];
  if (g.type === 'Polygon') {
    const part = checkPolygon(g.coordinates, ['coordinates'], problems);
    if (part) parts = [part];
  } else if (!Array.isArray(g.coordinates) || g.coordinates.length === 0) {
    problems.push({ path: ['coordinates'], message: 'A MultiPolygon is a list of polygons' });
  } else if (g.coordinates.length > ZONE_LIMITS.parts) {
    problems.push({ path: ['coordinates'], message: `A MultiPolygon has at most ${ZONE_LIMITS.parts} polygons` });
  } else {
    const checked = g.coordinates.map((rings: unknown, i: number) => checkPolygon(rings, ['coordinates', i], problems));
    if (checked.every((p) => p !== null)) parts = checked;
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, area: parts };
}

/** What is wrong with a GeoJSON area (none: it is a zone's area); see `zoneAreaFromGeoJson`. */
export const geoJsonAreaProblems = (geo: unknown): AreaProblem[] => {
  const read = zoneAreaFromGeoJson(geo);
  return read.ok ? [] : read.problems;
};

/** A ring of the domain as GeoJSON: [longitude, latitude], closed. */
function ringToGeoJson(ring: Ring): GeoJsonPosition[] {
  const out = ring.map(([lat, lng]) => [lng, lat] as const);
  const first = out[0];
  const last = out[out.length - 1];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) out.push(first);
  return out;
}

/** A zone's area as GeoJSON: a `Polygon` for one part, a `MultiPolygon` for several. */
export function zoneAreaToGeoJson(area: ZoneArea): GeoJsonArea {
  const polygons = area.map((part) => [ringToGeoJson(part.outer), ...part.holes.map(ringToGeoJson)]);
  return polygons.length === 1 ? { type: 'Polygon', coordinates: polygons[0]! } : { type: 'MultiPolygon', coordinates: polygons };
}
