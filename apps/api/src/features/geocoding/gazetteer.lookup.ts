import type { GazetteerStreet } from '@dasturxon/db/seed';
import {
  DEFAULT_GEOCODER_LANGUAGES,
  distanceMeters,
  foldText,
  normalizeLanguage,
  parseStreetQuery,
  pickText,
  pointsAlong,
  streetMatchScore,
  type GeocodeItem,
  type LatLng,
  type TextByLanguage,
} from '@dasturxon/domain';

/** The farthest a point may be from a house for the gazetteer to name it. */
export const REVERSE_MAX_METERS = 300;

interface IndexedStreet {
  street: GazetteerStreet;
  /** Folded names (Uzbek, Russian) and place, for matching. */
  names: string[];
  place: string;
  /** House n stands at houses[n - 1]. */
  houses: LatLng[];
  /** The houses' box, widened by REVERSE_MAX_METERS: a point outside it is too far from every house. */
  box: { south: number; north: number; west: number; east: number };
}

/** Degrees of latitude per metre; a degree of longitude shrinks with the cosine of the latitude. */
const DEG_PER_M = 1 / 111_320;

function index(street: GazetteerStreet, spacingMeters: number): IndexedStreet {
  const houses = pointsAlong(street.line, spacingMeters);
  const lats = houses.map((p) => p[0]);
  const lons = houses.map((p) => p[1]);
  const dLat = REVERSE_MAX_METERS * DEG_PER_M;
  const dLon = dLat / Math.cos((Math.max(...lats.map(Math.abs)) * Math.PI) / 180);
  return {
    street,
    names: [street.name, street.nameRu].filter((n): n is string => Boolean(n)).map(foldText),
    place: foldText(`${street.district} ${street.city}`),
    houses,
    box: {
      south: Math.min(...lats) - dLat,
      north: Math.max(...lats) + dLat,
      west: Math.min(...lons) - dLon,
      east: Math.max(...lons) + dLon,
    },
  };
}

/**
 * A street's names by language, as the gazetteer has them: the Uzbek Latin of the street signs, which is also how English
 * writes Tashkent's streets, and the Russian name where one is in common use.
 */
const namesOf = (street: GazetteerStreet): TextByLanguage => ({ uz: street.name, eng: street.name, ru: street.nameRu });

/**
 * The street's name in the first language asked for (`uz,ru`, `ru-RU`, `ar`…), picked as every localized text is
 * (`pickText`): the language itself where the gazetteer has it, then that language's fallbacks; an unknown language reads
 * as the interface's default does.
 */
const streetName = (street: GazetteerStreet, languages: string): string =>
  pickText(namesOf(street), normalizeLanguage(languages.split(',')[0]?.split('-')[0]) ?? 'uz') || street.name;

/** A gazetteer place in Nominatim's shape: a house when `house` is given, else the street at its middle. */
function itemOf(s: IndexedStreet, house: number | null, languages: string): GeocodeItem {
  const { street } = s;
  const point = house === null ? s.houses[Math.floor((s.houses.length - 1) / 2)]! : s.houses[house - 1]!;
  const road = streetName(street, languages);
  const name = house === null ? road : `${road} ${house}`;
  return {
    name,
    display_name: `${name}, ${street.district}, ${street.city}`,
    lat: String(point[0]),
    lon: String(point[1]),
    address: {
      road,
      ...(house === null ? {} : { house_number: String(house) }),
      suburb: street.district,
      city: street.city,
      country: "O'zbekiston",
      country_code: 'uz',
    },
  };
}

/**
 * The built-in gazetteer (packages/db/src/seed/gazetteer.ts) as a geocoder: the nearest house to a point,
 * and the streets whose names hold the words of a search. Everything is in memory: a few thousand houses.
 */
export function createGazetteerLookup(streets: readonly GazetteerStreet[], spacingMeters: number) {
  const indexed = streets.map((s) => index(s, spacingMeters));
  return {
    /** The house nearest to the point within REVERSE_MAX_METERS, or null. */
    reverse(point: LatLng, languages = DEFAULT_GEOCODER_LANGUAGES): GeocodeItem | null {
      let best: { s: IndexedStreet; house: number; meters: number } | null = null;
      for (const s of indexed) {
        const { box } = s;
        if (point[0] < box.south || point[0] > box.north || point[1] < box.west || point[1] > box.east) continue;
        for (let i = 0; i < s.houses.length; i++) {
          const meters = distanceMeters(point, s.houses[i]!);
          if (meters <= REVERSE_MAX_METERS && (best === null || meters < best.meters)) best = { s, house: i + 1, meters };
        }
      }
      return best ? itemOf(best.s, best.house, languages) : null;
    },

    /**
     * Up to `limit` places for a typed search, best match first: with a house number typed, that house on
     * each matching street that has it (the street itself where it has not); else the streets.
     */
    search(query: string, limit: number, languages = DEFAULT_GEOCODER_LANGUAGES): GeocodeItem[] {
      const parsed = parseStreetQuery(query);
      const house = parsed.house !== null && /^\d+$/.test(parsed.house) ? Number(parsed.house) : null;
      return indexed
        .map((s) => ({ s, score: streetMatchScore(parsed, s) }))
        .filter((m) => m.score > 0)
        .map((m) => ({ ...m, has: house !== null && house >= 1 && house <= m.s.houses.length }))
        .sort(
          (a, b) =>
            b.score - a.score ||
            Number(b.has) - Number(a.has) ||
            a.s.street.name.localeCompare(b.s.street.name) ||
            a.s.street.city.localeCompare(b.s.street.city),
        )
        .slice(0, limit)
        .map((m) => itemOf(m.s, m.has ? house : null, languages));
    },
  };
}

export type GazetteerLookup = ReturnType<typeof createGazetteerLookup>;
