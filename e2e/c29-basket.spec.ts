import type { APIRequestContext } from '@playwright/test';
import {
  basketOf,
  brandUrl,
  expect,
  keepSettledScreenshot,
  logIn,
  plainProduct,
  PORT,
  put,
  randomPhone,
  session,
  speak,
  test,
} from './support.ts';

/*
 * Issue 29, slice E, at 390x844 against the real server: the basket bar over the menu on a phone (the demo chain's
 * basket is in the header), the compact two-column grid when the brand switches it on, a closed branch's checkout
 * switched to "later" with the reason, a one-branch brand that never asks for a branch, an option the brand marks as
 * default chosen when the product opens, delivery "depends on the address" before one is chosen, and the confirm
 * page's modifiers and whole address. What a journey changes through the back office it puts back.
 */

const API = `http://localhost:${PORT}/api`;
const OWNER = { phone: '+998900000005', password: 'tezkor-demo-2026' };

type Option = { id: string; name: { eng?: string }; isDefault?: boolean };
type CatalogueProduct = {
  id: string;
  name: { eng?: string };
  isOrderable: boolean;
  count: number | null;
  modificationGroups: { id: string; name: { eng?: string }; min: number; modifications: Option[] }[];
};

async function tezkorId(request: APIRequestContext): Promise<string> {
  return ((await (await request.get(`${API}/users/v1/merchants/current?vendor=tezkor`)).json()) as { id: string }).id;
}

/** The demo owner's back office calls. */
async function ownerCalls(request: APIRequestContext, merchantId: string) {
  const login = await request.post(`${API}/ops/v1/auth/login`, { headers: { 'X-Merchant-Id': merchantId }, data: OWNER });
  expect(login.status(), await login.text()).toBe(200);
  const headers = { 'X-Merchant-Id': merchantId, Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  return async <T>(method: 'GET' | 'PUT', path: string, data?: unknown): Promise<T> => {
    const res = await request.fetch(`${API}/admin/v1${path}`, { method, headers, ...(data === undefined ? {} : { data }) });
    expect(res.status(), `${method} ${path}: ${await res.text()}`).toBe(200);
    return (await res.json()) as T;
  };
}

async function products(request: APIRequestContext, merchantId: string): Promise<CatalogueProduct[]> {
  const res = await request.get(`${API}/products/v1/overalls`, { headers: { 'X-Merchant-Id': merchantId } });
  return ((await res.json()) as { products: CatalogueProduct[] }).products;
}

/** Tashkent's wall clock (UTC+5, no summer time) `hours` from now, on the hour: 'HH:00'. */
const tashkentHourFromNow = (hours: number) => `${String((new Date().getUTCHours() + 5 + hours) % 24).padStart(2, '0')}:00`;

test.describe('issue 29: the basket bar, the compact grid, the branch, default options, checkout honesty', () => {
  test('on a phone the basket bar stands over the menu while the basket is not empty, and opens the basket', async ({
    page,
    request,
  }, testInfo) => {
    const merchantId = await tezkorId(request);
    const product = await plainProduct(request, merchantId);
    for (const lang of ['ru', 'ar']) {
      await speak(page, lang);
      await page.goto(brandUrl('tezkor', '/'));
      await put(page, { [`dx:${merchantId}:basket`]: '' });
      await page.reload();
      // Empty basket: no bar. Tezkor keeps its basket in the header (NAVIGATION_BAR); on a phone the bar is there too.
      await expect(page.getByTestId('basket-bar')).toHaveCount(0);
      await put(page, { [`dx:${merchantId}:basket`]: basketOf(product.id, 2) });
      await page.reload();
      const bar = page.getByTestId('basket-bar');
      await expect(bar).toBeVisible();
      await expect(page.getByTestId('basket-button')).toHaveCount(1);
      if (lang === 'ru') await expect(page.getByTestId('basket-bar-summary')).toHaveText(/^2 товара · /);
      const box = (await bar.boundingBox())!;
      expect(box.y + box.height).toBeGreaterThan(844 - 40);
      await page.mouse.wheel(0, 1500);
      await expect(bar).toBeInViewport();
      await keepSettledScreenshot(page, testInfo, `c29-basket-bar-${lang}`);
    }
    await page.getByTestId('basket-bar').click();
    await expect(page).toHaveURL(brandUrl('tezkor', '/basket'));
    // Wide screens keep the brand's choice: the header's button only.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(brandUrl('tezkor', '/'));
    await expect(page.getByTestId('basket-bar')).toBeHidden();
  });

  test('the compact grid puts two cards side by side when the brand switches it on', async ({ page, request }, testInfo) => {
    const merchantId = await tezkorId(request);
    const admin = await ownerCalls(request, merchantId);
    type Settings = { version: number; flags: Record<string, boolean> } & Record<string, unknown>;
    const burgers = page.locator('[data-testid="menu-section"]').filter({ hasText: 'Бургеры' }).first();
    await speak(page, 'ru');
    await page.goto(brandUrl('tezkor', '/'));
    // The demo's default: burgers one big card a row.
    await expect(burgers.getByTestId('menu-grid')).toHaveAttribute('data-variant', 'big');
    const before = await admin<Settings>('GET', '/settings');
    expect(before.flags.compactMenuGrid).toBe(false);
    const on = await admin<Settings>('PUT', '/settings', { ...before, flags: { ...before.flags, compactMenuGrid: true } });
    try {
      await expect(async () => {
        await page.reload();
        await expect(burgers.getByTestId('menu-grid')).toHaveAttribute('data-variant', 'medium', { timeout: 1000 });
      }).toPass();
      const cards = burgers.locator('[data-testid="menu-grid"] > li');
      const [a, b] = [(await cards.nth(0).boundingBox())!, (await cards.nth(1).boundingBox())!];
      expect(Math.abs(a.y - b.y)).toBeLessThan(2);
      expect(b.x).not.toBe(a.x);
      expect(a.width).toBeLessThan(390 / 2);
      await burgers.scrollIntoViewIfNeeded();
      await keepSettledScreenshot(page, testInfo, 'c29-compact-grid-ru');
      // The same section in Arabic, found by its category (its heading is in Arabic now).
      const categoryId = await burgers.getAttribute('data-category-id');
      await speak(page, 'ar');
      await page.reload();
      await page.locator(`[data-testid="menu-section"][data-category-id="${categoryId}"]`).scrollIntoViewIfNeeded();
      await keepSettledScreenshot(page, testInfo, 'c29-compact-grid-ar');
    } finally {
      await admin('PUT', '/settings', { ...on, flags: { ...on.flags, compactMenuGrid: false } });
    }
  });

  test('an option the brand marks as default is chosen when the product opens', async ({ page, request }) => {
    const merchantId = await tezkorId(request);
    const admin = await ownerCalls(request, merchantId);
    const big = (await products(request, merchantId)).find((p) => p.name.eng === 'Big Tezkor')!;
    const size = big.modificationGroups.find((g) => g.name.eng === 'Size')!;
    const large = size.modifications.find((m) => m.name.eng === 'Large')!;
    type Group = { id: string; version: number; name: unknown; min: number; max: number; options: (Option & { active: boolean })[] };
    const { content } = await admin<{ content: Group[] }>('GET', `/modification-groups?productId=${big.id}`);
    const group = content.find((g) => g.id === size.id)!;
    const write = (g: Group, isDefault: (o: Option) => boolean) =>
      admin<Group>('PUT', `/modification-groups/${g.id}`, {
        version: g.version,
        name: g.name,
        min: g.min,
        max: g.max,
        options: g.options
          .filter((o) => o.active)
          .map(({ id, name, price, image }: Option & { price?: number; image?: string }) => ({
            id,
            name,
            price,
            image,
            isDefault: isDefault({ id, name }),
          })),
      });
    const option = (id: string) => page.locator(`[data-testid="modification-option"][data-modification-id="${id}"] input`);
    await speak(page, 'ru');
    // Without a mark nothing is chosen for the customer.
    await page.goto(brandUrl('tezkor', `/?product=${big.id}&view=sheet`));
    await expect(page.getByTestId('product-sheet')).toBeVisible();
    await expect(option(large.id)).not.toBeChecked();
    const marked = await write(group, (o) => o.id === large.id);
    try {
      await expect(async () => {
        await page.reload();
        await expect(option(large.id)).toBeChecked({ timeout: 1000 });
      }).toPass();
      await expect(page.getByTestId('product-add')).toBeEnabled();
    } finally {
      await write(marked, () => false);
    }
  });

  test('a closed branch says when it opens and the checkout switches to the first free slot', async ({ page, request }, testInfo) => {
    const merchantId = await tezkorId(request);
    const admin = await ownerCalls(request, merchantId);
    const branches = (await (await request.get(`${API}/users/v1/branches`, { headers: { 'X-Merchant-Id': merchantId } })).json()) as {
      id: string;
      name: { eng?: string };
    }[];
    const yunusobod = branches.find((b) => b.name.eng === 'Yunusobod')!;
    type Hours = { version: number; hours: { type: string; days: Record<string, unknown>[] }[] };
    const before = await admin<Hours>('GET', `/branches/${yunusobod.id}/hours`);
    // Open every day from three to five hours from now: closed now, whatever the hour in Tashkent.
    const [open, close] = [tashkentHourFromNow(3), tashkentHourFromNow(5)];
    const week = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'].map((weekName) => ({
      weekName,
      open,
      close,
      extraOpen: null,
      extraClose: null,
      isDayOff: false,
    }));
    const changed = await admin<Hours>('PUT', `/branches/${yunusobod.id}/hours`, {
      hours: before.hours.map((h) => ({ type: h.type, days: week })),
    });
    try {
      const product = await plainProduct(request, merchantId);
      for (const lang of ['ru', 'ar']) {
        await speak(page, lang);
        await page.goto(brandUrl('tezkor', '/login'));
        await logIn(page, randomPhone());
        await put(page, {
          [`dx:${merchantId}:basket`]: basketOf(product.id, 1),
          [`dx:${merchantId}:service`]: 'PICK_UP',
          [`dx:${merchantId}:branch`]: yunusobod.id,
        });
        await page.goto(brandUrl('tezkor', '/checkout'));
        const reason = page.getByTestId('checkout-closed-reason');
        await expect(reason).toBeVisible();
        await expect(reason).toContainText(open);
        if (lang === 'ru') await expect(reason).toContainText('Филиал сейчас закрыт, откроется');
        await expect(page.locator('[data-testid="checkout-when-option"][data-value="later"]')).toHaveAttribute('aria-checked', 'true');
        const first = page.getByTestId('checkout-time').first();
        await expect(first).toHaveAttribute('aria-checked', 'true');
        await expect(first).toHaveAttribute('data-value', open);
        await expect(page.getByTestId('checkout-totals')).toHaveAttribute('data-state', 'quoted');
        await expect(page.getByTestId('checkout-continue')).toBeEnabled();
        await keepSettledScreenshot(page, testInfo, `c29-closed-branch-${lang}`);
        await page.evaluate(() => localStorage.clear());
      }
    } finally {
      await admin('PUT', `/branches/${yunusobod.id}/hours`, { version: changed.version, hours: before.hours });
    }
  });

  test('a brand with one branch never asks for a branch: the header and the checkout name it', async ({ page, request }) => {
    const merchant = (await (await request.get(`${API}/users/v1/merchants/current?vendor=navbahor`)).json()) as { id: string };
    const branches = (await (await request.get(`${API}/users/v1/branches`, { headers: { 'X-Merchant-Id': merchant.id } })).json()) as {
      name: { ru?: string };
    }[];
    expect(branches).toHaveLength(1);
    await speak(page, 'ru', 'navbahor');
    await page.goto(brandUrl('navbahor', '/'));
    await expect(page.getByTestId('header-order-target-text')).toHaveText(branches[0]!.name.ru!);
    await page.goto(brandUrl('navbahor', '/login'));
    await logIn(page, randomPhone());
    const product = await plainProduct(request, merchant.id);
    await put(page, { [`dx:${merchant.id}:basket`]: basketOf(product.id, 1) });
    // The basket's destination card follows the checkout's rule: the branch named, no "change".
    await page.goto(brandUrl('navbahor', '/basket'));
    await expect(page.getByTestId('basket-destination-value')).toHaveText(branches[0]!.name.ru!);
    await expect(page.getByTestId('basket-destination-change')).toHaveCount(0);
    await page.goto(brandUrl('navbahor', '/checkout'));
    await expect(page.getByTestId('checkout-destination-value')).toHaveText(branches[0]!.name.ru!);
    await expect(page.getByTestId('checkout-destination-change')).toHaveCount(0);
    await expect(page.getByTestId('checkout-destination-error')).toHaveCount(0);
  });

  test('checkout before an address: delivery depends on it; the confirm page shows modifiers and the whole address', async ({
    page,
    request,
  }, testInfo) => {
    await speak(page, 'ru');
    await page.goto(brandUrl('tezkor', '/login'));
    await logIn(page, randomPhone());
    const { merchantId } = await session(page);
    const all = await products(request, merchantId);
    const big = all.find((p) => p.name.eng === 'Big Tezkor')!;
    const pick = (group: string, eng: string) =>
      big.modificationGroups.find((g) => g.name.eng === group)!.modifications.find((m) => m.name.eng === eng)!.id;
    // A plain product enough for any delivery minimum of the demo, and one burger with its size and a sauce.
    const plain = await plainProduct(request, merchantId);
    const basket = JSON.stringify({
      version: 1,
      lines: [
        { productId: plain.id, count: Math.min(20, Math.max(1, Math.ceil(200_000 / Math.max(1, plain.price)))), modifications: [] },
        {
          productId: big.id,
          count: 1,
          modifications: [
            { id: pick('Size', 'Large'), count: 1 },
            { id: pick('Sauces', 'Cheese'), count: 1 },
          ],
        },
      ],
    });
    await put(page, { [`dx:${merchantId}:basket`]: basket, [`dx:${merchantId}:service`]: 'DELIVERY' });
    await page.goto(brandUrl('tezkor', '/checkout'));
    await expect(page.getByTestId('checkout-totals')).toHaveAttribute('data-state', 'quoted');
    await expect(page.getByTestId('checkout-total-delivery')).toContainText('Зависит от адреса');
    await expect(page.getByTestId('checkout-total-delivery')).not.toContainText('Бесплатно');
    await page.getByTestId('checkout-totals').scrollIntoViewIfNeeded();
    await keepSettledScreenshot(page, testInfo, 'c29-checkout-no-address-ru');

    const home = {
      id: 'local-c29',
      name: 'Дом',
      type: 'HOUSE',
      streetName: "Amir Temur shoh ko'chasi",
      houseNumber: '12',
      description: 'Ташкент, Юнусабад',
      details: { office: '45', entrance: '3', floor: '7', domophone: '45K' },
      cityId: null,
      comment: '',
      latitude: 41.35,
      longitude: 69.2865,
    };
    const serving = (await (
      await request.get(
        `${API}/users/v1/branches/merchant/${merchantId}/closest?lat=${home.latitude}&lon=${home.longitude}&type=DELIVERY`,
        {
          headers: { 'X-Merchant-Id': merchantId },
        },
      )
    ).json()) as { id: string };
    await put(page, { [`dx:${merchantId}:address`]: JSON.stringify(home), [`dx:${merchantId}:branch`]: serving.id });
    await page.goto(brandUrl('tezkor', '/checkout'));
    await expect(page.getByTestId('checkout-destination-value')).toHaveText('Дом');
    await expect(page.getByTestId('checkout-totals')).toHaveAttribute('data-state', 'quoted');
    await expect(page.getByTestId('checkout-total-delivery-unknown')).toHaveCount(0);
    await page.getByTestId('checkout-continue').click();
    await expect(page).toHaveURL(brandUrl('tezkor', '/checkout/confirm'));
    // Modifiers in the brand's order (size, then sauces), and the whole address, not only its name.
    await expect(page.getByTestId('checkout-line-modifiers')).toHaveText(['Большой, Сырный']);
    const address = page.getByTestId('checkout-confirm-address');
    await expect(address).toContainText("Amir Temur shoh ko'chasi 12");
    await expect(address).toContainText('Ташкент, Юнусабад');
    await expect(address).toContainText('Подъезд: 3');
    await expect(address).toContainText('Этаж: 7');
    await expect(address).toContainText('Домофон: 45K');
    await keepSettledScreenshot(page, testInfo, 'c29-confirm-ru');
    await speak(page, 'ar');
    await page.reload();
    await expect(page.getByTestId('checkout-confirm-address')).toContainText('3');
    await keepSettledScreenshot(page, testInfo, 'c29-confirm-ar');
  });
});
