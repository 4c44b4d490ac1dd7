import type { APIRequestContext, Page } from '@playwright/test';
import { allowConsoleErrors, blankTiles, brandUrl, expect, keepScreenshot, logIn, PORT, randomPhone, test } from './support.ts';

/*
 * Addresses (issue 12) in Chromium against the real server, with the built-in gazetteer as the geocoder (none is
 * reachable here) and blank map tiles: the map picker of the address book and of the order, the search sheet,
 * the details sheet, 'Out of Service zone', the delivery price the basket gets for the address, a guest's
 * address carried into the account at login, and deleting after a confirmation.
 */

const API = `http://localhost:${PORT}/api`;

/** The map's centre outside the gazetteer's houses answers 404 NOT_FOUND (no street known there): expected, not an error of the page. */
const nothingNear = (page: Page) => allowConsoleErrors(page, /status of 404/);

async function tezkor(request: APIRequestContext) {
  const merchant = (await (await request.get(`${API}/users/v1/merchants/current?vendor=tezkor`)).json()) as { id: string };
  const headers = { 'X-Merchant-Id': merchant.id };
  const overalls = (await (await request.get(`${API}/products/v1/overalls`, { headers })).json()) as {
    products: { id: string; name: { eng: string } }[];
  };
  const fries = overalls.products.find((p) => p.name.eng === 'French Fries');
  if (!fries) throw new Error('no French Fries');
  return { merchantId: merchant.id, headers, fries };
}

/** Finds a street in the search sheet and picks the first place. */
async function searchAndPick(page: Page, text: string) {
  await page.getByTestId('address-search-open').click();
  await expect(page.getByTestId('address-search-sheet')).toBeVisible();
  await page.getByTestId('address-search').fill(text);
  const first = page.getByTestId('address-result').first();
  await expect(first).toBeVisible();
  return first;
}

test.describe('addresses', () => {
  test.beforeEach(async ({ page }) => {
    await blankTiles(page);
    nothingNear(page);
  });

  test('the address book: a street found on the map picker, the door saved, listed in ru and ar, deleted after asking', async ({
    page,
    context,
  }, testInfo) => {
    await context.addCookies([{ name: 'lang', value: 'ru', url: brandUrl('tezkor') }]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(brandUrl('tezkor', '/login'));
    await logIn(page, randomPhone());
    await page.goto(brandUrl('tezkor', '/profile'));
    await page.getByTestId('profile-link-addresses').click();
    await expect(page.getByTestId('address-book-page')).toBeVisible();
    await expect(page.getByTestId('address-book-empty')).toBeVisible();

    await page.getByTestId('address-add').click();
    await expect(page.getByTestId('location-picker')).toBeVisible();
    const first = await searchAndPick(page, 'amir temur 1');
    // In Russian the gazetteer names the street by its Russian name (issue 29: addresses in the interface language).
    await expect(first).toContainText(/Амира Темура/i);
    await keepScreenshot(page, testInfo, 'addresses-search-ru');
    await first.click();
    await expect(page.getByTestId('address-search-sheet')).toHaveCount(0);
    // The street with the house in brackets, inside the brand's zones: no refusal, Save enabled.
    await expect(page.getByTestId('address-street')).toContainText(/Амира Темура.*\(1\)/i);
    await expect(page.getByTestId('address-out-of-zone')).toHaveCount(0);
    await expect(page.getByTestId('address-confirm')).toBeEnabled();
    await keepScreenshot(page, testInfo, 'addresses-picker-ru');
    await page.getByTestId('address-confirm').click();
    await expect(page.getByTestId('address-details-sheet')).toBeVisible();
    await expect(page.getByTestId('address-details-street')).toContainText(/Амира Темура/i);
    // The flat or office is prefilled with the house number.
    await expect(page.getByTestId('address-office')).toHaveValue('1');
    await page.getByTestId('address-name').fill('Дом');
    await page.getByTestId('address-entrance').fill('2');
    await page.getByTestId('address-floor').fill('5');
    await keepScreenshot(page, testInfo, 'addresses-details-ru');
    await page.getByTestId('address-save').click();

    await expect(page.getByTestId('address-book-page')).toBeVisible();
    await expect(page.getByTestId('address-item')).toHaveCount(1);
    await expect(page.getByTestId('address-title')).toHaveText('Дом');
    await keepScreenshot(page, testInfo, 'addresses-book-ru');

    // The same book in Arabic, right to left, and the picker too.
    await context.addCookies([{ name: 'lang', value: 'ar', url: brandUrl('tezkor') }]);
    await page.reload();
    await expect(page.getByTestId('address-item')).toHaveCount(1);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await keepScreenshot(page, testInfo, 'addresses-book-ar');

    await page.getByTestId('address-delete').click();
    await expect(page.getByTestId('address-delete-sheet')).toBeVisible();
    await expect(page.getByTestId('address-delete-sheet')).toContainText('Дом');
    await keepScreenshot(page, testInfo, 'addresses-delete-ar');
    await page.getByTestId('address-delete-confirm').click();
    await expect(page.getByTestId('address-item')).toHaveCount(0);
    await expect(page.getByTestId('address-book-empty')).toBeVisible();
  });

  test("a guest's delivery: outside every zone refused, a street inside priced in the basket, kept through login once", async ({
    page,
    context,
    request,
  }, testInfo) => {
    const { merchantId, headers, fries } = await tezkor(request);
    await context.addCookies([{ name: 'lang', value: 'ar', url: brandUrl('tezkor') }]);
    await page.setViewportSize({ width: 390, height: 844 });
    // The device is in the steppe west of Tashkent, far from every zone of the brand.
    await context.grantPermissions(['geolocation'], { origin: brandUrl('tezkor').replace(/\/$/, '') });
    await context.setGeolocation({ latitude: 41.05, longitude: 68.6 });

    // Fries in the basket, kept on the device as the storefront keeps it.
    await page.goto(brandUrl('tezkor', '/'));
    await page.evaluate(
      ([key, productId]) => localStorage.setItem(key!, JSON.stringify({ version: 1, lines: [{ productId, count: 6, modifications: [] }] })),
      [`dx:${merchantId}:basket`, fries.id],
    );

    await page.goto(brandUrl('tezkor', '/address/delivery?next=/basket'));
    await expect(page.getByTestId('location-picker')).toBeVisible();
    await expect(page.getByTestId('address-out-of-zone')).toBeVisible();
    await expect(page.getByTestId('location-picker')).toHaveAttribute('data-outside', 'true');
    await expect(page.getByTestId('address-confirm')).toBeDisabled();
    await keepScreenshot(page, testInfo, 'addresses-out-of-zone-ar');

    // A street of the city: inside, the street named, Save enabled.
    await (await searchAndPick(page, 'Bunyodkor 10')).click();
    await expect(page.getByTestId('address-out-of-zone')).toHaveCount(0);
    await expect(page.getByTestId('address-street')).toContainText(/Bunyodkor/i);
    await page.getByTestId('address-confirm').click();
    await page.getByTestId('address-name').fill('Ofis');
    await page.getByTestId('address-save').click();

    // Back in the basket: the delivery is priced for that address, as the tariff call prices it.
    await expect(page).toHaveURL(brandUrl('tezkor', '/basket'));
    const order = (await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), `dx:${merchantId}:address`)) as {
      latitude: number;
      longitude: number;
    };
    expect(order).toMatchObject({ name: 'Ofis' });
    await expect(page.getByTestId('basket-totals')).toHaveAttribute('data-state', 'quoted');
    const productPrice = Number(await page.getByTestId('basket-total-products').getAttribute('data-amount'));
    const tariff = await request.post(`${API}/deliveries/v1/delivery/tariff/client/calculate`, {
      headers,
      data: { productPrice, latitude: order.latitude, longitude: order.longitude },
    });
    expect(tariff.status(), await tariff.text()).toBe(200);
    const { price } = (await tariff.json()) as { price: number };
    expect(price).toBeGreaterThan(0);
    await expect(page.getByTestId('basket-total-delivery')).toHaveAttribute('data-amount', String(price));
    await keepScreenshot(page, testInfo, 'addresses-basket-ar');

    // Logging in carries the guest's address into the account, once.
    await page.goto(brandUrl('tezkor', '/login'));
    await logIn(page, randomPhone());
    await page.goto(brandUrl('tezkor', '/profile/address'));
    await expect(page.getByTestId('address-item')).toHaveCount(1);
    await expect(page.getByTestId('address-title')).toHaveText('Ofis');
    await page.reload();
    await expect(page.getByTestId('address-item')).toHaveCount(1);
  });

  test('a search that finds nothing says so, and a guest is asked to log in for the address book', async ({ page }) => {
    await page.goto(brandUrl('tezkor', '/profile/address'));
    await expect(page.getByTestId('login-prompt')).toBeVisible();
    await page.goto(brandUrl('tezkor', '/address/delivery'));
    await page.getByTestId('address-search-open').click();
    await page.getByTestId('address-search').fill('qwxzqwxz');
    await expect(page.getByTestId('address-search-empty')).toBeVisible();
  });
});
