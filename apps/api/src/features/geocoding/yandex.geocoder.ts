import { GEOCODE_SEARCH_LIMIT, type GeocodeAddress, type GeocodeItem } from '@dasturxon/domain';
import { z } from 'zod';
import type { GeocoderDialect } from './nominatim.client.ts';

/*
 * Yandex's HTTP Geocoder (geocode-maps.yandex.ru/1.x, format=json), for a brand whose maps are Yandex's and who has a
 * Yandex key (packages/domain maps.ts). Asked with `apikey`, `geocode` (a text, or "longitude,latitude" for a point),
 * `lang` and `results`; it answers `response.GeoObjectCollection.featureMember[].GeoObject` with `name`,
 * `metaDataProperty.GeocoderMetaData` (`kind`, `text`, `Address.formatted`, `Address.country_code`,
 * `Address.postal_code`, `Address.Components[{kind, name}]`) and `Point.pos` ("longitude latitude", space-separated).
 * Read against Yandex's own response page (yandex.com/maps-api/docs/geocoder-api/response.html) and several clients
 * (geopy's Yandex geocoder, Yandex.Geocoder for .NET, the yandex_geocoder Dart package).
 */

/** Uzbekistan's box, "longitude,latitude~longitude,latitude" (lower left, upper right): a search prefers it. */
const UZBEKISTAN_BBOX = '55.9,37.1~73.2,45.6';

/** Yandex's `lang` for the first of the languages asked (it knows a few; Russian for the rest, as the maps). */
export function yandexLang(languages: string): string {
  const first = languages.split(',')[0]?.trim().slice(0, 2).toLowerCase();
  return ({ ru: 'ru_RU', uz: 'uz_UZ', en: 'en_US', tr: 'tr_TR', kk: 'ru_RU' } as Record<string, string>)[first ?? ''] ?? 'ru_RU';
}

const Component = z.object({ kind: z.string(), name: z.string() });
const GeoObject = z.object({
  name: z.string().optional().catch(undefined),
  description: z.string().optional().catch(undefined),
  metaDataProperty: z.object({
    GeocoderMetaData: z.object({
      kind: z.string().optional().catch(undefined),
      text: z.string().optional().catch(undefined),
      Address: z
        .object({
          formatted: z.string().optional().catch(undefined),
          country_code: z.string().optional().catch(undefined),
          postal_code: z.string().optional().catch(undefined),
          Components: z.array(Component).catch([]),
        })
        .optional()
        .catch(undefined),
    }),
  }),
  Point: z.object({ pos: z.string().regex(/^-?\d+(?:\.\d+)?\s+-?\d+(?:\.\d+)?$/) }),
});
const Answer = z.object({
  response: z.object({ GeoObjectCollection: z.object({ featureMember: z.array(z.object({ GeoObject: z.unknown() })) }) }),
});

/** Yandex's component kinds as the address keys our items carry (the last of a kind wins: provinces go country to city). */
const KINDS: Partial<Record<string, keyof GeocodeAddress>> = {
  house: 'house_number',
  street: 'road',
  district: 'suburb',
  locality: 'city',
  area: 'county',
  province: 'state',
  country: 'country',
};

function itemOf(raw: unknown): GeocodeItem | null {
  const parsed = GeoObject.safeParse(raw);
  if (!parsed.success) return null;
  const { name, description, metaDataProperty, Point } = parsed.data;
  const meta = metaDataProperty.GeocoderMetaData;
  const [lon, lat] = Point.pos.trim().split(/\s+/) as [string, string];
  const address: GeocodeAddress = {};
  for (const c of meta.Address?.Components ?? []) {
    const key = KINDS[c.kind];
    // The first district is the nearest to the city (a microdistrict comes after it); the last province the narrowest.
    if (key && c.name && (key !== 'suburb' || !address.suburb)) address[key] = c.name;
  }
  if (meta.Address?.postal_code) address.postcode = meta.Address.postal_code;
  if (meta.Address?.country_code) address.country_code = meta.Address.country_code.toLowerCase();
  const displayName = meta.Address?.formatted || meta.text || [name, description].filter(Boolean).join(', ');
  if (!displayName) return null;
  const streetAndHouse = [address.road, address.house_number].filter(Boolean).join(', ');
  return {
    name: name?.trim() || streetAndHouse || displayName.split(',')[0]!.trim(),
    display_name: displayName,
    lat,
    lon,
    address,
  };
}

export const YANDEX_DIALECT: GeocoderDialect = {
  name: 'yandex geocoder',
  keyParam: 'apikey',
  reverse: ([lat, lon], languages) => ({
    path: '',
    params: { format: 'json', geocode: `${lon},${lat}`, kind: 'house', results: '1', lang: yandexLang(languages) },
  }),
  search: (q, languages) => ({
    path: '',
    params: {
      format: 'json',
      geocode: q,
      results: String(GEOCODE_SEARCH_LIMIT),
      bbox: UZBEKISTAN_BBOX,
      rspn: '1',
      lang: yandexLang(languages),
    },
  }),
  items(body) {
    const parsed = Answer.safeParse(body);
    if (!parsed.success) return [];
    return parsed.data.response.GeoObjectCollection.featureMember
      .map((m) => itemOf(m.GeoObject))
      .filter((item): item is GeocodeItem => item !== null);
  },
};
