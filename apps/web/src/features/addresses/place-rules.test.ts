import { describe, expect, it } from 'vitest';
import { addressOf, keepGuestPlace, reverseFailed, streetOf, typedPlace } from './place-rules.ts';

const place = {
  name: "Amir Temur shoh ko'chasi 12",
  display_name: "Amir Temur shoh ko'chasi 12, Yunusobod, Toshkent",
  lat: '41.3401',
  lon: '69.2855',
  address: { road: "Amir Temur shoh ko'chasi", house_number: '12', city: 'Toshkent' },
};
const details = { name: ' Uy ', office: ' 12 ', domophone: '', entrance: '', floor: '', comment: ' qo‘ng‘iroq qiling ' };

describe('the place picked on the map', () => {
  it('is named by its street and house, or by its name when no street is known', () => {
    expect(streetOf(place)).toEqual({ street: "Amir Temur shoh ko'chasi", house: '12' });
    expect(streetOf({ ...place, address: undefined })).toEqual({ street: place.name, house: '' });
    expect(streetOf(null)).toEqual({ street: '', house: '' });
  });

  it('is saved at the point with the details trimmed; an entrance or a floor makes it a flat', () => {
    const a = addressOf([41.3401, 69.2855], place, details, null);
    expect(a).toMatchObject({
      type: 'HOUSE',
      name: 'Uy',
      streetName: "Amir Temur shoh ko'chasi",
      houseNumber: '12',
      latitude: 41.3401,
      longitude: 69.2855,
    });
    expect(a.details).toEqual({ office: '12', domophone: '', entrance: '', floor: '', comment: 'qo‘ng‘iroq qiling' });
    expect(a.description).toBe(place.display_name);
    expect(addressOf([41.3401, 69.2855], place, { ...details, floor: '5' }, null).type).toBe('APARTMENT');
  });
});

describe("a guest's addresses on the device", () => {
  const a = addressOf([41.3401, 69.2855], place, details, null);
  let n = 0;
  const newId = () => `local-${++n}`;

  it('keeps a new door first, and the same door once with its newest details', () => {
    const first = keepGuestPlace([], a, newId);
    expect(first.places).toEqual([first.kept]);
    const other = keepGuestPlace(first.places, { ...a, latitude: 41.31, longitude: 69.25, houseNumber: '3' }, newId);
    expect(other.places.map((p) => p.id)).toEqual([other.kept.id, first.kept.id]);
    // Within the match tolerance, same house and door: the one kept, renamed, moved first.
    const again = keepGuestPlace(other.places, { ...a, latitude: 41.34015, name: 'Uyim' }, newId);
    expect(again.kept.id).toBe(first.kept.id);
    expect(again.places).toHaveLength(2);
    expect(again.places[0]).toMatchObject({ id: first.kept.id, name: 'Uyim' });
  });

  it('keeps another flat of the same house apart', () => {
    const first = keepGuestPlace([], a, newId);
    const flat = keepGuestPlace(first.places, { ...a, details: { ...a.details, floor: '3' } }, newId);
    expect(flat.places).toHaveLength(2);
  });
});

describe('a street typed where the geocoder found none', () => {
  it('has no street for a place whose address names no road', () => {
    expect(
      streetOf({ name: 'Yunusobod', display_name: 'Yunusobod, Toshkent', lat: '41', lon: '69', address: { city: 'Toshkent' } }),
    ).toEqual({
      street: '',
      house: '',
    });
  });

  it('is saved with the typed text at the pin, not at a geocoded point', () => {
    const found = { name: 'Yunusobod', display_name: 'Yunusobod, Toshkent', lat: '41.1', lon: '69.1', address: { city: 'Toshkent' } };
    const p = typedPlace([41.35, 69.29], { street: "  Yangi   ko'cha ", house: ' 7a ' }, found);
    expect(streetOf(p)).toEqual({ street: "Yangi ko'cha", house: '7a' });
    const a = addressOf([41.35, 69.29], p, details, null);
    expect(a).toMatchObject({ streetName: "Yangi ko'cha", houseNumber: '7a', latitude: 41.35, longitude: 69.29 });
    expect(a.description).toBe("Yangi ko'cha 7a, Yunusobod, Toshkent");
    expect(typedPlace([41.35, 69.29], { street: 'Bog', house: '' }, null).display_name).toBe('Bog');
  });
});

describe('reverseFailed', () => {
  it("is the geocoder's failure, not its 404 answer for a place it does not know", async () => {
    const { HttpError } = await import('../../lib/http.ts');
    expect(reverseFailed(null)).toBe(false);
    expect(reverseFailed(new HttpError('http', 404, null, 'Not Found'))).toBe(false);
    expect(reverseFailed(new HttpError('http', 503, null, 'Service Unavailable'))).toBe(true);
    expect(reverseFailed(new HttpError('http', 500, null, 'Internal Server Error'))).toBe(true);
    expect(reverseFailed(new TypeError('Failed to fetch'))).toBe(true);
    expect(reverseFailed(new DOMException('aborted', 'AbortError'))).toBe(false);
  });
});
