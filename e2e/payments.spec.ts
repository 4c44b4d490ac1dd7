import type { APIRequestContext, Page } from '@playwright/test';
import { brandUrl, customerWithPickupBasket, expect, keepSettledScreenshot, PORT, speak, test } from './support.ts';

/*
 * Paying online (issue 14) in Chromium against the real server and Payme's checkout page played by
 * e2e/providers/fake-payme.ts (started by playwright.config.ts): check out with Payme, the order waits unpaid with
 * the pay action, Payme's page takes the money by calling our Merchant API, and the customer comes back to the order
 * page, which turns paid and OPEN by itself. Screenshots of the unpaid order at 390x844 in ru and ar.
 */

const API = `http://localhost:${PORT}/api`;

/** A new customer at Tezkor, speaking `lang`, with two of one product in the basket for pickup at Chilonzor (open round the clock). */
async function readyToCheckOut(page: Page, request: APIRequestContext, lang: string) {
  await speak(page, lang);
  const { merchantId, token } = await customerWithPickupBasket(page, request, 2);
  return { merchantId, token };
}

test.describe('paying online', () => {
  test('check out with Payme, pay on its page, come back to the order paid and OPEN', async ({ page, request }, testInfo) => {
    const { merchantId, token } = await readyToCheckOut(page, request, 'ru');
    await page.goto(brandUrl('tezkor', '/checkout'));
    const payme = page.getByTestId('checkout-payment-option').and(page.locator('[data-payment="PAYME"]'));
    await expect(payme.locator('[data-mark="PAYME"]')).toBeVisible();
    await payme.click();
    await expect(payme).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('checkout-totals')).toHaveAttribute('data-state', 'quoted');
    await page.getByTestId('checkout-continue').click();
    await page.getByTestId('checkout-confirm').click();
    // Placed, the customer goes straight on to Payme's page for it (issue 29); here they come back unpaid first.
    await expect(page.getByTestId('payme-order')).toHaveText(/^[0-9a-f-]{36}$/);
    const orderId = (await page.getByTestId('payme-order').textContent())!;
    await page.goto(brandUrl('tezkor', `/profile/orders/${orderId}`));

    // Placed, waiting for its payment: unpaid, with the pay action.
    await expect(page.getByTestId('order-paid')).toHaveAttribute('data-paid', 'false');
    await expect(page.locator('[data-order-id]')).toHaveAttribute('data-status', 'CREATED');
    await expect(page.getByTestId('order-pay-action')).toContainText('Payme');
    await keepSettledScreenshot(page, testInfo, 'order-unpaid-ru');

    await page.getByTestId('order-pay-action').click();
    await expect(page.getByTestId('payme-order')).toHaveText(orderId);
    const order = (await (
      await request.get(`${API}/orders/v1/orders/${orderId}`, {
        headers: { 'X-Merchant-Id': merchantId, Authorization: `Bearer ${token}` },
      })
    ).json()) as { totalPrice: number };
    await expect(page.getByTestId('payme-amount')).toHaveAttribute('data-tiyin', String(order.totalPrice * 100));
    await page.getByTestId('payme-pay').click();

    // Back on the order's page, which shows it paid and on its way to the branch.
    await expect(page).toHaveURL(brandUrl('tezkor', `/profile/orders/${orderId}`));
    await expect(page.getByTestId('order-paid')).toHaveAttribute('data-paid', 'true');
    await expect(page.locator('[data-order-id]')).toHaveAttribute('data-status', 'OPEN');
    await expect(page.getByTestId('order-pay')).toHaveCount(0);
    const paid = (await (
      await request.get(`${API}/orders/v1/orders/${orderId}`, {
        headers: { 'X-Merchant-Id': merchantId, Authorization: `Bearer ${token}` },
      })
    ).json()) as { status: string; isPaid: boolean };
    expect(paid).toMatchObject({ status: 'OPEN', isPaid: true });
  });

  test('the unpaid order in Arabic, right to left', async ({ page, request }, testInfo) => {
    const { merchantId, token } = await readyToCheckOut(page, request, 'ar');
    const basket = JSON.parse((await page.evaluate((m) => localStorage.getItem(`dx:${m}:basket`), merchantId))!) as {
      lines: { productId: string; count: number }[];
    };
    const branchId = await page.evaluate((m) => localStorage.getItem(`dx:${m}:branch`), merchantId);
    const res = await request.post(`${API}/orders/v1/orders`, {
      headers: { 'X-Merchant-Id': merchantId, Authorization: `Bearer ${token}` },
      data: { serviceType: 'PICK_UP', branchId, paymentType: 'PAYME', cartItems: basket.lines },
    });
    expect(res.status()).toBe(201);
    const { id } = (await res.json()) as { id: string };
    await page.goto(brandUrl('tezkor', `/profile/orders/${id}`));
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('order-pay-action')).toBeVisible();
    await keepSettledScreenshot(page, testInfo, 'order-unpaid-ar');
  });

  test('save a card with the code from the SMS, then pay a Click order with it in one tap', async ({ page, request }, testInfo) => {
    const { merchantId, token } = await readyToCheckOut(page, request, 'ru');
    await page.goto(brandUrl('tezkor', '/profile'));
    await page.getByTestId('profile-link-cards').click();
    await expect(page).toHaveURL(brandUrl('tezkor', '/profile/cards'));
    await expect(page.getByTestId('cards-empty')).toBeVisible();
    await page.getByTestId('card-add').click();
    await expect(page).toHaveURL(brandUrl('tezkor', '/profile/cards/create'));

    // A typo in the number is caught as typed, before anything leaves the phone.
    await page.getByTestId('card-number').fill('8600123412341235');
    await expect(page.getByTestId('card-number')).toHaveValue('8600 1234 1234 1235');
    await page.getByTestId('card-expiry').fill('1230');
    await expect(page.getByTestId('card-expiry')).toHaveValue('12/30');
    await page.getByTestId('card-create-submit').click();
    await expect(page.locator('#card-number-error')).toBeVisible();
    await page.getByTestId('card-number').fill('8600123412341239');
    await keepSettledScreenshot(page, testInfo, 'card-create-ru');
    await page.getByTestId('card-create-submit').click();
    await expect(page).toHaveURL(brandUrl('tezkor', '/profile/cards/confirm'));
    const sent = (await (await request.get(`${process.env.FAKE_CLICK_URL}/__journeys/last-code`)).json()) as {
      code: string;
      number: string;
    };
    expect(sent.number).toBe('****1239');
    await page.getByTestId('code-input').fill(sent.code);
    await expect(page).toHaveURL(brandUrl('tezkor', '/profile/cards'));
    await expect(page.getByTestId('card-item')).toHaveCount(1);
    await expect(page.getByTestId('card-number')).toHaveText('8600 **** **** 1239');
    await keepSettledScreenshot(page, testInfo, 'cards-ru');

    // A second order, by Click: paid with the saved card from its page.
    const basket = JSON.parse((await page.evaluate((m) => localStorage.getItem(`dx:${m}:basket`), merchantId))!) as {
      lines: { productId: string; count: number }[];
    };
    const branchId = await page.evaluate((m) => localStorage.getItem(`dx:${m}:branch`), merchantId);
    const placed = await request.post(`${API}/orders/v1/orders`, {
      headers: { 'X-Merchant-Id': merchantId, Authorization: `Bearer ${token}` },
      data: { serviceType: 'PICK_UP', branchId, paymentType: 'CLICK', cartItems: basket.lines },
    });
    expect(placed.status()).toBe(201);
    const { id } = (await placed.json()) as { id: string };
    await page.goto(brandUrl('tezkor', `/profile/orders/${id}`));
    await expect(page.getByTestId('order-pay-card')).toContainText('1239');
    await page.getByTestId('order-pay-card').click();
    await expect(page.getByTestId('order-paid')).toHaveAttribute('data-paid', 'true');
    await expect(page.locator('[data-order-id]')).toHaveAttribute('data-status', 'OPEN');
    const paid = (await (
      await request.get(`${API}/orders/v1/orders/${id}`, { headers: { 'X-Merchant-Id': merchantId, Authorization: `Bearer ${token}` } })
    ).json()) as { status: string; isPaid: boolean };
    expect(paid).toMatchObject({ status: 'OPEN', isPaid: true });
  });

  test('the saved cards in Arabic, right to left', async ({ page, request }, testInfo) => {
    await readyToCheckOut(page, request, 'ar');
    await page.goto(brandUrl('tezkor', '/profile/cards/create'));
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByTestId('card-number').fill('9860123412341232');
    await page.getByTestId('card-expiry').fill('0731');
    await page.getByTestId('card-create-submit').click();
    await expect(page).toHaveURL(brandUrl('tezkor', '/profile/cards/confirm'));
    await keepSettledScreenshot(page, testInfo, 'card-confirm-ar');
    const sent = (await (await request.get(`${process.env.FAKE_CLICK_URL}/__journeys/last-code`)).json()) as { code: string };
    await page.getByTestId('code-input').fill(sent.code);
    await expect(page.getByTestId('card-item')).toHaveCount(1);
    await keepSettledScreenshot(page, testInfo, 'cards-ar');
  });
});
