import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { favourites, merchantSettings, products } from '@dasturxon/db';
import { DEMO } from '@dasturxon/db/seed';
import { FavouriteState, Product } from '@dasturxon/domain/contracts';
import { BACKENDS, brandCalls, oneInstance, type TestApp } from './harness.ts';

const T = DEMO.tezkor;
const N = DEMO.navbahor;
const NOW = new Date('2030-03-14T06:00:00Z');
const UNKNOWN = '00000000-0000-4000-8000-00000000abcd';

async function favouritesOn(t: TestApp, merchantId: string, on: boolean) {
  await t.database.db
    .update(merchantSettings)
    .set({ favouriteActive: on })
    .where(and(eq(merchantSettings.merchantId, merchantId), eq(merchantSettings.channel, 'WEB')));
}

/** Issue 31: the customer's favourites, the three calls of spec section 7 under /api/products/v1/favourite. */
describe.each(BACKENDS)('favourites on %s', (backend) => {
  const app = oneInstance(backend, 'dx-favourites-', { ready: async (t) => t.clock.set(NOW) });
  const { call, customer } = brandCalls(app, { merchantId: T.id, net: 41 });
  const navbahor = brandCalls(app, { merchantId: N.id, net: 42 });
  const mark = (token: string | null, productId: string, isFavourite = true) =>
    call('POST', '/products/v1/favourite', token, { productId, isFavourite });
  const list = async (token: string, query = '') => {
    const res = await call('GET', `/products/v1/favourite/all${query}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as unknown[]).map((p) => Product.parse(p));
  };
  const later = (ms: number) => app.t.clock.set(new Date(app.t.clock.now().getTime() + ms));

  it('sets, lists (latest first, marked favourite), clears and deletes a favourite', async () => {
    const c = await customer();
    expect(await list(c.token)).toEqual([]);
    const set = await mark(c.token, T.products.fries);
    expect(set.statusCode, set.body).toBe(200);
    expect(FavouriteState.parse(set.json())).toEqual({ productId: T.products.fries, isFavourite: true });
    // Marking again is no error and no second row.
    expect((await mark(c.token, T.products.fries)).statusCode).toBe(200);
    expect((await mark(c.token, T.products.cola)).statusCode).toBe(200);
    const mine = await list(c.token);
    expect(mine.map((p) => p.id)).toEqual([T.products.cola, T.products.fries]);
    expect(mine.every((p) => p.favourite)).toBe(true);
    expect(mine[1]!.price).toBeGreaterThan(0);

    // Cleared with the set call…
    const cleared = await mark(c.token, T.products.fries, false);
    expect(cleared.json()).toEqual({ productId: T.products.fries, isFavourite: false });
    expect((await list(c.token)).map((p) => p.id)).toEqual([T.products.cola]);
    // …or deleted by the product's id, which may be repeated.
    const gone = await call('DELETE', `/products/v1/favourite/${T.products.cola}`, c.token);
    expect(gone.statusCode).toBe(204);
    expect((await call('DELETE', `/products/v1/favourite/${T.products.cola}`, c.token)).statusCode).toBe(204);
    expect(await list(c.token)).toEqual([]);
  });

  it('marks the product answer for its customer only, and never the shared menu', async () => {
    const c = await customer();
    await mark(c.token, T.products.hamburger);
    const own = await call('GET', `/products/v1/${T.products.hamburger}`, c.token);
    expect(own.statusCode).toBe(200);
    expect(own.json().favourite).toBe(true);
    expect(own.headers['cache-control']).toBe('private, no-store');
    const guest = await call('GET', `/products/v1/${T.products.hamburger}`, null);
    expect(guest.json().favourite).toBe(false);
    expect(guest.headers['cache-control']).toBeUndefined();
    const other = await customer();
    expect((await call('GET', `/products/v1/${T.products.hamburger}`, other.token)).json().favourite).toBe(false);
    // The menu document is the same for everyone: nobody's favourites in it, with a token or without.
    const menu = await call('GET', '/products/v1/overalls?type=WEB', c.token);
    const withToken = menu.json() as { products: { id: string; favourite: boolean }[] };
    expect(withToken.products.find((p) => p.id === T.products.hamburger)?.favourite).toBe(false);
    expect(withToken.products.every((p) => p.favourite === false)).toBe(true);
    expect(menu.headers.etag).toBe((await call('GET', '/products/v1/overalls?type=WEB', null)).headers.etag);
  });

  it("keeps customers apart: nobody reads or clears another's favourites", async () => {
    const a = await customer();
    const b = await customer();
    await mark(a.token, T.products.cappuccino);
    expect(await list(b.token)).toEqual([]);
    // userId may only name the caller.
    const foreign = await call('GET', `/products/v1/favourite/all?userId=${a.id}`, b.token);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('FORBIDDEN');
    expect((await list(a.token, `?userId=${a.id}`)).map((p) => p.id)).toEqual([T.products.cappuccino]);
    expect(await list(a.token, `?userId=${a.id}&isFavourite=false`)).toEqual([]);
    // B's delete clears B's mark (none): A's stays.
    expect((await call('DELETE', `/products/v1/favourite/${T.products.cappuccino}`, b.token)).statusCode).toBe(204);
    expect((await list(a.token)).map((p) => p.id)).toEqual([T.products.cappuccino]);
    // A guest has no favourites.
    expect((await call('GET', '/products/v1/favourite/all', null)).statusCode).toBe(401);
    expect((await mark(null, T.products.cola)).statusCode).toBe(401);
    expect((await call('DELETE', `/products/v1/favourite/${T.products.cola}`, null)).statusCode).toBe(401);
  });

  it("keeps brands apart: another brand's product is not found, and a token works only at its brand", async () => {
    const c = await customer();
    for (const res of [
      await mark(c.token, N.products.plov),
      await call('DELETE', `/products/v1/favourite/${N.products.plov}`, c.token),
      await mark(c.token, UNKNOWN),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().code).toBe('PRODUCT_NOT_FOUND');
    }
    const n = await navbahor.customer();
    await favouritesOn(app.t, N.id, true);
    expect(
      (await navbahor.call('POST', '/products/v1/favourite', n.token, { productId: N.products.plov, isFavourite: true })).statusCode,
    ).toBe(200);
    // Tezkor's token at Navbahor is nobody's.
    expect((await navbahor.call('GET', '/products/v1/favourite/all', c.token)).statusCode).toBe(401);
    expect(await list(c.token)).toEqual([]);
    const rows = await app.t.database.db.select().from(favourites).where(eq(favourites.userId, n.id));
    expect(rows.map((r) => [r.merchantId, r.productId])).toEqual([[N.id, N.products.plov]]);
    // The database itself refuses a favourite pointing at another brand's product.
    await expect(
      app.t.database.db.insert(favourites).values({ merchantId: T.id, userId: c.id, productId: N.products.plov }),
    ).rejects.toThrow();
  });

  it('refuses a malformed request with the catalogue of errors', async () => {
    const c = await customer();
    const notUuid = await mark(c.token, 'fries');
    expect(notUuid.statusCode).toBe(400);
    expect(notUuid.json().code).toBe('VALIDATION_FAILED');
    const extra = await call('POST', '/products/v1/favourite', c.token, { productId: T.products.fries, isFavourite: true, note: 'x' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().code).toBe('VALIDATION_FAILED');
    expect((await call('POST', '/products/v1/favourite', c.token, { productId: T.products.fries })).statusCode).toBe(400);
    expect((await call('DELETE', '/products/v1/favourite/fries', c.token)).json().code).toBe('VALIDATION_FAILED');
  });

  it('leaves a product switched off out of the list until it is back; a switched-off one cannot be marked', async () => {
    const c = await customer();
    await mark(c.token, T.products.ketchup);
    const switchOff = (active: boolean) =>
      app.t.database.db
        .update(products)
        .set({ active, updatedAt: new Date() })
        .where(and(eq(products.merchantId, T.id), eq(products.id, T.products.ketchup)));
    await switchOff(false);
    later(60_000);
    expect(await list(c.token)).toEqual([]);
    const res = await mark(c.token, T.products.ketchup);
    expect(res.json().code).toBe('PRODUCT_NOT_FOUND');
    // Clearing it still works.
    expect((await call('DELETE', `/products/v1/favourite/${T.products.ketchup}`, c.token)).statusCode).toBe(204);
    await mark(c.token, T.products.fries);
    await switchOff(true);
    later(60_000);
    expect((await list(c.token)).map((p) => p.id)).toEqual([T.products.fries]);
  });

  it("answers FEATURE_OFF for all three calls while the brand's favouriteActive is off, and works again when on", async () => {
    const c = await customer();
    await mark(c.token, T.products.lavashBeef);
    await favouritesOn(app.t, T.id, false);
    try {
      for (const res of [
        await call('GET', '/products/v1/favourite/all', c.token),
        await mark(c.token, T.products.cola),
        await call('DELETE', `/products/v1/favourite/${T.products.lavashBeef}`, c.token),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('FEATURE_OFF');
      }
      // Nor does the product answer mark what the brand does not show.
      expect((await call('GET', `/products/v1/${T.products.lavashBeef}`, c.token)).json().favourite).toBe(false);
    } finally {
      await favouritesOn(app.t, T.id, true);
    }
    expect((await list(c.token)).map((p) => p.id)).toEqual([T.products.lavashBeef]);
    expect((await call('GET', `/products/v1/${T.products.lavashBeef}`, c.token)).json().favourite).toBe(true);
  });

  it('erases the favourites with the account', async () => {
    const c = await customer();
    await mark(c.token, T.products.cola);
    expect((await call('DELETE', '/users/v1/users', c.token)).statusCode).toBe(204);
    const rows = await app.t.database.db.select().from(favourites).where(eq(favourites.userId, c.id));
    expect(rows).toEqual([]);
  });
});
