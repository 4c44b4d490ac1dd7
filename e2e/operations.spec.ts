import type { Browser, BrowserContext, Page } from '@playwright/test';
import { blankTiles, brandUrl, expect, keepScreenshot, logIn, PORT, randomPhone, session, speak, test } from './support.ts';

/*
 * Operations (issue 15) in Chromium against the real server, four people at once: a customer places a delivery and
 * keeps its page open; the operator accepts it on the console's board, the kitchen cooks it and marks it ready, the
 * courier takes it on their phone and rides (their position from the phone's geolocation), and delivers. The
 * customer's order page and its map follow every step without a reload. Screenshots of the board, the courier's
 * view and the customer's map.
 */

const API = `http://localhost:${PORT}/api`;
const PASSWORD = 'tezkor-demo-2026';
const STAFF = { admin: '+998900000001', operator: '+998900000002', kitchen: '+998900000003', courier: '+998900000004' };
const NEAR_CHILONZOR = { latitude: 41.2765, longitude: 69.2045 };

/** A staff member signed in to the console in a context of their own (desktop, or a phone for the courier). */
async function staffPage(browser: Browser, phone: string, phoneSized = false): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(
    phoneSized
      ? {
          viewport: { width: 390, height: 844 },
          isMobile: true,
          hasTouch: true,
          geolocation: { latitude: 41.2757, longitude: 69.2039 },
          permissions: ['geolocation'],
        }
      : { viewport: { width: 1280, height: 860 } },
  );
  const page = await context.newPage();
  await page.goto(brandUrl('tezkor', '/ops/'));
  await page.getByTestId('login-phone').fill(phone);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('sign-out')).toBeVisible();
  return { context, page };
}

test.describe('operations', () => {
  test('the board, the kitchen and the courier move an order; the customer sees each step and the courier on the map without a reload', async ({
    page,
    request,
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    // The customer: signed in, a cash delivery to Chilonzor placed, its page open.
    await speak(page, 'ru');
    await page.goto(brandUrl('tezkor', '/login'));
    await logIn(page, randomPhone());
    const { token, merchantId } = await session(page);
    const branches = (await (await request.get(`${API}/users/v1/branches`, { headers: { 'X-Merchant-Id': merchantId } })).json()) as {
      id: string;
      name: { eng?: string };
    }[];
    const overalls = (await (await request.get(`${API}/products/v1/overalls`, { headers: { 'X-Merchant-Id': merchantId } })).json()) as {
      products: { id: string; name: { eng: string } }[];
    };
    const fries = overalls.products.find((p) => p.name.eng === 'French Fries')!.id;
    const placed = await request.post(`${API}/orders/v1/orders`, {
      headers: { 'X-Merchant-Id': merchantId, Authorization: `Bearer ${token}` },
      data: {
        serviceType: 'DELIVERY',
        branchId: branches.find((b) => b.name.eng === 'Chilonzor')!.id,
        paymentType: 'CASH',
        address: { ...NEAR_CHILONZOR, streetName: "Bunyodkor shoh ko'chasi", houseNumber: '12' },
        cartItems: [{ productId: fries, count: 5 }],
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const order = (await placed.json()) as { id: string; number: number };
    await page.goto(brandUrl('tezkor', `/profile/orders/${order.id}`));
    const customerOrder = page.locator(`[data-order-id="${order.id}"]`);
    await expect(customerOrder).toHaveAttribute('data-status', 'OPEN');

    // The operator accepts it on the board, with a cooking time.
    const operator = await staffPage(browser, STAFF.operator);
    const card = operator.page.getByTestId(`order-card-${order.number}`);
    await expect(operator.page.getByTestId('column-new').getByTestId(`order-card-${order.number}`)).toBeVisible();
    await keepScreenshot(operator.page, testInfo, 'ops-board');
    await card.getByTestId('action-ACCEPTED').click();
    await operator.page.getByTestId('accept-minutes').fill('15');
    await operator.page.getByTestId('accept-confirm').click();
    await expect(operator.page.getByTestId('column-accepted').getByTestId(`order-card-${order.number}`)).toBeVisible();
    await expect(customerOrder).toHaveAttribute('data-status', 'ACCEPTED');

    // The kitchen cooks it and marks it ready; the operator's board follows (the stream), and so does the customer.
    const kitchen = await staffPage(browser, STAFF.kitchen);
    const kitchenCard = kitchen.page.getByTestId(`order-card-${order.number}`);
    await kitchenCard.getByTestId('action-COOKING').click();
    await expect(customerOrder).toHaveAttribute('data-status', 'COOKING');
    await kitchen.page.getByTestId('column-cooking').getByTestId(`order-card-${order.number}`).getByTestId('action-DONE').click();
    await expect(customerOrder).toHaveAttribute('data-status', 'DONE');
    await expect(operator.page.getByTestId('column-ready').getByTestId(`order-card-${order.number}`)).toBeVisible();

    // The courier, on their phone, takes it and rides; the phone reports where it is.
    const courier = await staffPage(browser, STAFF.courier, true);
    await expect(courier.page).toHaveURL(/\/ops\/courier$/);
    await courier.page.getByTestId('courier-ready').getByTestId(`order-card-${order.number}`).getByTestId('action-ATTACHED').click();
    await expect(customerOrder).toHaveAttribute('data-status', 'ATTACHED');
    await courier.page.getByTestId('courier-mine').getByTestId(`order-card-${order.number}`).getByTestId('action-ON_WAY').click();
    await expect(customerOrder).toHaveAttribute('data-status', 'ON_WAY');
    await keepScreenshot(courier.page, testInfo, 'ops-courier');

    // The customer follows it on the map: the courier shows, and moves as the phone does.
    await blankTiles(page);
    await page.getByTestId('order-track').click();
    const map = page.getByTestId('order-map-page');
    await expect(map).toHaveAttribute('data-status', 'ON_WAY');
    await expect(map).toHaveAttribute('data-courier', 'shown', { timeout: 20_000 });
    await expect(page.getByTestId('order-map-courier-name')).toHaveText('Jasur Tursunov');
    const marker = page.locator('.dx-track-courier');
    await expect(marker).toBeVisible();
    const before = await marker.boundingBox();
    await courier.context.setGeolocation({ latitude: 41.2785, longitude: 69.2095 });
    await expect.poll(async () => (await marker.boundingBox())?.x, { timeout: 25_000 }).not.toBe(before?.x);
    await keepScreenshot(page, testInfo, 'order-map-ru');

    await courier.page.getByTestId('courier-mine').getByTestId(`order-card-${order.number}`).getByTestId('action-DELIVERED').click();
    await expect(map).toHaveAttribute('data-status', 'DELIVERED');
    await page.getByTestId('order-map-back').click();
    await expect(page.getByTestId('order-step')).toHaveText([/Заказ получен/, /Принят/, /Готовится/, /Готов/, /В пути/, /Доставлен/]);

    // The customer's notifications: each step they read, as the timeline has them (the courier taking the ready
    // order is not one: it still reads "ready").
    await page.goto(brandUrl('tezkor', '/profile/notifications'));
    await expect(page.getByTestId('notification')).toHaveCount(5);

    for (const person of [operator, kitchen, courier]) await person.context.close();
  });

  test('the stop-list takes a product off at a branch and pauses its delivery, and the quote sees both at once; the figures of the day', async ({
    browser,
    request,
  }, testInfo) => {
    const merchant = (await (await request.get(`${API}/users/v1/merchants/current?vendor=tezkor`)).json()) as { id: string };
    const headers = { 'X-Merchant-Id': merchant.id };
    const branches = (await (await request.get(`${API}/users/v1/branches`, { headers })).json()) as {
      id: string;
      name: { eng?: string };
    }[];
    const chilonzor = branches.find((b) => b.name.eng === 'Chilonzor')!.id;
    const overalls = (await (await request.get(`${API}/products/v1/overalls`, { headers })).json()) as {
      products: { id: string; name: { eng: string } }[];
    };
    const fries = overalls.products.find((p) => p.name.eng === 'French Fries')!.id;
    const quote = async (serviceType: string) =>
      (await (
        await request.post(`${API}/orders/v1/orders/quote`, {
          headers,
          data: {
            serviceType,
            branchId: chilonzor,
            ...(serviceType === 'DELIVERY' ? { address: NEAR_CHILONZOR } : {}),
            cartItems: [{ productId: fries, count: 5 }],
          },
        })
      ).json()) as { problems: { code: string; details?: { reason?: string } }[] };

    // The kitchen (one branch) switches the fries off and on again.
    const kitchen = await staffPage(browser, STAFF.kitchen);
    await kitchen.page.getByTestId('nav-stopList').click();
    const row = kitchen.page.getByTestId(`stop-row-${fries}`);
    await kitchen.page.getByTestId(`stop-product-${fries}`).click();
    await expect(row).toHaveAttribute('data-stopped', 'true');
    expect((await quote('PICK_UP')).problems.map((p) => p.code)).toContain('PRODUCT_NOT_AVAILABLE');
    await keepScreenshot(kitchen.page, testInfo, 'ops-stop-list');
    await kitchen.page.getByTestId(`stop-product-${fries}`).click();
    await expect(row).toHaveAttribute('data-stopped', 'false');
    expect((await quote('PICK_UP')).problems).toEqual([]);

    // The operator pauses Chilonzor's delivery for 15 minutes, then resumes it.
    const operator = await staffPage(browser, STAFF.operator);
    await operator.page.getByTestId('nav-stopList').click();
    await operator.page.getByTestId('stop-branch').selectOption(chilonzor);
    await operator.page.getByTestId('pause-15').click();
    await expect(operator.page.getByTestId('delivery-state')).toHaveAttribute('data-paused', 'true');
    expect((await quote('DELIVERY')).problems[0]).toMatchObject({ code: 'BRANCH_CLOSED', details: { reason: 'PAUSED' } });
    await operator.page.getByTestId('pause-resume').click();
    await expect(operator.page.getByTestId('delivery-state')).toHaveAttribute('data-paused', 'false');
    expect((await quote('DELIVERY')).problems).toEqual([]);

    // The day's figures, per branch.
    await operator.page.getByTestId('nav-figures').click();
    await expect(operator.page.getByTestId(`figures-row-${chilonzor}`)).toBeVisible();
    await expect(operator.page.getByTestId(`figures-row-${chilonzor}`).getByTestId('figures-orders')).toHaveText(/^\d+$/);
    for (const person of [kitchen, operator]) await person.context.close();
  });

  test("a wrong staff password is refused on the login screen, and the brand's admin sees it, by network, under the figures", async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    await page.goto(brandUrl('tezkor', '/ops/'));
    await page.getByTestId('login-phone').fill(STAFF.kitchen);
    await page.getByTestId('login-password').fill('not-the-password');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-error')).toBeVisible();
    await context.close();

    const admin = await staffPage(browser, STAFF.admin);
    await admin.page.getByTestId('nav-figures').click();
    const row = admin.page.getByTestId('login-failures').getByTestId('login-failure-row').filter({ hasText: STAFF.kitchen });
    await expect(row).toBeVisible();
    // The network, never the address.
    await expect(row).toContainText(/\/(24|48)/);
    await admin.context.close();
  });
});
