import type { Page } from '@playwright/test';
import { brandUrl, expect, logIn, PORT, randomPhone, test } from './support.ts';

const API = `http://localhost:${PORT}/api`;

/** Paths the server hands to the browser's route table (apps/web/src/app/server-data.ts, CLIENT_ONLY): only a visit tells a 404. */
const CLIENT_ROUTED = /^\/(basket|login|profile|checkout|branches\/map|choose-address|address|extra|extr3)(\/|$|\?)/;

/** Our own links on the page as it stands: same origin, as path and query. */
async function ownLinks(page: Page): Promise<string[]> {
  const origin = new URL(page.url()).origin;
  const hrefs = await page.locator('a[href]').evaluateAll((els) => els.map((a) => (a as HTMLAnchorElement).href));
  const paths = hrefs
    .map((href) => new URL(href))
    .filter((url) => url.origin === origin)
    .map((url) => `${url.pathname}${url.search}`);
  return [...new Set(paths)].sort();
}

/**
 * Follows every link: the server's answer for each (in the browser, which resolves *.localhost), and for
 * the addresses the browser routes, a visit that must not end on the not-found page.
 */
async function expectNoDeadLinks(page: Page, paths: readonly string[], checked: Set<string>): Promise<void> {
  const fresh = paths.filter((p) => !checked.has(p));
  fresh.forEach((p) => checked.add(p));
  const statuses = await page.evaluate(
    (list) => Promise.all(list.map(async (path) => [path, (await fetch(path, { headers: { accept: 'text/html' } })).status] as const)),
    fresh,
  );
  expect(
    statuses.filter(([, status]) => status >= 400),
    'links the server answers with an error',
  ).toEqual([]);
  const back = page.url();
  for (const path of fresh.filter((p) => CLIENT_ROUTED.test(p))) {
    await page.goto(brandUrl('tezkor', path));
    // The page's code has arrived and drawn it (not "network idle": a page with a live stream, the chat, never is).
    await expect(page.locator('#main > *').first()).toBeVisible();
    await expect(page.getByTestId('page-spinner')).toHaveCount(0);
    await expect(page.getByTestId('not-found-page'), `${path} is a page of ours`).toHaveCount(0);
  }
  await page.goto(back);
}

test.describe('our own links', () => {
  test('no link on the home, basket and profile pages leads to a 404', async ({ page, request }) => {
    test.setTimeout(180_000);
    const checked = new Set<string>();

    await page.goto(brandUrl('tezkor', '/'));
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const home = await ownLinks(page);
    expect(
      home.some((p) => p.startsWith('/product/')),
      'the menu links its products',
    ).toBe(true);
    await expectNoDeadLinks(page, home, checked);

    // A basket with one product that needs no choice, so the basket page shows everything it links to.
    const merchant = (await (await request.get(`${API}/users/v1/merchants/current?vendor=tezkor`)).json()) as { id: string };
    const overalls = (await (await request.get(`${API}/products/v1/overalls`, { headers: { 'X-Merchant-Id': merchant.id } })).json()) as {
      products: { id: string; isOrderable: boolean; modificationGroups: { min: number }[] }[];
    };
    const plain = overalls.products.find((p) => p.isOrderable && p.modificationGroups.every((g) => g.min === 0));
    expect(plain, 'a product without required options').toBeTruthy();
    await page.evaluate(
      ([key, value]) => localStorage.setItem(key!, value!),
      [`dx:${merchant.id}:basket`, JSON.stringify({ version: 1, lines: [{ productId: plain!.id, count: 1, modifications: [] }] })],
    );
    await page.goto(brandUrl('tezkor', '/basket'));
    await expect(page.getByTestId('basket-line')).toHaveCount(1);
    await page.waitForLoadState('networkidle');
    await expectNoDeadLinks(page, await ownLinks(page), checked);

    // The profile of a signed-in customer, with every entry it shows.
    await page.goto(brandUrl('tezkor', '/login'));
    await logIn(page, randomPhone());
    await page.goto(brandUrl('tezkor', '/profile'));
    await expect(page.getByTestId('profile-link-user')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const profile = await ownLinks(page);
    expect(profile).toContain('/profile/user');
    await expectNoDeadLinks(page, profile, checked);
  });
});
