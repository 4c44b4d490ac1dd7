import { describe, expect, it } from 'vitest';
import { outsideEveryZone } from './address-zone.ts';

const square = (lat: number, lng: number, size: number): [number, number][] => [
  [lat, lng],
  [lat, lng + size],
  [lat + size, lng + size],
  [lat + size, lng],
];
const zones = [
  { area: [{ outer: square(41.2, 69.1, 0.2), holes: [square(41.25, 69.15, 0.05)] }] },
  { area: [{ outer: square(39.6, 66.9, 0.1), holes: [] }] },
];

describe('outsideEveryZone', () => {
  it('refuses a point outside every zone, and one in a hole, when the brand validates the area', () => {
    expect(outsideEveryZone(zones, [41.3, 69.2], true)).toBe(false);
    expect(outsideEveryZone(zones, [39.65, 66.95], true)).toBe(false);
    expect(outsideEveryZone(zones, [41.0, 69.0], true)).toBe(true);
    expect(outsideEveryZone(zones, [41.27, 69.17], true)).toBe(true);
  });
  it('refuses nothing when the brand does not validate, the zones are not known yet, or there is no point', () => {
    expect(outsideEveryZone(zones, [41.0, 69.0], false)).toBe(false);
    expect(outsideEveryZone(undefined, [41.0, 69.0], true)).toBe(false);
    expect(outsideEveryZone(zones, null, true)).toBe(false);
    expect(outsideEveryZone([], [41.3, 69.2], true)).toBe(true);
  });
});
