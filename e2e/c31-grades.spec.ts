import type { APIRequestContext, Browser } from '@playwright/test';
import {
  brandUrl,
  consoleAs,
  expect,
  keepSettledScreenshot,
  STAFF_PASSWORD,
  logIn,
  PORT,
  randomPhone,
  roundTheClockBranch,
  session,
  speak,
  test,
} from './support.ts';

/*
 * Issue 31, reviews and grades, in Chromium against the real server (its demo seed holds Tezkor's graded orders): a
 * customer on a phone picks up an order, the branch closes it, the customer rates it with stars, the fries' stars and
 * a comment; the fries' page shows their average (enough grades with the seed's) and the comment; the owner hides the
 * comment in the console and it is gone from the product page. Screenshots at 390x844 in ru and ar.
 */

const API = `http://localhost:${PORT}/api`;
const OWNER = '+998900000005';
const ADMIN = '+998900000001';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

async function staffToken(request: APIRequestContext, merchantId: string, phone: string) {
  const login = await request.post(`${API}/ops/v1/auth/login`, {
    headers: { 'X-Merchant-Id': merchantId },
    data: { phone, password: STAFF_PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

/** The fries: graded in the seed, orderable with one tap. */
async function fries(request: APIRequestContext, merchantId: string): Promise<{ id: string }> {
  const menu = (await (await request.get(`${API}/products/v1/overalls`, { headers: { 'X-Merchant-Id': merchantId } })).json()) as {
    products: { id: string; name: { eng?: string }; modificationGroups: { min: number }[] }[];
  };
  const found = menu.products.find((p) => p.name.eng === 'French Fries');
  expect(found, 'the demo menu has fries').toBeDefined();
  return found!;
}

const ownerConsole = (browser: Browser, lang: string) => consoleAs(browser, OWNER, lang);

for (const lang of ['ru', 'ar'] as const) {
  test(`a picked-up order is graded, its comment shows on the product and the owner hides it (${lang})`, async ({
    page,
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(150_000);
    await speak(page, lang);
    await page.goto(brandUrl('tezkor', '/login'));
    await logIn(page, randomPhone('93'));
    const { merchantId, token } = await session(page);
    const headers = { 'X-Merchant-Id': merchantId };
    const branch = await roundTheClockBranch(request, merchantId);
    const product = await fries(request, merchantId);

    const placed = await request.post(`${API}/orders/v1/orders`, {
      headers: { ...headers, Authorization: `Bearer ${token}` },
      data: { serviceType: 'PICK_UP', branchId: branch.id, cartItems: [{ productId: product.id, count: 1 }] },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const order = (await placed.json()) as { id: string };

    // Not finished yet: no card.
    await page.goto(brandUrl('tezkor', `/profile/orders/${order.id}`));
    await expect(page.getByTestId('order-title')).toBeVisible();
    await expect(page.getByTestId('rate-order')).toHaveCount(0);

    // The branch cooks it and hands it over.
    const admin = await staffToken(request, merchantId, ADMIN);
    for (const move of [{ status: 'ACCEPTED', cookingTime: 10 }, { status: 'COOKING' }, { status: 'DONE' }, { status: 'CLOSED' }]) {
      const moved = await request.put(`${API}/ops/v1/orders/${order.id}/status`, {
        headers: { ...headers, Authorization: `Bearer ${admin}` },
        data: move,
      });
      expect(moved.status(), await moved.text()).toBe(200);
    }

    const comment = lang === 'ar' ? `بطاطس مقرمشة وساخنة ${Date.now() % 10000}` : `Хрустящая горячая картошка ${Date.now() % 10000}`;
    await page.reload();
    const card = page.getByTestId('rate-order');
    await expect(card).toBeVisible();
    // Stars are asked for before anything is sent.
    await card.getByTestId('rate-order-submit').click();
    await expect(card.getByTestId('rate-order-missing')).toBeVisible();
    await card.getByTestId('rate-order-stars-4').click();
    await card.getByTestId(`rate-product-${product.id}-5`).click();
    await card.getByTestId('rate-order-comment').fill(comment);
    await card.scrollIntoViewIfNeeded();
    await keepSettledScreenshot(page, testInfo, `c31-grades-rate-order-${lang}`);
    await card.getByTestId('rate-order-submit').click();
    await expect(card.getByTestId('rate-order-given')).toBeVisible();
    await expect(card.getByTestId('rate-order-given-stars')).toHaveAttribute('data-grade', '4');
    await expect(card.getByTestId('rate-order-given-comment')).toHaveText(comment);
    // Changeable within the day.
    await expect(card.getByTestId('rate-order-change')).toBeVisible();
    await keepSettledScreenshot(page, testInfo, `c31-grades-rate-order-given-${lang}`);

    // The product page: the average (the seed's grades and this one) and the comment, newest first.
    await page.goto(brandUrl('tezkor', `/product/${product.id}`));
    await expect(page.getByTestId('product-fact-grade')).toBeVisible();
    const review = page.getByTestId('product-review').first();
    await expect(review.getByTestId('product-review-text')).toHaveText(comment);
    await page.getByTestId('product-reviews').scrollIntoViewIfNeeded();
    await keepSettledScreenshot(page, testInfo, `c31-grades-product-reviews-${lang}`);

    // The owner hides it in the console.
    const ops = await ownerConsole(browser, lang);
    try {
      await ops.page.getByTestId('nav-grades').click();
      await expect(ops.page.getByTestId('grades-screen')).toBeVisible();
      const row = ops.page.getByTestId('grade-row').filter({ hasText: comment });
      await expect(row).toHaveAttribute('data-hidden', 'false');
      await row.getByTestId('grade-hide').click();
      await expect(row).toHaveAttribute('data-hidden', 'true');
      await expect(row.getByTestId('grade-hidden')).toContainText('Kamola');
      await keepSettledScreenshot(ops.page, testInfo, `c31-grades-console-grades-${lang}`);
    } finally {
      await ops.context.close();
    }

    await page.reload();
    await expect(page.getByTestId('product-fact-grade')).toBeVisible();
    await expect(page.getByTestId('product-review').first()).toBeVisible();
    await expect(page.getByTestId('product-review-text').filter({ hasText: comment })).toHaveCount(0);
  });
}
