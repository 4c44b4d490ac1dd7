import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { brandUrl, expect, keepScreenshot, test } from './support.ts';

/*
 * The menu's import (issue 28) in Chromium: the owner downloads the menu, changes one price in the file, sees the dry
 * run name exactly that change (before → after), applies it, and the storefront's menu has the new price.
 */

const OWNER = '+998900000005';
const PASSWORD = 'tezkor-demo-2026';

async function openImport(page: Page) {
  await page.goto(brandUrl('tezkor', '/ops/'));
  await page.getByTestId('login-phone').fill(OWNER);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('sign-out')).toBeVisible();
  await page.goto(brandUrl('tezkor', '/ops/admin/import'));
  await expect(page.getByTestId('import-screen')).toBeVisible();
}

test('the owner exports the menu, changes a price in the file, sees exactly that change in the dry run, applies it; the storefront shows it', async ({
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  // The console's own context (its pages set no data-ready, which the shared `page` waits for).
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, acceptDownloads: true });
  const page = await context.newPage();
  await openImport(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('import-export').click()]);
  const doc = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
    products: { id: string; name: { eng?: string }; price: number }[];
  };
  const fries = doc.products.find((p) => p.name.eng === 'French Fries')!;
  const was = fries.price;
  fries.price = was + 1000;
  const file = testInfo.outputPath('menu.json');
  writeFileSync(file, JSON.stringify(doc, null, 2));

  await page.getByTestId('import-file').setInputFiles(file);
  await expect(page.getByTestId('import-preview')).toBeVisible();
  await expect(page.getByTestId('import-change')).toHaveCount(1);
  await expect(page.getByTestId('import-field')).toHaveText(`price: ${was} → ${was + 1000}`);
  await keepScreenshot(page, testInfo, 'admin-import-preview-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await keepScreenshot(page, testInfo, 'admin-import-preview-390');
  await page.setViewportSize({ width: 1366, height: 768 });

  await page.getByTestId('import-apply').click();
  await expect(page.getByTestId('import-done')).toBeVisible();
  await expect(page.getByTestId('import-counts').last()).toContainText('1');

  // The storefront's menu (what its page reads, on the brand's host) has the new price.
  await page.goto(brandUrl('tezkor', '/'));
  await expect
    .poll(() =>
      page.evaluate(async (id) => {
        const overalls = (await (await fetch('/api/products/v1/overalls')).json()) as { products: { id: string; costPrice: number }[] };
        return overalls.products.find((x) => x.id === id)?.costPrice;
      }, fries.id),
    )
    .toBe(was + 1000);
  await expect(page.getByText(new Intl.NumberFormat('ru-RU').format(was + 1000).replace(/\s/g, ' ')).first()).toBeAttached();
  await context.close();
});
