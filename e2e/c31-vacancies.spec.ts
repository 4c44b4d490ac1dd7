import type { Browser, Page } from '@playwright/test';
import { brandUrl, expect, keepScreenshot, PORT, speak, test } from './support.ts';

/*
 * Vacancies (issue 31) in Chromium against the real server: a visitor of Tezkor opens /vacancy, a position, applies
 * with a PDF CV; the owner sees the application in the console's vacancies screen and downloads the CV. A brand with
 * vacanciesActive off (Navbahor) answers the 404 page at /vacancy. Screenshots at 390x844 in Russian and Arabic.
 */

const OWNER = '+998900000005';
const PASSWORD = 'tezkor-demo-2026';
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1500, 0x20), Buffer.from('\n%%EOF\n')]);

async function ownerConsole(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, acceptDownloads: true });
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('dx-ops-lang', 'ru'));
  await page.goto(brandUrl('tezkor', '/ops/'));
  await page.getByTestId('login-phone').fill(OWNER);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('sign-out')).toBeVisible();
  await page.goto(brandUrl('tezkor', '/ops/admin/vacancies'));
  await expect(page.getByTestId('admin-vacancies')).toBeVisible();
  return page;
}

test('a visitor applies to a vacancy with a CV; the owner sees it in the console and downloads the CV', async ({
  page,
  browser,
}, testInfo) => {
  await speak(page, 'ru');
  await page.goto(brandUrl('tezkor', '/vacancy'));
  await expect(page.getByTestId('vacancy-item')).toHaveCount(3);
  await expect(page.getByTestId('vacancy-list')).toContainText('Повар');
  await keepScreenshot(page, testInfo, 'c31-vacancies-ru');
  await page.getByTestId('vacancy-item').filter({ hasText: 'Повар' }).click();
  await expect(page.getByTestId('vacancy-detail')).toContainText('Опыт работы на кухне');

  const name = `Малика ${Date.now().toString(36)}`;
  await page.getByTestId('vacancy-name').fill(name);
  await page.getByTestId('vacancy-phone').fill('93 111 22 33');
  await page.getByTestId('vacancy-text').fill('Работала поваром два года');
  await page.getByTestId('vacancy-cv').setInputFiles({ name: 'rezyume.pdf', mimeType: 'application/pdf', buffer: PDF });
  await keepScreenshot(page, testInfo, 'c31-vacancy-form-ru');
  await page.getByTestId('vacancy-submit').click();
  await expect(page.getByTestId('vacancy-applied')).toBeVisible();

  const console = await ownerConsole(browser);
  const row = console.getByTestId('application-row').filter({ hasText: name });
  await expect(row).toContainText('+998931112233');
  await expect(row).toContainText('Повар');
  await keepScreenshot(console, testInfo, 'c31-console-vacancies');
  const [download] = await Promise.all([console.waitForEvent('download'), row.getByTestId('application-cv').click()]);
  expect(download.suggestedFilename()).toBe('rezyume.pdf');
  const saved = await download.path();
  const { readFileSync } = await import('node:fs');
  expect(readFileSync(saved).equals(PDF)).toBe(true);
  await console.context().close();
});

test('a file that is no CV is refused in the visitor’s language; Arabic reads right to left', async ({ page }, testInfo) => {
  await speak(page, 'ar');
  await page.goto(brandUrl('tezkor', '/vacancy'));
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await keepScreenshot(page, testInfo, 'c31-vacancies-ar');
  await page.getByTestId('vacancy-item').first().click();
  await page.getByTestId('vacancy-name').fill('Ahmad');
  await page.getByTestId('vacancy-phone').fill('93 111 22 44');
  await page
    .getByTestId('vacancy-cv')
    .setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('MZ not a pdf at all') });
  await page.getByTestId('vacancy-submit').click();
  await expect(page.getByTestId('vacancy-error')).toContainText('السيرة الذاتية');
  await keepScreenshot(page, testInfo, 'c31-vacancy-form-ar');
});

test('a brand with vacanciesActive off answers the 404 page at /vacancy', async ({ page, request }) => {
  // The server says so too: 404 where the flag is off, 200 where it is on (a missing vacancy: 404).
  const status = async (sub: string, path: string) =>
    (await request.get(`http://localhost:${PORT}${path}`, { headers: { Host: `${sub}.localhost:${PORT}` } })).status();
  expect(await status('navbahor', '/vacancy')).toBe(404);
  expect(await status('tezkor', '/vacancy')).toBe(200);
  expect(await status('tezkor', '/vacancy/00000000-0000-4000-8000-000000000000')).toBe(404);
  await page.goto(brandUrl('navbahor', '/vacancy'));
  await expect(page.getByTestId('vacancy-list')).toHaveCount(0);
  await expect(page.getByTestId('not-found-page')).toBeVisible();
});
