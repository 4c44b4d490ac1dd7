import type { BrowserContext, Page } from '@playwright/test';
import { blankTiles, brandUrl, expect, hydrated, keepScreenshot, test } from './support.ts';

/*
 * Menu browsing on the fast-food demo brand (Tezkor Burger: 11 categories in 4 groups, a
 * cheeseburger with a required size and up to three sauces, six branches in two cities, one of
 * them with a day off today).
 */

const speak = (context: BrowserContext, lang: string) => context.addCookies([{ name: 'lang', value: lang, url: brandUrl('tezkor') }]);

/** Scrolls so a menu section sits just under the sticky header and category bar. */
async function scrollToSection(page: Page, categoryId: string) {
  await page.evaluate((id) => {
    const el = document.getElementById(`category-${id}`)!;
    window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 140);
  }, categoryId);
}

/** A product card by its exact name (other cards may contain the name, e.g. "Двойной чизбургер"). */
const card = (page: Page, name: string) => page.getByTestId('product-card').filter({ has: page.getByRole('link', { name, exact: true }) });

test.describe('menu', () => {
  test('the fast-food menu in ru: sections, prices, greyed products, and a category bar that follows the scroll', async ({
    page,
    context,
  }, testInfo) => {
    await speak(context, 'ru');
    await page.goto(brandUrl('tezkor'));
    const bar = page.getByTestId('category-bar');
    await expect(bar).toBeVisible();
    await expect(page.getByTestId('menu-section')).toHaveCount(11);
    await expect(page.getByTestId('banners')).toBeVisible();
    await expect(page.getByTestId('story-preview')).toHaveCount(2);

    await expect(card(page, 'Чизбургер').getByTestId('product-card-price')).toHaveText('29 000 сум');
    const discounted = card(page, 'Двойной чизбургер');
    await expect(discounted.getByTestId('product-card-price')).toHaveText('35 700 сум');
    await expect(discounted.getByTestId('product-card-old-price')).toHaveText('42 000 сум');
    const soldOut = card(page, 'Фишбургер');
    await expect(soldOut).toHaveAttribute('data-orderable', 'false');
    await expect(soldOut.getByTestId('product-card-unavailable')).toHaveText('Закончилось');
    // Every picture has its size set, so nothing moves when it arrives.
    const unsized = await page
      .locator('main img')
      .evaluateAll((imgs) => imgs.filter((i) => !i.getAttribute('width') || !i.getAttribute('height')).length);
    expect(unsized).toBe(0);

    const chips = bar.getByTestId('category-chip');
    await expect(chips).toHaveCount(11);
    await expect(chips.first()).toHaveAttribute('data-active', 'true');
    await keepScreenshot(page, testInfo, 'menu-tezkor-ru');

    // Scrolling the page moves the active chip.
    const fifth = await page.getByTestId('menu-section').nth(4).getAttribute('data-category-id');
    await scrollToSection(page, fifth!);
    await expect(bar.locator(`[data-category-id="${fifth}"]`)).toHaveAttribute('data-active', 'true');
    await expect(chips.first()).toHaveAttribute('data-active', 'false');
    await expect(bar).toBeInViewport();

    // A tap on a chip brings its section under the bar.
    const target = chips.nth(8);
    const targetId = await target.getAttribute('data-category-id');
    await target.click();
    await expect(target).toHaveAttribute('data-active', 'true');
    await expect
      .poll(() => page.evaluate((id) => Math.round(document.getElementById(`category-${id}`)!.getBoundingClientRect().top), targetId))
      .toBeLessThan(200);
    await expect(target).toBeInViewport();
    await keepScreenshot(page, testInfo, 'menu-tezkor-ru-scrolled');
  });

  test('the menu in uz speaks Uzbek names and so‘m', async ({ page, context }, testInfo) => {
    await speak(context, 'uz');
    await page.goto(brandUrl('tezkor'));
    await expect(page.getByTestId('category-chip').first()).toHaveText('Burgerlar');
    await expect(card(page, 'Chizburger').getByTestId('product-card-price')).toHaveText("29 000 so'm");
    await expect(card(page, 'Fishburger').getByTestId('product-card-unavailable')).toHaveText('Tugadi');
    await expect(page.getByTestId('home-search')).toContainText('Taom qidirish');
    await keepScreenshot(page, testInfo, 'menu-tezkor-uz');
  });

  test('the menu in Arabic is mirrored', async ({ page, context }, testInfo) => {
    await speak(context, 'ar');
    await page.goto(brandUrl('tezkor'));
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const bar = await page.getByTestId('category-bar').boundingBox();
    const first = await page.getByTestId('category-chip').first().boundingBox();
    // The first chip starts the row on the right.
    expect(first!.x + first!.width / 2).toBeGreaterThan(bar!.x + bar!.width / 2);
    // The amount is one left-to-right run (LRI…PDI) in the Arabic text, or its digit groups would swap.
    await expect(page.getByTestId('product-card-price').first()).toHaveText(/^\u2066\d{1,3}(\s\d{3})*\u2069\sسوم$/);
    await keepScreenshot(page, testInfo, 'menu-tezkor-ar');
  });

  test('stories open full screen, go on with a tap, and close', async ({ page, context }) => {
    await speak(context, 'ru');
    await page.goto(brandUrl('tezkor'));
    const preview = page.getByTestId('story-preview').first();
    await expect(preview).toHaveAttribute('data-seen', 'false');
    await (await hydrated(preview)).click();
    const viewer = page.getByTestId('story-viewer');
    await expect(viewer).toBeVisible();
    await expect(viewer.getByTestId('story-progress').locator(':scope > span')).toHaveCount(3);
    await expect(viewer).toContainText('Тезкор Бургер — наш новый фирменный бургер');
    const box = (await viewer.getByTestId('story-tap-area').boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.8, box.y + box.height / 2);
    await expect(viewer).toContainText('Тортилья с курицей уже в меню');
    await viewer.getByTestId('story-close').click();
    await expect(viewer).toBeHidden();
    await expect(preview).toHaveAttribute('data-seen', 'true');
  });

  test('a product with a required size cannot be added until it is chosen, takes at most three sauces, and lands in the basket', async ({
    page,
    context,
  }, testInfo) => {
    await speak(context, 'ru');
    await page.goto(brandUrl('tezkor'));
    await card(page, 'Чизбургер').getByTestId('product-card-choose').click();
    const sheet = page.getByTestId('product-sheet');
    await expect(sheet).toBeVisible();
    await expect(page).toHaveURL(/[?&]product=[0-9a-f-]+&view=sheet/);
    await expect(sheet.getByRole('heading', { name: 'Чизбургер' })).toBeVisible();

    const add = sheet.getByTestId('product-add');
    await expect(add).toBeDisabled();
    await expect(sheet.getByTestId('product-missing')).toHaveText('Сначала выберите: Размер');
    const size = sheet.getByTestId('modification-group').filter({ hasText: 'Размер' });
    await expect(size.getByTestId('modification-group-hint')).toHaveText('Выберите минимум 1');

    await size.getByText('Большой').click();
    await expect(add).toBeEnabled();
    await expect(sheet.getByTestId('product-total')).toHaveText('37 000 сум');

    const sauces = sheet.getByTestId('modification-group').filter({ hasText: 'Соусы' });
    for (const sauce of ['Кетчуп', 'Сырный', 'Чесночный']) await sauces.getByText(sauce).click();
    await expect(sauces.getByRole('checkbox', { checked: true })).toHaveCount(3);
    // The fourth is refused with the group's message.
    await sauces.getByText('Барбекю').click({ force: true });
    await expect(sauces.getByRole('checkbox', { name: /Барбекю/ })).not.toBeChecked();
    await expect(sauces.getByRole('checkbox', { checked: true })).toHaveCount(3);
    await expect(sauces.getByTestId('modification-group-hint')).toHaveText('Можно выбрать не более 3');
    await expect(sheet.getByTestId('product-total')).toHaveText('44 000 сум');

    await sheet.getByTestId('product-quantity-plus').click();
    await expect(sheet.getByTestId('product-total')).toHaveText('88 000 сум');
    await keepScreenshot(page, testInfo, 'product-sheet-ru');

    await add.click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Товар добавлен в корзину' })).toBeVisible();
    await expect(sheet).toBeHidden();
    await expect(page).not.toHaveURL(/product=/);
    await expect(page.getByTestId('basket-count')).toHaveText('2');

    // A product without choices goes in from its card, and the card becomes a stepper.
    const cola = card(page, 'Кола 0,5 л');
    await cola.getByTestId('product-card-add').click();
    await expect(cola.getByTestId('product-card-count')).toHaveText('1');
    await expect(page.getByTestId('basket-count')).toHaveText('3');

    // The basket is kept on the device, per merchant, and survives a reload.
    await page.reload();
    await expect(page.getByTestId('basket-count')).toHaveText('3');
    const stored = await page.evaluate(() => Object.entries(localStorage).find(([k]) => /^dx:[0-9a-f-]+:basket$/.test(k))?.[1] ?? null);
    const lines = (JSON.parse(stored!) as { lines: { count: number; modifications: unknown[] }[] }).lines;
    expect(lines.map((l) => [l.count, l.modifications.length])).toEqual([
      [2, 4],
      [1, 0],
    ]);
  });

  test('a product opens as a pop-up or a page as its category says, and by a shared link', async ({ page, context }) => {
    await speak(context, 'ru');
    await page.goto(brandUrl('tezkor'));
    // Лаваш и шаурма: POP_UP.
    await card(page, 'Лаваш с говядиной').getByRole('link', { name: 'Лаваш с говядиной', exact: true }).click();
    await expect(page.getByTestId('product-popup')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('product-popup')).toBeHidden();
    // Комбо: FULL_SCREEN; back on the menu, the customer is where they left it.
    const combo = card(page, 'Комбо Чизбургер');
    await scrollToSection(page, (await page.getByTestId('menu-section').filter({ has: combo }).getAttribute('data-category-id'))!);
    const left = await page.evaluate(() => window.scrollY);
    await combo.getByRole('link', { name: 'Комбо Чизбургер', exact: true }).click();
    await expect(page).toHaveURL(/\/product\/[0-9a-f-]+$/);
    await expect(page.getByTestId('product-title')).toHaveText('Комбо Чизбургер');
    await page.goBack();
    await expect(combo).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(left - 50);
    // A product of another brand, or none, is not found.
    await page.goto(brandUrl('tezkor', '/product/00000000-0000-4000-8000-000000000000'));
    await expect(page.getByTestId('product-missing-page')).toContainText('Товар не найден');
  });

  test('search finds a product by its uz name and by part of its ru name, remembers searches, and says when nothing is found', async ({
    page,
    context,
  }, testInfo) => {
    await speak(context, 'uz');
    await page.goto(brandUrl('tezkor'));
    await page.getByTestId('home-search').click();
    await expect(page).toHaveURL(/\/search$/);
    const input = page.getByTestId('search-input');
    // Results follow the settled query (300 ms after the last key), which the address then carries.
    const settledOn = (q: string) => expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(q)}$`));
    await input.fill('Chizburger');
    await settledOn('Chizburger');
    await expect(page.getByTestId('search-result-name').first()).toHaveText('Chizburger');

    await input.fill('чизб');
    await settledOn('чизб');
    await expect(page.getByTestId('search-result-name').first()).toHaveText('Chizburger');
    await expect(page.getByTestId('search-result-name')).toContainText(['Chizburger', "Qo'sh chizburger"]);
    await keepScreenshot(page, testInfo, 'search-tezkor-uz');

    await page.getByTestId('search-result').first().click();
    await expect(page.getByTestId('product-sheet')).toBeVisible();
    await page.getByTestId('product-close').click();
    await expect(page.getByTestId('product-sheet')).toBeHidden();

    await input.fill('суши');
    await settledOn('суши');
    await expect(page.getByTestId('search-empty')).toContainText('Hech narsa topilmadi');

    await input.fill('');
    await expect(page.getByTestId('search-history-item').first()).toHaveText('чизб');
    await page.getByTestId('search-history-clear').click();
    await expect(page.getByTestId('search-history')).toBeHidden();
  });

  test('branches: hours with the extra interval first, a holiday, a closed branch greyed and not selectable; choosing one goes back to the menu', async ({
    page,
    context,
  }, testInfo) => {
    await speak(context, 'ru');
    await page.goto(brandUrl('tezkor', '/branches'));
    const cards = page.getByTestId('branch-card');
    await expect(cards.first()).toBeVisible();

    const holiday = cards.filter({ hasText: 'Яккасарай' });
    await expect(holiday.getByTestId('branch-holiday')).toHaveText('Сегодня выходной');
    await expect(holiday).toHaveAttribute('data-open', 'false');
    await expect(holiday.getByTestId('branch-select')).toBeDisabled();
    expect(await holiday.evaluate((el) => Number(getComputedStyle(el).opacity))).toBeLessThan(1);
    await expect(holiday.getByTestId('branch-phone')).toHaveAttribute('href', 'tel:+998712000105');

    await expect(cards.filter({ hasText: 'Мирзо-Улугбек' }).getByTestId('branch-hours')).toHaveText('Сегодня 08:00–10:00, 11:00–23:00');
    // Pickup is off at Сергели: not offered.
    await expect(cards.filter({ hasText: 'Сергели' })).toHaveCount(0);
    await keepScreenshot(page, testInfo, 'branches-tezkor-ru');

    // Two cities: a selector.
    await page.getByTestId('city-option').filter({ hasText: 'Самарканд' }).click();
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Регистан');
    await page.getByTestId('city-option').filter({ hasText: 'Ташкент' }).click();

    const chilonzor = cards.filter({ hasText: 'Чиланзар' });
    await expect(chilonzor.getByTestId('branch-hours')).toHaveText('Сегодня круглосуточно');
    await chilonzor.getByTestId('branch-select').click();
    await expect(page).toHaveURL(brandUrl('tezkor', '/'));
    await expect(page.getByTestId('branch-strip-name')).toHaveText('Чиланзар');
    expect(await page.evaluate(() => Object.keys(localStorage).some((k) => /^dx:[0-9a-f-]+:branch$/.test(k)))).toBe(true);

    // The menu follows the branch: Регистан does not sell Баскет Микс, which turns grey and goes last in its category.
    await page.evaluate(async () => {
      const branches = (await (await fetch('/api/users/v1/branches')).json()) as { id: string; name: { ru: string } }[];
      const key = Object.keys(localStorage).find((k) => /^dx:[0-9a-f-]+:branch$/.test(k))!;
      localStorage.setItem(key, branches.find((b) => b.name.ru === 'Регистан')!.id);
    });
    await page.reload();
    await expect(page.getByTestId('branch-strip-name')).toHaveText('Регистан');
    const mix = card(page, 'Баскет Микс');
    await expect(mix).toHaveAttribute('data-orderable', 'false');
    await expect(mix.getByTestId('product-card-unavailable')).toHaveText('Нет в этом филиале');
    const buckets = page.getByTestId('menu-section').filter({ has: mix });
    await expect(buckets.getByTestId('product-card').last()).toHaveAttribute(
      'data-product-id',
      (await mix.getAttribute('data-product-id'))!,
    );
  });

  test('the branch map works without tiles: markers, details and Select', async ({ page, context }) => {
    await speak(context, 'ru');
    await blankTiles(page);
    await page.goto(brandUrl('tezkor', '/branches/map'));
    await expect(page.getByTestId('branch-map')).toBeVisible();
    const pins = page.locator('.dx-branch-pin');
    await expect(pins).toHaveCount(4);
    await pins.first().click();
    const details = page.getByTestId('branch-details');
    await expect(details).toBeVisible();
    await expect(details.getByTestId('branch-select')).toBeVisible();
  });

  test('the privacy page shows the merchant text as text, markup included, and never runs it', async ({ page, context }, testInfo) => {
    await speak(context, 'eng');
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs++;
      void d.dismiss();
    });
    await page.goto(brandUrl('tezkor', '/privacy'));
    const text = page.getByTestId('policy-text');
    await expect(text).toContainText('<script>alert(1)</script>');
    expect(await text.locator('script').count()).toBe(0);
    expect(dialogs).toBe(0);
    await keepScreenshot(page, testInfo, 'privacy-tezkor-eng');

    await page.goto(brandUrl('tezkor', '/about'));
    await expect(page.getByTestId('about-page')).toContainText('Tezkor Burger');
    await page.goto(brandUrl('tezkor', '/offerta'));
    await expect(page.getByTestId('offerta-page').getByTestId('policy-text')).toBeVisible();
  });

  test('the landing pages open in the extra layout', async ({ page, context }) => {
    await speak(context, 'ru');
    await page.goto(brandUrl('tezkor', '/extra'));
    await expect(page.getByTestId('landing-story')).toBeVisible();
    await page.goto(brandUrl('tezkor', '/extra2'));
    await expect(page.getByTestId('landing-delivery')).toBeVisible();
    await page.goto(brandUrl('tezkor', '/extr3'));
    await expect(page.getByTestId('landing-app-bot')).toBeVisible();
    await page.goto(brandUrl('tezkor', '/extra4'));
    await expect(page.getByTestId('branch-landing').getByTestId('branch-card').first()).toBeVisible();
    await expect(page.getByTestId('site-footer')).toHaveCount(0);
  });
});
