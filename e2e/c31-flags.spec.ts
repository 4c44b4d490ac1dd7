import type { Page } from '@playwright/test';
import { brandUrl, changeTezkorSettings, expect, keepScreenshot, logIn, PHONE_CONTEXT, randomPhone, speak, test } from './support.ts';

/*
 * Two settings of issue 31 that were stored and never read (docs/storefront-features.md, "Flags and how they are read"):
 * - balanceActive: the profile's balance card (the customer's cashback) shows only while it is on;
 * - mainColorType: the brand says whether its colour is dark, and the text on it follows (white on dark, black on light),
 *   where that reads (domain textOnBrand).
 * Both are switched on Tezkor by its owner through the back office and put back as seeded after.
 */

test.use(PHONE_CONTEXT);

const onBrand = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--on-brand').trim().toUpperCase());

test.describe.serial('settings read at last', () => {
  test.afterAll(async ({ request }) => changeTezkorSettings(request, { mainColorType: 'DARK', flags: { balanceActive: true } }));

  test('balanceActive shows the balance card in the profile, and hides it once off (ru, ar)', async ({ page, request }, testInfo) => {
    await speak(page, 'ru');
    await page.goto(brandUrl('tezkor', '/login'));
    await logIn(page, randomPhone());
    await page.goto(brandUrl('tezkor', '/profile'));
    await expect(page.getByTestId('profile-cashback')).toBeVisible();
    await expect(page.getByTestId('cashback-balance')).toBeVisible();

    await changeTezkorSettings(request, { flags: { balanceActive: false } });
    for (const lang of ['ru', 'ar']) {
      await speak(page, lang);
      await page.goto(brandUrl('tezkor', '/profile'));
      await expect(page.getByTestId('profile-link-user')).toBeVisible();
      await expect(page.getByTestId('profile-cashback')).toHaveCount(0);
      await keepScreenshot(page, testInfo, `c31-flags-no-balance-${lang}`);
    }

    await changeTezkorSettings(request, { flags: { balanceActive: true } });
    await page.goto(brandUrl('tezkor', '/profile'));
    await expect(page.getByTestId('profile-cashback')).toBeVisible();
  });

  test("mainColorType decides the text on the brand's red: white while dark, black once the owner calls it light", async ({
    page,
    request,
  }, testInfo) => {
    await speak(page, 'ru');
    await page.goto(brandUrl('tezkor'));
    expect(await onBrand(page)).toBe('#FFFFFF');

    await changeTezkorSettings(request, { mainColorType: 'LIGHT' });
    for (const lang of ['ru', 'ar']) {
      await speak(page, lang);
      // A page drawn a moment ago is served as it was for two seconds (web/render.ts PAGE_FRESH_MS): then the new colours.
      await expect
        .poll(async () => {
          await page.goto(brandUrl('tezkor'));
          return onBrand(page);
        })
        .toBe('#000000');
      await keepScreenshot(page, testInfo, `c31-flags-light-brand-${lang}`);
    }

    await changeTezkorSettings(request, { mainColorType: 'DARK' });
    await expect
      .poll(async () => {
        await page.goto(brandUrl('tezkor'));
        return onBrand(page);
      })
      .toBe('#FFFFFF');
  });
});
