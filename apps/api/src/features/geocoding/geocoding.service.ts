import type { GazetteerStreet } from '@dasturxon/db/seed';
import { AppError, type GeocodeItem, type LatLng } from '@dasturxon/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import { createGazetteerLookup } from './gazetteer.lookup.ts';
import {
  createNominatimClient,
  type GeocodeCaller,
  type GeocoderDialect,
  type NominatimAnswer,
  type NominatimClient,
} from './nominatim.client.ts';
import { YANDEX_DIALECT } from './yandex.geocoder.ts';

export type { GeocodeCaller } from './nominatim.client.ts';

/**
 * Who answered: Nominatim now, an earlier answer (the cache), the brand's own keyed geocoder, Yandex's geocoder with
 * the brand's Yandex key, or the built-in gazetteer.
 */
export type GeocodeSource = 'nominatim' | 'cache' | 'brand' | 'yandex' | 'gazetteer';

/** How long a brand's geocoder key is kept after reading it: a changed key takes effect within this. */
const KEY_TTL_MS = 60_000;

/** A geocoder a brand reaches with its own key. */
export interface BrandGeocoder {
  url: string;
  keyOf: (merchantId: string) => Promise<string | null>;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export interface GeocodingServiceDeps {
  /** The built-in gazetteer's streets, and the metres between two of their houses. */
  gazetteer: { streets: readonly GazetteerStreet[]; houseSpacingMeters: number };
  /** Nominatim to ask first (NOMINATIM_URL, NOMINATIM_CONTACT); null: the gazetteer alone. */
  nominatim: { url: string; contact: string; fetch?: typeof fetch; timeoutMs?: number } | null;
  /**
   * The brands' own keyed geocoder (GEOCODER_KEYED_URL): `keyOf` reads a brand's key (null: none). A brand with a key
   * is answered by it first, the public Nominatim and the gazetteer after it.
   */
  keyed?: BrandGeocoder | null;
  /**
   * Yandex's HTTP Geocoder (YANDEX_GEOCODER_URL): `keyOf` reads the brand's Yandex key when its maps are Yandex's
   * (packages/domain maps.ts; null: none). Such a brand is answered by Yandex first, its keyed geocoder, Nominatim
   * and the gazetteer after it.
   */
  yandex?: BrandGeocoder | null;
  clock: Clock;
  log: FastifyBaseLogger;
}

/**
 * Geocoding for the address pickers: Nominatim when it is configured and answers, else the gazetteer,
 * so a point or a search is answered with no geocoder reachable. Nominatim's places, found or not, are
 * passed on; its empty answer, its failure, its timeout, and a second already spent, fall to the gazetteer.
 */
export function createGeocodingService({ gazetteer, nominatim, keyed = null, yandex = null, clock, log }: GeocodingServiceDeps) {
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

  /** One client per brand with a key of this geocoder (its answers cached for all its customers), re-read after KEY_TTL_MS. */
  function perBrand(geocoder: BrandGeocoder | null, dialect: GeocoderDialect | undefined) {
    const brands = new Map<string, { key: string | null; readAt: number; client: NominatimClient | null }>();
    return async (merchantId: string | undefined): Promise<NominatimClient | null> => {
      if (!geocoder || !merchantId) return null;
      const now = clock.now().getTime();
      const known = brands.get(merchantId);
      if (known && now - known.readAt < KEY_TTL_MS && now >= known.readAt) return known.client;
      const key = await geocoder.keyOf(merchantId).catch(() => null);
      const client =
        key === null
          ? null
          : known?.key === key && known.client
            ? known.client
            : createNominatimClient({
                baseUrl: geocoder.url,
                contact: nominatim?.contact ?? '',
                clock,
                log,
                key,
                dialect,
                fetch: geocoder.fetch,
                timeoutMs: geocoder.timeoutMs,
              });
      brands.set(merchantId, { key, readAt: now, client });
      return client;
    };
  }
  const yandexClient = perBrand(yandex, YANDEX_DIALECT);
  const keyedClient = perBrand(keyed, undefined);

  type Heard = Extract<NominatimAnswer, { items: GeocodeItem[] }>;
  /** The brand's Yandex geocoder, then its own keyed one, when it has them; else (or when they fail or find nothing) the public one. */
  async function upstreamAnswer(
    merchantId: string | undefined,
    ask: (client: NominatimClient) => Promise<NominatimAnswer>,
  ): Promise<{ answer: NominatimAnswer | null; source: GeocodeSource }> {
    for (const [client, own] of [
      [await yandexClient(merchantId), 'yandex'],
      [await keyedClient(merchantId), 'brand'],
    ] as const) {
      if (!client) continue;
      const answer = await ask(client);
      if (heard(answer)) return { answer, source: answer.from === 'cache' ? 'cache' : own };
    }
    const answer = upstream ? await ask(upstream) : null;
    return { answer, source: heard(answer) ? (answer as Heard).from : 'gazetteer' };
  }

  return {
    /** The address at a point; 404 NOT_FOUND when nothing is known within reach of it. */
    async reverse(
      point: LatLng,
      languages: string,
      caller: GeocodeCaller,
      merchantId?: string,
    ): Promise<{ item: GeocodeItem; source: GeocodeSource }> {
      const { answer, source } = await upstreamAnswer(merchantId, (c) => c.reverse(point, languages, caller));
      if (heard(answer)) return { item: answer.items[0]!, source };
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
      merchantId?: string,
    ): Promise<{ items: GeocodeItem[]; source: GeocodeSource }> {
      const { answer, source } = await upstreamAnswer(merchantId, (c) => c.search(query, languages, caller));
      if (heard(answer)) return { items: answer.items.slice(0, limit), source };
      return { items: local.search(query, limit, languages), source: 'gazetteer' };
    },
  };
}

export type GeocodingService = ReturnType<typeof createGeocodingService>;
