import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantSettings } from '@dasturxon/db';
import { DEMO, GAZETTEER, GAZETTEER_HOUSE_SPACING_M } from '@dasturxon/db/seed';
import { pointsAlong, type LatLng } from '@dasturxon/domain';
import { AdminSettings, GeocodeItem } from '@dasturxon/domain/contracts';
import { z } from 'zod';
import { BACKENDS, createTestApp, heard, pageDist, signInStaff, staffCaller, type TestApp } from './harness.ts';

/*
 * Issue 31, Yandex maps on the server: a brand with mapType YANDEX and a Yandex key is geocoded by Yandex's HTTP
 * Geocoder (here a local fake speaking its format=json answer, reached through YANDEX_GEOCODER_URL), behind the same
 * cache; the gazetteer answers when it cannot be reached; the page's CSP lets Yandex's origins in for it alone.
 */

const T = DEMO.tezkor;
const N = DEMO.navbahor;
const KEY = '3f1c2b4a-9d8e-4f70-a1b2-c3d4e5f60718';
const REVERSE = '/api/notifications/v1/nominatim/reverse';
const SEARCH = '/api/notifications/v1/nominatim/search';
const Items = z.array(GeocodeItem);
const street = GAZETTEER.find((s) => s.name === "Shota Rustaveli ko'chasi")!;
const house = (n: number): LatLng => pointsAlong(street.line, GAZETTEER_HOUSE_SPACING_M)[n - 1]!;

/** One of Yandex's GeoObjects, as its format=json answer writes it ("longitude latitude" in Point.pos). */
const geoObject = (road: string, houseNo: string, lat: number, lon: number) => ({
  GeoObject: {
    metaDataProperty: {
      GeocoderMetaData: {
        kind: 'house',
        precision: 'exact',
        text: `Узбекистан, Ташкент, ${road}, ${houseNo}`,
        Address: {
          country_code: 'UZ',
          postal_code: '100070',
          formatted: `Узбекистан, Ташкент, ${road}, ${houseNo}`,
          Components: [
            { kind: 'country', name: 'Узбекистан' },
            { kind: 'province', name: 'Ташкент' },
            { kind: 'locality', name: 'Ташкент' },
            { kind: 'district', name: 'Мирабадский район' },
            { kind: 'street', name: road },
            { kind: 'house', name: houseNo },
          ],
        },
      },
    },
    name: `${road}, ${houseNo}`,
    description: 'Ташкент, Узбекистан',
    boundedBy: { Envelope: { lowerCorner: `${lon - 0.001} ${lat - 0.001}`, upperCorner: `${lon + 0.001} ${lat + 0.001}` } },
    Point: { pos: `${lon} ${lat}` },
  },
});

/** A fake Yandex HTTP Geocoder: a point ("lon,lat") answers one house there, a text two; every question is kept. */
async function fakeYandex() {
  const asked: URL[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://yandex.fake');
    asked.push(url);
    if (url.searchParams.get('apikey') !== KEY || url.searchParams.get('format') !== 'json') {
      res.writeHead(403, { 'content-type': 'application/json' }).end('{"statusCode":403,"error":"Forbidden","message":"Invalid key"}');
      return;
    }
    const geocode = url.searchParams.get('geocode') ?? '';
    const point = /^(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)$/.exec(geocode);
    const members = point
      ? [geoObject('улица Шота Руставели', '7', Number(point[2]), Number(point[1]))]
      : [geoObject(`${geocode} улица`, '1', 41.29, 69.25), geoObject(`${geocode} улица`, '2', 41.291, 69.251)];
    const body = {
      response: {
        GeoObjectCollection: {
          metaDataProperty: { GeocoderResponseMetaData: { request: geocode, found: String(members.length), results: '10' } },
          featureMember: members,
        },
      },
    };
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/1.x`,
    asked,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe.each(BACKENDS)('Yandex maps of a brand on %s', (backend) => {
  let t: TestApp;
  let yandex: Awaited<ReturnType<typeof fakeYandex>>;
  beforeAll(async () => {
    yandex = await fakeYandex();
    // No NOMINATIM_URL: after Yandex comes the gazetteer.
    t = await createTestApp(backend, { ...(await pageDist('dx-ymaps-dist-')), YANDEX_GEOCODER_URL: yandex.url });
  });
  afterAll(async () => {
    await t?.close();
    await yandex?.close();
  });

  const get = (url: string, merchantId: string) => t.app.inject({ method: 'GET', url, headers: { 'x-merchant-id': merchantId } });
  const reverse = (merchantId: string, [lat, lon]: LatLng) => get(`${REVERSE}?format=json&lat=${lat}&lon=${lon}`, merchantId);
  const later = (ms: number) => t.clock.set(new Date(t.clock.now().getTime() + ms));
  const cspOf = async () =>
    String(
      (await t.app.inject({ method: 'GET', url: '/', headers: { host: `${T.sub}.localhost:3000` } })).headers['content-security-policy'],
    );
  const scriptSrc = (csp: string) => csp.split(';').find((d) => d.trim().startsWith('script-src ')) ?? '';
  const setWeb = (values: Partial<typeof merchantSettings.$inferInsert>) =>
    t.database.db
      .update(merchantSettings)
      .set(values)
      .where(and(eq(merchantSettings.merchantId, T.id), eq(merchantSettings.channel, 'WEB')));

  it('the owner sets mapType YANDEX and the key (a malformed key refused); the storefront reads them; the CSP lets Yandex in', async () => {
    expect(scriptSrc(await cspOf())).not.toContain('yandex');
    const owner = staffCaller(t, await signInStaff(t, T.staffPhones.owner, T.id, T.staffPassword), T.id);
    const read = AdminSettings.parse((await owner('GET', '/admin/v1/settings')).json());
    expect(read.yandexMapKey).toBe('');
    const bad = await owner('PUT', '/admin/v1/settings', { version: read.version, yandexMapKey: 'key"><script>' });
    expect(bad.statusCode).toBe(400);
    const put = await owner('PUT', '/admin/v1/settings', { version: read.version, mapType: 'YANDEX', yandexMapKey: KEY });
    expect(put.statusCode, put.body).toBe(200);
    expect(AdminSettings.parse(put.json())).toMatchObject({ mapType: 'YANDEX', yandexMapKey: KEY });
    await heard(backend, async () => {
      expect((await get('/api/support/v1/merchant/settings/web', T.id)).json()).toMatchObject({ mapType: 'YANDEX', yandexMapKey: KEY });
      const csp = await cspOf();
      expect(scriptSrc(csp)).toContain('https://api-maps.yandex.ru');
      expect(csp).toMatch(/connect-src [^;]*https:\/\/\*\.maps\.yandex\.net/);
    });
  });

  it('reverse and search go to Yandex with the key, lon,lat and format=json; a point asked again comes from the cache', async () => {
    const at = house(3);
    const res = await reverse(T.id, at);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-geocoder']).toBe('yandex');
    const item = GeocodeItem.parse(res.json());
    expect(item).toMatchObject({
      name: 'улица Шота Руставели, 7',
      display_name: 'Узбекистан, Ташкент, улица Шота Руставели, 7',
      address: { road: 'улица Шота Руставели', house_number: '7', city: 'Ташкент', country_code: 'uz', suburb: 'Мирабадский район' },
    });
    expect(Number(item.lat)).toBeCloseTo(at[0], 3);
    expect(Number(item.lon)).toBeCloseTo(at[1], 3);
    const q = yandex.asked.at(-1)!;
    expect(q.pathname).toBe('/1.x/');
    expect(q.searchParams.get('apikey')).toBe(KEY);
    expect(q.searchParams.get('format')).toBe('json');
    expect(q.searchParams.get('geocode')).toBe(`${Math.round(at[1] * 1e4) / 1e4},${Math.round(at[0] * 1e4) / 1e4}`);

    const count = yandex.asked.length;
    const again = await reverse(T.id, at);
    expect(again.headers['x-geocoder']).toBe('cache');
    expect(yandex.asked).toHaveLength(count);

    const found = await get(`${SEARCH}?format=json&q=${encodeURIComponent('Amir Temur')}`, T.id);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.headers['x-geocoder']).toBe('yandex');
    expect(Items.parse(found.json()).map((i) => i.name)).toEqual(['Amir Temur улица, 1', 'Amir Temur улица, 2']);
    expect(yandex.asked.at(-1)!.searchParams.get('geocode')).toBe('Amir Temur');
  });

  it('an OSM brand never asks Yandex, and its page lets no Yandex origin in', async () => {
    const count = yandex.asked.length;
    const res = await reverse(N.id, house(5));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-geocoder']).toBe('gazetteer');
    expect(yandex.asked).toHaveLength(count);
  });

  it('mapType back to LEAFLET (the key kept): no Yandex in the CSP nor in the geocoder', async () => {
    await setWeb({ mapType: 'LEAFLET' });
    await heard(backend, async () => expect(await cspOf()).not.toContain('yandex'));
    later(61_000);
    const count = yandex.asked.length;
    const res = await reverse(T.id, house(8));
    expect(res.headers['x-geocoder']).toBe('gazetteer');
    expect(yandex.asked).toHaveLength(count);
    await setWeb({ mapType: 'YANDEX' });
    later(61_000);
  });

  it('with Yandex unreachable the gazetteer answers', async () => {
    await yandex.close();
    const res = await reverse(T.id, house(12));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-geocoder']).toBe('gazetteer');
    expect(GeocodeItem.parse(res.json()).address.road).toBe("Shota Rustaveli ko'chasi");
    const found = await get(`${SEARCH}?format=json&q=${encodeURIComponent('Rustaveli')}`, T.id);
    expect(found.statusCode).toBe(200);
    expect(found.headers['x-geocoder']).toBe('gazetteer');
    expect(Items.parse(found.json()).length).toBeGreaterThan(0);
  });
});
