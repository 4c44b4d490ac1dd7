import type { APIRequestContext, Page } from '@playwright/test';
import { brandUrl, expect, keepSettledScreenshot, logIn, PORT, randomPhone, session, speak, test } from './support.ts';

/*
 * The customer's orders (issue 13, docs/spec-index.md sections 2 and 4) in Chromium against the real server: orders placed
 * through the API with the customer's token, then the storefront: the order in Active, its page, cancelled with a
 * reason after a confirmation, found in Archive, hidden; another order repeated into the basket. Screenshots of
 * the list and the detail at 390x844 in ru and ar.
 */

const API = `http://localhost:${PORT}/api`;

interface Tezkor {
  headers: Record<string, string>;
  branchId: string;
  fries: string;
  burger: { id: string; modifications: { id: string; count: number }[] };
}

interface Product {
  id: string;
  name: { eng: string };
  modificationGroups: { min: number; modifications: { id: string }[] }[];
}

async function tezkor(request: APIRequestContext): Promise<Tezkor> {
  const merchant = (await (await request.get(`${API}/users/v1/merchants/current?vendor=tezkor`)).json()) as { id: string };
  const headers = { 'X-Merchant-Id': merchant.id };
  const overalls = (await (await request.get(`${API}/products/v1/overalls`, { headers })).json()) as { products: Product[] };
  const byName = (name: string) => {
    const p = overalls.products.find((x) => x.name.eng === name);
    if (!p) throw new Error(`no ${name}`);
    return p;
  };
  const burger = byName('Cheeseburger');
  const branches = (await (await request.get(`${API}/users/v1/branches`, { headers })).json()) as { id: string; name: { eng?: string } }[];
  const branch = branches.find((b) => b.name.eng === 'Chilonzor');
  if (!branch) throw new Error('no Chilonzor');
  return {
    headers,
    branchId: branch.id,
    fries: byName('French Fries').id,
    // The required size: the first of each group that must be chosen.
    burger: {
      id: burger.id,
      modifications: burger.modificationGroups.filter((g) => g.min > 0).map((g) => ({ id: g.modifications[0]!.id, count: g.min })),
    },
  };
}

/** A pickup order paid in cash at Chilonzor (open round the clock), placed as the customer. */
async function placeOrder(
  request: APIRequestContext,
  t: Tezkor,
  token: string,
  cartItems: unknown[],
): Promise<{ id: string; number: number }> {
  const res = await request.post(`${API}/orders/v1/orders`, {
    headers: { ...t.headers, Authorization: `Bearer ${token}` },
    data: { serviceType: 'PICK_UP', branchId: t.branchId, paymentType: 'CASH', cartItems },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; number: number };
}

/** A new customer of Tezkor, signed in through the login in `lang`, with one cash pickup order of fries and a burger. */
async function customerWithOrder(page: Page, request: APIRequestContext, lang: string) {
  const t = await tezkor(request);
  await speak(page, lang);
  await page.goto(brandUrl('tezkor', '/login'));
  await logIn(page, randomPhone());
  const { token } = await session(page);
  const order = await placeOrder(request, t, token, [
    { productId: t.fries, count: 2 },
    { productId: t.burger.id, count: 1, modifications: t.burger.modifications },
  ]);
  return { t, token, order };
}

test.describe('my orders', () => {
  test('an order in Active, opened, cancelled with a reason after asking, found in Archive and hidden', async ({
    page,
    request,
  }, testInfo) => {
    const { order } = await customerWithOrder(page, request, 'ru');

    // From the profile's menu (the link shows now that the page exists).
    await page.goto(brandUrl('tezkor', '/profile'));
    await page.getByTestId('profile-link-orders').click();
    await expect(page).toHaveURL(brandUrl('tezkor', '/profile/orders'));
    await expect(page.getByTestId('orders-tab-active')).toHaveAttribute('aria-selected', 'true');
    const card = page.locator(`[data-testid="order-card"][data-order-id="${order.id}"]`);
    await expect(card).toBeVisible();
    await expect(card.getByTestId('order-number')).toHaveText(`Заказ №${order.number}`);
    await expect(card.getByTestId('order-status')).toHaveText('Заказ получен, ждём ответа ресторана');
    await expect(card.getByTestId('order-service')).toHaveText('Самовывоз');
    // The day in words from the domain's table (`сб, 28 ноября, 19:03`), on the branch's wall clock.
    await expect(card.getByTestId('order-time')).toHaveText(/^(вс|пн|вт|ср|чт|пт|сб), \d{1,2} [а-я]+, \d\d:\d\d$/);
    await keepSettledScreenshot(page, testInfo, 'orders-list-ru');

    await card.click();
    await expect(page).toHaveURL(brandUrl('tezkor', `/profile/orders/${order.id}`));
    await expect(page.getByTestId('order-title')).toHaveText(`Заказ №${order.number}`);
    await expect(page.getByTestId('order-line')).toHaveCount(2);
    await expect(page.getByTestId('order-line-name')).toHaveText([/.+/, /.+/]);
    await expect(page.getByTestId('order-payment-type')).toHaveText('Наличные');
    await expect(page.getByTestId('order-paid')).toHaveText('Не оплачен');
    await expect(page.getByTestId('order-branch')).toHaveText('Чиланзар');
    await expect(page.getByTestId('order-step')).toHaveText([/Заказ получен/]);
    await expect(page.getByTestId('order-hide')).toHaveCount(0);
    await keepSettledScreenshot(page, testInfo, 'order-detail-ru');

    // Cancel: the sheet asks for a reason first.
    await page.getByTestId('order-cancel').click();
    const sheet = page.getByTestId('order-cancel-sheet');
    await expect(sheet).toBeVisible();
    await sheet.getByTestId('order-cancel-sheet-confirm').click();
    await expect(sheet.getByRole('alert')).toHaveText('Выберите причину');
    await sheet.getByTestId('order-cancel-reason-option').filter({ hasText: 'Хочу оплатить по-другому' }).click();
    await sheet.getByTestId('order-cancel-comment').fill('Передумал');
    await keepSettledScreenshot(page, testInfo, 'order-cancel-sheet-ru');
    await sheet.getByTestId('order-cancel-sheet-confirm').click();
    await expect(sheet).toHaveCount(0);
    await expect(page.getByTestId('order-status').first()).toHaveText('Отменён');
    await expect(page.getByTestId('order-cancel-reason')).toContainText('Хочу оплатить по-другому');
    await expect(page.getByTestId('order-step')).toHaveText([/Заказ получен/, /Отменён/]);
    await expect(page.getByTestId('order-cancel')).toHaveCount(0);

    // Gone from Active, in Archive.
    await page.getByTestId('order-back').click();
    await expect(page.getByTestId('orders-empty-active')).toBeVisible();
    await page.getByTestId('orders-tab-archive').click();
    await expect(page).toHaveURL(brandUrl('tezkor', '/profile/orders?tab=archive'));
    const archived = page.locator(`[data-testid="order-card"][data-order-id="${order.id}"]`);
    await expect(archived.getByTestId('order-status')).toHaveText('Отменён');

    // Hide it: asked first, then back to the list without it.
    await archived.click();
    await page.getByTestId('order-hide').click();
    await page.getByTestId('order-hide-sheet-confirm').click();
    await expect(page).toHaveURL(brandUrl('tezkor', '/profile/orders?tab=archive'));
    await expect(page.getByTestId('orders-empty-archive')).toBeVisible();

    // An order that is not the customer's (another customer's, or none) is not found.
    await page.goto(brandUrl('tezkor', '/profile/orders/00000000-0000-4000-8000-000000000001'));
    await expect(page.getByTestId('order-not-found')).toBeVisible();
  });

  test('repeat puts the lines back into the basket; the archive pages with "show more"', async ({ page, request }) => {
    const { t, token, order } = await customerWithOrder(page, request, 'ru');

    await page.goto(brandUrl('tezkor', `/profile/orders/${order.id}`));
    await page.getByTestId('order-repeat').click();
    await expect(page).toHaveURL(brandUrl('tezkor', '/basket'));
    await expect(page.getByTestId('basket-line')).toHaveCount(2);
    const basket = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.endsWith(':basket'))!;
      return (JSON.parse(localStorage.getItem(key)!) as { lines: unknown[] }).lines;
    });
    expect(basket).toEqual([
      { productId: t.fries, count: 2, modifications: [] },
      { productId: t.burger.id, count: 1, modifications: t.burger.modifications },
    ]);

    // Eleven cancelled orders: ten on the first page of Archive, the eleventh after "show more".
    const headers = { ...t.headers, Authorization: `Bearer ${token}` };
    for (let i = 0; i < 11; i++) {
      const placed = await placeOrder(request, t, token, [{ productId: t.fries, count: 1 }]);
      expect((await request.post(`${API}/orders/v1/orders/${placed.id}/cancel`, { headers, data: { reason: 'UPDATE' } })).status()).toBe(
        200,
      );
    }
    await page.goto(brandUrl('tezkor', '/profile/orders?tab=archive'));
    await expect(page.getByTestId('order-card')).toHaveCount(10);
    await page.getByTestId('orders-more').click();
    await expect(page.getByTestId('order-card')).toHaveCount(11);
    await expect(page.getByTestId('orders-more')).toHaveCount(0);
    // The first order is still active.
    await page.getByTestId('orders-tab-active').click();
    await expect(page.getByTestId('order-card')).toHaveCount(1);
  });

  test('in Arabic, right to left: the list and the detail', async ({ page, request }, testInfo) => {
    const { order } = await customerWithOrder(page, request, 'ar');
    await page.goto(brandUrl('tezkor', '/profile/orders'));
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('order-status')).toHaveText('تم استلام الطلب، بانتظار المطعم');
    await keepSettledScreenshot(page, testInfo, 'orders-list-ar');
    await page.getByTestId('order-card').click();
    await expect(page.getByTestId('order-title')).toContainText(String(order.number));
    await expect(page.getByTestId('order-line')).toHaveCount(2);
    await keepSettledScreenshot(page, testInfo, 'order-detail-ar');
  });

  test('a guest is asked to log in', async ({ page }) => {
    await speak(page, 'ru');
    await page.goto(brandUrl('tezkor', '/profile/orders'));
    await expect(page.getByTestId('login-prompt')).toBeVisible();
  });
});
