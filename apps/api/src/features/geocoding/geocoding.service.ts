import type { GazetteerStreet } from '@dasturxon/db/seed';
import { AppError, type GeocodeItem, type LatLng } from '@dasturxon/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import { createGazetteerLookup } from './gazetteer.lookup.ts';
import { createNominatimClient, type GeocodeCaller, type NominatimAnswer } from './nominatim.client.ts';

export type { GeocodeCaller } from './nominatim.client.ts';

/** Who answered: Nominatim now, Nominatim earlier (the cache), or the built-in gazetteer. */
export type GeocodeSource = 'nominatim' | 'cache' | 'gazetteer';

export interface GeocodingServiceDeps {
  /** The built-in gazetteer's streets, and the metres between two of their houses. */
  gazetteer: { streets: readonly GazetteerStreet[]; houseSpacingMeters: number };
  /** Nominatim to ask first (NOMINATIM_URL, NOMINATIM_CONTACT); null: the gazetteer alone. */
  nominatim: { url: string; contact: string; fetch?: typeof fetch; timeoutMs?: number } | null;
  clock: Clock;
  log: FastifyBaseLogger;
}

/**
 * Geocoding for the address pickers: Nominatim when it is configured and answers, else the gazetteer,
 * so a point or a search is answered with no geocoder reachable. Nominatim's places, found or not, are
 * passed on; its empty answer, its failure, its timeout, and a second already spent, fall to the gazetteer.
 */
export function createGeocodingService({ gazetteer, nominatim, clock, log }: GeocodingServiceDeps) {
  const local = createGazetteerLookup(gazetteer.streets, gazetteer.houseSpacingMeters);
  const upstream = nominatim
    ? createNominatimClient({
        baseUrl: nominatim.url,
        contact: nominatim.contact,
        clock,
        log,
        fetch: nominatim.fetch,
        timeoutMs: nominatim.timeoutMs,
      })
    : null;

  const heard = (answer: NominatimAnswer | null): answer is Extract<NominatimAnswer, { items: GeocodeItem[] }> =>
    answer !== null && answer.items !== null && answer.items.length > 0;

  return {
    /** The address at a point; 404 NOT_FOUND when nothing is known within reach of it. */
    async reverse(point: LatLng, languages: string, caller: GeocodeCaller): Promise<{ item: GeocodeItem; source: GeocodeSource }> {
      const answer = upstream ? await upstream.reverse(point, languages, caller) : null;
      if (heard(answer)) return { item: answer.items[0]!, source: answer.from };
      const item = local.reverse(point, languages);
      if (!item) throw new AppError('NOT_FOUND');
      return { item, source: 'gazetteer' };
    },

    /** Up to `limit` places for a typed text, best first; possibly none. */
    async search(
      query: string,
      limit: number,
      languages: string,
      caller: GeocodeCaller,
    ): Promise<{ items: GeocodeItem[]; source: GeocodeSource }> {
      const answer = upstream ? await upstream.search(query, languages, caller) : null;
      if (heard(answer)) return { items: answer.items.slice(0, limit), source: answer.from };
      return { items: local.search(query, limit, languages), source: 'gazetteer' };
    },
  };
}

export type GeocodingService = ReturnType<typeof createGeocodingService>;
