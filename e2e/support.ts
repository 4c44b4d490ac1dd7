import type { Page, TestInfo } from '@playwright/test';

export const PORT = Number(process.env.E2E_PORT ?? 3200);

/** The address of a brand's storefront: `http://{sub}.localhost:{port}{path}`. */
export const brandUrl = (sub: string, path = '/') => `http://${sub}.localhost:${PORT}${path}`;

/** Keeps a screenshot as a test artifact under test-results/screenshots/. */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = `test-results/screenshots/${name}.png`;
  await page.screenshot({ path, fullPage: false });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** Map tiles cannot be fetched here; answer them with a blank tile so pages behave as offline tiles would. */
export async function blankTiles(page: Page): Promise<void> {
  await page.route(/tile|openstreetmap/, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64') }),
  );
}
