import {
  brandUrl,
  expect,
  hydrated,
  keepSettledScreenshot,
  logIn,
  plainProduct,
  PORT,
  randomPhone,
  session,
  speak,
  test,
} from './support.ts';

const API = `http://localhost:${PORT}/api`;

/*
 * Favourites (issue 31) in Chromium against the real server, on a phone (390x844): a guest taps a heart on Tezkor's
 * menu, is asked to log in, logs in and lands on that product's page with it hearted; the menu's card shows it
 * hearted; /profile/favorites lists it, puts it in the basket, and takes it off the list, leaving the empty state.
 * Navbahor keeps no favourites (favouriteActive off): no hearts, and /profile/favorites is the 404 page.
 * Screenshots in ru and ar.
 */

for (const lang of ['ru', 'ar'] as const) {
  test(`a guest hearts a dish, logs in, keeps it, orders it from favourites and removes it (${lang})`, async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await speak(page, lang);
    const merchantId = ((await (await request.get(`${API}/users/v1/merchants/sub/tezkor`)).json()) as { id: string }).id;
    const dish = await plainProduct(request, merchantId);

    // A guest's heart asks them to log in, and the login brings them to the dish.
    await page.goto(brandUrl('tezkor', '/'));
    const card = page.locator(`[data-testid="product-card"][data-product-id="${dish.id}"]`);
    const cardHeart = card.getByTestId('favourite-heart');
    await (await hydrated(cardHeart)).click();
    await expect(page.getByTestId('toast').filter({ has: page.getByTestId('toast-action') })).toBeVisible();
    await keepSettledScreenshot(page, testInfo, `c31-favourites-guest-${lang}`);
    await page.getByTestId('toast-action').click();
    await expect(page).toHaveURL(brandUrl('tezkor', '/login'));
    await logIn(page, randomPhone('94'));
    await expect(page).toHaveURL(brandUrl('tezkor', `/product/${dish.id}`));

    // Back on its page the dish is hearted, as the guest asked, and the server keeps it.
    const pageHeart = page.getByTestId('product-page').getByTestId('favourite-heart');
    await expect(pageHeart).toHaveAttribute('data-on', 'true');
    await expect(pageHeart).toHaveAttribute('aria-pressed', 'true');
    // A tap clears it and another marks it again, each at once on the screen.
    await pageHeart.click();
    await expect(pageHeart).toHaveAttribute('data-on', 'false');
    await pageHeart.click();
    await expect(pageHeart).toHaveAttribute('data-on', 'true');

    // A call that never reaches the server: the heart goes back, the shared notice says so, and "Try again" makes it.
    let cut = true;
    await page.route(`**/api/products/v1/favourite/${dish.id}`, (route) => (cut ? route.abort('internetdisconnected') : route.fallback()));
    await pageHeart.click();
    const failed = page.getByTestId('toast').filter({ has: page.getByTestId('toast-action') });
    await expect(failed).toBeVisible();
    await expect(pageHeart).toHaveAttribute('data-on', 'true');
    cut = false;
    await failed.getByTestId('toast-action').click();
    await expect(pageHeart).toHaveAttribute('data-on', 'false');
    await pageHeart.click();
    await expect(pageHeart).toHaveAttribute('data-on', 'true');
    const { token } = await session(page);
    await expect
      .poll(async () => {
        const res = await request.get(`${API}/products/v1/favourite/all`, {
          headers: { 'X-Merchant-Id': merchantId, authorization: `Bearer ${token}` },
        });
        return ((await res.json()) as { id: string }[]).map((p) => p.id);
      })
      .toEqual([dish.id]);
    await keepSettledScreenshot(page, testInfo, `c31-favourites-product-${lang}`);

    // The menu is everyone's; the heart on its card is the customer's.
    await page.goto(brandUrl('tezkor', '/'));
    await expect(cardHeart).toHaveAttribute('data-on', 'true');

    // The favourites page: the dish, into the basket from there.
    await page.goto(brandUrl('tezkor', '/profile'));
    await page.getByTestId('profile-link-favorites').click();
    await expect(page).toHaveURL(brandUrl('tezkor', '/profile/favorites'));
    const item = page.getByTestId('favourite-item');
    await expect(item).toHaveCount(1);
    await expect(item).toHaveAttribute('data-product-id', dish.id);
    await keepSettledScreenshot(page, testInfo, `c31-favourites-list-${lang}`);
    await item.getByTestId('favourite-add').click();
    await expect(page.getByTestId('toast').first()).toBeVisible();
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key) ?? '', `dx:${merchantId}:basket`)).toContain(dish.id);

    // Taken off the list: the empty state, and so it stays after a reload.
    await item.getByTestId('favourite-heart').click();
    await expect(page.getByTestId('favourites-empty')).toBeVisible();
    await keepSettledScreenshot(page, testInfo, `c31-favourites-empty-${lang}`);
    await page.reload();
    await expect(page.getByTestId('favourites-empty')).toBeVisible();
    await expect(page.getByTestId('favourite-item')).toHaveCount(0);
  });
}

test('a brand without favourites shows no hearts, and /profile/favorites is the 404 page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(brandUrl('navbahor', '/'));
  await hydrated(page.getByTestId('product-card').first());
  // The hearts would come once the page is the browser's: by then there are still none.
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('favourite-heart')).toHaveCount(0);
  await page.goto(brandUrl('navbahor', '/profile/favorites'));
  await expect(page.getByTestId('not-found-page')).toBeVisible();
  await expect(page.getByTestId('favourites-page')).toHaveCount(0);
});
