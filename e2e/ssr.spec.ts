import { brandUrl, expect, keepScreenshot, test } from './support.ts';

/*
 * The pages a guest lands on come rendered from the server: useful before and without JavaScript, and
 * taken over by React (hydration) without a mismatch. The console guard of support.ts fails any journey
 * on a hydration warning.
 */

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test('the home page shows the menu with names, pictures and prices', async ({ page }, testInfo) => {
    await page.goto(brandUrl('tezkor'));
    const cards = page.getByTestId('product-card');
    expect(await cards.count()).toBeGreaterThan(20);
    await expect(page.getByTestId('product-card-price').first()).toContainText(/\d[\s\u00a0\u202f]\d{3}/);
    await expect(cards.first().locator('img')).toHaveAttribute('src', /\/media\//);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await keepScreenshot(page, testInfo, 'ssr-home-no-js-ru');
  });

  test('a product page shows its name, price and description; links are real addresses', async ({ page }, testInfo) => {
    await page.goto(brandUrl('tezkor'));
    const href = await page.locator('a[href^="/product/"], a[href*="?product="]').first().getAttribute('href');
    expect(href).toBeTruthy();
    const id = /product[/=]([0-9a-f-]{36})/.exec(href!)![1];
    await page.goto(brandUrl('tezkor', `/product/${id}`));
    await expect(page.getByTestId('product-title')).not.toBeEmpty();
    await expect(page.getByTestId('product-page')).toContainText(/\d[\s\u00a0\u202f]\d{3}/);
    await keepScreenshot(page, testInfo, 'ssr-product-no-js-ru');
  });

  test('the branches page shows the hours, in Arabic from right to left', async ({ page }, testInfo) => {
    await page.goto(brandUrl('tezkor', '/branches?lang=ar'));
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    // Each branch says its hours today: a time range, round the clock, or a holiday.
    const hours = await page.getByTestId('branch-hours').allTextContents();
    expect(hours.length).toBeGreaterThan(0);
    for (const text of hours) expect(text).toMatch(/\d\d:\d\d|على مدار الساعة|عطلة/);
    await keepScreenshot(page, testInfo, 'ssr-branches-no-js-ar');
  });
});

test.describe('with JavaScript', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('React takes the rendered page over and the app goes on from there', async ({ page }) => {
    const apiCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/')) apiCalls.push(new URL(r.url()).pathname);
    });
    await page.goto(brandUrl('tezkor'));
    // react-dom itself, not a look-alike: its root marks the container.
    await expect
      .poll(() => page.evaluate(() => Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__reactContainer$'))))
      .toBe(true);
    // The data the server drew the page from came with it: the browser does not ask for the menu again.
    expect(apiCalls.filter((p) => p.includes('/overalls') || p.includes('/banner') || p.includes('/stories'))).toEqual([]);
    await page.getByTestId('home-search').click();
    await expect(page).toHaveURL(/\/search/);
  });

  test('a product page opened directly is taken over, and adding to the basket works', async ({ page }) => {
    await page.goto(brandUrl('tezkor'));
    const href = await page.locator('a[href*="product"]').first().getAttribute('href');
    const id = /product[/=]([0-9a-f-]{36})/.exec(href!)![1];
    await page.goto(brandUrl('tezkor', `/product/${id}`));
    await expect(page.getByTestId('product-title')).not.toBeEmpty();
    await expect
      .poll(() => page.evaluate(() => Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__reactContainer$'))))
      .toBe(true);
  });
});
