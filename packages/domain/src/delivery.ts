import { distanceMeters, type LatLng, pointInPolygon, roundPoint } from './geo.ts';
import { sum, type Sum } from './money.ts';

/*
 * Where a brand delivers and for how much (issue 12): delivery zones with holes and several parts, the
 * zone that holds an address, the branch that serves it, and the zone's tariff. Pure: the server's
 * tariff call, the quote and the storefront's location sheet all ask these functions.
 */

/** A closed line of [latitude, longitude] points; repeating the first point at the end is optional. */
export type Ring = readonly LatLng[];

/** One part of a zone: an outer ring and the holes cut out of it (a lake, a closed military area). */
export interface ZonePolygon {
  outer: Ring;
  holes: readonly Ring[];
}

/** A zone's area: one polygon, or several (a multipolygon: a zone on both banks of a river). */
export type ZoneArea = readonly ZonePolygon[];

/** A point as the map and the zones see it: 6 decimals (docs/spec-index.md section 4). */

/**
 * Whether an area holds a point, by the spec's even-odd ray test on the point rounded to 6 decimals:
 * inside a part's outer ring and in none of its holes, in any part. Points on an edge follow the test's
 * half-open rule, so two zones sharing an edge never both hold a point of it.
 */
export function areaContains(area: ZoneArea, point: LatLng): boolean {
  const p = roundPoint(point);
  return area.some((part) => pointInPolygon(p, part.outer) && !part.holes.some((hole) => pointInPolygon(p, hole)));
}

/** What choosing a zone needs of it. */
export interface ZoneForPoint {
  id: string;
  /** Where zones overlap, the highest priority wins. */
  priority: number;
  area: ZoneArea;
}

/** The zone that holds a point: of those that do, the highest priority, and of equal priorities the smallest id (never the row order). */
export function zoneAtPoint<Z extends ZoneForPoint>(zones: readonly Z[], point: LatLng): Z | null {
  let best: Z | null = null;
  for (const zone of zones) {
    if (!areaContains(zone.area, point)) continue;
    if (!best || zone.priority > best.priority || (zone.priority === best.priority && zone.id < best.id)) best = zone;
  }
  return best;
}

/** From `fromKm` on, each started kilometre costs `pricePerKm` (until the next band starts). */
export interface DistanceBand {
  fromKm: number;
  pricePerKm: number;
}

/** A zone's delivery tariff, in whole so'm. */
export interface DeliveryTariff {
  /** What delivery costs up to the first band. */
  price: number;
  /** Ascending by `fromKm`. */
  bands: readonly DistanceBand[];
  /** Products worth at least this are delivered free; null for never. */
  freeAbove: number | null;
  /** Products must be worth at least this to be delivered (0: no minimum). */
  minOrderAmount: number;
}

/** Kilometres as the tariff counts them: every started kilometre (1 m is 1 km, 1 001 m is 2). */
export const startedKm = (meters: number): number => Math.max(0, Math.ceil(meters / 1000 - 1e-9));

/**
 * The delivery price of a tariff for a distance and the products' worth (after their own discounts):
 * 0 from `freeAbove` on; else the base price plus each band's price for the started kilometres that
 * fall in it, and never less than the merchant's minimal delivery price (service fee settings). Never
 * negative, and never cheaper for a longer way.
 */
export function tariffPrice(
  tariff: DeliveryTariff,
  input: { distanceMeters: number; productAmount: number; minimalDeliveryPrice?: number },
): Sum {
  if (tariff.freeAbove !== null && input.productAmount >= tariff.freeAbove) return sum(0);
  const km = startedKm(input.distanceMeters);
  let price = nonNegative(tariff.price, 'price');
  tariff.bands.forEach((band, i) => {
    const until = tariff.bands[i + 1]?.fromKm ?? Number.POSITIVE_INFINITY;
    const inBand = Math.max(0, Math.min(km, until) - band.fromKm);
    price += inBand * nonNegative(band.pricePerKm, 'pricePerKm');
  });
  return sum(Math.max(price, nonNegative(input.minimalDeliveryPrice ?? 0, 'minimalDeliveryPrice')));
}

function nonNegative(value: number, name: string): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a whole, non-negative number of so'm, got ${value}`);
  return value;
}

/** The minimum the products must reach for delivery under a tariff, when they do not reach it; null when they do. */
export function belowDeliveryMinimum(tariff: Pick<DeliveryTariff, 'minOrderAmount'>, productAmount: number): number | null {
  return tariff.minOrderAmount > 0 && productAmount < tariff.minOrderAmount ? tariff.minOrderAmount : null;
}

/** Two addresses within this many degrees of latitude and of longitude are the same place (docs/spec-index.md section 9). */
export const ADDRESS_MATCH_TOLERANCE = 0.000099;

/** Whether two points are the same place; a hair of float error (1e-12) does not split a place in two. */
export function samePlace(a: LatLng, b: LatLng): boolean {
  const within = (d: number) => Math.abs(d) <= ADDRESS_MATCH_TOLERANCE + 1e-12;
  return within(a[0] - b[0]) && within(a[1] - b[1]);
}

/** What choosing the serving branch needs of a branch. */
export interface BranchForPoint {
  id: string;
  latitude: number;
  longitude: number;
}

/**
 * The branch that serves a point: the branch of the zone that holds it, when it is among `candidates`;
 * else the nearest candidate (great-circle distance; of equal distances the smallest id). `candidates`
 * are the branches that may take the order now (open, offering the service type): the caller decides.
 */
export function servingBranch<B extends BranchForPoint>(
  point: LatLng,
  candidates: readonly B[],
  zone?: { branchId: string | null } | null,
): { branch: B; distanceMeters: number } | null {
  const at = (b: B) => ({ branch: b, distanceMeters: Math.round(distanceMeters([b.latitude, b.longitude], point)) });
  const ofZone = zone?.branchId ? candidates.find((b) => b.id === zone.branchId) : undefined;
  if (ofZone) return at(ofZone);
  let best: { branch: B; distanceMeters: number } | null = null;
  for (const b of candidates) {
    const here = at(b);
    if (!best || here.distanceMeters < best.distanceMeters || (here.distanceMeters === best.distanceMeters && b.id < best.branch.id))
      best = here;
  }
  return best;
}
