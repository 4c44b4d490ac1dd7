import type { Browser } from '@playwright/test';
import { brandUrl, expect, keepSettledScreenshot, test } from './support.ts';

/*
 * Issue 29's back-office pieces in Chromium against the real server: the owner sets, replaces and removes the brand's
 * own geocoder key (write-only: the screen says only whether one is set), and changes a branch's preparation time,
 * which the branch list shows (the quote's arrival estimate follows it: apps/api/test/eta.test.ts). Screenshots at 390x844 in ru and ar.
 */

const OWNER = '+998900000005';
const PASSWORD = 'tezkor-demo-2026';

async function ownerConsole(browser: Browser, lang: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await context.addInitScript((l) => localStorage.setItem('dx-ops-lang', l), lang);
  const page = await context.newPage();
  await page.goto(brandUrl('tezkor', '/ops/'));
  await page.getByTestId('login-phone').fill(OWNER);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('sign-out')).toBeVisible();
  return { context, page };
}

for (const lang of ['ru', 'ar'] as const) {
  test(`the owner keeps the geocoder key and a branch's preparation time (${lang})`, async ({ browser }, testInfo) => {
    test.setTimeout(120_000);
    const { context, page } = await ownerConsole(browser, lang);
    try {
      await page.goto(brandUrl('tezkor', '/ops/admin/geocoder'));
      const configured = page.getByTestId('geocoder-configured');
      await expect(page.getByTestId('admin-geocoder')).toBeVisible();
      if ((await configured.getAttribute('data-on')) === 'true') {
        await page.getByTestId('geocoder-remove').click();
        await expect(configured).toHaveAttribute('data-on', 'false');
      }
      await page.getByTestId('geocoder-key').fill(`demo-key-${lang}-0123456789`);
      await page.getByTestId('save').click();
      await expect(page.getByTestId('geocoder-saved')).toBeVisible();
      await expect(configured).toHaveAttribute('data-on', 'true');
      // Write-only: the key never comes back to the screen.
      await page.reload();
      await expect(configured).toHaveAttribute('data-on', 'true');
      await expect(page.getByTestId('geocoder-key')).toHaveValue('');
      await expect(page.locator('body')).not.toContainText('0123456789');
      await keepSettledScreenshot(page, testInfo, `geocoder-key-${lang}`);
      await page.getByTestId('geocoder-remove').click();
      await expect(configured).toHaveAttribute('data-on', 'false');

      await page.goto(brandUrl('tezkor', '/ops/admin/branches'));
      const first = page.getByTestId('branch-item').first();
      await first.click();
      const prep = page.getByTestId('branch-prep-minutes');
      const minutes = lang === 'ru' ? '35' : '40';
      await prep.fill(minutes);
      await page.getByTestId('branch-form').getByTestId('save').click();
      await expect(first.getByTestId('branch-item-prep')).toContainText(minutes);
      await keepSettledScreenshot(page, testInfo, `branch-prep-${lang}`);
      // Out of the domain's range: refused beside the field, nothing saved.
      await prep.fill('999');
      await page.getByTestId('branch-form').getByTestId('save').click();
      await expect(page.getByTestId('branch-problem').or(page.locator('[aria-invalid="true"]')).first()).toBeVisible();
      await page.reload();
      await expect(page.getByTestId('branch-item').first().getByTestId('branch-item-prep')).toContainText(minutes);
    } finally {
      await context.close();
    }
  });
}
