import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO, GAZETTEER, GAZETTEER_HOUSE_SPACING_M } from '@dasturxon/db/seed';
import { APP_VERSION, distanceMeters, pointsAlong, type LatLng } from '@dasturxon/domain';
import { ErrorResponse, GeocodeItem } from '@dasturxon/domain/contracts';
import { z } from 'zod';
import { BACKENDS, createTestApp, signInCustomer, type TestApp } from './harness.ts';

const TEZKOR = { 'x-merchant-id': DEMO.tezkor.id };
const REVERSE = '/api/notifications/v1/nominatim/reverse';
const SEARCH = '/api/notifications/v1/nominatim/search';
const Items = z.array(GeocodeItem);

const housesOf = (name: string): LatLng[] => {
  const street = GAZETTEER.find((s) => s.name === name);
  if (!street) throw new Error(`no street ${name} in the gazetteer`);
  return pointsAlong(street.line, GAZETTEER_HOUSE_SPACING_M);
};
const houseOf = (name: string, n: number): LatLng => housesOf(name)[n - 1]!;
const nearestHouseMeters = (point: LatLng) =>
  Math.min(...GAZETTEER.flatMap((s) => pointsAlong(s.line, GAZETTEER_HOUSE_SPACING_M).map((h) => distanceMeters(point, h))));

/** One request as the fake Nominatim received it. */
interface Received {
  url: URL;
  headers: IncomingHttpHeaders;
}

type Mode = 'ok' | 'empty' | 'error' | 'hang' | 'hold';
const LICENCE = 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright';

/** Nominatim on 127.0.0.1: counts what it is asked, and answers as `mode` says (or never, when it hangs). */
async function fakeNominatim() {
  const received: Received[] = [];
  const state = { mode: 'ok' as Mode };
  // Answers kept back in 'hold' mode, sent by release().
  const held: Array<() => void> = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://fake.local');
    received.push({ url, headers: req.headers });
    if (state.mode === 'hang') return;
    if (state.mode === 'hold') {
      held.push(() => answer(url, res, 'ok'));
      return;
    }
    answer(url, res, state.mode);
  });
  const answer = (url: URL, res: ServerResponse, mode: Mode) => {
    if (mode === 'error') {
      res.writeHead(500, { 'content-type': 'text/html' }).end('<h1>Internal Server Error</h1>');
      return;
    }
    const q = url.searchParams.get('q') ?? '';
    const body =
      url.pathname === '/reverse'
        ? mode === 'empty'
          ? { error: 'Unable to geocode' }
          : {
              place_id: 7,
              licence: LICENCE,
              osm_type: 'way',
              name: '',
              display_name: 'OSM road 5, Toshkent, Oʻzbekiston',
              lat: url.searchParams.get('lat'),
              lon: url.searchParams.get('lon'),
              address: { house_number: '5', road: 'OSM road', city: 'Toshkent', 'ISO3166-2-lvl4': 'UZ-TK', country_code: 'uz' },
            }
        : mode === 'empty'
          ? []
          : [
              {
                place_id: 8,
                licence: LICENCE,
                class: 'highway',
                name: `OSM ${q}`,
                display_name: `OSM ${q}, Toshkent`,
                lat: '41.3111',
                lon: '69.2797',
                address: { road: `OSM ${q}`, city: 'Toshkent' },
              },
            ];
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    state,
    release: () => held.splice(0).forEach((send) => send()),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe.each(BACKENDS)('geocoding on %s', (backend) => {
  describe('from the built-in gazetteer (no NOMINATIM_URL)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(backend);
    });
    afterAll(async () => {
      await t?.close();
    });

    const get = (url: string, headers: Record<string, string> = TEZKOR) => t.app.inject({ method: 'GET', url, headers });
    const reverse = ([lat, lon]: LatLng) => get(`${REVERSE}?format=json&lat=${lat}&lon=${lon}`);
    const search = async (q: string, more = '') => {
      const res = await get(`${SEARCH}?format=json&q=${encodeURIComponent(q)}${more}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['x-geocoder']).toBe('gazetteer');
      return Items.parse(res.json());
    };
    const names = (items: { name: string }[]) => items.map((i) => i.name);

    describe('reverse', () => {
      it('names the nearest house of a street near the point, to a guest, as Nominatim would', async () => {
        const house = houseOf("Shota Rustaveli ko'chasi", 12);
        // 5 m off the house: its neighbours are 40 m along the street.
        const res = await reverse([house[0] + 0.00005, house[1]]);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['x-geocoder']).toBe('gazetteer');
        expect(res.headers['ratelimit-limit'], 'limited per address as a call that costs work').toBeDefined();
        expect(GeocodeItem.parse(res.json())).toEqual({
          name: "Shota Rustaveli ko'chasi 12",
          display_name: "Shota Rustaveli ko'chasi 12, Yakkasaroy, Toshkent",
          lat: String(house[0]),
          lon: String(house[1]),
          address: {
            road: "Shota Rustaveli ko'chasi",
            house_number: '12',
            suburb: 'Yakkasaroy',
            city: 'Toshkent',
            country: "O'zbekiston",
            country_code: 'uz',
          },
        });
        const samarkand = await reverse([39.654808, 66.975732]);
        expect(samarkand.json()).toMatchObject({ address: { road: "Registon ko'chasi", city: 'Samarqand' } });
      });

      it('names the street in the language asked for where the gazetteer has it: Russian for ru, the street sign otherwise', async () => {
        const house = houseOf("Shota Rustaveli ko'chasi", 12);
        const at = (lang: string) => get(`${REVERSE}?format=json&lat=${house[0]}&lon=${house[1]}&accept-language=${lang}`);
        for (const lang of ['ru', 'ru-RU', 'ru,uz'])
          expect((await at(lang)).json(), lang).toMatchObject({
            name: 'улица Шота Руставели 12',
            address: { road: 'улица Шота Руставели' },
          });
        // pickText's order: ar, kz, tr, zh read English (the street sign's Latin) before Russian; uz and en the sign.
        for (const lang of ['uz', 'en', 'ar', 'kk', 'tr', 'zh-CN', 'uz,ru'])
          expect((await at(lang)).json(), lang).toMatchObject({ address: { road: "Shota Rustaveli ko'chasi" } });
        const found = await search('Rustaveli 12', '&accept-language=ru');
        expect(found[0]).toMatchObject({ name: 'улица Шота Руставели 12' });
      });

      it('reaches 300 m from a house and no farther', async () => {
        // South of the boulevard's south-western end: its last house is the nearest of all.
        const last = housesOf('Universitet xiyoboni').at(-1)!;
        const near: LatLng = [last[0] - 0.0025, last[1]];
        const far: LatLng = [last[0] - 0.003, last[1]];
        expect(nearestHouseMeters(near)).toBeGreaterThan(250);
        expect(nearestHouseMeters(near)).toBeLessThan(300);
        expect(nearestHouseMeters(far)).toBeGreaterThan(300);
        const found = await reverse(near);
        expect(found.statusCode).toBe(200);
        expect(found.json().name).toBe(`Universitet xiyoboni ${housesOf('Universitet xiyoboni').length}`);
        expect((await reverse(far)).statusCode).toBe(404);
      });

      it('answers 404 NOT_FOUND in the error format where no street is near', async () => {
        const park: LatLng = [41.2845, 69.201];
        expect(nearestHouseMeters(park)).toBeGreaterThan(300);
        for (const point of [park, [41.0, 69.0] as LatLng, [0, 0] as LatLng]) {
          const res = await reverse(point);
          expect(res.statusCode).toBe(404);
          expect(ErrorResponse.parse(res.json()).code).toBe('NOT_FOUND');
        }
      });
    });

    describe('search', () => {
      it('finds a street by its words: the street at its middle, with its district and city', async () => {
        const items = await search('Shota Rustaveli');
        expect(items[0]).toMatchObject({
          name: "Shota Rustaveli ko'chasi",
          display_name: "Shota Rustaveli ko'chasi, Yakkasaroy, Toshkent",
          address: { road: "Shota Rustaveli ko'chasi", city: 'Toshkent' },
        });
        expect(items[0]!.address.house_number).toBeUndefined();
        const middle = housesOf("Shota Rustaveli ko'chasi")[Math.floor((housesOf("Shota Rustaveli ko'chasi").length - 1) / 2)]!;
        expect([Number(items[0]!.lat), Number(items[0]!.lon)]).toEqual(middle);
      });

      it('finds a street by part of a word', async () => {
        expect(names(await search('rustav'))).toContain("Shota Rustaveli ko'chasi");
        expect(names(await search('beshyog'))).toEqual(["Kichik Beshyog'och ko'chasi"]);
        expect(names(await search('staveli'))).toContain("Shota Rustaveli ko'chasi");
      });

      it('finds the house when a number is typed', async () => {
        const items = await search('amir temur 12');
        const house = houseOf("Amir Temur shoh ko'chasi", 12);
        expect(items[0]).toEqual({
          name: "Amir Temur shoh ko'chasi 12",
          display_name: "Amir Temur shoh ko'chasi 12, Yunusobod, Toshkent",
          lat: String(house[0]),
          lon: String(house[1]),
          address: {
            road: "Amir Temur shoh ko'chasi",
            house_number: '12',
            suburb: 'Yunusobod',
            city: 'Toshkent',
            country: "O'zbekiston",
            country_code: 'uz',
          },
        });
        // A number beyond the street's last house finds the street.
        expect((await search('amir temur 9999'))[0]).toMatchObject({ name: "Amir Temur shoh ko'chasi" });
      });

      it('ignores case, apostrophes, street words and the script', async () => {
        const plain = await search('amir temur 12');
        expect(await search('AMIR TEMUR 12')).toEqual(plain);
        expect(await search("Amir Temur ko'chasi 12")).toEqual(plain);
        expect(await search('проспект Амира Темура 12')).toEqual(plain);
        for (const q of ["mirzo ulug'bek", 'Mirzo Ulugʻbek', 'mirzo ulugbek', 'Мирзо Улугбека']) {
          expect(names(await search(q))[0], q).toBe("Mirzo Ulug'bek ko'chasi");
        }
        expect(names(await search('Руставели'))).toEqual(["Shota Rustaveli ko'chasi"]);
        expect(names(await search('улица Бунёдкор'))).toEqual(["Bunyodkor shoh ko'chasi"]);
      });

      it('narrows by city and answers at most `limit` places', async () => {
        expect(await search('yakkasaroy'), 'a place alone names no street').toEqual([]);
        expect(names(await search('toshkent samarqand'))).toEqual(["Toshkent ko'chasi"]);
        const samarkand = await search("Registon ko'chasi samarqand");
        expect(samarkand.map((i) => i.address.city)).toEqual(['Samarqand']);
        expect(await search("ko'chasi")).toHaveLength(10);
        expect(await search("ko'chasi", '&limit=3')).toHaveLength(3);
      });

      it('answers an empty list when nothing matches', async () => {
        expect(await search('qwertyuiop')).toEqual([]);
        expect(await search('rustaveli chilonzor')).toEqual([]);
      });
    });

    describe('validation and access', () => {
      const fieldsOf = (body: { details?: { fields?: { field: string }[] } }) => (body.details?.fields ?? []).map((f) => f.field);

      it('refuses a point off the globe, naming the field', async () => {
        const res = await get(`${REVERSE}?format=json&lat=200&lon=69.2`);
        expect(res.statusCode).toBe(400);
        const body = ErrorResponse.parse(res.json());
        expect(body.code).toBe('VALIDATION_FAILED');
        expect(fieldsOf(body as never)).toContain('querystring.lat');
        const lon = await get(`${REVERSE}?format=json&lat=41.3&lon=-181`);
        expect(fieldsOf(lon.json())).toContain('querystring.lon');
        expect((await get(`${REVERSE}?format=json&lat=41.3`)).statusCode).toBe(400);
        expect((await get(`${REVERSE}?format=xml&lat=41.3&lon=69.2`)).statusCode).toBe(400);
      });

      it('takes a search of 1 to 200 characters, without control characters', async () => {
        for (const q of ['', '   ', 'a'.repeat(201)]) {
          const res = await get(`${SEARCH}?format=json&q=${encodeURIComponent(q)}`);
          expect(res.statusCode, JSON.stringify(q)).toBe(400);
          expect(fieldsOf(res.json())).toContain('querystring.q');
        }
        expect((await get(`${SEARCH}?format=json&q=${'a'.repeat(200)}`)).statusCode).toBe(200);
        const control = await get(`${SEARCH}?format=json&q=amir%01temur`);
        expect(control.statusCode).toBe(400);
        expect(control.json().code).toBe('VALIDATION_FAILED');
        expect((await get(`${SEARCH}?format=json`)).statusCode).toBe(400);
      });

      it("answers an inactive brand's shop 403, as every customer call", async () => {
        const res = await get(`${SEARCH}?format=json&q=amir`, { 'x-merchant-id': DEMO.yopiq.id });
        expect(res.statusCode).toBe(403);
      });

      it('documents the calls: tag, no login, answers', async () => {
        const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
        for (const [path, statuses] of [
          ['/api/notifications/v1/nominatim/reverse', ['200', '400', '404']],
          ['/api/notifications/v1/nominatim/search', ['200', '400']],
        ] as const) {
          const op = doc.paths[path]?.get;
          expect(op, path).toBeDefined();
          expect(op.tags).toEqual(['geocoding']);
          expect(op.summary).toBeTruthy();
          expect(op.security).toBeUndefined();
          expect(Object.keys(op.responses)).toEqual(expect.arrayContaining([...statuses]));
        }
      });
    });
  });

  describe('through Nominatim (NOMINATIM_URL set)', () => {
    let t: TestApp;
    let fake: Awaited<ReturnType<typeof fakeNominatim>>;
    beforeAll(async () => {
      fake = await fakeNominatim();
      t = await createTestApp(backend, { NOMINATIM_URL: `${fake.url}/`, NOMINATIM_CONTACT: 'ops@example.com' });
    });
    afterAll(async () => {
      await t?.close();
      await fake?.close();
    });

    /** Past Nominatim's second: the next new question may go out. */
    const nextSecond = () => t.clock.set(new Date(t.clock.now().getTime() + 1100));
    const get = (url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, headers: { ...TEZKOR, ...headers } });
    const search = (q: string, headers: Record<string, string> = {}) => get(`${SEARCH}?format=json&q=${encodeURIComponent(q)}`, headers);
    const reverse = ([lat, lon]: LatLng) => get(`${REVERSE}?format=json&lat=${lat}&lon=${lon}`);

    it('asks Nominatim first, naming us and the languages asked for, sends nothing else of the caller, and passes the answer on', async () => {
      nextSecond();
      const before = fake.received.length;
      const res = await search('Shota Rustaveli', {
        'accept-language': 'ru-RU,ru;q=0.9',
        cookie: 'dx_session=secret',
        'x-forwarded-for': '203.0.113.9',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(fake.received.length).toBe(before + 1);
      const asked = fake.received.at(-1)!;
      expect(asked.url.pathname).toBe('/search');
      expect(asked.headers['user-agent']).toBe(`Dasturxon/${APP_VERSION} (+ops@example.com)`);
      expect(Object.fromEntries(asked.url.searchParams)).toEqual({
        format: 'jsonv2',
        q: 'Shota Rustaveli',
        limit: '10',
        addressdetails: '1',
        countrycodes: 'uz',
        'accept-language': 'ru-ru,ru',
      });
      expect(asked.headers.cookie).toBeUndefined();
      expect(asked.headers['x-forwarded-for']).toBeUndefined();
      expect(asked.headers.referer).toBeUndefined();
      expect(res.headers['x-geocoder']).toBe('nominatim');
      expect(Items.parse(res.json())).toEqual([
        {
          place_id: 8,
          licence: LICENCE,
          name: 'OSM Shota Rustaveli',
          display_name: 'OSM Shota Rustaveli, Toshkent',
          lat: '41.3111',
          lon: '69.2797',
          address: { road: 'OSM Shota Rustaveli', city: 'Toshkent' },
        },
      ]);
    });

    it('serves the same question again from its cache, in any case; another language is another question', async () => {
      nextSecond();
      const before = fake.received.length;
      const first = await search('Shota Rustaveli', { 'accept-language': 'ru-RU,ru;q=0.9' });
      const again = await search('shota  rustaveli', { 'accept-language': 'ru-RU,ru;q=0.9' });
      expect(fake.received.length).toBe(before);
      expect(first.headers['x-geocoder']).toBe('cache');
      expect(again.headers['x-geocoder']).toBe('cache');
      expect(again.json()).toEqual(first.json());
      const uzbek = await search('Shota Rustaveli', { 'accept-language': 'uz' });
      expect(uzbek.headers['x-geocoder']).toBe('nominatim');
      expect(fake.received.length).toBe(before + 1);
      expect(fake.received.at(-1)!.url.searchParams.get('accept-language')).toBe('uz');
    });

    it('asks at most once a second: a second question in the same second is answered from the gazetteer', async () => {
      nextSecond();
      const before = fake.received.length;
      const [a, b] = await Promise.all([search('amir temur 12'), search('bunyodkor')]);
      expect(fake.received.length).toBe(before + 1);
      expect([a.headers['x-geocoder'], b.headers['x-geocoder']].sort()).toEqual(['gazetteer', 'nominatim']);
      const local = a.headers['x-geocoder'] === 'gazetteer' ? a : b;
      expect(local.json()[0].name).toMatch(/^(Amir Temur shoh ko'chasi 12|Bunyodkor shoh ko'chasi)$/);
      // Later in the same second: still the gazetteer, still one request.
      const third = await search('chilonzor');
      expect(third.headers['x-geocoder']).toBe('gazetteer');
      expect(third.json()[0].name).toBe("Chilonzor ko'chasi");
      expect(fake.received.length).toBe(before + 1);
      nextSecond();
      const fourth = await search('chilonzor');
      expect(fourth.headers['x-geocoder']).toBe('nominatim');
      expect(fake.received.length).toBe(before + 2);
    });

    it('reverse-geocodes through Nominatim: the point to 4 decimals and nothing more, the street and house as the name', async () => {
      nextSecond();
      const res = await reverse([41.29051234, 69.26008766]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['x-geocoder']).toBe('nominatim');
      const asked = fake.received.at(-1)!;
      expect(asked.url.pathname).toBe('/reverse');
      expect(Object.fromEntries(asked.url.searchParams)).toEqual({
        format: 'jsonv2',
        lat: '41.2905',
        lon: '69.2601',
        zoom: '18',
        addressdetails: '1',
        'accept-language': 'uz,ru',
      });
      expect(GeocodeItem.parse(res.json())).toEqual({
        place_id: 7,
        licence: LICENCE,
        name: 'OSM road 5',
        display_name: 'OSM road 5, Toshkent, Oʻzbekiston',
        lat: '41.2905',
        lon: '69.2601',
        address: { house_number: '5', road: 'OSM road', city: 'Toshkent', country_code: 'uz' },
      });
    });

    it('falls back to the gazetteer when Nominatim finds nothing', async () => {
      fake.state.mode = 'empty';
      try {
        nextSecond();
        const before = fake.received.length;
        const house = houseOf("Shota Rustaveli ko'chasi", 20);
        const res = await reverse([house[0] + 0.00005, house[1]]);
        expect(fake.received.length).toBe(before + 1);
        expect(res.statusCode).toBe(200);
        expect(res.headers['x-geocoder']).toBe('gazetteer');
        expect(res.json().name).toBe("Shota Rustaveli ko'chasi 20");
        nextSecond();
        const found = await search('navoiy');
        expect(fake.received.length).toBe(before + 2);
        expect(found.headers['x-geocoder']).toBe('gazetteer');
        expect(found.json()[0].name).toBe("Navoiy ko'chasi");
      } finally {
        fake.state.mode = 'ok';
      }
    });

    it('falls back to the gazetteer at once when Nominatim answers 500', async () => {
      fake.state.mode = 'error';
      try {
        nextSecond();
        const before = fake.received.length;
        const started = performance.now();
        const res = await search('sebzor 3');
        expect(performance.now() - started).toBeLessThan(1500);
        expect(fake.received.length).toBe(before + 1);
        expect(res.statusCode).toBe(200);
        expect(res.headers['x-geocoder']).toBe('gazetteer');
        expect(res.json()[0].name).toBe("Sebzor ko'chasi 3");
      } finally {
        fake.state.mode = 'ok';
      }
    });

    it('stops waiting for a Nominatim that hangs after 2 s, answers from the gazetteer, and asks again later', async () => {
      fake.state.mode = 'hang';
      nextSecond();
      const before = fake.received.length;
      const started = performance.now();
      const res = await search('farobiy');
      const took = performance.now() - started;
      fake.state.mode = 'ok';
      expect(fake.received.length).toBe(before + 1);
      expect(took).toBeGreaterThan(1900);
      expect(took).toBeLessThan(3500);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-geocoder']).toBe('gazetteer');
      expect(res.json()[0].name).toBe("Farobiy ko'chasi");
      // A failure is not kept: the next second asks again.
      nextSecond();
      const again = await search('farobiy');
      expect(again.headers['x-geocoder']).toBe('nominatim');
      expect(fake.received.length).toBe(before + 2);
    });
  });

  /*
   * Issue 26: the open calls (zones, tariff, geocoding) are open to guests, as the storefront needs, but a flood of
   * guests on one brand cannot take Nominatim's second from a signed-in customer, nor reach Nominatim for a point it
   * was asked about already, and the brand's guests together meet a limit (docs/decisions/013-open-calls.md).
   */
  describe('open to guests, first to customers', () => {
    let t: TestApp;
    let fake: Awaited<ReturnType<typeof fakeNominatim>>;
    let dataDir: string;
    let customer: { token: string };
    beforeAll(async () => {
      fake = await fakeNominatim();
      dataDir = await mkdtemp(join(tmpdir(), 'dx-open-calls-'));
      t = await createTestApp(backend, { NOMINATIM_URL: fake.url, DATA_DIR: dataDir, RATE_LIMIT_GUESTS_PER_BRAND_PER_MINUTE: '120' });
      customer = await signInCustomer(t, dataDir, { phone: '+998935550101', merchantId: DEMO.tezkor.id, ip: '198.51.100.1' });
    });
    afterAll(async () => {
      await t?.close();
      await fake?.close();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    const nextSecond = () => t.clock.set(new Date(t.clock.now().getTime() + 1100));
    let serial = 0;
    /** A point of its own near the demo's streets (a new question for Nominatim), and an address of its own. */
    const freshPoint = (): LatLng => [41.3 + ++serial * 0.0003, 69.25];
    const freshIp = () => `10.26.${Math.floor(++serial / 250)}.${serial % 250}`;
    const reverseAs = (point: LatLng, who: { ip?: string; token?: string } = {}) =>
      t.app.inject({
        method: 'GET',
        url: `${REVERSE}?format=json&lat=${point[0]}&lon=${point[1]}`,
        headers: { ...TEZKOR, ...(who.token ? { authorization: `Bearer ${who.token}` } : {}) },
        remoteAddress: who.ip ?? freshIp(),
      });

    it("a flood of guests on one brand never takes Nominatim's second from a signed-in customer", async () => {
      nextSecond();
      const before = fake.received.length;
      // A guest takes this second, and Nominatim is slow to answer it.
      fake.state.mode = 'hold';
      const first = reverseAs(freshPoint());
      await vi.waitFor(() => expect(fake.received.length).toBe(before + 1));
      // The customer asks now, and guests from many addresses go on asking.
      const point = freshPoint();
      const mine = reverseAs(point, { token: customer.token });
      const flood = Array.from({ length: 8 }, () => reverseAs(freshPoint()));
      await new Promise((done) => setTimeout(done, 200));
      fake.state.mode = 'ok';
      nextSecond();
      fake.release();
      const answer = await mine;
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['x-geocoder']).toBe('nominatim');
      expect(fake.received.at(-1)!.url.searchParams.get('lat')).toBe(String(Math.round(point[0] * 1e4) / 1e4));
      expect((await Promise.all(flood)).map((a) => a.headers['x-geocoder'])).not.toContain('nominatim');
      expect((await first).headers['x-geocoder']).toBe('nominatim');

      // Second after second, the brand's guests get 30 of them a minute at most (two went already), whoever asks:
      // the rest hear from the gazetteer, and a customer still gets Nominatim.
      const sources = [];
      for (let i = 0; i < 36; i++) {
        nextSecond();
        sources.push((await reverseAs(freshPoint())).headers['x-geocoder']);
      }
      expect(sources.filter((s) => s === 'nominatim')).toHaveLength(29);
      nextSecond();
      expect((await reverseAs(freshPoint(), { token: customer.token })).headers['x-geocoder']).toBe('nominatim');
    });

    it('answers a point near one it was asked about from the cache, without asking Nominatim', async () => {
      t.clock.set(new Date(t.clock.now().getTime() + 61_000));
      nextSecond();
      const before = fake.received.length;
      const first = await reverseAs([41.31112, 69.27913], { token: customer.token });
      expect(first.headers['x-geocoder']).toBe('nominatim');
      expect(fake.received.length).toBe(before + 1);
      expect(Object.fromEntries(fake.received.at(-1)!.url.searchParams)).toMatchObject({ lat: '41.3111', lon: '69.2791' });
      nextSecond();
      // Two metres away, from a guest elsewhere: the same rounded point.
      const near = await reverseAs([41.31108, 69.27906]);
      expect(near.headers['x-geocoder']).toBe('cache');
      expect(near.json()).toEqual(first.json());
      expect(fake.received.length).toBe(before + 1);
    });

    it("limits the brand's guests together: 429 RATE_LIMITED in the error format, never its customers nor another brand", async () => {
      t.clock.set(new Date(t.clock.now().getTime() + 61_000));
      const region = (headers: Record<string, string> = {}, ip = freshIp()) =>
        t.app.inject({ method: 'GET', url: '/api/users/v1/region', headers: { ...TEZKOR, ...headers }, remoteAddress: ip });
      for (let i = 0; i < 120; i++) expect((await region()).statusCode).toBe(200);
      const refused = await region();
      expect(refused.statusCode).toBe(429);
      expect(ErrorResponse.parse(refused.json())).toMatchObject({
        code: 'RATE_LIMITED',
        details: { per: 'brand', limit: 120, windowSeconds: 60 },
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // The same window holds the tariff and the geocoder for guests of this brand.
      const tariff = await t.app.inject({
        method: 'POST',
        url: '/api/deliveries/v1/delivery/tariff/client/calculate',
        headers: TEZKOR,
        remoteAddress: freshIp(),
        payload: { productPrice: 60_000, latitude: 41.2857, longitude: 69.2041 },
      });
      expect(tariff.statusCode).toBe(429);
      expect((await reverseAs(freshPoint())).statusCode).toBe(429);
      // A signed-in customer and another brand's guests are answered.
      expect((await region({ authorization: `Bearer ${customer.token}` })).statusCode).toBe(200);
      expect((await region({ 'x-merchant-id': DEMO.navbahor.id })).statusCode).toBe(200);
    });
  });
});
