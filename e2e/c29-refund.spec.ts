import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { clickAmount, clickSign } from '../apps/api/test/providers/click.ts';
import { brandUrl, customerWithPickupBasket, expect, keepSettledScreenshot, PORT, speak, test } from './support.ts';

/*
 * Issue 29, the refund of a cancelled paid order, in Chromium against the real server. Click: the customer's order is
 * paid through Click's SHOP API (played here as Click does, signed), the customer cancels it on the order page, and our
 * server asks Click's Merchant API (e2e/providers/fake-click.ts) for the reversal at once: the order page says the money
 * came back and the console's order page shows the refund done. Payme: the cancel starts a refund that waits for Payme
 * (the brand refunds in Payme's cabinet), the console's board lists it, and a manager marks it refunded. Screenshots of
 * the console at 390x844 in ru and ar.
 */

const API = `http://localhost:${PORT}/api`;
const FAKE_CLICK = process.env.FAKE_CLICK_URL!;
const CLICK = { serviceId: '10001', secretKey: 'tezkor-click-secret' };
const PAYME_AUTH = `Basic ${Buffer.from('Paycom:tezkor-payme-test-key').toString('base64')}`;
const MANAGER = '+998900000006';
const PASSWORD = 'tezkor-demo-2026';

/** A paid-online pickup order placed through the API by a new customer whose storefront is open in `page`. */
async function placeOrder(page: Page, request: APIRequestContext, lang: string, paymentType: 'CLICK' | 'PAYME') {
  await speak(page, lang);
  const c = await customerWithPickupBasket(page, request, 2);
  const res = await request.post(`${API}/orders/v1/orders`, {
    headers: { ...c.headers, Authorization: `Bearer ${c.token}` },
    data: { serviceType: 'PICK_UP', branchId: c.open.id, cartItems: [{ productId: c.product.id, count: 2 }], paymentType },
  });
  expect(res.status()).toBe(201);
  const order = (await res.json()) as { id: string; number: number; totalPrice: number };
  return { ...c, order };
}

/** Click pays the order through its SHOP API (Prepare, Complete), and its Merchant API knows the payment (click_paydoc_id). */
async function payWithClick(request: APIRequestContext, order: { id: string; totalPrice: number }) {
  const clickTransId = String(3_000_000_000 + Math.floor(Math.random() * 1e8));
  const paydocId = String(Number(clickTransId) + 7);
  const base = {
    click_trans_id: clickTransId,
    service_id: CLICK.serviceId,
    click_paydoc_id: paydocId,
    merchant_trans_id: order.id,
    amount: clickAmount(order.totalPrice),
    error: '0',
    error_note: 'Success',
    sign_time: '2026-05-01 12:00:00',
  };
  const post = async (path: 'prepare' | 'complete', fields: Record<string, string>) => {
    const signed = { ...fields, sign_string: clickSign(fields, CLICK.secretKey) };
    const res = await request.post(`${API}/payments/v1/click/${path}`, { form: signed });
    const body = (await res.json()) as { error: number; merchant_prepare_id?: number };
    expect(body.error).toBe(0);
    return body;
  };
  const prepared = await post('prepare', { ...base, action: '0' });
  await post('complete', { ...base, action: '1', merchant_prepare_id: String(prepared.merchant_prepare_id) });
  const told = await request.post(`${FAKE_CLICK}/__journeys/shop-payment`, {
    data: { paymentId: paydocId, serviceId: CLICK.serviceId, amount: order.totalPrice, orderId: order.id },
  });
  expect(told.ok()).toBe(true);
}

/** Payme pays the order (CreateTransaction, PerformTransaction against our Merchant API). */
async function payWithPayme(request: APIRequestContext, order: { id: string; totalPrice: number }) {
  const call = async (method: string, params: Record<string, unknown>) => {
    const res = await request.post(`${API}/payments/v1/payme`, {
      headers: { authorization: PAYME_AUTH, 'content-type': 'application/json' },
      data: { id: 1, method, params },
    });
    expect(((await res.json()) as { error?: unknown }).error).toBeUndefined();
  };
  const id = randomBytes(12).toString('hex');
  await call('CreateTransaction', { id, time: Date.now(), amount: order.totalPrice * 100, account: { order_id: order.id } });
  await call('PerformTransaction', { id });
}

/** The customer cancels on the order's page (the first reason). */
async function cancelOnPage(page: Page, orderId: string) {
  await page.goto(brandUrl('tezkor', `/profile/orders/${orderId}`));
  await expect(page.getByTestId('order-payment-state')).toHaveAttribute('data-state', 'received');
  await page.getByTestId('order-cancel').click();
  const sheet = page.getByTestId('order-cancel-sheet');
  await sheet.getByTestId('order-cancel-reason-option').first().click();
  await sheet.getByTestId('order-cancel-sheet-confirm').click();
  await expect(page.locator('[data-order-id]')).toHaveAttribute('data-status', 'CANCELED');
}

/** The manager signed in to the console on a phone, in `lang`. */
async function managerConsole(browser: Browser, lang: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await context.addInitScript((l) => localStorage.setItem('dx-ops-lang', l), lang);
  const page = await context.newPage();
  await page.goto(brandUrl('tezkor', '/ops/'));
  await page.getByTestId('login-phone').fill(MANAGER);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('sign-out')).toBeVisible();
  return { context, page };
}

test.describe('the refund of a cancelled paid order', () => {
  test('paid with Click, cancelled: Click reverses it at once; the customer and the console see the refund done', async ({
    page,
    request,
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const { order } = await placeOrder(page, request, 'ru', 'CLICK');
    await payWithClick(request, order);
    await cancelOnPage(page, order.id);
    await expect(page.getByTestId('order-payment-state')).toHaveAttribute('data-state', 'refunded');
    await expect(page.getByTestId('order-payment-state-title')).toHaveText('Деньги возвращены');
    await expect(page.getByTestId('order-paid')).toHaveAttribute('data-paid', 'false');

    const ops = await managerConsole(browser, 'ru');
    try {
      await ops.page.goto(brandUrl('tezkor', `/ops/orders/${order.id}`));
      const refund = ops.page.getByTestId('order-amounts').getByTestId('amount-refund');
      await expect(refund).toHaveAttribute('data-state', 'DONE');
      await expect(refund).toContainText('деньги возвращены');
      await expect(ops.page.getByTestId('refund-mark')).toHaveCount(0);
      await refund.scrollIntoViewIfNeeded();
      await keepSettledScreenshot(ops.page, testInfo, 'c29-refund-click-done-ru');
    } finally {
      await ops.context.close();
    }
  });

  for (const lang of ['ru', 'ar'] as const) {
    test(`paid with Payme, cancelled: the refund waits for Payme, the board lists it, the manager marks it refunded (${lang})`, async ({
      page,
      request,
      browser,
    }, testInfo) => {
      test.setTimeout(120_000);
      const { order } = await placeOrder(page, request, lang, 'PAYME');
      await payWithPayme(request, order);
      await cancelOnPage(page, order.id);
      await expect(page.getByTestId('order-payment-state')).toHaveAttribute('data-state', 'refundStarted');
      await expect(page.getByTestId('order-payment-state-text')).toContainText(lang === 'ru' ? 'до 10 дней' : '10 أيام');
      await keepSettledScreenshot(page, testInfo, `c29-refund-payme-customer-${lang}`);

      const ops = await managerConsole(browser, lang);
      try {
        if (lang === 'ar') await expect(ops.page.locator('html')).toHaveAttribute('dir', 'rtl');
        const row = ops.page.getByTestId(`refund-${order.id}`);
        await expect(row.getByTestId('refund-state')).toHaveAttribute('data-state', 'STARTED');
        await expect(row).toContainText(String(order.number));
        await keepSettledScreenshot(ops.page, testInfo, `c29-refunds-board-${lang}`);
        await row.getByRole('link').click();
        await expect(ops.page.getByTestId('order-detail')).toBeVisible();
        const refund = ops.page.getByTestId('order-amounts').getByTestId('amount-refund');
        await expect(refund).toHaveAttribute('data-state', 'STARTED');
        await expect(refund.getByTestId('refund-note')).toBeVisible();
        const mark = ops.page.getByTestId('refund-mark');
        await mark.scrollIntoViewIfNeeded();
        await keepSettledScreenshot(ops.page, testInfo, `c29-refund-payme-started-${lang}`);
        await mark.click();
        await expect(refund).toHaveAttribute('data-state', 'DONE');
        await expect(mark).toHaveCount(0);
      } finally {
        await ops.context.close();
      }
      // The customer's page hears of it.
      await expect(page.getByTestId('order-payment-state')).toHaveAttribute('data-state', 'refunded');
    });
  }
});
