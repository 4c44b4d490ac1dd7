import { setTimeout as sleep } from 'node:timers/promises';
import { APP_VERSION, GEOCODE_SEARCH_LIMIT, type GeocodeAddress, type GeocodeItem, type LatLng } from '@dasturxon/domain';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../../clock.ts';

/*
 * OpenStreetMap's Nominatim (docs/protocols.md section 6), asked under its usage policy: one request a second for
 * the whole process and never two at once (a call that finds the second taken is told so at once, and the
 * caller answers from the gazetteer: nobody waits in a queue for a public server), a User-Agent that names
 * us and how to reach us, every answer kept in memory (the least recently used of CACHE_ENTRIES go first,
 * none older than CACHE_TTL_MS), and a short timeout. Only the search text or the point goes out, with the
 * languages asked for: no address, cookie, token or identity of the caller.
 */

/** From asking to the whole answer read. */
export const NOMINATIM_TIMEOUT_MS = 2000;
/** Nominatim's usage policy: at most one request a second per application. */
export const NOMINATIM_INTERVAL_MS = 1000;
const CACHE_ENTRIES = 1000;
const CACHE_TTL_MS = 24 * 60 * 60 * 1000;

/*
 * The second is shared between a brand's customers and anyone at all (docs/decisions/013-open-calls.md). A signed-in
 * customer goes first: finding the second taken, they wait for the next one (CUSTOMER_WAIT_MS at most), and while
 * one waits no guest takes it. Guests never wait, and take at most GUEST_SHARE_PER_BRAND seconds a minute for one
 * brand and GUEST_SHARE_PER_ADDRESS for one client address; past that their questions go to the gazetteer (or
 * the cache). So a flood of guests on one brand can spend half its seconds at most, and never the one a customer needs.
 */
export const GUEST_SHARE_PER_BRAND = 30;
export const GUEST_SHARE_PER_ADDRESS = 12;
const CUSTOMER_WAIT_MS = NOMINATIM_INTERVAL_MS + 500;
const CUSTOMER_POLL_MS = 25;
const SHARE_WINDOW_MS = 60_000;
/** Guests' windows kept at most; the oldest go first. */
const SHARE_WINDOWS = 20_000;

/**
 * Points are asked and kept to 4 decimals, about 11 m north–south and 8 m east–west in Tashkent: closer than a
 * phone's GPS or a finger on the map places a pin, and about a house's width, so the houses around one door share
 * one question and a pin nudged back and forth never reaches Nominatim twice.
 */
export const REVERSE_DECIMALS = 4;
const roundTo4 = (value: number): number => Math.round(value * 10 ** REVERSE_DECIMALS) / 10 ** REVERSE_DECIMALS;

/** Who asks: a signed-in customer of a brand, or a guest of a brand from a client address. */
export type GeocodeCaller = { kind: 'customer' } | { kind: 'guest'; brand: string; address: string };

/** The address parts passed on; Nominatim has more (ISO3166-2-lvl4, …) that no picker reads. */
const ADDRESS_KEYS = [
  'house_number',
  'road',
  'neighbourhood',
  'suburb',
  'city',
  'town',
  'village',
  'county',
  'state',
  'postcode',
  'country',
  'country_code',
] as const satisfies readonly (keyof GeocodeAddress)[];

const Coordinate = z
  .union([z.string(), z.number()])
  .transform(String)
  .refine((v) => v.trim() !== '' && Number.isFinite(Number(v)));
const UpstreamItem = z.object({
  place_id: z.number().optional().catch(undefined),
  licence: z.string().optional().catch(undefined),
  name: z.string().optional().catch(undefined),
  display_name: z.string().min(1),
  lat: Coordinate,
  lon: Coordinate,
  address: z.record(z.string(), z.unknown()).optional().catch(undefined),
});

/** One of Nominatim's places in our item's shape; null when it lacks what a picker needs. */
function itemOf(raw: unknown): GeocodeItem | null {
  const parsed = UpstreamItem.safeParse(raw);
  if (!parsed.success) return null;
  const { place_id, licence, name, display_name, lat, lon } = parsed.data;
  const address: GeocodeAddress = {};
  for (const key of ADDRESS_KEYS) {
    const value = parsed.data.address?.[key];
    if (typeof value === 'string' && value !== '') address[key] = value;
  }
  // A building's `name` is usually empty: the picker shows the street and house instead.
  const streetAndHouse = [address.road, address.house_number].filter(Boolean).join(' ');
  return {
    ...(place_id === undefined ? {} : { place_id }),
    ...(licence === undefined ? {} : { licence }),
    name: name?.trim() || streetAndHouse || display_name.split(',')[0]!.trim(),
    display_name,
    lat,
    lon,
    address,
  };
}

/** One question to a geocoder: the path under its base address and the query's parameters (the key added apart). */
export interface GeocoderRequest {
  path: string;
  params: Record<string, string>;
}

/**
 * How one geocoder's HTTP API is asked and read: Nominatim's (and LocationIQ's, which speaks it), or Yandex's
 * (yandex.geocoder.ts). The client around it (its cache, its waiting, its timeout, its failures) is the same for all.
 */
export interface GeocoderDialect {
  /** Named in the logs. */
  name: string;
  /** The query parameter the key goes in. */
  keyParam: string;
  reverse(point: LatLng, languages: string): GeocoderRequest;
  search(query: string, languages: string): GeocoderRequest;
  /** Its answer's places in our item's shape; those lacking what a picker needs are left out. */
  items(body: unknown): GeocodeItem[];
}

/** Nominatim's API (docs/protocols.md section 6). */
export const NOMINATIM_DIALECT: GeocoderDialect = {
  name: 'nominatim',
  keyParam: 'key',
  reverse: ([lat, lon], languages) => ({
    path: 'reverse',
    params: {
      format: 'jsonv2',
      lat: String(lat),
      lon: String(lon),
      zoom: '18',
      addressdetails: '1',
      'accept-language': languages,
    },
  }),
  search: (q, languages) => ({
    path: 'search',
    params: {
      format: 'jsonv2',
      q,
      limit: String(GEOCODE_SEARCH_LIMIT),
      addressdetails: '1',
      countrycodes: 'uz',
      'accept-language': languages,
    },
  }),
  items(body) {
    // Reverse answers one object, or {"error": "Unable to geocode"} off its coverage; search answers a list.
    const raw = Array.isArray(body) ? body : body && typeof body === 'object' && !('error' in body) ? [body] : [];
    return raw.map(itemOf).filter((item): item is GeocodeItem => item !== null);
  },
};

/** What Nominatim said: its places (possibly none), fresh or from the cache; or why it was not heard. */
export type NominatimAnswer = { items: GeocodeItem[]; from: 'nominatim' | 'cache' } | { items: null; reason: 'busy' | 'failed' };

export interface NominatimOptions {
  /** Where Nominatim answers, e.g. https://nominatim.openstreetmap.org (its /reverse and /search are asked). */
  baseUrl: string;
  /** How its operators reach us: a URL or an e-mail address, put in the User-Agent. */
  contact: string;
  clock: Clock;
  log: FastifyBaseLogger;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /**
   * A brand's own key for a keyed Nominatim-compatible service (LocationIQ's API): sent as `key`, and the public
   * server's one-request-a-second gate does not apply (the brand's quota is its own).
   */
  key?: string;
  /** The API spoken (default Nominatim's); a keyed one's gate is its own quota as above. */
  dialect?: GeocoderDialect;
}

interface CacheEntry {
  items: GeocodeItem[];
  storedAt: number;
}

export function createNominatimClient(options: NominatimOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const dialect = options.dialect ?? NOMINATIM_DIALECT;
  const timeoutMs = options.timeoutMs ?? NOMINATIM_TIMEOUT_MS;
  const { clock, log } = options;
  const userAgent = `Dasturxon/${APP_VERSION} (+${options.contact})`;

  // Insertion order is use order: a hit is moved to the end, the first entry is the least recently used.
  const cache = new Map<string, CacheEntry>();
  // The same question asked again while its answer is on the way waits for that answer.
  const pending = new Map<string, Promise<NominatimAnswer>>();
  let inFlight = false;
  let lastStart = Number.NEGATIVE_INFINITY;
  let failing = false;
  let customersWaiting = 0;
  // Guests' seconds taken, per brand and per address, in windows of a minute.
  const shares = new Map<string, { startedAt: number; count: number }>();

  function shareLeft(key: string, limit: number, now: number): boolean {
    const window = shares.get(key);
    return !window || now - window.startedAt >= SHARE_WINDOW_MS || now < window.startedAt || window.count < limit;
  }
  function countShare(key: string, now: number): void {
    let window = shares.get(key);
    if (!window || now - window.startedAt >= SHARE_WINDOW_MS || now < window.startedAt) {
      shares.delete(key);
      window = { startedAt: now, count: 0 };
      shares.set(key, window);
      while (shares.size > SHARE_WINDOWS) shares.delete(shares.keys().next().value!);
    }
    window.count += 1;
  }

  /** The second for this caller: a guest within its shares and with no customer waiting, or a customer, who waits for it. */
  async function slotFor(caller: GeocodeCaller): Promise<boolean> {
    if (caller.kind === 'guest') {
      const now = clock.now().getTime();
      const brandKey = `brand ${caller.brand}`;
      const addressKey = `address ${caller.address}`;
      if (customersWaiting > 0 || !shareLeft(brandKey, GUEST_SHARE_PER_BRAND, now) || !shareLeft(addressKey, GUEST_SHARE_PER_ADDRESS, now))
        return false;
      if (!takeSlot(now)) return false;
      countShare(brandKey, now);
      countShare(addressKey, now);
      return true;
    }
    if (takeSlot(clock.now().getTime())) return true;
    customersWaiting += 1;
    try {
      const until = performance.now() + CUSTOMER_WAIT_MS;
      while (performance.now() < until) {
        await sleep(CUSTOMER_POLL_MS);
        if (takeSlot(clock.now().getTime())) return true;
      }
      return false;
    } finally {
      customersWaiting -= 1;
    }
  }

  function cached(key: string, now: number): GeocodeItem[] | null {
    const entry = cache.get(key);
    if (!entry) return null;
    cache.delete(key);
    if (now - entry.storedAt >= CACHE_TTL_MS || now < entry.storedAt) return null;
    cache.set(key, entry);
    return entry.items;
  }

  function remember(key: string, items: GeocodeItem[], now: number): void {
    cache.delete(key);
    cache.set(key, { items, storedAt: now });
    while (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  }

  /** Takes the second's one request, or says it is taken (a clock set back frees it). */
  function takeSlot(now: number): boolean {
    if (inFlight || (now >= lastStart && now - lastStart < NOMINATIM_INTERVAL_MS)) return false;
    inFlight = true;
    lastStart = now;
    return true;
  }

  async function fetchItems(path: string, params: Record<string, string>): Promise<GeocodeItem[]> {
    const url = new URL(path ? `${baseUrl}/${path}` : `${baseUrl}/`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    if (options.key) url.searchParams.set(dialect.keyParam, options.key);
    const response = await doFetch(url, {
      headers: { 'user-agent': userAgent, accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new Error(`${dialect.name} answered ${response.status}`);
    }
    return dialect.items(await response.json());
  }

  async function ask(key: string, { path, params }: GeocoderRequest, caller: GeocodeCaller): Promise<NominatimAnswer> {
    const hit = cached(key, clock.now().getTime());
    if (hit) return { items: hit, from: 'cache' };
    const joined = pending.get(key);
    if (joined) return joined;
    if (!options.key && !(await slotFor(caller))) return { items: null, reason: 'busy' };
    // A customer who waited: the same question may have been asked meanwhile.
    const meanwhile = cached(key, clock.now().getTime());
    if (meanwhile) {
      inFlight = false;
      return { items: meanwhile, from: 'cache' };
    }
    const asking = (async (): Promise<NominatimAnswer> => {
      try {
        const items = await fetchItems(path, params);
        remember(key, items, clock.now().getTime());
        if (failing) log.info(`${dialect.name} answers again`);
        failing = false;
        return { items, from: 'nominatim' };
      } catch (error) {
        // Logged once when it starts failing, not for every call meanwhile; never with the query.
        if (!failing)
          log.warn(
            { path, reason: error instanceof Error ? (error.name === 'TimeoutError' ? 'timeout' : error.message) : 'unknown' },
            `${dialect.name} failed: answering from the next geocoder or the gazetteer`,
          );
        failing = true;
        return { items: null, reason: 'failed' };
      } finally {
        inFlight = false;
        pending.delete(key);
      }
    })();
    pending.set(key, asking);
    return asking;
  }

  return {
    /** The place at a point (rounded to REVERSE_DECIMALS), in the given languages. */
    reverse(point: LatLng, languages: string, caller: GeocodeCaller): Promise<NominatimAnswer> {
      const at: LatLng = [roundTo4(point[0]), roundTo4(point[1])];
      return ask(`reverse ${at[0]} ${at[1]} ${languages}`, dialect.reverse(at, languages), caller);
    },

    /** Up to GEOCODE_SEARCH_LIMIT places for a text, in Uzbekistan. */
    search(query: string, languages: string, caller: GeocodeCaller): Promise<NominatimAnswer> {
      const q = query.trim().replace(/\s+/g, ' ');
      return ask(`search ${q.toLowerCase()} ${languages}`, dialect.search(q, languages), caller);
    },
  };
}

export type NominatimClient = ReturnType<typeof createNominatimClient>;
