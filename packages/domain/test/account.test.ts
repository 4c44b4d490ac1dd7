import { describe, expect, it } from 'vitest';
import { isSameAddress, MAX_SAVED_ADDRESSES, type AddressDoor } from '../src/account.ts';
import { ADDRESS_MATCH_TOLERANCE } from '../src/delivery.ts';

const flat: AddressDoor = {
  latitude: 41.2856,
  longitude: 69.2034,
  houseNumber: '12',
  details: { office: '45', entrance: '2', floor: '5' },
};

describe('isSameAddress', () => {
  it('takes a point within the tolerance, the house and door spelt another way, for the same address', () => {
    const near = { ...flat, latitude: flat.latitude + ADDRESS_MATCH_TOLERANCE, longitude: flat.longitude - ADDRESS_MATCH_TOLERANCE };
    expect(isSameAddress(flat, near)).toBe(true);
    expect(isSameAddress(flat, { ...flat, houseNumber: ' 12 ', details: { office: '45', entrance: '2 ', floor: '5' } })).toBe(true);
    expect(isSameAddress({ ...flat, houseNumber: '12a' }, { ...flat, houseNumber: '12A' })).toBe(true);
  });

  it('tells apart another place, house, flat, entrance or floor', () => {
    expect(isSameAddress(flat, { ...flat, latitude: flat.latitude + 0.0002 })).toBe(false);
    expect(isSameAddress(flat, { ...flat, longitude: flat.longitude - 0.0002 })).toBe(false);
    expect(isSameAddress(flat, { ...flat, houseNumber: '12/1' })).toBe(false);
    for (const key of ['office', 'entrance', 'floor'] as const) {
      expect(isSameAddress(flat, { ...flat, details: { ...flat.details, [key]: '9' } }), key).toBe(false);
    }
  });

  it('takes a missing detail for an empty one', () => {
    const house: AddressDoor = { ...flat, details: {} };
    expect(isSameAddress(house, { ...house, details: { office: '', entrance: undefined } })).toBe(true);
    expect(isSameAddress(house, flat)).toBe(false);
  });

  it('keeps 50 addresses a customer', () => {
    expect(MAX_SAVED_ADDRESSES).toBe(50);
  });
});
