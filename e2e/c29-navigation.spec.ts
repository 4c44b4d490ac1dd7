import type { Locator, Page } from '@playwright/test';
import {
  allowConsoleErrors,
  brandUrl,
  PORT,
  customerWithPickupBasket,
  expect,
  hydrated,
  keepSettledScreenshot,
  speak,
  test,
} from './support.ts';

/*
 * Issue 29, navigation and failures (slice B): a new page opens at its top and Back returns where the customer was;
 * a failed "place the order" is said where the customer looks, with a retry that sends the same order under the
 * same Idempotency-Key; notices sit above the sticky buttons; without a network the service worker shows the menu
 * already seen and our offline page (docs/decisions/018-offline-app.md).
 */

/** What each language says (apps/web/src/i18n/locales, applied from /work/po/b-web.json). */
const WORDS = {
  ru: { offline: 'Нет соединения с интернетом', server: 'На сервере произошёл сбой', retry: 'Попробовать снова' },
  ar: { offline: 'لا يوجد اتصال بالإنترنت', server: 'حدث خلل في الخادم', retry: null },
} as const;

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** Whether the element's whole box is inside the viewport (390x844). */
async function inViewport(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const size = locator.page().viewportSize()!;
  return Boolean(box && box.y >= 0 && box.x >= 0 && box.y + box.height <= size.height && box.x + box.width <= size.width);
}

/** The customer's basket taken to /checkout/confirm, priced. */
async function toConfirm(page: Page) {
  await page.goto(brandUrl('tezkor', '/basket'));
  await page.getByTestId('basket-checkout').click();
  await expect(page).toHaveURL(brandUrl('tezkor', '/checkout'));
  await expect(page.getByTestId('checkout-totals')).toHaveAttribute('data-state', 'quoted');
  await page.getByTestId('checkout-continue').click();
  await expect(page).toHaveURL(brandUrl('tezkor', '/checkout/confirm'));
  await expect(page.getByTestId('checkout-totals')).toHaveAttribute('data-state', 'quoted');
}

test.describe('issue 29: navigation', () => {
  test('a new page opens at its top; Back and Forward return where each page was left', async ({ page, request }) => {
    await speak(page, 'ru');
    await customerWithPickupBasket(page, request);
    await page.goto(brandUrl('tezkor', '/'));
    await expect(page.getByTestId('basket-button')).toBeVisible();
    // The page taken over by its code first: this journey is about scrolling, not a tap in the page's first moment.
    await hydrated(page.getByTestId('basket-button'));
    await hydrated(page.getByTestId('product-card').first());
    // Far down the menu, then the basket through the header's button.
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(1000);
    const menuAt = await scrollY(page);
    await page.getByTestId('basket-button').click();
    await expect(page).toHaveURL(brandUrl('tezkor', '/basket'));
    await expect(page.getByTestId('basket-checkout')).toBeVisible();
    expect(await scrollY(page), 'the basket opens at its top').toBe(0);

    // Back: the menu where it was left; Forward: the basket at its top again.
    await page.goBack();
    await expect(page).toHaveURL(brandUrl('tezkor', '/'));
    await expect.poll(() => scrollY(page)).toBe(menuAt);
    await page.goForward();
    await expect(page).toHaveURL(brandUrl('tezkor', '/basket'));
    await expect.poll(() => scrollY(page)).toBe(0);
  });

  test('an unknown address: the not-found page speaks to a person, with the ways home and back', async ({ page }, testInfo) => {
    await speak(page, 'ru');
    await page.goto(brandUrl('tezkor', '/'));
    await page.goto(brandUrl('tezkor', '/no-such-page'));
    const notFound = page.getByTestId('not-found-page');
    await expect(notFound.getByRole('heading')).toHaveText('Страница не найдена');
    await expect(notFound).not.toContainText('/no-such-page');
    await expect(notFound.locator('code')).toHaveCount(0);
    await expect(notFound.getByRole('link', { name: 'На главную' })).toBeVisible();
    await keepSettledScreenshot(page, testInfo, 'c29-not-found-ru');
  });
});

for (const lang of ['ru', 'ar'] as const) {
  test(`${lang}: a failed "place the order" is seen above the buttons, says why, and its retry places one order`, async ({
    page,
    request,
  }, testInfo) => {
    await speak(page, lang);
    await customerWithPickupBasket(page, request);
    await toConfirm(page);
    allowConsoleErrors(page, /Failed to load resource|net::ERR_/);

    // The network plays its part: the first attempt never arrives, the second meets a server that fails.
    const keys: string[] = [];
    let attempt = 0;
    await page.route(/\/api\/orders\/v1\/orders(\/at-time)?$/, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      attempt += 1;
      if (attempt === 1) return route.abort('internetdisconnected');
      if (attempt === 2) return route.fulfill({ status: 502, body: '' });
      return route.continue();
    });

    const confirm = page.getByTestId('checkout-confirm');
    await confirm.click();
    const toast = page.getByTestId('toast').filter({ hasText: WORDS[lang].offline });
    await expect(toast).toBeVisible();
    expect(await inViewport(toast), 'the message is on screen').toBe(true);
    // Above the sticky bar: the notice and the button it is about never overlap.
    const [toastBox, buttonBox] = [await toast.boundingBox(), await confirm.boundingBox()];
    expect(toastBox!.y + toastBox!.height).toBeLessThanOrEqual(buttonBox!.y);
    await keepSettledScreenshot(page, testInfo, `c29-confirm-failed-${lang}`);

    await toast.getByTestId('toast-action').click();
    const server = page.getByTestId('toast').filter({ hasText: WORDS[lang].server });
    await expect(server).toBeVisible();
    if (WORDS[lang].retry) await expect(server.getByTestId('toast-action')).toHaveText(WORDS[lang].retry);
    await server.getByTestId('toast-action').click();

    // The third attempt reaches the server: one order, and its page opens at its top.
    await expect(page).toHaveURL(/\/profile\/orders\/[0-9a-f-]{36}$/);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size, 'every attempt of the order sends the same Idempotency-Key').toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(await scrollY(page), 'the new order page opens at its top').toBe(0);
  });
}

test.describe('issue 29: the offline app', () => {
  // The other journeys run without the worker; these need it.
  test.use({ serviceWorkers: 'allow' });

  test('the brand has its own installable app manifest', async ({ request }) => {
    // The brand is its host's (the request's Host header); this process resolves no *.localhost name itself.
    const manifestOf = (sub: string) =>
      request.get(`http://localhost:${PORT}/manifest.webmanifest`, { headers: { Host: `${sub}.localhost:${PORT}` } });
    const tezkor = await manifestOf('tezkor');
    expect(tezkor.status()).toBe(200);
    expect(tezkor.headers()['content-type']).toContain('application/manifest+json');
    const app = (await tezkor.json()) as { name: string; theme_color: string; background_color: string; start_url: string };
    expect(app.name).toContain('Tezkor');
    expect(app.start_url).toBe('/');
    const navbahor = (await (await manifestOf('navbahor')).json()) as typeof app;
    expect(navbahor.name).toContain('Navbahor');
    expect(navbahor.theme_color).not.toBe('');
    expect([app.background_color, navbahor.background_color], 'the dark and the light theme').toEqual(['#0d0e11', '#f4f4f1']);
  });

  for (const lang of ['ru', 'ar'] as const) {
    test(`${lang}: without a network, the menu already seen still shows and a new page is our offline page`, async ({
      page,
      context,
    }, testInfo) => {
      await speak(page, lang);
      allowConsoleErrors(page, /Failed to load resource|net::ERR_/);
      await page.goto(brandUrl('tezkor', '/'));
      await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
      // The worker arrives after load and takes the page over.
      await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
      // The menu seen through the worker (its page, its reads and pictures are kept).
      await page.reload();
      const card = page.getByTestId('product-card').first();
      await expect(card).toBeVisible();
      await page.waitForLoadState('networkidle');

      await context.setOffline(true);
      await page.goto(brandUrl('tezkor', '/about'));
      await expect(page).toHaveURL(/\/offline\?from=%2Fabout$/);
      await expect(page.getByTestId('offline-page').getByRole('heading')).toHaveText(WORDS[lang].offline);
      await keepSettledScreenshot(page, testInfo, `c29-offline-${lang}`);

      await page.getByTestId('offline-menu').click();
      await expect(page).toHaveURL(brandUrl('tezkor', '/'));
      await expect(page.getByTestId('product-card').first()).toBeVisible();
      await keepSettledScreenshot(page, testInfo, `c29-offline-menu-${lang}`);
      await context.setOffline(false);
    });
  }
});
