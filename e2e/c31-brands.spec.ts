import type { APIRequestContext, Page } from '@playwright/test';
import { brandUrl, changeTezkorSettings, expect, keepScreenshot, logIn, PHONE_CONTEXT, PORT, randomPhone, speak, test } from './support.ts';

/*
 * Multi-brand navigation and the navigation flags (issue 31): Tezkor Burger and its sister brand Tezkor Coffee (one
 * company) show tabs between them; a tab opens the other brand's host at its home, and the customer's session stays
 * with the brand it was opened at. The flags are switched on Tezkor through the back office and put back after.
 */

const SEEDED = { multiTabNavigationEnabled: true, isNavigationViewEnabled: false, isVisibleAtProfileTop: false };

test.use(PHONE_CONTEXT);

const setFlags = (request: APIRequestContext, flags: Partial<typeof SEEDED>) => changeTezkorSettings(request, { flags });

/** A page drawn a moment ago is served as it was for two seconds (web/render.ts PAGE_FRESH_MS): load it until it shows. */
async function loadUntil(page: Page, url: string, shown: () => Promise<void>): Promise<void> {
  await expect(async () => {
    await page.goto(url);
    await shown();
  }).toPass({ timeout: 15_000 });
}

const storedSessions = (page: Page) => page.evaluate(() => Object.keys(localStorage).filter((k) => /^dx:[0-9a-f-]+:session$/.test(k)));

test.describe.serial('multi-brand navigation', () => {
  test.afterAll(async ({ request }) => setFlags(request, SEEDED));

  test('the tabs show the company’s brands; a tab opens the sister brand, whose session is its own (ru)', async ({ page }, testInfo) => {
    await speak(page, 'ru');
    await speak(page, 'ru', 'tezkor-coffee');
    await page.goto(brandUrl('tezkor', '/login'));
    await logIn(page, randomPhone());
    await page.goto(brandUrl('tezkor'));
    const tabs = page.getByTestId('brand-tabs');
    await expect(tabs.getByRole('link')).toHaveText(['Tezkor Burger', 'Tezkor Coffee']);
    await expect(tabs.getByRole('link', { name: 'Tezkor Burger' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('header-profile')).toBeVisible();
    // Not the seed's flags: no bottom bar on Tezkor.
    await expect(page.getByTestId('bottom-nav')).toHaveCount(0);
    await keepScreenshot(page, testInfo, 'c31-brands-ru');

    await tabs.getByRole('link', { name: 'Tezkor Coffee' }).click();
    await expect(page).toHaveURL(brandUrl('tezkor-coffee'));
    await expect(page.getByTestId('brand-name')).toHaveText('Tezkor Coffee');
    await expect(page.getByTestId('brand-tabs').getByRole('link', { name: 'Tezkor Coffee' })).toHaveAttribute('aria-current', 'page');
    // Another brand, another host: the customer is a guest here until they sign in at this brand.
    await expect(page.getByTestId('header-login')).toBeVisible();
    expect(await storedSessions(page)).toEqual([]);
    // Tezkor Coffee has the bottom bar and the profile at the top too.
    await expect(page.getByTestId('bottom-nav')).toBeVisible();
    await keepScreenshot(page, testInfo, 'c31-brands-coffee-ru');

    await page.getByTestId('brand-tabs').getByRole('link', { name: 'Tezkor Burger' }).click();
    await expect(page).toHaveURL(brandUrl('tezkor'));
    await expect(page.getByTestId('header-profile')).toBeVisible();
    expect(await storedSessions(page)).toHaveLength(1);
  });

  test('in Arabic, right to left, the tabs and the bottom bar of the sister brand', async ({ page }, testInfo) => {
    await speak(page, 'ar', 'tezkor-coffee');
    await page.goto(brandUrl('tezkor-coffee'));
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('brand-tabs').getByRole('link')).toHaveCount(2);
    await expect(page.getByTestId('bottom-nav')).toBeVisible();
    await expect(page.getByTestId('header-login')).toBeVisible();
    await page.getByTestId('bottom-nav-profile').click();
    await expect(page.getByTestId('login-page')).toBeVisible();
    await page.goto(brandUrl('tezkor-coffee'));
    await expect(page.getByTestId('bottom-nav')).toBeVisible();
    await keepScreenshot(page, testInfo, 'c31-brands-ar');
  });

  test('the flags off and on: no tabs; the bottom bar, with the profile at the top or only in the bar', async ({
    page,
    request,
  }, testInfo) => {
    await speak(page, 'ru');
    await setFlags(request, { multiTabNavigationEnabled: false, isNavigationViewEnabled: true, isVisibleAtProfileTop: false });
    await loadUntil(page, brandUrl('tezkor'), () => expect(page.getByTestId('bottom-nav')).toBeVisible({ timeout: 2000 }));
    await expect(page.getByTestId('brand-tabs')).toHaveCount(0);
    await expect(page.getByTestId('header-login')).toBeHidden();
    expect(
      (await request.get(`http://localhost:${PORT}/api/merchants/v1/brands`, { headers: { Host: `tezkor.localhost:${PORT}` } })).status(),
    ).toBe(403);
    await keepScreenshot(page, testInfo, 'c31-brands-bar-ru');

    await setFlags(request, { isVisibleAtProfileTop: true });
    await loadUntil(page, brandUrl('tezkor'), () => expect(page.getByTestId('header-login')).toBeVisible({ timeout: 2000 }));
    await expect(page.getByTestId('bottom-nav')).toBeVisible();

    await setFlags(request, SEEDED);
    await loadUntil(page, brandUrl('tezkor'), () => expect(page.getByTestId('brand-tabs')).toBeVisible({ timeout: 2000 }));
    await expect(page.getByTestId('bottom-nav')).toHaveCount(0);
    await expect(page.getByTestId('header-login')).toBeVisible();
  });
});
