import type { Page } from '@playwright/test';
import { basketOf, brandUrl, expect, hydrated, plainProduct, PORT, put, speak, test } from './support.ts';

/*
 * Issue 29: a page the server drew is taken over by React without a hydration mismatch (React's #418, "text content
 * does not match"), with a basket kept on the phone, in a customer's time zone and languages. The basket, the session
 * and the chosen branch are this device's: the server draws a guest's empty basket and the kept one fills in after
 * hydration. Clock-dependent words (a closed branch's "opens at", the footer's year) are drawn the same on both sides.
 * The console guard of support.ts fails the journey on any #418 (React reports it as a script error, `pageerror`,
 * which the guard never allows): a page altered to differ from React's drawing by one letter was seen failing it.
 */

const API = `http://localhost:${PORT}/api`;

test.use({ timezoneId: 'Asia/Tashkent' });

/** Script errors of a page as React reports them (its hydration errors are reported as uncaught ones). */
function scriptErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

test.describe('issue 29: hydration', () => {
  test('the menu, the basket, the branches and a product hydrate without a mismatch with a basket kept', async ({ page, request }) => {
    const merchantId = ((await (await request.get(`${API}/users/v1/merchants/current?vendor=tezkor`)).json()) as { id: string }).id;
    const product = await plainProduct(request, merchantId);
    const errors = scriptErrors(page);
    for (const lang of ['ru', 'uz', 'ar']) {
      await speak(page, lang);
      await page.goto(brandUrl('tezkor', '/'));
      await put(page, { [`dx:${merchantId}:basket`]: basketOf(product.id, 2) });
      for (const path of ['/', '/basket', '/branches', `/product/${product.id}`]) {
        await page.goto(brandUrl('tezkor', path));
        // The server drew the page (its boot data is inlined) and React took that markup over.
        await expect(page.locator('#dx-boot')).toHaveCount(1);
        await hydrated(page.locator('header').first());
        if (path === '/') {
          // The kept basket shows once the page is the browser's: the bar with its count.
          await expect(page.getByTestId('basket-bar')).toBeVisible();
          await expect(page.getByTestId('basket-bar-summary')).toContainText('2');
        }
        if (path === '/basket') await expect(page.getByTestId('basket-page')).toBeVisible();
        expect(
          errors.filter((e) => /#418|#423|#425|hydrat/i.test(e)),
          `${lang} ${path}`,
        ).toEqual([]);
      }
    }
  });
});
