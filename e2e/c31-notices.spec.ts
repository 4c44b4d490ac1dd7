import { brandUrl, expect, hydrated, keepScreenshot, PHONE_CONTEXT, speak, test } from './support.ts';

/*
 * The last notices of issue 31 at 390x844 in Russian and Arabic (right to left): a tap on a link to another site (the
 * footer's Telegram) asks "leaving the app?" in the shared confirm sheet and opens nothing until "go"; "stay" keeps the
 * customer here. Sharing a product where the device has no share sheet copies its link and says so ("product copied").
 */

const TEXTS = {
  ru: { leave: 'Выход из приложения', copied: 'Ссылка на товар скопирована' },
  ar: { leave: 'مغادرة التطبيق', copied: 'تم نسخ رابط المنتج' },
} as const;

test.use({ ...PHONE_CONTEXT, permissions: ['clipboard-read', 'clipboard-write'] });

for (const lang of ['ru', 'ar'] as const) {
  test(`a link to another site asks "leaving the app?" first (${lang})`, async ({ page }, testInfo) => {
    await speak(page, lang);

    await page.goto(brandUrl('tezkor', '/'));
    // The page has been taken over by React (the guard listens from then on).
    const telegram = await hydrated(page.getByTestId('footer-telegram'));
    await telegram.scrollIntoViewIfNeeded();
    const popups: string[] = [];
    page.context().on('page', (p) => popups.push(p.url()));
    await telegram.click();
    const sheet = page.getByTestId('leave-app');
    await expect(sheet).toBeVisible();
    await expect(sheet).toContainText(TEXTS[lang].leave);
    await expect(sheet).toContainText('t.me');
    await keepScreenshot(page, testInfo, `c31-leave-app-${lang}-390`);
    await page.getByTestId('leave-app-cancel').click();
    await expect(sheet).toHaveCount(0);
    expect(popups).toEqual([]);
    await expect(page).toHaveURL(brandUrl('tezkor', '/'));
  });
}

test('a shared product link is copied and the notice says so (ru, ar)', async ({ page }, testInfo) => {
  // No share sheet on this device: the link goes to the clipboard.
  await page.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined, configurable: true }));
  for (const lang of ['ru', 'ar'] as const) {
    await speak(page, lang);
    await page.goto(brandUrl('tezkor', '/'));
    const href = await page.getByTestId('product-card').first().getByRole('link').first().getAttribute('href');
    await page.goto(brandUrl('tezkor', href!));
    await expect(page.getByTestId('product-page')).toBeVisible();
    await (await hydrated(page.getByTestId('product-share'))).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('/product/');
    await expect(page.getByText(TEXTS[lang].copied).first()).toBeVisible();
    await keepScreenshot(page, testInfo, `c31-product-copied-${lang}-390`);
  }
});
