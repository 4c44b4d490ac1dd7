import type { Browser } from '@playwright/test';
import { brandUrl, consoleAs, expect, keepSettledScreenshot, logIn, randomPhone, speak, test } from './support.ts';

/*
 * Issue 32, table reservations, in Chromium against the real server: a customer on a phone books a table at the demo's
 * Chilonzor branch (bookingActive, bookingEnabled, the seed's halls and tables), sees it under "my reservations"
 * waiting for the branch, the operator finds it in the console's book and confirms it, and the customer then sees it
 * confirmed; the operator also writes one for a phone call. Screenshots at 390x844 in ru and ar.
 */

const OPERATOR = '+998900000002';

const operatorConsole = (browser: Browser, lang: string) => consoleAs(browser, OPERATOR, lang);

for (const lang of ['ru', 'ar'] as const) {
  test(`a customer books a table and the console confirms it (${lang})`, async ({ page, browser }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await speak(page, lang);
    await page.goto(brandUrl('tezkor', '/profile'));
    await page.getByTestId('login-prompt').getByRole('link').click();
    await logIn(page, randomPhone('91'));
    await page.getByTestId('profile-link-reservations').click();
    await expect(page.getByTestId('my-reservations-empty')).toBeVisible();
    await page.getByTestId('my-reservations-new').click();
    await expect(page.getByTestId('reservation-page')).toBeVisible();

    // Tomorrow, four guests, the first free evening time.
    await page.getByTestId('reservation-day').nth(1).click();
    await page.getByTestId('reservation-guests-more').click();
    await page.getByTestId('reservation-guests-more').click();
    await expect(page.getByTestId('reservation-guests')).toHaveText('4');
    const evening = page.locator('[data-testid="reservation-time"][data-time="19:00"]');
    await expect(evening).toBeEnabled();
    await evening.click();
    await page.getByTestId('reservation-comment').fill(lang === 'ar' ? 'بجانب النافذة' : 'У окна');
    await expect(page.getByTestId('reservation-phone')).toBeVisible();
    await keepSettledScreenshot(page, testInfo, `reservation-form-${lang}`);
    await page.getByTestId('reservation-submit').click();

    await expect(page.getByTestId('my-reservations-page')).toBeVisible();
    const mine = page.getByTestId('reservation-item').first();
    await expect(mine).toHaveAttribute('data-status', 'REQUESTED');
    await keepSettledScreenshot(page, testInfo, `my-reservations-${lang}`);

    const ops = await operatorConsole(browser, lang);
    try {
      await ops.page.goto(brandUrl('tezkor', '/ops/reservations'));
      await expect(ops.page.getByTestId('reservations-screen')).toBeVisible();
      // Tomorrow in Tashkent (UTC+5), the day the customer chose.
      const tomorrow = new Date(Date.now() + 86_400_000 + 5 * 3_600_000).toISOString().slice(0, 10);
      await ops.page.getByTestId('reservations-day').fill(tomorrow);
      const row = ops.page
        .getByTestId('reservation-row')
        .filter({ hasText: lang === 'ar' ? 'بجانب النافذة' : 'У окна' })
        .first();
      await expect(row).toHaveAttribute('data-status', 'REQUESTED');
      await row.getByTestId('reservation-CONFIRMED').click();
      await expect(row).toHaveAttribute('data-status', 'CONFIRMED');
      await keepSettledScreenshot(ops.page, testInfo, `reservation-book-${lang}`);

      // A phone call: the operator writes one, confirmed at once.
      await ops.page.getByTestId('reservations-new').click();
      const dialog = ops.page.getByTestId('reservation-dialog');
      await dialog.getByTestId('reservation-name').fill('Азиз');
      await dialog.getByTestId('reservation-phone').fill('90 123 45 67');
      await dialog.getByTestId('reservation-time').fill('20:00');
      await dialog.getByTestId('reservation-save').click();
      await expect(dialog).toHaveCount(0);
      await expect(ops.page.getByTestId('reservation-row').filter({ hasText: 'Азиз' }).first()).toHaveAttribute('data-status', 'CONFIRMED');
    } finally {
      await ops.context.close();
    }

    await page.reload();
    await expect(page.getByTestId('reservation-item').first()).toHaveAttribute('data-status', 'CONFIRMED');
    // The customer cancels it; it moves to the past list.
    await page.getByTestId('reservation-cancel').first().click();
    await expect(page.getByTestId('reservation-item').first()).toHaveAttribute('data-status', 'CANCELLED');
  });
}
