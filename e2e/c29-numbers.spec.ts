import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { brandUrl, expect, keepScreenshot, logIn, PORT, randomPhone, session, speak, test } from './support.ts';

/*
 * Issue 29, slice A: the console's numbers add up and reasons read as words. A cash delivery with the service fee
 * opened on the console's order page shows every amount line (products, delivery, service fee) and they add up to the
 * total the courier collects; the printed ticket carries the same lines. A customer who cancels with "changed my
 * mind" is read in words (ru) on the console's order history, never as the raw code.
 */

const API = `http://localhost:${PORT}/api`;
const PASSWORD = 'tezkor-demo-2026';
const OPERATOR = '+998900000002';
const NEAR_CHILONZOR = { latitude: 41.2765, longitude: 69.2045 };

async function operatorPage(browser: Browser, lang: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await context.addInitScript((l) => localStorage.setItem('dx-ops-lang', l), lang);
  const page = await context.newPage();
  await page.goto(brandUrl('tezkor', '/ops/'));
  await page.getByTestId('login-phone').fill(OPERATOR);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('sign-out')).toBeVisible();
  return page;
}

/** A signed-in customer's cash delivery of fries, above the delivery minimum and below the fee's free threshold. */
async function placeDelivery(page: Page, request: APIRequestContext, lang = 'ru') {
  await speak(page, lang);
  await page.goto(brandUrl('tezkor', '/login'));
  await logIn(page, randomPhone());
  const { token, merchantId } = await session(page);
  const headers = { 'X-Merchant-Id': merchantId };
  const branches = (await (await request.get(`${API}/users/v1/branches`, { headers })).json()) as { id: string; name: { eng?: string } }[];
  const overalls = (await (await request.get(`${API}/products/v1/overalls`, { headers })).json()) as {
    products: { id: string; price: number; name: { eng: string } }[];
  };
  const fries = overalls.products.find((p) => p.name.eng === 'French Fries')!;
  // Above the delivery minimum (50 000), below the fee's free threshold (150 000).
  const count = Math.ceil(55_000 / fries.price);
  const placed = await request.post(`${API}/orders/v1/orders`, {
    headers: { ...headers, Authorization: `Bearer ${token}` },
    data: {
      serviceType: 'DELIVERY',
      branchId: branches.find((b) => b.name.eng === 'Chilonzor')!.id,
      paymentType: 'CASH',
      address: { ...NEAR_CHILONZOR, streetName: "Bunyodkor shoh ko'chasi", houseNumber: '12' },
      cartItems: [{ productId: fries.id, count }],
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return (await placed.json()) as { id: string; number: number; serviceFee: number; deliveryPrice: number; totalPrice: number };
}

/** The signed amounts of the rows inside `container`, and its total. */
async function amounts(page: Page, container: string): Promise<{ kinds: string[]; sum: number; total: number }> {
  const rows = page.getByTestId(container).locator('[data-testid^="amount-"]:not([data-testid="amount-total"])');
  const pairs = await rows.evaluateAll((els) =>
    els.map((el) => [el.getAttribute('data-testid')!, Number(el.getAttribute('data-amount'))] as const),
  );
  const totalText = await page.getByTestId(container).getByTestId('amount-total').textContent();
  return {
    kinds: pairs.map(([id]) => id.replace('amount-', '')),
    sum: pairs.reduce((s, [, a]) => s + a, 0),
    total: Number(totalText!.replace(/\D/g, '')),
  };
}

test.describe('c29 numbers', () => {
  test("the console's order page and its ticket show every amount, the service fee too, adding up to the total", async ({
    page,
    request,
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    const order = await placeDelivery(page, request);
    expect(order.serviceFee).toBeGreaterThan(0);

    for (const lang of ['ru', 'ar']) {
      const ops = await operatorPage(browser, lang);
      await ops.goto(brandUrl('tezkor', `/ops/orders/${order.id}`));
      await expect(ops.getByTestId('order-detail')).toBeVisible();
      const shown = await amounts(ops, 'order-amounts');
      expect(shown.kinds).toEqual(['products', 'delivery', 'serviceFee']);
      expect(shown.total).toBe(order.totalPrice);
      expect(shown.sum).toBe(order.totalPrice);
      await expect(ops.getByTestId('order-amounts').getByTestId('amount-serviceFee')).toHaveAttribute(
        'data-amount',
        String(order.serviceFee),
      );
      // The printed ticket (the receipt) has the same lines.
      const ticket = await amounts(ops, 'ticket-amounts');
      expect(ticket).toEqual(shown);
      if (lang === 'ru') await expect(ops.getByTestId('order-amounts')).toContainText('Сервисный сбор');
      await ops.getByTestId('order-amounts').scrollIntoViewIfNeeded();
      await keepScreenshot(ops, testInfo, `c29-ops-amounts-${lang}`);
      await ops.context().close();
    }
  });

  test('a customer\'s "changed my mind" reads in words on the console\'s history (ru), never as its code', async ({
    page,
    request,
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    const order = await placeDelivery(page, request);
    await page.goto(brandUrl('tezkor', `/profile/orders/${order.id}`));
    await page.getByTestId('order-cancel').click();
    const sheet = page.getByTestId('order-cancel-sheet');
    await sheet.locator('[data-reason="CHANGED_MIND"]').click();
    await keepScreenshot(page, testInfo, 'c29-cancel-sheet-ru');
    await sheet.getByRole('button', { name: 'Да, отменить' }).click();
    await expect(page.getByTestId('order-cancel-reason')).toContainText('Передумал');

    const ops = await operatorPage(browser, 'ru');
    await ops.goto(brandUrl('tezkor', `/ops/orders/${order.id}`));
    await expect(ops.getByTestId('order-detail')).toHaveAttribute('data-status', 'CANCELED');
    const timeline = ops.getByTestId('order-timeline');
    await expect(timeline.getByTestId('entry-reason')).toHaveText('Передумал');
    await expect(timeline).not.toContainText('CHANGED_MIND');
    await timeline.scrollIntoViewIfNeeded();
    await keepScreenshot(ops, testInfo, 'c29-ops-history-ru');
    await ops.context().close();
  });

  test("OTHER asks for the customer's words (uz) and the staff read them under the reason", async ({
    page,
    request,
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    const order = await placeDelivery(page, request, 'uz');
    await page.goto(brandUrl('tezkor', `/profile/orders/${order.id}`));
    await page.getByTestId('order-cancel').click();
    const sheet = page.getByTestId('order-cancel-sheet');
    await sheet.locator('[data-reason="OTHER"]').click();
    await expect(sheet).toContainText('Sababingiz');
    await sheet.getByRole('button', { name: 'Ha, bekor qilish' }).click();
    // Without words the catalogue's error, and nothing is cancelled.
    await expect(sheet).toContainText('Bekor qilish sababini yozing');
    await sheet.getByTestId('order-cancel-comment').fill('Manzilni adashtirdim');
    await keepScreenshot(page, testInfo, 'c29-cancel-other-uz');
    await sheet.getByRole('button', { name: 'Ha, bekor qilish' }).click();
    await expect(page.getByTestId('order-cancel-reason')).toContainText('Boshqa sabab');

    const ops = await operatorPage(browser, 'ru');
    await ops.goto(brandUrl('tezkor', `/ops/orders/${order.id}`));
    const timeline = ops.getByTestId('order-timeline');
    await expect(timeline.getByTestId('entry-reason')).toHaveText('Другая причина');
    await expect(timeline.getByTestId('entry-comment')).toHaveText('Manzilni adashtirdim');
    await ops.context().close();
  });
});
