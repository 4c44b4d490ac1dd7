import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { merchantSettings } from '@dasturxon/db';
import { DEMO } from '@dasturxon/db/seed';
import { AdminCategory, AdminProduct, QuoteResponse } from '@dasturxon/domain/contracts';
import { formatNumber } from '@dasturxon/domain';
import { pageDist, signInStaff, staffCaller, twoInstances, type TestApp } from './harness.ts';

/*
 * Issue 28: a change made in the back office on one instance reaches what every other instance serves within seconds:
 * the menu (a category's rename too, which no version covers), the quote and the brand's settings. Instance A writes,
 * instance B — which has read and kept all of it before — serves it, within 5 s and without any clock moving.
 */

const T = DEMO.tezkor;
const FRIES = T.products.withoutModifiers;
const HEADERS = { 'x-merchant-id': T.id };

/** Runs `check` until it passes, for at most 5 s. */
async function within5s(check: () => Promise<void>): Promise<number> {
  const started = Date.now();
  for (;;) {
    try {
      await check();
      return Date.now() - started;
    } catch (error) {
      if (Date.now() - started > 5_000) throw error;
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('a back-office change on a second instance (PostgreSQL)', () => {
  const pair = twoInstances('dx-fresh-', () => pageDist('dx-fresh-pages-'));

  const menuOf = async (t: TestApp) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/products/v1/overalls', headers: HEADERS });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  const friesPrice = async (t: TestApp) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/v1/orders/quote',
      headers: HEADERS,
      payload: { serviceType: 'PICK_UP', branchId: T.branches.chilonzor, cartItems: [{ productId: FRIES, count: 1, modifications: [] }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    return QuoteResponse.parse(res.json()).totalPrice;
  };
  /**
   * The product's page as the server renders it for a guest. Its page cache keeps a page PAGE_FRESH_MS by the app's
   * clock, which tests hold still: each read moves it on a second, as the real one would between two visitors.
   */
  const productPage = async (t: TestApp) => {
    t.clock.set(new Date(t.clock.now().getTime() + 1_000));
    const res = await t.app.inject({ method: 'GET', url: `/product/${FRIES}`, headers: { host: `${T.sub}.localhost:3000` } });
    expect(res.statusCode).toBe(200);
    return res.body.replace(/\u00a0|&nbsp;|\u202f/g, ' ');
  };
  const colourOf = async (t: TestApp) =>
    (
      (await t.app.inject({ method: 'GET', url: '/api/support/v1/merchant/settings/web', headers: HEADERS })).json() as {
        mainColor: string;
      }
    ).mainColor;

  it('a price reaches the quote, the menu and the product’s page, a category’s new name the menu, a colour the settings', async () => {
    const { a, b } = pair;
    // B reads and keeps everything first.
    const before = await menuOf(b);
    expect(before).not.toContain('Картошка от шефа');
    const priceBefore = await friesPrice(b);
    await colourOf(b);
    const pageBefore = await productPage(b);

    const owner = staffCaller(a, await signInStaff(a, T.staffPhones.owner, T.id, T.staffPassword), T.id);
    const product = AdminProduct.parse((await owner('GET', `/admin/v1/products/${FRIES}`)).json());
    const changed = await owner('PATCH', `/admin/v1/products/${FRIES}`, { version: product.version, price: product.price + 3_000 });
    expect(changed.statusCode, changed.body).toBe(200);
    const category = AdminCategory.parse(
      ((await owner('GET', '/admin/v1/categories')).json() as { content: unknown[] }).content.find(
        (c) => (c as { id: string }).id === T.categories.sides,
      ),
    );
    const renamed = await owner('PUT', `/admin/v1/categories/${category.id}`, {
      ...category,
      name: { ...category.name, ru: 'Картошка от шефа' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await a.database.db
      .update(merchantSettings)
      .set({ mainColor: '#0A7A55' })
      .where(and(eq(merchantSettings.merchantId, T.id), eq(merchantSettings.channel, 'WEB')));

    await within5s(async () => expect(await friesPrice(b)).toBe(priceBefore + 3_000));
    await within5s(async () => {
      const menu = await menuOf(b);
      expect(menu).toContain('Картошка от шефа');
      expect(menu).toContain(`"price":${product.price + 3_000}`);
    });
    await within5s(async () => expect(await colourOf(b)).toBe('#0A7A55'));
    // The storefront's page of the product, drawn and kept by B before: drawn again with the new price.
    const shown = (price: number) => formatNumber(price).replace(/\u00a0|\u202f/g, ' ');
    expect(pageBefore).toContain(shown(product.price));
    await within5s(async () => expect(await productPage(b)).toContain(shown(product.price + 3_000)));
  });
});
