import { z } from 'zod';
import { GEOCODE_QUERY_MAX_LENGTH, GEOCODE_SEARCH_LIMIT } from '../geocoding.ts';

/*
 * Geocoding for the address pickers (docs/spec-index.md section 7, addresses and geocoding; docs/protocols.md section 6):
 * `GET /notifications/v1/nominatim/reverse` and `/search`, answered in Nominatim's own JSON shape, so
 * the same client reads an answer of OpenStreetMap's Nominatim and one of the built-in gazetteer.
 */

/** The parts of an address Nominatim names (`addressdetails=1`); any of them may be missing. */
export const GeocodeAddress = z.object({
  house_number: z.string().optional(),
  road: z.string().optional(),
  neighbourhood: z.string().optional(),
  suburb: z.string().optional(),
  city: z.string().optional(),
  town: z.string().optional(),
  village: z.string().optional(),
  county: z.string().optional(),
  state: z.string().optional(),
  postcode: z.string().optional(),
  country: z.string().optional(),
  country_code: z.string().optional(),
});
export type GeocodeAddress = z.infer<typeof GeocodeAddress>;

/** One place, as Nominatim answers it: coordinates are strings, as Nominatim writes them. */
export const GeocodeItem = z.object({
  /** Nominatim's id of the place; absent on an answer of the built-in gazetteer. */
  place_id: z.number().optional(),
  /** OpenStreetMap's attribution, passed on with every answer of Nominatim. */
  licence: z.string().optional(),
  /** The street with its house number when there is one ("Amir Temur shoh ko'chasi 12"). */
  name: z.string(),
  /** The whole address, comma-separated ("Amir Temur shoh ko'chasi 12, Yunusobod, Toshkent"). */
  display_name: z.string(),
  lat: z.string(),
  lon: z.string(),
  address: GeocodeAddress,
});
export type GeocodeItem = z.infer<typeof GeocodeItem>;

/** Only JSON is answered; the storefront asks for `json`, Nominatim's newer clients for `jsonv2`. */
const Format = z.enum(['json', 'jsonv2']).default('json');
/** Overrides the request's Accept-Language, as Nominatim's own parameter does. */
const AcceptLanguage = z.string().max(100).optional();

export const ReverseGeocodeQuery = z.object({
  format: Format,
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
  'accept-language': AcceptLanguage,
});
export type ReverseGeocodeQuery = z.infer<typeof ReverseGeocodeQuery>;

export const SearchGeocodeQuery = z.object({
  format: Format,
  q: z.string().trim().min(1).max(GEOCODE_QUERY_MAX_LENGTH),
  limit: z.coerce.number().int().min(1).max(GEOCODE_SEARCH_LIMIT).default(GEOCODE_SEARCH_LIMIT),
  'accept-language': AcceptLanguage,
});
export type SearchGeocodeQuery = z.infer<typeof SearchGeocodeQuery>;
