import { describe, expect, it } from 'vitest';
import { addressOf, keepGuestPlace, streetOf } from './place-rules.ts';

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
