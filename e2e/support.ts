import { expect, test as base, type Locator, type Page, type TestInfo } from '@playwright/test';

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

/**
 * Waits until React has taken over the element the server drew (its code arrived and hydrated it): a tap
 * before that falls on plain markup, as a customer's tap would in the first moment of a slow load.
 */
export async function hydrated(locator: Locator): Promise<Locator> {
  await expect
    .poll(() => locator.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactProps$'))), { message: 'React has taken the element over' })
    .toBe(true);
  return locator;
}

/** Console errors a journey causes on purpose (a refused code, an unknown brand), allowed for that page only. */
const allowed = new WeakMap<Page, RegExp[]>();
export function allowConsoleErrors(page: Page, ...patterns: RegExp[]): void {
  allowed.set(page, [...(allowed.get(page) ?? []), ...patterns]);
}

/**
 * Every journey fails on a script error, a console error or a hydration warning in any of its pages: the
 * page the server rendered and the page React takes over must be the same. A failed request shows in the
 * console too ("Failed to load resource"); the journeys check those answers themselves.
 */
export const test = base.extend<{ consoleGuard: void }>({
  /**
   * A page the server drew is readable at once and taken over by React a moment later (apps/web/src/main.tsx
   * waits for the first paint and the largest picture). A journey acts as a customer who waits for the page to
   * answer: `goto` and `reload` return once `<html data-ready>` is set (or the start failed, `data-ready="failed"`).
   */
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const ready = () => page.locator('html[data-ready]').waitFor({ state: 'attached', timeout: 20_000 });
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args) => {
        const response = await goto(...args);
        await ready();
        return response;
      };
      page.reload = async (...args) => {
        const response = await reload(...args);
        await ready();
        return response;
      };
    }
    await use(page);
  },
  consoleGuard: [
    async ({ context }, use) => {
      const problems: string[] = [];
      const watch = (page: Page) => {
        page.on('pageerror', (error) => problems.push(`${page.url()} script error: ${error.message}`));
        page.on('console', (message) => {
          const text = message.text();
          const bad = message.type() === 'error' || (message.type() === 'warning' && /hydrat/i.test(text));
          if (!bad || /^Failed to load resource/.test(text)) return;
          if ((allowed.get(page) ?? []).some((p) => p.test(text))) return;
          problems.push(`${page.url()} console ${message.type()}: ${text}`);
        });
      };
      context.pages().forEach(watch);
      context.on('page', watch);
      await use();
      expect(problems, 'console errors and hydration warnings').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
