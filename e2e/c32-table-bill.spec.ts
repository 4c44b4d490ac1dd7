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
import { WAITER, waiterApi } from './table-support.ts';

/*
 * Issue 32, the table's bill paid online as one payment (decision 021), in Chromium against the real server: two
 * guests order at one table (cash at the table), one of them pays the whole bill through Payme's page (played by
 * e2e/providers/fake-payme.ts, which calls our Merchant API as Payme does), comes back to the table's bill, which
 * says it was paid online with nothing due, and the waiter's floor shows the table's bill paid online. Screenshots at
 * 390x844 in ru and ar. The table is closed at the end, so no later journey finds its session.
 */

/** One plain product in the basket, through the table's checkout (cash at the table) to the order's page. */
async function orderAtTable(page: Page, merchantId: string, productId: string, count: number, asGuest: boolean) {
  await put(page, { [`dx:${merchantId}:basket`]: basketOf(productId, count) });
  await page.goto(brandUrl('tezkor', '/checkout'));
  if (asGuest) await page.getByTestId('table-guest-order').click();
  await page.getByTestId('checkout-continue').click();
  await page.getByTestId('checkout-confirm').click();
  await expect(page).toHaveURL(/\/profile\/orders\/[0-9a-f-]{36}$/);
}

for (const lang of ['ru', 'ar'] as const) {
  test(`two guests at one table, one pays the whole bill with Payme; the floor sees it paid online (${lang})`, async ({
    page,
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(150_000);
    const table = lang === 'ru' ? '7' : 'T4';
    const waiter = await waiterApi(browser);
    const merchantId = waiter.merchantId;
    const chilonzor = await roundTheClockBranch(request, merchantId);
    const sheet = (await waiter.call('GET', `/ops/v1/floor/branches/${chilonzor.id}/qr`)).body as {
      tables: { name: string; url: string }[];
    };
    const url = sheet.tables.find((t) => t.name === table)!.url;
    const product = await plainProduct(request, merchantId);

    // Guest A scans the code and orders as the table's guest.
    await page.setViewportSize({ width: 390, height: 844 });
    await speak(page, lang);
    await page.goto(url);
    await expect(page.getByTestId('table-bar')).toContainText(table);
    await orderAtTable(page, merchantId, product.id, 2, true);

    // Guest B, on another phone, logged in, orders at the same table.
    const other = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      const b = await other.newPage();
      await speak(b, lang);
      await b.goto(brandUrl('tezkor', '/login'));
      await logIn(b, randomPhone('95'));
      await b.goto(url);
      await expect(b.getByTestId('table-bar')).toBeVisible();
      await orderAtTable(b, merchantId, product.id, 1, false);
    } finally {
      await other.close();
    }

    // The table's bill: two orders, all of it due; A pays the whole of it with Payme.
    await page.goto(brandUrl('tezkor', '/table'));
    await expect(page.getByTestId('table-bill-order')).toHaveCount(2);
    const due = (await page.getByTestId('table-bill-due').textContent())!;
    expect(due).toBe(await page.getByTestId('table-bill-total').textContent());
    await expect(page.getByTestId('table-bill-paid-online')).toHaveCount(0);
    const payAll = page.getByTestId('table-pay-all-PAYME');
    await expect(payAll).toBeVisible();
    await payAll.scrollIntoViewIfNeeded();
    await keepSettledScreenshot(page, testInfo, `table-bill-to-pay-${lang}`);
    await payAll.click();

    // Payme's page: the bill (not one order) for exactly what is due.
    await expect(page.getByTestId('payme-order')).toHaveText(/^[0-9a-f-]{36}$/);
    const tiyin = Number(await page.getByTestId('payme-amount').getAttribute('data-tiyin'));
    expect(String(tiyin / 100)).toBe(due.replace(/\D/g, ''));
    await page.getByTestId('payme-pay').click();

    // Back at the table: paid online, nothing due, every order paid.
    await expect(page).toHaveURL(brandUrl('tezkor', '/table'));
    await expect(page.getByTestId('table-bill-paid-online')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('table-bill-due')).toHaveText(/^\D*0\D*$/);
    await expect(page.getByTestId('table-pay-all-PAYME')).toHaveCount(0);
    await page.getByTestId('table-bill-paid-online').scrollIntoViewIfNeeded();
    await keepSettledScreenshot(page, testInfo, `table-bill-paid-${lang}`);

    // The waiter's floor: the table's bill paid online, nothing due.
    const { context: console_, page: ops } = await consoleAs(browser, WAITER, lang);
    try {
      await expect(ops).toHaveURL(/\/ops\/floor$/);
      const row = ops.locator(`[data-testid="floor-table"][data-table="${table}"]`);
      await expect(row.getByTestId('floor-table-paid-online')).toBeVisible({ timeout: 15_000 });
      await expect(row.getByTestId('floor-table-due')).toHaveText(/^\D*0\D*$/);
      await keepSettledScreenshot(ops, testInfo, `table-bill-floor-${lang}`);
    } finally {
      await console_.close();
    }

    // The table is closed, so no later journey finds its session.
    const floor = (await waiter.call('GET', '/ops/v1/floor')).body as { tables: { tableName: string; sessionId: string }[] };
    const session = floor.tables.find((t) => t.tableName === table)!.sessionId;
    expect((await waiter.call('POST', `/ops/v1/floor/tables/${session}/close`)).status).toBeLessThan(300);
    await waiter.context.close();
  });
}
