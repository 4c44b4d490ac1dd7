import type { APIRequestContext, Page } from '@playwright/test';
import { brandUrl, customerWithPickupBasket, expect, plainProduct, PORT, test } from './support.ts';

/*
 * The brand's analytics and CRM tools (issue 31) in Chromium against the real server. The tools' scripts are played
 * by tiny fakes (page.route) that take over the queue each real script takes over, so the test reads what reached
 * them. Tezkor gets all four tools on for this file (the owner's settings call) and off again after it; Navbahor has
 * none. Checked: nothing is asked for before the visitor's first interaction, everything after it; "add to basket"
 * and "order placed" reach Metrica (reachGoal and e-commerce), the Pixel (AddToCart, Purchase) and GTM (add_to_cart,
 * purchase); nothing is asked for on a brand without tools, nor in the staff console.
 */

const API = `http://localhost:${PORT}/api`;
const OWNER = { phone: '+998900000005', password: 'tezkor-demo-2026' };
const TOOLS = /mc\.yandex\.ru|connect\.facebook\.net|googletagmanager\.com|amocrm\.ru/;
const IDS = {
  yandexMetricsId: '98765432',
  metaPixelId: '1234567890',
  googleTagManagerId: 'GTM-TEZK0R',
  amoCRMId: '31337',
  amoCRMHash: 'abcdef0123',
};
const ALL = { yandexMetricsEnabled: true, metaPixelActive: true, googleTagManagerActive: true, amoCRMActive: true };
const NONE = { yandexMetricsEnabled: false, metaPixelActive: false, googleTagManagerActive: false, amoCRMActive: false };

/** Each fake takes over its tool's queue as the real script would, and records every call from then on. */
const FAKES: [RegExp, string][] = [
  [
    /mc\.yandex\.ru\/metrika\/tag\.js/,
    `window.__ym = (window.ym && window.ym.a ? window.ym.a.map(function (a) { return Array.prototype.slice.call(a); }) : []);
     window.ym = function () { window.__ym.push(Array.prototype.slice.call(arguments)); };`,
  ],
  [
    /connect\.facebook\.net\/.*fbevents\.js/,
    `window.__fb = window.fbq.queue.map(function (a) { return Array.prototype.slice.call(a); });
     window.fbq.callMethod = function () { window.__fb.push(Array.prototype.slice.call(arguments)); };`,
  ],
  [
    /googletagmanager\.com\/gtm\.js/,
    `window.__gtm = window.dataLayer.slice();
     var push = window.dataLayer.push.bind(window.dataLayer);
     window.dataLayer.push = function (e) { window.__gtm.push(e); return push(e); };`,
  ],
  [/gso\.amocrm\.ru\/js\/button\.js/, `window.__amo = window.amo_social_button && window.amo_social_button.id;`],
];

async function fakeTools(page: Page): Promise<string[]> {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (TOOLS.test(r.url())) asked.push(r.url());
  });
  for (const [url, body] of FAKES) await page.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body }));
  return asked;
}

async function setTools(request: APIRequestContext, flags: Record<string, boolean>): Promise<void> {
  const host = { Host: `tezkor.localhost:${PORT}` };
  const login = await request.post(`${API}/ops/v1/auth/login`, { headers: host, data: OWNER });
  expect(login.status(), await login.text()).toBe(200);
  const headers = { ...host, Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const read = (await (await request.get(`${API}/admin/v1/settings`, { headers })).json()) as { version: number };
  const put = await request.put(`${API}/admin/v1/settings`, { headers, data: { version: read.version, analytics: IDS, flags } });
  expect(put.status(), await put.text()).toBe(200);
}

test.describe.serial('the brand’s analytics tools', () => {
  test.beforeAll(async ({ request }) => setTools(request, ALL));
  test.afterAll(async ({ request }) => setTools(request, NONE));

  test('load only after the first interaction, and "add to basket" reaches each of them', async ({ page, request }) => {
    const asked = await fakeTools(page);
    const merchantId = (
      (await (await request.get(`${API}/users/v1/merchants/current`, { headers: { Host: `tezkor.localhost:${PORT}` } })).json()) as {
        id: string;
      }
    ).id;
    const product = await plainProduct(request, merchantId);
    await page.goto(brandUrl('tezkor', `/?product=${product.id}&view=sheet`));
    await expect(page.getByTestId('product-sheet')).toBeVisible();
    // The page is loaded and idle for a while: still nothing asked for (the first screen never waits for the tools).
    await page.waitForTimeout(2000);
    expect(asked).toEqual([]);
    expect(await page.evaluate(() => document.querySelectorAll('script[id^="dx-analytics"]').length)).toBe(0);

    await page.getByTestId('product-add').click();
    await expect.poll(() => asked.length).toBe(4);
    expect(asked.some((u) => u.includes('gtm.js?id=GTM-TEZK0R'))).toBe(true);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __amo?: string }).__amo)).toBe('31337');

    const ym = () => page.evaluate(() => (window as unknown as { __ym?: unknown[][] }).__ym ?? []);
    await expect.poll(ym).toContainEqual([98765432, 'reachGoal', 'add_to_basket']);
    expect((await ym()).some((c) => c[1] === 'init')).toBe(true);
    const fb = await page.evaluate(() => (window as unknown as { __fb?: unknown[][] }).__fb ?? []);
    expect(fb).toContainEqual(['init', '1234567890']);
    expect(fb.find((c) => c[0] === 'track' && c[1] === 'AddToCart')?.[2]).toMatchObject({
      content_ids: [product.id],
      content_type: 'product',
    });
    const layer = await page.evaluate(() => (window as unknown as { dataLayer: Record<string, unknown>[] }).dataLayer);
    expect(layer.find((e) => e.event === 'add_to_cart')).toMatchObject({
      ecommerce: { currency: 'UZS', items: [{ item_id: product.id, quantity: 1 }] },
    });
    // Metrica's e-commerce reads the same dataLayer, in its own form.
    expect(layer.find((e) => (e.ecommerce as { add?: unknown } | undefined)?.add)).toMatchObject({
      ecommerce: { currencyCode: 'UZS', add: { products: [{ id: product.id, quantity: 1 }] } },
    });
  });

  test('"order placed" reaches each of them with the order the server placed', async ({ page, request }) => {
    const asked = await fakeTools(page);
    const { merchantId, token, product } = await customerWithPickupBasket(page, request);
    await page.goto(brandUrl('tezkor', '/checkout'));
    await expect(page.getByTestId('checkout-totals')).toHaveAttribute('data-state', 'quoted');
    await page.getByTestId('checkout-continue').click();
    await expect(page).toHaveURL(brandUrl('tezkor', '/checkout/confirm'));
    await expect(page.getByTestId('checkout-totals')).toHaveAttribute('data-state', 'quoted');
    await page.getByTestId('checkout-confirm').click();
    await expect(page).toHaveURL(/\/profile\/orders\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').at(-1)!;
    const order = (await (
      await request.get(`${API}/orders/v1/orders/${id}`, { headers: { 'X-Merchant-Id': merchantId, Authorization: `Bearer ${token}` } })
    ).json()) as { totalPrice: number };
    expect(asked.length).toBeGreaterThanOrEqual(4);

    const ym = () => page.evaluate(() => (window as unknown as { __ym?: unknown[][] }).__ym ?? []);
    await expect.poll(ym).toContainEqual([98765432, 'reachGoal', 'order_placed', { order_price: order.totalPrice, currency: 'UZS' }]);
    const fb = await page.evaluate(() => (window as unknown as { __fb?: unknown[][] }).__fb ?? []);
    expect(fb.find((c) => c[0] === 'track' && c[1] === 'Purchase')?.[2]).toMatchObject({
      value: order.totalPrice,
      currency: 'UZS',
      content_ids: [product.id],
    });
    const layer = await page.evaluate(() => (window as unknown as { dataLayer: Record<string, unknown>[] }).dataLayer);
    expect(layer.find((e) => e.event === 'purchase')).toMatchObject({
      ecommerce: { transaction_id: id, value: order.totalPrice, currency: 'UZS', items: [{ item_id: product.id, quantity: 1 }] },
    });
    expect(layer.find((e) => (e.ecommerce as { purchase?: unknown } | undefined)?.purchase)).toMatchObject({
      ecommerce: { purchase: { actionField: { id, revenue: order.totalPrice } } },
    });
  });

  test('the staff console never loads them', async ({ browser }) => {
    // A page of its own: the console sets no data-ready mark, which the fixture's goto waits for.
    const context = await browser.newContext();
    const page = await context.newPage();
    const asked = await fakeTools(page);
    await page.goto(brandUrl('tezkor', '/ops/'));
    await page.getByTestId('login-phone').fill(OWNER.phone);
    await page.getByTestId('login-password').fill(OWNER.password);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('sign-out')).toBeVisible();
    await page.mouse.wheel(0, 200);
    // The owner's settings screen shows the ids the brand has.
    await page.goto(brandUrl('tezkor', '/ops/admin/settings'));
    await expect(page.getByTestId('settings-googleTagManagerId')).toHaveValue('GTM-TEZK0R');
    await expect(page.getByTestId('settings-amoCRMHash')).toHaveValue('abcdef0123');
    await page.getByTestId('settings-analytics').scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/screenshots/c31-console-analytics.png' });
    await page.waitForTimeout(1500);
    expect(asked).toEqual([]);
    await context.close();
  });
});

test('a brand without tools asks for none of them, before or after interaction', async ({ page }) => {
  const asked = await fakeTools(page);
  await page.goto(brandUrl('navbahor', '/'));
  await page.mouse.wheel(0, 300);
  await page.locator('body').click({ position: { x: 5, y: 400 } });
  await page.waitForTimeout(1500);
  expect(asked).toEqual([]);
  expect(await page.evaluate(() => document.querySelectorAll('script[id^="dx-analytics"]').length)).toBe(0);
});
