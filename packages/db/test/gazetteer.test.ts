import { areaContains, distanceMeters, foldText, pointsAlong, type LatLng } from '@dasturxon/domain';
import { describe, expect, it } from 'vitest';
import { GAZETTEER, GAZETTEER_HOUSE_SPACING_M, type GazetteerStreet } from '../src/seed/gazetteer.ts';
import { tezkorRows } from '../src/seed/tezkor.seed.ts';

const NOW = new Date('2025-03-14T09:30:00Z');
const rows = tezkorRows(NOW);

/** The demo zone each district's streets keep to: Mirobod has none of its own and lies in the city-wide one. */
const ZONE_OF: Record<string, string> = {
  Chilonzor: 'Chilonzor',
  Yunusobod: 'Yunusobod',
  "Mirzo Ulug'bek": "Mirzo Ulug'bek",
  Yakkasaroy: 'Yakkasaroy',
  Sergeli: 'Sergeli',
  Shayxontohur: 'Shayxontohur',
  Mirobod: 'Toshkent shahri',
  Registon: 'Samarqand markazi',
};

const houses = (street: GazetteerStreet) => pointsAlong(street.line, GAZETTEER_HOUSE_SPACING_M);
const CYRILLIC = /[\u0400-\u04ff]/;

describe('the gazetteer', () => {
  it('holds at least 40 streets over the seven Tashkent districts and Samarkand', () => {
    expect(GAZETTEER.length).toBeGreaterThanOrEqual(40);
    expect(new Set(GAZETTEER.map((s) => s.district))).toEqual(new Set(Object.keys(ZONE_OF)));
    expect(new Set(GAZETTEER.map((s) => s.city))).toEqual(new Set(['Toshkent', 'Samarqand']));
    const keys = GAZETTEER.map((s) => `${s.city}/${foldText(s.name)}`);
    expect(new Set(keys).size, 'a street is listed twice').toBe(keys.length);
  });

  it('names streets in Uzbek Latin, with Russian names in Cyrillic', () => {
    for (const street of GAZETTEER) {
      expect(street.name, street.name).not.toMatch(CYRILLIC);
      expect(street.name, street.name).toMatch(/ko'chasi|yo'li|xiyoboni/);
      if (street.nameRu) expect(street.nameRu, street.name).toMatch(CYRILLIC);
    }
  });

  it('traces each street as a line a few hundred metres to a few kilometres long, with its houses along it', () => {
    for (const street of GAZETTEER) {
      expect(street.line.length, street.name).toBeGreaterThanOrEqual(2);
      for (let i = 1; i < street.line.length; i++) {
        const step = distanceMeters(street.line[i - 1]!, street.line[i]!);
        expect(step, `${street.name}: a jump of ${Math.round(step)} m`).toBeLessThan(2000);
        expect(step, `${street.name}: a repeated point`).toBeGreaterThan(50);
      }
      const along = houses(street);
      expect(along.length, street.name).toBeGreaterThanOrEqual(10);
      expect(along.length, street.name).toBeLessThan(200);
      for (let i = 1; i < along.length; i++) {
        expect(distanceMeters(along[i - 1]!, along[i]!), street.name).toBeLessThanOrEqual(GAZETTEER_HOUSE_SPACING_M + 1);
      }
    }
  });

  it("keeps every house inside its district's demo delivery zone (and out of the park)", () => {
    for (const street of GAZETTEER) {
      const zone = rows.zones.find((z) => z.name === ZONE_OF[street.district]);
      expect(zone, street.district).toBeDefined();
      const outside = houses(street).filter((p) => !areaContains(zone!.area, p));
      expect(outside, `${street.name} leaves ${zone!.name}`).toEqual([]);
    }
  });

  it("finds each demo branch's street at the branch's door", () => {
    for (const branch of rows.branches) {
      const point: LatLng = [branch.latitude, branch.longitude];
      const streetOfAddress = (branch.address ?? '').split(', ').find((part) => /ko'chasi/.test(part))!;
      let nearest = { name: '', meters: Infinity };
      for (const street of GAZETTEER) {
        for (const house of houses(street)) {
          const meters = distanceMeters(point, house);
          if (meters < nearest.meters) nearest = { name: street.name, meters };
        }
      }
      expect(nearest.meters, streetOfAddress).toBeLessThanOrEqual(GAZETTEER_HOUSE_SPACING_M);
      // "Amir Temur ko'chasi" in the address is "Amir Temur shoh ko'chasi" on the sign: the first word decides.
      expect(foldText(nearest.name).split(' ')[0], branch.address).toBe(foldText(streetOfAddress).split(' ')[0]);
    }
  });
});
