import type { APIRequestContext, Page } from '@playwright/test';
import { blankTiles, brandUrl, expect, keepSettledScreenshot, PHONE_CONTEXT, PORT, speak, test } from './support.ts';
import { FAKE_YMAPS_JS } from './providers/fake-ymaps.ts';

/*
 * Yandex maps (issue 31) in Chromium against the real server. Tezkor is switched to mapType YANDEX with a Yandex key
 * for this file (the owner's settings call) and back to LEAFLET without a key after it; Navbahor stays on OSM.
 * Yandex's JavaScript API is played by e2e/providers/fake-ymaps.ts (page.route), which the brand's CSP must let in.
 * Checked: the address picker draws Yandex's map (the script asked with the key and lang=ru_RU), dragging it asks the
 * server to reverse-geocode the new centre and the street follows, a search result moves the map; the branch map is
 * Yandex's too; an OSM brand still gets Leaflet and never asks Yandex. At 390x844, in ru and ar.
 */

const API = `http://localhost:${PORT}/api`;
const OWNER = { phone: '+998900000005', password: 'tezkor-demo-2026' };
const KEY = '5e7d3c2b-1a09-4f8e-9d7c-6b5a4f3e2d1c';
const YANDEX = /^https:\/\/api-maps\.yandex\.ru\//;

async function setMaps(request: APIRequestContext, values: { mapType: string; yandexMapKey: string }): Promise<void> {
  const host = { Host: `tezkor.localhost:${PORT}` };
  const login = await request.post(`${API}/ops/v1/auth/login`, { headers: host, data: OWNER });
  expect(login.status(), await login.text()).toBe(200);
  const headers = { ...host, Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const read = (await (await request.get(`${API}/admin/v1/settings`, { headers })).json()) as { version: number };
  const put = await request.put(`${API}/admin/v1/settings`, { headers, data: { version: read.version, ...values } });
  expect(put.status(), await put.text()).toBe(200);
}

/** Serves the fake ymaps; returns the Yandex addresses the page asked for. */
async function fakeYandex(page: Page): Promise<string[]> {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (YANDEX.test(r.url())) asked.push(r.url());
  });
  await page.route(YANDEX, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: FAKE_YMAPS_JS }));
  await blankTiles(page);
  return asked;
}

const fakeCentre = (page: Page) =>
  page.evaluate(() => (window as unknown as { __fakeYmaps: { maps: { center: [number, number] }[] } }).__fakeYmaps.maps[0]!.center);

test.describe.serial('Yandex maps', () => {
  test.use(PHONE_CONTEXT);
  test.beforeAll(async ({ request }) => setMaps(request, { mapType: 'YANDEX', yandexMapKey: KEY }));
  test.afterAll(async ({ request }) => setMaps(request, { mapType: 'LEAFLET', yandexMapKey: '' }));

  for (const lang of ['ru', 'ar'] as const) {
    test(`the address picker on Yandex's map: moving it reverse-geocodes, a search moves it (${lang})`, async ({ page }, testInfo) => {
      await speak(page, lang);
      const asked = await fakeYandex(page);
      await page.goto(brandUrl('tezkor', '/address/delivery'));
      const map = page.getByTestId('location-map');
      await expect(map.locator('[data-map-provider="yandex"] .fake-ymaps')).toBeVisible();
      await expect(map.locator('.leaflet-container')).toHaveCount(0);
      await expect(page.getByTestId('location-pin')).toBeVisible();
      const script = new URL(asked.find((u) => u.includes('/2.1/'))!);
      expect(script.searchParams.get('apikey')).toBe(KEY);
      expect(script.searchParams.get('lang')).toBe('ru_RU');
      // The brand's delivery zones are drawn on it.
      await expect(map.locator('.fake-ymaps-polygon').first()).toBeAttached();

      // Search: the result moves the map there and names its street.
      await page.getByTestId('address-search-open').click();
      await page.getByTestId('address-search').fill('amir temur 1');
      await page.getByTestId('address-result').first().click();
      await expect(page.getByTestId('address-street')).toContainText(/Amir Temur|Амир Темур|Амира Темура/i);
      await expect(page.getByTestId('address-search-sheet')).toBeHidden();
      await expect(page.locator('.fixed.inset-0.z-40')).toHaveCount(0);
      const afterSearch = await fakeCentre(page);

      // A short drag of the map along the avenue: the server is asked for the new centre's address, and the street follows.
      const box = (await map.boundingBox())!;
      const reverse = page.waitForResponse((r) => r.url().includes('/nominatim/reverse'));
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3 - 12, { steps: 4 });
      await page.mouse.up();
      const answer = await reverse;
      const asks = new URL(answer.url());
      const moved = await fakeCentre(page);
      expect(moved).not.toEqual(afterSearch);
      expect(Number(asks.searchParams.get('lat'))).toBeCloseTo(moved[0], 5);
      expect(Number(asks.searchParams.get('lon'))).toBeCloseTo(moved[1], 5);
      expect(answer.status(), await answer.text()).toBe(200);
      const road = ((await answer.json()) as { address: { road: string } }).address.road;
      await expect(page.getByTestId('address-street')).toContainText(road);
      await keepSettledScreenshot(page, testInfo, `c31-yandex-address-${lang}`);
    });
  }

  test('the branch map is Yandex’s as well, one pin per branch', async ({ page }, testInfo) => {
    await speak(page, 'ru');
    await fakeYandex(page);
    await page.goto(brandUrl('tezkor', '/branches/map'));
    const map = page.getByTestId('branch-map');
    await expect(map.locator('[data-map-provider="yandex"]')).toBeVisible();
    await expect(map.locator('.fake-ymaps-placemark .dx-branch-pin').first()).toBeVisible();
    await keepSettledScreenshot(page, testInfo, 'c31-yandex-branches-ru');
  });

  test('a brand on OSM still gets Leaflet and never asks Yandex', async ({ page }) => {
    const asked = await fakeYandex(page);
    await page.goto(brandUrl('navbahor', '/branches/map'));
    await expect(page.getByTestId('branch-map').locator('[data-map-provider="leaflet"].leaflet-container')).toBeVisible();
    expect(asked).toEqual([]);
    const cspOf = async (brand: string) =>
      (await page.request.get(`http://localhost:${PORT}/`, { headers: { Host: `${brand}.localhost:${PORT}` } })).headers()[
        'content-security-policy'
      ] ?? '';
    expect(await cspOf('tezkor')).toContain('https://api-maps.yandex.ru');
    const csp = await cspOf('navbahor');
    expect(csp).not.toContain('yandex');
  });
});
