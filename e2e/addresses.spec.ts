import { brandUrl, expect, keepScreenshot, logIn, randomPhone, test } from './support.ts';

/*
 * Saved addresses (issue 12) in Chromium against the real server: from the profile, an empty book; a street
 * found by the geocoder (the built-in gazetteer: no geocoder is reachable here), the door's details, saved;
 * listed in ru and in ar; deleted after a confirmation.
 */
test.describe('saved addresses', () => {
  test('find a street, save the door, see it listed in ru and ar, delete it after asking', async ({ page, context }, testInfo) => {
    await context.addCookies([{ name: 'lang', value: 'ru', url: brandUrl('tezkor') }]);
    await page.goto(brandUrl('tezkor', '/login'));
    await logIn(page, randomPhone());
    await page.goto(brandUrl('tezkor', '/profile'));
    await page.getByTestId('profile-link-addresses').click();
    await expect(page.getByTestId('address-book-page')).toBeVisible();
    await expect(page.getByTestId('address-book-empty')).toBeVisible();

    await page.getByTestId('address-add').click();
    await expect(page.getByTestId('address-create-page')).toBeVisible();
    await page.getByTestId('address-search').fill('amir temur 1');
    const first = page.getByTestId('address-result').first();
    await expect(first).toBeVisible();
    await expect(first).toContainText(/Amir Temur/i);
    await keepScreenshot(page, testInfo, 'addresses-search-ru');
    await first.click();
    await expect(page.getByTestId('address-chosen')).toContainText(/Amir Temur/i);
    // Inside the brand's zones: no refusal, and the save button works.
    await expect(page.getByTestId('address-out-of-zone')).toHaveCount(0);
    await page.getByTestId('address-name').fill('Дом');
    await page.getByTestId('address-entrance').fill('2');
    await page.getByTestId('address-floor').fill('5');
    await page.getByTestId('address-save').click();

    await expect(page.getByTestId('address-book-page')).toBeVisible();
    await expect(page.getByTestId('address-item')).toHaveCount(1);
    await expect(page.getByTestId('address-title')).toHaveText('Дом');
    await keepScreenshot(page, testInfo, 'addresses-book-ru');

    // The same book in Arabic, right to left.
    await context.addCookies([{ name: 'lang', value: 'ar', url: brandUrl('tezkor') }]);
    await page.reload();
    await expect(page.getByTestId('address-item')).toHaveCount(1);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await keepScreenshot(page, testInfo, 'addresses-book-ar');

    await page.getByTestId('address-delete').click();
    await expect(page.getByTestId('address-delete-sheet')).toBeVisible();
    await expect(page.getByTestId('address-delete-sheet')).toContainText('Дом');
    await keepScreenshot(page, testInfo, 'addresses-delete-ar');
    await page.getByTestId('address-delete-confirm').click();
    await expect(page.getByTestId('address-item')).toHaveCount(0);
    await expect(page.getByTestId('address-book-empty')).toBeVisible();
  });

  test('a search that finds nothing says so, and a guest is asked to log in', async ({ page }) => {
    await page.goto(brandUrl('tezkor', '/profile/address'));
    await expect(page.getByTestId('login-prompt')).toBeVisible();
    await page.goto(brandUrl('tezkor', '/login'));
    await logIn(page, randomPhone());
    await page.goto(brandUrl('tezkor', '/profile/address/create'));
    await page.getByTestId('address-search').fill('qwxzqwxz');
    await expect(page.getByTestId('address-search-empty')).toBeVisible();
  });
});
