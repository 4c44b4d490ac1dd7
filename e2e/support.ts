import { readFileSync } from 'node:fs';
import { expect, test as base, type APIRequestContext, type Browser, type Locator, type Page, type TestInfo } from '@playwright/test';

export const PORT = Number(process.env.E2E_PORT ?? 3200);

/** The address of a brand's storefront: `http://{sub}.localhost:{port}{path}`. */
export const brandUrl = (sub: string, path = '/') => `http://${sub}.localhost:${PORT}${path}`;

/** Keeps a screenshot as a test artifact under test-results/screenshots/. */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = `test-results/screenshots/${name}.png`;
  await page.screenshot({ path, fullPage: false });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** Map tiles cannot be fetched here; answer them with a blank tile so pages behave as offline tiles would. */
export async function blankTiles(page: Page): Promise<void> {
  await page.route(/tile|openstreetmap/, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'image/png',
      body: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
    }),
  );
}

/**
 * Waits until React has taken over the element the server drew (its code arrived and hydrated it): a tap
 * before that falls on plain markup, as a customer's tap would in the first moment of a slow load.
 */
export async function hydrated(locator: Locator): Promise<Locator> {
  await expect
    .poll(() => locator.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactProps$'))), {
      message: 'React has taken the element over',
    })
    .toBe(true);
  return locator;
}

/** Console errors a journey causes on purpose (a refused code, an unknown brand), allowed for that page only. */
const allowed = new WeakMap<Page, RegExp[]>();
export function allowConsoleErrors(page: Page, ...patterns: RegExp[]): void {
  allowed.set(page, [...(allowed.get(page) ?? []), ...patterns]);
}

/**
 * Every journey fails on a script error, a console error or a hydration warning in any of its pages: the
 * page the server rendered and the page React takes over must be the same. A failed request shows in the
 * console too ("Failed to load resource"); the journeys check those answers themselves.
 */
export const test = base.extend<{ consoleGuard: void }>({
  /**
   * A page the server drew is readable at once and taken over by React a moment later (apps/web/src/main.tsx
   * waits for the first paint and the largest picture). A journey acts as a customer who waits for the page to
   * answer: `goto` and `reload` return once `<html data-ready>` is set (or the start failed, `data-ready="failed"`).
   */
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const ready = () => page.locator('html[data-ready]').waitFor({ state: 'attached', timeout: 20_000 });
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args) => {
        const response = await goto(...args);
        await ready();
        return response;
      };
      page.reload = async (...args) => {
        const response = await reload(...args);
        await ready();
        return response;
      };
    }
    await use(page);
  },
  consoleGuard: [
    async ({ context }, use) => {
      const problems: string[] = [];
      const watch = (page: Page) => {
        page.on('pageerror', (error) => problems.push(`${page.url()} script error: ${error.message}`));
        page.on('console', (message) => {
          const text = message.text();
          const bad = message.type() === 'error' || (message.type() === 'warning' && /hydrat/i.test(text));
          if (!bad || /^Failed to load resource/.test(text)) return;
          if ((allowed.get(page) ?? []).some((p) => p.test(text))) return;
          problems.push(`${page.url()} console ${message.type()}: ${text}`);
        });
      };
      context.pages().forEach(watch);
      context.on('page', watch);
      await use();
      expect(problems, 'console errors and hydration warnings').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** The demo's SMS gateway writes each message as a JSON line here (the config's DATA_DIR). */
export const OUTBOX = `${process.env.E2E_DATA_DIR ?? 'test-results/e2e-data'}/sms-outbox.jsonl`;

/** A fresh Uzbek mobile number per run: `+99890…`, `+99893…`. */
export const randomPhone = (operator = '90') => `+998${operator}${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
/** How the field shows a number: `+998 90 123 45 67`. */
export const shown = (e164: string) => `+998 ${e164.slice(4, 6)} ${e164.slice(6, 9)} ${e164.slice(9, 11)} ${e164.slice(11)}`;

/** The code of the last SMS sent to a number, once it is in the outbox. */
export async function codeSentTo(phone: string, notBefore = 0): Promise<string> {
  let code = '';
  await expect
    .poll(() => {
      let lines: string[] = [];
      try {
        lines = readFileSync(OUTBOX, 'utf8').trim().split('\n');
      } catch {
        return '';
      }
      const last = lines
        .map((l) => JSON.parse(l) as { to: string; text: string; at: string })
        .filter((m) => m.to === phone && Date.parse(m.at) >= notBefore)
        .at(-1);
      code = last?.text.match(/\b\d{6}\b/)?.[0] ?? '';
      return code;
    })
    .not.toBe('');
  return code;
}

/** From /login up to the code taken: the phone, the code from the outbox; a new customer then meets the name step. */
export async function enterCode(page: Page, phone: string): Promise<void> {
  await expect(page.getByTestId('login-page')).toBeVisible();
  const sentAfter = Date.now() - 1000;
  await page.getByTestId('phone-input').fill(phone.slice(4));
  await expect(page.getByTestId('phone-input')).toHaveValue(shown(phone));
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-confirm-page')).toBeVisible();
  await page.getByTestId('code-input').fill(await codeSentTo(phone, sentAfter));
  // The code sends itself; the customer is signed in once the confirmation screen has gone.
  await expect(page.getByTestId('login-confirm-page')).toHaveCount(0);
}

/** From /login: the phone, the code from the outbox, and back to where the customer was. */
export async function logIn(page: Page, phone: string): Promise<void> {
  await enterCode(page, phone);
  // A customer with no name is asked it once, in the same render that took the code away (c29-profile.spec.ts): skipped here.
  if (await page.getByTestId('login-name-step').isVisible()) {
    await page.getByTestId('login-name-skip').click();
    await expect(page.getByTestId('login-name-step')).toHaveCount(0);
  }
}

/** The brand's id and the signed-in customer's token and id, as the storefront keeps them. */
export async function session(page: Page): Promise<{ merchantId: string; token: string; userId: string }> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => /^dx:[0-9a-f-]+:session$/.test(k))!;
    const stored = JSON.parse(localStorage.getItem(key)!) as { token: string; user: { id: string } };
    return { merchantId: key.split(':')[1]!, token: stored.token, userId: stored.user.id };
  });
}

/** The storefront's language for a brand, as the language switch leaves it (the `lang` cookie). */
export const speak = (page: Page, lang: string, brand = 'tezkor') =>
  page.context().addCookies([{ name: 'lang', value: lang, url: brandUrl(brand) }]);

/** A product one tap adds, without counted stock, so the journeys never run it out. */
export async function plainProduct(request: APIRequestContext, merchantId: string): Promise<{ id: string; price: number }> {
  const overalls = (await (
    await request.get(`http://localhost:${PORT}/api/products/v1/overalls`, { headers: { 'X-Merchant-Id': merchantId } })
  ).json()) as {
    products: { id: string; isOrderable: boolean; count: number | null; price: number; modificationGroups: { min: number }[] }[];
  };
  return overalls.products.find((p) => p.isOrderable && p.count === null && p.modificationGroups.every((g) => g.min === 0))!;
}

/**
 * The demo chain's branch open round the clock (Chilonzor, 00:00-00:00 every day in the seed: packages/db/src/seed/demo.ts,
 * `roundTheClock`), so a journey that orders for now runs whatever the hour in Tashkent. Fails, never skips, if it is not open.
 */
export async function roundTheClockBranch(request: APIRequestContext, merchantId: string): Promise<{ id: string }> {
  const branches = (await (
    await request.get(`http://localhost:${PORT}/api/users/v1/branches`, { headers: { 'X-Merchant-Id': merchantId } })
  ).json()) as {
    id: string;
    isOpen: boolean;
    name: { eng?: string };
    settings: { pickupEnabled: boolean };
  }[];
  const branch = branches.find((b) => b.name.eng === 'Chilonzor');
  expect(branch, 'the demo seeds Chilonzor').toBeDefined();
  expect(branch!.isOpen && branch!.settings.pickupEnabled, 'Chilonzor is open round the clock for pickup').toBe(true);
  return { id: branch!.id };
}

/** Writes the storefront's own keys (basket, service, branch, address) before a page is opened. */
export async function put(page: Page, entries: Record<string, string>): Promise<void> {
  await page.evaluate((all) => Object.entries(all).forEach(([k, v]) => localStorage.setItem(k, v)), entries);
}

/** A stored basket of one product without options. */
export const basketOf = (productId: string, count: number) =>
  JSON.stringify({ version: 1, lines: [{ productId, count, modifications: [] }] });

/** A screenshot (keepScreenshot) once the page's finite animations have finished, so it shows the page at rest. */
export async function keepSettledScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => null)),
    ),
  );
  await keepScreenshot(page, testInfo, name);
}

/**
 * A new customer of Tezkor, signed in, with `count` of one plain product in the basket for pickup now at the branch
 * open round the clock (Chilonzor): where the checkout and payment journeys start.
 */
export async function customerWithPickupBasket(page: Page, request: APIRequestContext, count = 1) {
  await page.goto(brandUrl('tezkor', '/login'));
  await logIn(page, randomPhone());
  const { merchantId, token } = await session(page);
  const open = await roundTheClockBranch(request, merchantId);
  const product = await plainProduct(request, merchantId);
  await put(page, {
    [`dx:${merchantId}:basket`]: basketOf(product.id, count),
    [`dx:${merchantId}:service`]: 'PICK_UP',
    [`dx:${merchantId}:branch`]: open.id,
  });
  return { merchantId, token, headers: { 'X-Merchant-Id': merchantId }, open, product };
}

/** The demo staff's password (packages/db/src/seed/demo.ts). */
export const STAFF_PASSWORD = 'tezkor-demo-2026';

/** A phone of the console's size (a waiter's, an operator's on the floor). */
export const PHONE_CONTEXT = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

/**
 * A demo staff member of Tezkor signed in to the console, in a browser context of its own (another device) and the
 * console's `lang`: where the journeys that cross from the customer to the staff start.
 */
export async function consoleAs(
  browser: Browser,
  phone: string,
  lang: string,
  options: Parameters<Browser['newContext']>[0] = PHONE_CONTEXT,
) {
  const context = await browser.newContext(options);
  await context.addInitScript((l) => localStorage.setItem('dx-ops-lang', l), lang);
  const page = await context.newPage();
  await page.goto(brandUrl('tezkor', '/ops/'));
  await page.getByTestId('login-phone').fill(phone);
  await page.getByTestId('login-password').fill(STAFF_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('sign-out')).toBeVisible();
  return { context, page };
}

/**
 * Changes Tezkor's settings as its owner does in the back office (`PUT /api/admin/v1/settings`, a partial body with the
 * version read first). A journey that changes them puts the seeded values back after, for the journeys that follow.
 */
export async function changeTezkorSettings(request: APIRequestContext, change: Record<string, unknown>): Promise<void> {
  const api = `http://localhost:${PORT}/api`;
  const host = { Host: `tezkor.localhost:${PORT}` };
  const login = await request.post(`${api}/ops/v1/auth/login`, {
    headers: host,
    data: { phone: '+998900000005', password: STAFF_PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);
  const headers = { ...host, Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const read = (await (await request.get(`${api}/admin/v1/settings`, { headers })).json()) as { version: number };
  const put = await request.put(`${api}/admin/v1/settings`, { headers, data: { version: read.version, ...change } });
  expect(put.status(), await put.text()).toBe(200);
}
