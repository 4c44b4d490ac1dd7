import { describe, expect, it } from 'vitest';
import type { AdminZone } from '@dasturxon/domain/contracts';
import { draftOf, joinAreas, zoneBody } from './zone-form.ts';

const CITY = '6f1c0d5e-0000-4000-8000-000000000001';
const ring = (lng: number, lat: number): [number, number][] => [
  [lng, lat],
  [lng + 0.1, lat],
  [lng + 0.1, lat + 0.1],
  [lng, lat + 0.1],
  [lng, lat],
];
const square = { type: 'Polygon' as const, coordinates: [ring(69.2, 41.3)] };

describe('the zones form', () => {
  it('makes the body the API takes, and reads a zone back into the same form', () => {
    const draft = {
      ...draftOf(null, { cityId: CITY, color: '#3B82F6' }),
      name: 'Centre',
      price: '12 000',
      bands: [{ fromKm: '5', pricePerKm: '1500' }],
      freeAbove: '',
    };
    const made = zoneBody(draft, square);
    expect(made.ok).toBe(true);
    if (!made.ok) return;
    expect(made.body).toMatchObject({ cityId: CITY, branchId: null, price: 12_000, freeAbove: null, minOrderAmount: 0, priority: 10 });
    const zone: AdminZone = { ...made.body, id: '6f1c0d5e-0000-4000-8000-000000000002', version: 3, area: square };
    expect(draftOf(zone, { cityId: 'x', color: '#000000' })).toEqual({ ...draft, price: '12000' });
  });

  it("names the fields the API's schema refuses: no area, a band out of order, a price that is not a number", () => {
    const draft = {
      ...draftOf(null, { cityId: CITY, color: '#3B82F6' }),
      name: 'Centre',
      price: 'twelve',
      bands: [
        { fromKm: '5', pricePerKm: '1000' },
        { fromKm: '3', pricePerKm: '1000' },
      ],
    };
    const made = zoneBody(draft, null);
    expect(made.ok).toBe(false);
    if (made.ok) return;
    expect(made.fields.map((f) => f.field)).toEqual(expect.arrayContaining(['area', 'price', 'bands.1.fromKm']));
    const open = zoneBody({ ...draft, price: '1', bands: [] }, { type: 'Polygon', coordinates: [ring(69.2, 41.3).slice(0, 4)] });
    expect(!open.ok && open.fields.map((f) => f.field)).toEqual(['area.coordinates.0.3']);
  });

  it('joins the drawn shapes into one area: one Polygon, or a MultiPolygon of all', () => {
    expect(joinAreas([])).toBeNull();
    expect(joinAreas([square])).toEqual(square);
    const two = joinAreas([square, { type: 'MultiPolygon', coordinates: [[ring(70, 41)], [ring(71, 41)]] }]);
    expect(two?.type).toBe('MultiPolygon');
    expect(two?.coordinates).toHaveLength(3);
    expect(zoneBody({ ...draftOf(null, { cityId: CITY, color: '#000000' }), name: 'x', price: '0' }, two).ok).toBe(true);
  });
});
