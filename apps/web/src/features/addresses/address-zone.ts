import { areaContains, type LatLng, type Region } from '@dasturxon/domain';

/**
 * Whether a point must be refused as 'Out of Service zone' (docs/spec-index.md section 2, delivery location sheet):
 * only when the brand validates the delivery area, the zones are known, and none holds the point. While
 * the zones load, or when they could not be read, nothing is refused here: the server judges the order.
 */
export function outsideEveryZone(zones: readonly Pick<Region, 'area'>[] | undefined, point: LatLng | null, validate: boolean): boolean {
  if (!validate || !zones || !point) return false;
  return !zones.some((z) => areaContains(z.area, point));
}
