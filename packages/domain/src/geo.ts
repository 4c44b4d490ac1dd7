/** A point as [latitude, longitude]. */
export type LatLng = readonly [number, number];

/** Coordinates are kept to 6 decimals (docs/spec-index.md section 9). */
export const roundCoordinate = (value: number): number => Math.round(value * 1e6) / 1e6;
/** A point with both coordinates rounded to 6 decimals (docs/spec-index.md section 9). */
export const roundPoint = (point: LatLng): LatLng => [roundCoordinate(point[0]), roundCoordinate(point[1])];

/**
 * Even-odd ray test (docs/spec-index.md section 5): true when the point lies inside the polygon.
 * The polygon is a ring of [latitude, longitude] pairs; closing the ring is optional.
 */
export function pointInPolygon(point: LatLng, polygon: readonly LatLng[]): boolean {
  const [y, x] = point;
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [yi, xi] = polygon[i]!;
    const [yj, xj] = polygon[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

const EARTH_RADIUS_M = 6_371_008.8;

/** Great-circle distance in metres. */
export function distanceMeters(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b[0] - a[0]) * rad;
  const dLng = (b[1] - a[1]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[0] * rad) * Math.cos(b[0] * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}
