import type { Page } from '@playwright/test';
import {
  basketOf,
  consoleAs,
  brandUrl,
  expect,
  keepSettledScreenshot,
  logIn,
  plainProduct,
  put,
  randomPhone,
  roundTheClockBranch,
  speak,
  test,
} from './support.ts';
import { tableLink, WAITER, waiterApi } from './table-support.ts';

/*
 * Issue 32, QR tables, in Chromium against the real server: two guests scan the same table's code on their phones, one
 * orders as the table's guest and the other logged in, both orders land on the table's one bill (channel QR, that
 * table); a guest calls the waiter, the waiter takes the call and the table reads "the waiter is coming".
 * Screenshots of the table's checkout and page at 390x844 in ru and ar.
 */

/** Puts one plain product in the basket and goes through the table's checkout to the order's page. */
async function orderAtTable(page: Page, merchantId: string, productId: string, count: number) {
  await put(page, { [`dx:${merchantId}:basket`]: basketOf(productId, count) });
  await page.goto(brandUrl('tezkor', '/checkout'));
}

for (const lang of ['ru', 'ar'] as const) {
  test(`two guests order at one table and call the waiter (${lang})`, async ({ page, browser, request }, testInfo) => {
    test.setTimeout(150_000);
    const table = lang === 'ru' ? '2' : 'T2';
    const waiter = await waiterApi(browser);
    const merchantId = waiter.merchantId;
    const chilonzor = await roundTheClockBranch(request, merchantId);
    const url = await tableLink(waiter, chilonzor.id, table);
    expect(url).toMatch(new RegExp(`^http://tezkor\\.localhost:\\d+/t/`));
    const product = await plainProduct(request, merchantId);

    // Guest A scans the code: the menu, with the table's bar.
    await page.setViewportSize({ width: 390, height: 844 });
    await speak(page, lang);
    await page.goto(url);
    await expect(page).toHaveURL(brandUrl('tezkor', '/'));
    await expect(page.getByTestId('table-bar')).toContainText(table);
    await orderAtTable(page, merchantId, product.id, 2);
    // Not logged in: order as the table's guest.
    await page.getByTestId('table-guest-order').click();
    await expect(page.getByTestId('checkout-page')).toHaveAttribute('data-service', 'DINE_IN');
    await expect(page.getByTestId('checkout-destination-value')).toContainText(table);
    await expect(page.getByTestId('checkout-service')).toHaveCount(0);
    await expect(page.getByTestId('checkout-when')).toHaveCount(0);
    await expect(page.getByTestId('checkout-destination-change')).toHaveCount(0);
    await keepSettledScreenshot(page, testInfo, `table-checkout-${lang}`);
    await page.getByTestId('checkout-continue').click();
    await page.getByTestId('checkout-confirm').click();
    await expect(page).toHaveURL(/\/profile\/orders\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('order-table')).toContainText(table);

    // Guest B, on another phone, logged in with their number, scans the same code and orders too.
    const other = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      const b = await other.newPage();
      await speak(b, lang);
      await b.goto(brandUrl('tezkor', '/login'));
      await logIn(b, randomPhone('95'));
      await b.goto(url);
      await expect(b.getByTestId('table-bar')).toBeVisible();
      await orderAtTable(b, merchantId, product.id, 1);
      await b.getByTestId('checkout-continue').click();
      await b.getByTestId('checkout-confirm').click();
      await expect(b).toHaveURL(/\/profile\/orders\/[0-9a-f-]{36}$/);
    } finally {
      await other.close();
    }

    // The table's page: both orders on one bill, A's own marked; A calls the waiter with a note.
    await page.goto(brandUrl('tezkor', '/table'));
    await expect(page.getByTestId('table-bill-order')).toHaveCount(2);
    await expect(page.locator('[data-testid="table-bill-order"][data-mine="true"]')).toHaveCount(1);
    // Nothing paid yet (cash at the table): all of it is due.
    expect(await page.getByTestId('table-bill-due').textContent()).toBe(await page.getByTestId('table-bill-total').textContent());
    await page.getByTestId('table-call-note').fill(lang === 'ru' ? 'Ещё две вилки' : 'شوكتان إضافيتان');
    await page.getByTestId('table-call-WAITER').click();
    await expect(page.locator('[data-testid="table-call"][data-kind="WAITER"]')).toHaveAttribute('data-status', 'OPEN');
    await expect(page.getByTestId('table-call-WAITER')).toBeDisabled();

    // The waiter, signed in to the console on another device, sees the call arrive on the floor and takes it: the table
    // reads "the waiter is coming" without a reload; done, and the table may call again.
    const { context: console_, page: ops } = await consoleAs(browser, WAITER, lang);
    try {
      await expect(ops).toHaveURL(/\/ops\/floor$/);
      const call = ops.locator(`[data-testid="floor-call"][data-table="${table}"][data-kind="WAITER"]`);
      await expect(call).toContainText(lang === 'ru' ? 'Ещё две вилки' : 'شوكتان إضافيتان');
      await expect(ops.locator(`[data-testid="floor-table"][data-table="${table}"]`).getByTestId('floor-table-orders')).toHaveText('2');
      await call.getByTestId('floor-call-take').click();
      await expect(page.locator('[data-testid="table-call"][data-kind="WAITER"]')).toHaveAttribute('data-status', 'TAKEN', {
        timeout: 15_000,
      });
      await keepSettledScreenshot(page, testInfo, `table-page-${lang}`);
      await keepSettledScreenshot(ops, testInfo, `table-floor-${lang}`);
      await call.getByTestId('floor-call-done').click();
      await expect(call).toHaveCount(0);
      await expect(page.locator('[data-testid="table-call"][data-kind="WAITER"]')).toHaveCount(0, { timeout: 15_000 });
      await expect(page.getByTestId('table-call-WAITER')).toBeEnabled();
    } finally {
      await console_.close();
    }
    await waiter.context.close();
  });
}
