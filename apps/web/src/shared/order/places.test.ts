import { describe, expect, it } from 'vitest';
import type { Address } from '@dasturxon/domain';
import type { PlacedAddress } from './order-choice.ts';
import { placeTitle } from './place-title.ts';
import { isOrderPlace, placedOf, requestOf } from './places.ts';

const saved: Address = {
  id: '33333333-3333-4333-8333-333333333333',
  userId: '22222222-2222-4222-8222-222222222222',
  type: 'APARTMENT',
  name: '',
  streetName: 'Amir Temur',
  houseNumber: '12',
  details: { office: '5', entrance: '2', floor: '3' },
  description: 'Tashkent, Yunusobod',
  latitude: 41.311081,
  longitude: 69.279737,
  cityId: null,
  comment: '',
  createdDate: '2026-01-01T00:00:00.000Z',
  lastModifiedDate: '2026-01-01T00:00:00.000Z',
};

describe('how an address reads', () => {
  it('is its name, else the street and house, else its description', () => {
    expect(placeTitle({ ...saved, name: '  Home ' })).toBe('Home');
    expect(placeTitle(saved)).toBe('Amir Temur 12');
    expect(placeTitle({ ...saved, houseNumber: '' })).toBe('Amir Temur');
    expect(placeTitle({ ...saved, streetName: '', houseNumber: '' })).toBe('Tashkent, Yunusobod');
  });

  it('copes with a place kept by an older client without some fields', () => {
    expect(placeTitle({ description: 'Somewhere' } as PlacedAddress)).toBe('Somewhere');
  });
});

describe('what travels', () => {
  it('sends the request fields only, and the order keeps the saved id without owner or dates', () => {
    const request = requestOf({ ...saved, id: 'local-1' } as PlacedAddress);
    expect(Object.keys(request).sort()).toEqual([
      'cityId',
      'comment',
      'description',
      'details',
      'houseNumber',
      'latitude',
      'longitude',
      'name',
      'streetName',
      'type',
    ]);
    const placed = placedOf(saved);
    expect(placed.id).toBe(saved.id);
    expect(placed).not.toHaveProperty('userId');
    expect(placed).not.toHaveProperty('createdDate');
  });
});

describe("the order's address in a list", () => {
  const order: PlacedAddress = { ...placedOf(saved), id: 'local-7' };

  it('is the one with its id, or the same door under another id', () => {
    expect(isOrderPlace(placedOf(saved), saved)).toBe(true);
    expect(isOrderPlace(order, saved)).toBe(true);
    expect(isOrderPlace({ ...order, latitude: order.latitude + 0.00005 }, saved)).toBe(true);
  });

  it('is not another door of the same house, another place, or anything when the order has none', () => {
    expect(isOrderPlace({ ...order, details: { ...order.details, floor: '4' } }, saved)).toBe(false);
    expect(isOrderPlace({ ...order, latitude: order.latitude + 0.001 }, saved)).toBe(false);
    expect(isOrderPlace(null, saved)).toBe(false);
    expect(isOrderPlace({ ...order, details: undefined } as unknown as PlacedAddress, { ...saved, details: {} })).toBe(true);
  });
});
