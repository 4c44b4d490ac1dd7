import type { Locator, Page, TestInfo } from '@playwright/test';
import { blankTiles, brandUrl, customerWithPickupBasket, expect, hydrated, keepSettledScreenshot, PORT, speak, test } from './support.ts';

/*
 * Issue 29's walk: a customer at 390x844 through every screen the issue names, in ru, uz and ar, each kept as
 * test-results/screenshots/c29-walk-{lang}-{screen}.png to be looked at. On each: no console error or hydration warning
 * (support.ts's guard), nothing wider than the phone (no sideways scroll), and the page in the language's direction.
 */

const API = `http://localhost:${PORT}/api`;
const WIDTH = 390;

async function look(page: Page, testInfo: TestInfo, lang: string, screen: string, shown: Locator): Promise<void> {
  // The page as the customer sees it once React has taken it over (what is drawn after hydration included).
  await hydrated(shown);
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${lang} ${screen}: the page is no wider than the phone`).toBeLessThanOrEqual(WIDTH);
  await keepSettledScreenshot(page, testInfo, `c29-walk-${lang}-${screen}`);
}

test.describe('issue 29: the walk at 390x844', () => {
  for (const lang of ['ru', 'uz', 'ar']) {
    test(`every screen in ${lang}`, async ({ page, request }, testInfo) => {
      test.setTimeout(180_000);
      await blankTiles(page);
      await speak(page, lang);
      // As a guest first: the login.
      await page.goto(brandUrl('tezkor', '/login'));
      await expect(page.getByTestId('login-page')).toBeVisible();
      await look(page, testInfo, lang, 'login', page.getByTestId('login-page'));

      const { merchantId, token, open, product } = await customerWithPickupBasket(page, request, 2);
      const headers = { 'X-Merchant-Id': merchantId, Authorization: `Bearer ${token}` };

      await page.goto(brandUrl('tezkor', '/'));
      await expect(page.getByTestId('basket-bar')).toBeVisible();
      await look(page, testInfo, lang, 'menu', page.getByTestId('basket-bar'));

      await page.goto(brandUrl('tezkor', `/product/${product.id}`));
      await expect(page.getByTestId('product-page')).toBeVisible();
      await look(page, testInfo, lang, 'product', page.getByTestId('product-page'));

      await page.goto(brandUrl('tezkor', '/basket'));
      await expect(page.getByTestId('basket-page')).toBeVisible();
      // The lines named and the totals quoted by the server, not the first estimate.
      await expect(page.getByTestId('basket-line-name').first()).not.toBeEmpty();
      await expect(page.getByTestId('basket-totals')).toHaveAttribute('data-state', 'quoted');
      await look(page, testInfo, lang, 'basket', page.getByTestId('basket-page'));

      await page.goto(brandUrl('tezkor', '/checkout'));
      await expect(page.getByTestId('checkout-page')).toBeVisible();
      await look(page, testInfo, lang, 'checkout', page.getByTestId('checkout-page'));

      await page.goto(brandUrl('tezkor', '/checkout/confirm'));
      await expect(page.getByTestId('checkout-confirm-page')).toBeVisible();
      await look(page, testInfo, lang, 'confirm', page.getByTestId('checkout-confirm-page'));

      await page.goto(brandUrl('tezkor', '/branches'));
      await expect(page.getByTestId('branches-page')).toBeVisible();
      // A closed branch says when it opens (drawn after hydration: it reads the clock).
      await expect(page.getByTestId('branch-status').nth(1)).not.toHaveText(/^(Закрыто|Yopiq|مغلق)$/);
      await look(page, testInfo, lang, 'branches', page.getByTestId('branches-page'));

      await page.goto(brandUrl('tezkor', '/profile'));
      await expect(page.getByTestId('profile-page')).toBeVisible();
      await look(page, testInfo, lang, 'profile', page.getByTestId('profile-page'));

      const placed = await request.post(`${API}/orders/v1/orders`, {
        headers,
        data: { serviceType: 'PICK_UP', branchId: open.id, paymentType: 'CASH', cartItems: [{ productId: product.id, count: 1 }] },
      });
      expect(placed.status(), await placed.text()).toBe(201);
      const order = (await placed.json()) as { id: string };

      await page.goto(brandUrl('tezkor', '/profile/orders'));
      await expect(page.getByTestId('order-card').first()).toBeVisible();
      await look(page, testInfo, lang, 'orders', page.getByTestId('order-card').first());

      await page.goto(brandUrl('tezkor', `/profile/orders/${order.id}`));
      await expect(page.getByTestId('order-page')).toBeVisible();
      await look(page, testInfo, lang, 'order', page.getByTestId('order-page'));

      await page.goto(brandUrl('tezkor', '/no-such-page'));
      await expect(page.getByTestId('not-found-page')).toBeVisible();
      await expect(page.getByTestId('not-found-page').locator('code')).toHaveCount(0);
      await look(page, testInfo, lang, 'not-found', page.getByTestId('not-found-page'));
    });
  }
});
