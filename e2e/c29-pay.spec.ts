import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { brandUrl, customerWithPickupBasket, expect, keepSettledScreenshot, PORT, speak, test } from './support.ts';

/*
 * Issue 29, paying online without a detour, in Chromium against the real server: "confirm" with Payme goes straight to
 * Payme's page (played by e2e/providers/fake-payme.ts) and back to the order's page; the order page says "placed,
 * waiting for payment" with the time left to pay counting down, never "confirmed" while unpaid; "payment received"
 * appears as Payme's callback lands (played here against our Merchant API, as Payme does); the customer's cancel of the
 * paid order starts its refund, and Payme's refund callback turns it "returned". Screenshots at 390x844 in ru and ar.
 */

const PAYME = `http://localhost:${PORT}/api/payments/v1/payme`;
const AUTH = `Basic ${Buffer.from('Paycom:tezkor-payme-test-key').toString('base64')}`;

/** One of Payme's calls to our Merchant API (JSON-RPC, Basic auth with the demo cashbox's key). */
async function payme(request: APIRequestContext, method: string, params: Record<string, unknown>) {
  const res = await request.post(PAYME, {
    headers: { authorization: AUTH, 'content-type': 'application/json' },
    data: { id: 1, method, params },
  });
  const body = (await res.json()) as { result?: Record<string, unknown>; error?: unknown };
  expect(body.error).toBeUndefined();
  return body.result!;
}

/** A customer speaking `lang` with a pickup basket, through checkout with Payme to "confirm". */
async function confirmWithPayme(page: Page, request: APIRequestContext, lang: string) {
  await speak(page, lang);
  const customer = await customerWithPickupBasket(page, request, 2);
  await page.goto(brandUrl('tezkor', '/checkout'));
  const option = page.getByTestId('checkout-payment-option').and(page.locator('[data-payment="PAYME"]'));
  // Payme's own mark (drawn in its colours, not a letter tile).
  await expect(option.locator('svg[data-mark="PAYME"]')).toBeVisible();
  await option.click();
  await expect(page.getByTestId('checkout-totals')).toHaveAttribute('data-state', 'quoted');
  await page.getByTestId('checkout-continue').click();
  await expect(page.getByTestId('checkout-confirm-payment').locator('svg[data-mark="PAYME"]')).toBeVisible();
  await page.getByTestId('checkout-confirm').click();
  // Straight on to Payme's page for exactly this order: no stop on our order page, no "confirmed" toast.
  await expect(page.getByTestId('payme-order')).toHaveText(/^[0-9a-f-]{36}$/);
  const orderId = (await page.getByTestId('payme-order').textContent())!;
  const tiyin = Number(await page.getByTestId('payme-amount').getAttribute('data-tiyin'));
  return { ...customer, orderId, tiyin };
}

test.describe('paying online without a detour', () => {
  test('confirm goes to Payme, paying there brings the customer back to the order, received', async ({ page, request }) => {
    const { orderId } = await confirmWithPayme(page, request, 'ru');
    await page.getByTestId('payme-pay').click();
    await expect(page).toHaveURL(brandUrl('tezkor', `/profile/orders/${orderId}`));
    await expect(page.getByTestId('order-payment-state')).toHaveAttribute('data-state', 'received');
    await expect(page.getByTestId('order-payment-state-title')).toHaveText('Оплата получена');
    await expect(page.getByTestId('order-paid')).toHaveAttribute('data-paid', 'true');
    await expect(page.locator('[data-order-id]')).toHaveAttribute('data-status', 'OPEN');
    await expect(page.getByTestId('order-payment-type').locator('svg[data-mark="PAYME"]')).toBeVisible();
  });

  test('waiting for payment with a countdown, received as the callback lands, cancelled with its refund started, then returned', async ({
    page,
    request,
  }, testInfo) => {
    const { orderId, tiyin } = await confirmWithPayme(page, request, 'ru');
    // Back from Payme's page without paying: the order waits, with the time left to pay counting down.
    await page.getByRole('link', { name: 'Отмена' }).click();
    await expect(page).toHaveURL(brandUrl('tezkor', `/profile/orders/${orderId}`));
    const banner = page.getByTestId('order-payment-state');
    await expect(banner).toHaveAttribute('data-state', 'waiting');
    await expect(page.getByTestId('order-payment-state-title')).toHaveText('Заказ оформлен, ждём оплату');
    await expect(page.getByTestId('order-page')).not.toContainText('подтверждён');
    const countdown = page.getByTestId('order-pay-countdown');
    await expect(countdown).toHaveText(/^\d+:\d{2}(:\d{2})?$/);
    const first = Number(await countdown.getAttribute('data-seconds'));
    expect(first).toBeGreaterThan(60);
    await expect.poll(async () => Number(await countdown.getAttribute('data-seconds'))).toBeLessThan(first);
    await expect(page.getByTestId('order-pay-action')).toBeVisible();
    await keepSettledScreenshot(page, testInfo, 'c29-waiting-ru');

    // Payme's callbacks land while the page is open: it turns "payment received" by itself.
    const id = randomBytes(12).toString('hex');
    await payme(request, 'CheckPerformTransaction', { amount: tiyin, account: { order_id: orderId } });
    await payme(request, 'CreateTransaction', { id, time: Date.now(), amount: tiyin, account: { order_id: orderId } });
    await payme(request, 'PerformTransaction', { id });
    await expect(banner).toHaveAttribute('data-state', 'received');
    await expect(page.getByTestId('order-paid')).toHaveAttribute('data-paid', 'true');
    await expect(page.getByTestId('order-pay-countdown')).toHaveCount(0);
    await keepSettledScreenshot(page, testInfo, 'c29-received-ru');

    // Paid, not yet accepted: the customer cancels, and the refund starts at once.
    await page.getByTestId('order-cancel').click();
    const sheet = page.getByTestId('order-cancel-sheet');
    await expect(sheet).toContainText('отмена сразу запустит возврат');
    await sheet.getByTestId('order-cancel-reason-option').first().click();
    await sheet.getByTestId('order-cancel-sheet-confirm').click();
    await expect(page.locator('[data-order-id]')).toHaveAttribute('data-status', 'CANCELED');
    await expect(banner).toHaveAttribute('data-state', 'refundStarted');
    await expect(page.getByTestId('order-payment-state-title')).toHaveText('Возврат запущен');
    await keepSettledScreenshot(page, testInfo, 'c29-refund-started-ru');

    // Payme gives the money back (CancelTransaction of the performed transaction, reason 5): returned.
    expect(await payme(request, 'CancelTransaction', { id, reason: 5 })).toMatchObject({ state: -2 });
    await expect(banner).toHaveAttribute('data-state', 'refunded');
    await expect(page.getByTestId('order-paid')).toHaveAttribute('data-paid', 'false');
  });

  test('in Arabic, right to left: waiting with the countdown, then the refund started', async ({ page, request }, testInfo) => {
    const { orderId, tiyin } = await confirmWithPayme(page, request, 'ar');
    await page.goto(brandUrl('tezkor', `/profile/orders/${orderId}`));
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('order-payment-state')).toHaveAttribute('data-state', 'waiting');
    await expect(page.getByTestId('order-payment-state-title')).toHaveText('تم إنشاء الطلب، بانتظار الدفع');
    await expect(page.getByTestId('order-pay-countdown')).toBeVisible();
    await keepSettledScreenshot(page, testInfo, 'c29-waiting-ar');

    const id = randomBytes(12).toString('hex');
    await payme(request, 'CreateTransaction', { id, time: Date.now(), amount: tiyin, account: { order_id: orderId } });
    await payme(request, 'PerformTransaction', { id });
    await expect(page.getByTestId('order-payment-state')).toHaveAttribute('data-state', 'received');
    await page.getByTestId('order-cancel').click();
    const sheet = page.getByTestId('order-cancel-sheet');
    await sheet.getByTestId('order-cancel-reason-option').first().click();
    await sheet.getByTestId('order-cancel-sheet-confirm').click();
    await expect(page.getByTestId('order-payment-state')).toHaveAttribute('data-state', 'refundStarted');
    await expect(page.getByTestId('order-payment-state-title')).toHaveText('بدأ استرداد المبلغ');
    await keepSettledScreenshot(page, testInfo, 'c29-refund-started-ar');

    // The orders list names the payment by Payme's mark.
    await page.goto(brandUrl('tezkor', '/profile/orders?tab=archive'));
    await expect(page.locator(`[data-testid="order-card"][data-order-id="${orderId}"] svg[data-mark="PAYME"]`)).toBeVisible();
  });
});
