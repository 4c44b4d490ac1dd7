import type { Browser, Page } from '@playwright/test';
import { brandUrl, expect, keepScreenshot, PORT, test } from './support.ts';

/*
 * The back office's menu (issue 28) in Chromium against the real server: the brand's owner signs in to the console,
 * opens the menu, changes a product's name and price, adds a product with a photo; the storefront shows both.
 * Screenshots of the menu and the product form at 1366x768 and 390x844, in Russian and Arabic.
 */

const API = `http://localhost:${PORT}/api`;
const OWNER = '+998900000005';
/** Calls from the test name the brand by its host, as the storefront's own calls do. */
const TEZKOR = { headers: { Host: `tezkor.localhost:${PORT}` } };
const PASSWORD = 'tezkor-demo-2026';
/** An 8x8 red PNG: enough for the upload to decode it. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4YKmNFTEMLQkAq6xJAVajaZIAAAAASUVORK5CYII=',
  'base64',
);

async function ownerConsole(browser: Browser, viewport: { width: number; height: number }, lang = 'ru'): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.addInitScript((l) => localStorage.setItem('dx-ops-lang', l), lang);
  await page.goto(brandUrl('tezkor', '/ops/'));
  await page.getByTestId('login-phone').fill(OWNER);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('sign-out')).toBeVisible();
  await page.getByTestId('nav-admin').click();
  await expect(page).toHaveURL(/\/ops\/admin\/menu$/);
  await expect(page.getByTestId('menu-tree')).toBeVisible();
  return page;
}

test.describe('the back office menu', () => {
  test('the owner renames and reprices a product and adds one with a photo; the storefront shows them', async ({
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(90_000);
    const page = await ownerConsole(browser, { width: 1366, height: 768 });
    await page.getByTestId('menu-category').first().click();
    const first = page.getByTestId('menu-product').first();
    const productId = (await first.getAttribute('data-id'))!;
    await first.getByTestId('menu-product-open').click();
    const form = page.getByTestId('product-form');
    await expect(form).toBeVisible();
    const price = Number(await form.getByTestId('product-price').inputValue()) + 1_000;
    await form.getByTestId('product-price').fill(String(price));
    await form.getByTestId('product-name').locator('[data-lang="ru"]').fill('Бургер от владельца');
    await keepScreenshot(page, testInfo, 'admin-menu-product-1366-ru');
    await form.getByTestId('save').click();
    await expect(form).toHaveCount(0);
    await expect(page.locator(`[data-testid="menu-product"][data-id="${productId}"]`).getByTestId('menu-product-price')).toContainText(
      price.toLocaleString('ru-RU').replace(/\s/g, ' ').slice(0, 2),
    );

    // The storefront's product: the new name and price, once the menu's short freshness window has passed.
    await expect
      .poll(
        async () => {
          const res = await request.get(`${API}/products/v1/${productId}`, TEZKOR);
          const body = (await res.json()) as { price: number; name: { ru: string } };
          return [body.price, body.name.ru];
        },
        { timeout: 15_000 },
      )
      .toEqual([price, 'Бургер от владельца']);
    const shopper = await browser.newPage();
    await shopper.goto(brandUrl('tezkor', `/product/${productId}`));
    await expect(shopper.getByTestId('product-page')).toContainText('Бургер от владельца');
    await shopper.close();

    // A new product with a photo.
    await page.getByTestId('menu-add-product').click();
    const created = page.getByTestId('product-form');
    await created.getByTestId('product-name').locator('[data-lang="ru"]').fill('Морс клюквенный');
    await created.getByTestId('product-price').fill('12000');
    await created.getByTestId('product-photo-input').setInputFiles({ name: 'mors.png', mimeType: 'image/png', buffer: PNG });
    await expect(created.getByTestId('product-photo-preview')).toBeVisible();
    await created.getByTestId('save').click();
    await expect(created).toHaveCount(0);
    const row = page.getByTestId('menu-product').filter({ hasText: 'Морс клюквенный' });
    await expect(row).toHaveCount(1);
    const newId = (await row.getAttribute('data-id'))!;
    await keepScreenshot(page, testInfo, 'admin-menu-1366-ru');
    await expect
      .poll(async () => (await request.get(`${API}/products/v1/${newId}`, TEZKOR)).status(), {
        timeout: 15_000,
      })
      .toBe(200);
    const product = (await (await request.get(`${API}/products/v1/${newId}`, TEZKOR)).json()) as {
      image: string;
      price: number;
    };
    expect(product.price).toBe(12_000);
    expect(product.image).toMatch(/^u\/[0-9a-f-]{36}\/[0-9a-f]{32}\.webp$/);
    const picture = await request.get(`http://localhost:${PORT}/media/${product.image}?w=96&h=96`);
    expect(picture.headers()['x-media-placeholder']).toBe('no');
    await page.context().close();
  });

  test('on a phone, right to left', async ({ browser }, testInfo) => {
    const page = await ownerConsole(browser, { width: 390, height: 844 }, 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByTestId('menu-category').first().click();
    await keepScreenshot(page, testInfo, 'admin-menu-390-ar');
    await page.getByTestId('menu-product-open').first().click();
    await expect(page.getByTestId('product-form')).toBeVisible();
    await keepScreenshot(page, testInfo, 'admin-menu-product-390-ar');
    await page.context().close();
  });
});
