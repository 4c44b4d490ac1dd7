import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { geocoderLanguages } from '@dasturxon/domain';
import { ErrorResponse, GeocodeItem, ReverseGeocodeQuery, SearchGeocodeQuery } from '@dasturxon/domain/contracts';
import type { FastifyRequest } from 'fastify';
import { merchantOf } from '../../plugins/tenant.ts';
import type { GeocodeCaller, GeocodingService } from './geocoding.service.ts';

const errors = { 400: ErrorResponse, 403: ErrorResponse, 429: ErrorResponse };
// Guests ask too: the location sheet is used before any login (docs/decisions/013-open-calls.md). Each call may cost
// a request to Nominatim, so it is limited per client address, and a guest's also per brand; a customer's token
// (optional) puts them first for Nominatim's second.
const config = { tenant: 'active', rateLimit: 'work', auth: 'optional', guestsPerBrand: true } as const;
const callerOf = (request: FastifyRequest): GeocodeCaller =>
  request.user ? { kind: 'customer' } : { kind: 'guest', brand: merchantOf(request).id, address: request.ip };
const tags = ['geocoding'];
const SOURCE =
  'Nominatim (NOMINATIM_URL) is asked first when configured, at most once a second for the whole server, its answers kept for 24 h; ' +
  'when it is not configured, fails, takes over 2 s, finds nothing or its second is already spent, the built-in gazetteer of the demo cities answers. ' +
  'Answers of Nominatim carry its licence (© OpenStreetMap contributors). The X-Geocoder header says who answered: nominatim, cache, brand or gazetteer. ' +
  "A brand with its own geocoder key is answered by the keyed service (GEOCODER_KEYED_URL) first, without the public server's one-a-second wait. " +
  "Open to guests, limited per client address and, for guests, per brand (429 RATE_LIMITED); a signed-in customer's token puts them first for Nominatim's second. " +
  'Names come in the languages of the accept-language parameter, else the Accept-Language header, else uz,ru.';

/** The languages asked for: Nominatim's own parameter wins over the header. */
const languagesOf = (request: { query: { 'accept-language'?: string | undefined }; headers: { 'accept-language'?: string | undefined } }) =>
  geocoderLanguages(request.query['accept-language'] ?? request.headers['accept-language']);

/** Geocoding for the address pickers (docs/spec-index.md section 7, addresses and geocoding), in Nominatim's JSON shape. */
export const geocodingRoutes: FastifyPluginAsyncZod<{ service: GeocodingService }> = async (app, { service }) => {
  app.get(
    '/notifications/v1/nominatim/reverse',
    {
      config,
      schema: {
        tags,
        summary: 'The address at a point: the street and house nearest to the map’s centre',
        description: `One place; 404 NOT_FOUND when nothing is known near the point (the gazetteer names a house within 300 m). ${SOURCE}`,
        querystring: ReverseGeocodeQuery,
        response: { 200: GeocodeItem, ...errors, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { item, source } = await service.reverse(
        [request.query.lat, request.query.lon],
        languagesOf(request),
        callerOf(request),
        merchantOf(request).id,
      );
      reply.header('x-geocoder', source);
      return item;
    },
  );

  app.get(
    '/notifications/v1/nominatim/search',
    {
      config,
      schema: {
        tags,
        summary: 'Places for a typed address: streets, or a house when a number is typed ("amir temur 12")',
        description:
          'Up to `limit` (at most 10) places, best first, possibly none. The gazetteer matches the words of a street’s Uzbek or Russian name ' +
          `in any case, with or without apostrophes, in Latin or Cyrillic. ${SOURCE}`,
        querystring: SearchGeocodeQuery,
        response: { 200: z.array(GeocodeItem), ...errors },
      },
    },
    async (request, reply) => {
      const { items, source } = await service.search(
        request.query.q,
        request.query.limit,
        languagesOf(request),
        callerOf(request),
        merchantOf(request).id,
      );
      reply.header('x-geocoder', source);
      return items;
    },
  );
};
