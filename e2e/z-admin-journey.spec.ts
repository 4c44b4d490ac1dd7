import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page, Response } from '@playwright/test';
import {
  basketOf,
  brandUrl,
  expect,
  keepScreenshot,
  keepSettledScreenshot,
  logIn,
  PORT,
  put,
  randomPhone,
  session,
  test,
} from './support.ts';

/*
 * The brand runs itself (issue 28), the whole way in Chromium against the real server: a new brand is opened from the
 * command line (`npm run brand -- create --api`); its owner signs in to the console with the one-time password and
 * sets their own, uploads a logo, builds a small menu with a product photo, opens the first branch round the clock,
 * draws a delivery zone on the map and tries a point inside it; a guest on the new brand's host sees the menu with
 * the photo and orders for delivery inside the zone; the owner's board shows the order. Screenshots of the console's
 * settings, menu and zone screens at 1366x768 and 390x844.
 */

const run = promisify(execFile);
const API = `http://localhost:${PORT}/api`;
/** An 8x8 PNG: enough for the upload to decode it. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4YKmNFTEMLQkAq6xJAVajaZIAAAAASUVORK5CYII=',
  'base64',
);
const OWNER_PHONE = '+998935550077';
const OWN_PASSWORD = 'dilshod-own-password';

/** The map's tiles come from the internet, which this machine does not reach: answered blank, so nothing waits. */
async function noTiles(page: Page): Promise<void> {
  await page.route(/tile\.openstreetmap\.org|\/tiles?\//, (route) => route.fulfill({ status: 204, body: '' }));
}

async function admin(page: Page, screen: string): Promise<void> {
  await page.getByTestId(`admin-nav-${screen}`).click();
  await expect(page).toHaveURL(new RegExp(`/ops/admin/${screen}$`));
}

test('a brand opened from the command line is built by its owner in the console and takes its first delivery order', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const sub = `journey${Date.now().toString(36)}`;

  // The platform operator opens the brand from the command line, against the running deployment.
  const { stdout } = await run(
    'node',
    [
      '--import',
      'tsx',
      'apps/api/src/cli/brand.ts',
      'create',
      '--api',
      `http://localhost:${PORT}`,
      '--sub',
      sub,
      '--name',
      'Dilshod Somsa',
      '--owner-phone',
      OWNER_PHONE,
      '--owner-name',
      'Dilshod',
    ],
    { env: { ...process.env, PLATFORM_ADMIN_TOKEN: process.env.E2E_PLATFORM_TOKEN } },
  );
  const oneTimePassword = /one-time password: (\S+)/.exec(stdout)?.[1];
  expect(oneTimePassword, stdout).toBeTruthy();

  // The owner signs in with it and sets their own password.
  const desk = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  await noTiles(desk);
  await desk.addInitScript(() => localStorage.setItem('dx-ops-lang', 'ru'));
  await desk.goto(brandUrl(sub, '/ops/'));
  await desk.getByTestId('login-phone').fill(OWNER_PHONE);
  await desk.getByTestId('login-password').fill(oneTimePassword!);
  await desk.getByTestId('login-submit').click();
  await desk.getByTestId('new-password').fill(OWN_PASSWORD);
  await desk.getByTestId('new-password-repeat').fill(OWN_PASSWORD);
  await desk.getByTestId('new-password-submit').click();
  await expect(desk.getByTestId('sign-out')).toBeVisible();
  await desk.getByTestId('nav-admin').click();

  // Settings: a logo and the brand's colour, seen in the preview, saved.
  await admin(desk, 'settings');
  await desk.getByTestId('settings-logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(desk.getByTestId('preview-logo').filter({ visible: true })).toBeVisible();
  await desk.getByTestId('settings-mainColor').fill('#0f766e');
  await expect(desk.getByTestId('preview-header').filter({ visible: true })).toHaveCSS('background-color', 'rgb(15, 118, 110)');
  await keepScreenshot(desk, testInfo, 'journey-settings-1366');
  await desk.getByTestId('settings-form').getByTestId('save').click();
  await expect(desk.getByTestId('settings-saved')).toBeVisible();

  // The menu: a category and a product with its photo.
  await admin(desk, 'menu');
  await desk.getByTestId('menu-add-category').click();
  const category = desk.getByTestId('category-form');
  await category.getByTestId('category-name').locator('[data-lang="ru"]').fill('Самса');
  await category.getByTestId('category-name').locator('[data-lang="uz"]').fill('Somsa');
  await category.getByTestId('save').click();
  await expect(category).toHaveCount(0);
  await desk.getByTestId('menu-category').filter({ hasText: 'Самса' }).click();
  await desk.getByTestId('menu-add-product').click();
  const product = desk.getByTestId('product-form');
  await product.getByTestId('product-name').locator('[data-lang="ru"]').fill('Самса с говядиной');
  await product.getByTestId('product-name').locator('[data-lang="uz"]').fill("Mol go'shtli somsa");
  await product.getByTestId('product-price').fill('9000');
  await product.getByTestId('product-old-price').fill('11000');
  await product.getByTestId('product-photo-input').setInputFiles({ name: 'somsa.png', mimeType: 'image/png', buffer: PNG });
  await expect(product.getByTestId('product-photo-preview')).toBeVisible();
  await product.getByTestId('save').click();
  await expect(product).toHaveCount(0);
  const row = desk.getByTestId('menu-product').filter({ hasText: 'Самса с говядиной' });
  await expect(row).toHaveCount(1);
  const productId = (await row.getAttribute('data-id'))!;
  await keepScreenshot(desk, testInfo, 'journey-menu-1366');

  // The first branch: delivery round the clock, taking orders.
  await admin(desk, 'branches');
  const editor = desk.getByTestId('branch-editor');
  await expect(editor).toBeVisible();
  const branchId = (await editor.getAttribute('data-id'))!;
  const hours = desk.getByTestId('branch-hours');
  await hours.getByTestId('hours-type-DELIVERY').click();
  await hours.getByTestId('hours-start').click();
  const monday = hours.getByTestId('hours-day').first();
  if (!(await monday.getByTestId('hours-open').isChecked())) await monday.getByTestId('hours-open').check();
  await monday.getByTestId('hours-from').fill('00:00');
  await monday.getByTestId('hours-to').fill('00:00');
  await monday.getByTestId('hours-copy-all').click();
  await hours.getByTestId('save').click();
  await expect(hours.getByTestId('hours-saved')).toBeVisible();
  const details = desk.getByTestId('branch-form');
  await details.getByTestId('branch-address').fill('Toshkent, Amir Temur shoh ko‘chasi 1');
  await details.getByTestId('branch-active').check();
  const opened = desk.waitForResponse(
    (r: Response) => r.request().method() === 'PUT' && r.url().endsWith(`/admin/v1/branches/${branchId}`),
  );
  await details.getByTestId('save').click();
  expect((await opened).status()).toBe(200);
  await expect(details.getByTestId('branch-problem')).toHaveCount(0);

  // A delivery zone drawn on the map around the branch, its price beside it; the tester tries its middle.
  await admin(desk, 'zones');
  await desk.getByTestId('zones-add').click();
  const map = desk.getByTestId('zones-map');
  await expect(map).toBeVisible();
  await desk.locator('.leaflet-pm-icon-rectangle').click();
  const box = (await map.boundingBox())!;
  await desk.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.3);
  await desk.mouse.click(box.x + box.width * 0.7, box.y + box.height * 0.7);
  const zone = desk.getByTestId('zone-form');
  await expect(zone.getByTestId('zone-area-state')).toHaveAttribute('data-state', 'changed');
  await zone.getByTestId('zone-name').fill('Markaz');
  await zone.getByTestId('zone-price').fill('12000');
  const saved = desk.waitForResponse((r: Response) => r.request().method() === 'POST' && /\/admin\/v1\/delivery-zones$/.test(r.url()));
  await zone.getByTestId('save').click();
  const drawn = (await (await saved).json()) as { id: string; area: { type: 'Polygon'; coordinates: number[][][] } };
  await keepScreenshot(desk, testInfo, 'journey-zone-1366');
  await desk.getByTestId('zones-tester-toggle').click();
  await desk.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.5);
  await expect(desk.getByTestId('zones-test-zone')).toContainText('Markaz');
  await expect(desk.getByTestId('zones-test-price')).toContainText('12');

  // The middle of the drawn zone, where the guest lives.
  const ring = drawn.area.coordinates[0]!;
  const longitudes = ring.map((p) => p[0]!);
  const latitudes = ring.map((p) => p[1]!);
  const home = {
    id: 'local-journey',
    name: 'Uy',
    type: 'HOUSE',
    streetName: 'Amir Temur',
    houseNumber: '3',
    description: 'Toshkent',
    details: {},
    cityId: null,
    comment: '',
    latitude: (Math.min(...latitudes) + Math.max(...latitudes)) / 2,
    longitude: (Math.min(...longitudes) + Math.max(...longitudes)) / 2,
  };

  // A guest on the new brand's host: the menu with the photo, then an order for delivery at home.
  const guest = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await expect
    .poll(async () => (await request.get(`http://localhost:${PORT}/`, { headers: { Host: `${sub}.localhost:${PORT}` } })).text(), {
      timeout: 15_000,
    })
    .toContain('Самса с говядиной');
  await guest.goto(brandUrl(sub, '/'));
  const card = guest.locator(`[data-product-id="${productId}"], a[href="/product/${productId}"]`).first();
  await expect(card).toBeVisible();
  await expect(card.locator('img').first()).toHaveAttribute('src', /\/media\/u\//);
  // The old price the owner set, struck through beside the price (never charged: the order below costs 9 000 each).
  await expect(guest.getByTestId('product-card-old-price').first()).toContainText('11');
  await keepSettledScreenshot(guest, testInfo, 'journey-storefront-390');
  await guest.goto(brandUrl(sub, '/login'));
  await logIn(guest, randomPhone());
  const { merchantId, token } = await session(guest);
  await put(guest, {
    [`dx:${merchantId}:basket`]: basketOf(productId, 3),
    [`dx:${merchantId}:service`]: 'DELIVERY',
    [`dx:${merchantId}:address`]: JSON.stringify(home),
    [`dx:${merchantId}:branch`]: branchId,
  });
  await guest.goto(brandUrl(sub, '/checkout'));
  await expect(guest.getByTestId('checkout-page')).toHaveAttribute('data-service', 'DELIVERY');
  await expect(guest.getByTestId('checkout-totals')).toHaveAttribute('data-state', 'quoted');
  await expect(guest.getByTestId('checkout-problem')).toHaveCount(0);
  await guest.getByTestId('checkout-continue').click();
  await expect(guest).toHaveURL(brandUrl(sub, '/checkout/confirm'));
  await guest.getByTestId('checkout-confirm').click();
  await expect(guest).toHaveURL(/\/profile\/orders\/[0-9a-f-]{36}$/);
  const orderId = guest.url().split('/').at(-1)!;
  const order = (await (
    await request.get(`${API}/orders/v1/orders/${orderId}`, { headers: { 'X-Merchant-Id': merchantId, Authorization: `Bearer ${token}` } })
  ).json()) as { number: number; serviceType: string; deliveryPrice: number; productPrice: number };
  expect(order).toMatchObject({ serviceType: 'DELIVERY', deliveryPrice: 12_000, productPrice: 27_000 });

  // The owner's board shows it.
  await desk.getByTestId('nav-board').click();
  await expect(desk.getByTestId(`order-card-${order.number}`)).toBeVisible({ timeout: 15_000 });

  // The console's screens on a phone.
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await noTiles(phone);
  await phone.addInitScript(() => localStorage.setItem('dx-ops-lang', 'uz'));
  await phone.goto(brandUrl(sub, '/ops/'));
  await phone.getByTestId('login-phone').fill(OWNER_PHONE);
  await phone.getByTestId('login-password').fill(OWN_PASSWORD);
  await phone.getByTestId('login-submit').click();
  await expect(phone.getByTestId('sign-out')).toBeVisible();
  for (const screen of ['settings', 'menu', 'zones']) {
    await phone.goto(brandUrl(sub, `/ops/admin/${screen}`));
    await expect(phone.getByTestId(`admin-${screen}`)).toBeVisible();
    await keepScreenshot(phone, testInfo, `journey-${screen}-390`);
  }
  await Promise.all([desk.close(), guest.close(), phone.close()]);
});
