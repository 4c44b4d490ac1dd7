import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, grades, productBranches, products, users } from '@dasturxon/db';
import { DEMO } from '@dasturxon/db/seed';
import { type Overalls as OverallsBody } from '@dasturxon/domain';
import { Overalls, Product } from '@dasturxon/domain/contracts';
import { MENU_FRESH_MS, MENU_MAX_AGE_MS } from '../src/features/catalogue/catalogue.service.ts';
import { BACKENDS, createTestApp, heard, type TestApp } from './harness.ts';

const TZ = DEMO.tezkor;
const NB = DEMO.navbahor;
const OVERALLS = '/api/products/v1/overalls';

describe.each(BACKENDS)('catalogue calls on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, merchantId: string = TZ.id, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { 'x-merchant-id': merchantId, ...headers } });
  const menu = async (query = '', merchantId: string = TZ.id): Promise<OverallsBody> => {
    const res = await get(`${OVERALLS}${query}`, merchantId);
    expect(res.statusCode).toBe(200);
    return Overalls.parse(res.json());
  };
  /** Moves the app's clock, which is also what ages the cached menus. */
  const advance = (ms: number) => t.clock.set(new Date(t.clock.now().getTime() + ms));
  const past = (ms = MENU_MAX_AGE_MS + 1000) => advance(ms);
  const isSorted = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1]! <= x);

  describe('GET /products/v1/overalls', () => {
    it('answers the whole WEB menu as one document, valid by its contract, ordered by priority', async () => {
      const res = await get(OVERALLS);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/json');
      const doc = Overalls.parse(res.json());
      expect(doc.type).toBe('WEB');
      expect(doc.branchId).toBeNull();
      expect(doc.groups.length).toBe(4);
      expect(doc.categories.length).toBe(11);
      expect(doc.products.length).toBeGreaterThan(40);
      expect(isSorted(doc.groups.map((g) => g.priority))).toBe(true);
      expect(isSorted(doc.categories.map((c) => c.priority))).toBe(true);
      const categoryIds = doc.categories.map((c) => c.id);
      // Products follow their categories' order and, within one, their priority (all orderable here first).
      const places = doc.products.map((p) => categoryIds.indexOf(p.categoryId));
      expect(places.every((p) => p >= 0)).toBe(true);
      expect(isSorted(places)).toBe(true);
      const groupIds = new Set(doc.groups.map((g) => g.id));
      expect(doc.categories.every((c) => c.groupId !== null && groupIds.has(c.groupId))).toBe(true);
      for (const p of doc.products) {
        expect(Number.isInteger(p.costPrice) && Number.isInteger(p.price)).toBe(true);
        expect(p.name.ru && p.name.uz && p.name.eng).toBeTruthy();
        expect(p.groupId).toBe(doc.categories.find((c) => c.id === p.categoryId)!.groupId);
      }
      // Back-office fields never reach a customer.
      for (const word of ['merchantId', 'barcode', 'mxicCode', 'updatedAt', '"active"']) expect(res.body).not.toContain(word);
    });

    it('includes stock, discounts and choices', async () => {
      const doc = await menu();
      const byId = new Map(doc.products.map((p) => [p.id, p]));
      expect(byId.get(TZ.products.outOfStock)).toMatchObject({ count: 0, inStock: false, isOrderable: false, isAvailableAtBranch: true });
      expect(byId.get(TZ.products.lowStock)).toMatchObject({ count: 5, inStock: true, isOrderable: true });
      expect(byId.get(TZ.products.hamburger)).toMatchObject({ count: null, inStock: true });
      expect(byId.get(TZ.products.discounted)).toMatchObject({ costPrice: 42000, discount: 15, price: 35700 });
      expect(byId.get(TZ.products.discounted25)).toMatchObject({ costPrice: 34000, discount: 25, price: 25500 });

      const burger = byId.get(TZ.products.withRequiredModifier)!;
      const [size, sauces] = burger.modificationGroups;
      expect(size).toMatchObject({ id: TZ.modifiers.cheeseburger.size.group, min: 1, max: 1 });
      expect(size!.modifications.map((m) => m.id)).toEqual([
        TZ.modifiers.cheeseburger.size.standard,
        TZ.modifiers.cheeseburger.size.large,
        TZ.modifiers.cheeseburger.size.xl,
      ]);
      expect(sauces).toMatchObject({ id: TZ.modifiers.cheeseburger.sauces.group, min: 0, max: 3 });
      expect(sauces!.modifications.every((m) => Number.isInteger(m.price) && m.groupId === sauces!.id)).toBe(true);
      expect(byId.get(TZ.products.withoutModifiers)!.modificationGroups).toEqual([]);
    });

    it('puts a sold-out product after the orderable ones of its category', async () => {
      const doc = await menu();
      const soldOut = doc.products.find((p) => p.id === TZ.products.outOfStock)!;
      const sameCategory = doc.products.filter((p) => p.categoryId === soldOut.categoryId);
      const firstOff = sameCategory.findIndex((p) => !p.isOrderable);
      expect(firstOff).toBeGreaterThan(0);
      expect(sameCategory.slice(firstOff).every((p) => !p.isOrderable)).toBe(true);
    });

    it('never shows an inactive product', async () => {
      const res = await get(OVERALLS);
      expect(res.body).not.toContain(TZ.products.inactive);
    });

    it('marks products a branch does not sell and sorts them after the rest of their category', async () => {
      const atYunusobod = await menu(`?branchId=${TZ.branches.yunusobod}`);
      expect(atYunusobod.branchId).toBe(TZ.branches.yunusobod);
      const wrap = atYunusobod.products.find((p) => p.id === TZ.products.onlySomeBranches)!;
      expect(wrap).toMatchObject({ isAvailableAtBranch: false, isOrderable: false });
      const category = atYunusobod.products.filter((p) => p.categoryId === wrap.categoryId);
      expect(category.at(-1)!.id).toBe(wrap.id);
      expect(category.length).toBeGreaterThan(1);

      const atChilonzor = await menu(`?branchId=${TZ.branches.chilonzor}`);
      expect(atChilonzor.products.find((p) => p.id === TZ.products.onlySomeBranches)).toMatchObject({
        isAvailableAtBranch: true,
        isOrderable: true,
      });
      expect(atChilonzor.products.every((p) => p.isAvailableAtBranch)).toBe(true);

      const atSamarkand = await menu(`?branchId=${TZ.branches.samarkand}`);
      const notHere = atSamarkand.products
        .filter((p) => !p.isAvailableAtBranch)
        .map((p) => p.id)
        .sort();
      expect(notHere).toEqual([TZ.products.onlySomeBranches, TZ.products.notInSamarkand].sort());

      // Without a branch every product is sold, and the exceptions travel along so the storefront can re-sort itself.
      const anywhere = await menu();
      expect(anywhere.products.every((p) => p.isAvailableAtBranch)).toBe(true);
      const rows = anywhere.products.find((p) => p.id === TZ.products.onlySomeBranches)!.productBranch;
      expect(
        rows
          .filter((r) => r.isActive)
          .map((r) => r.branchId)
          .sort(),
      ).toEqual([...DEMO.tezkor.productBranches.onlySomeBranches.soldAt].sort());
    });

    it("answers 404 BRANCH_NOT_FOUND for another merchant's or an unknown branch, 400 for a malformed one", async () => {
      for (const id of [NB.branches.mirobod, '00000000-0000-4000-8000-000000000000']) {
        const res = await get(`${OVERALLS}?branchId=${id}`);
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('BRANCH_NOT_FOUND');
      }
      const bad = await get(`${OVERALLS}?branchId=chilonzor`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details.fields[0].field).toBe('querystring.branchId');
    });

    it('answers 400 VALIDATION_FAILED for an unknown channel', async () => {
      const res = await get(`${OVERALLS}?type=FAX`);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    });

    it('shows a product only in the channels it lists', async () => {
      await t.database.db
        .update(products)
        .set({ systems: ['TELEGRAM'], updatedAt: t.clock.now() })
        .where(eq(products.id, TZ.products.cola));
      past();
      expect((await menu('?type=TELEGRAM')).products.some((p) => p.id === TZ.products.cola)).toBe(true);
      expect((await menu('?type=QR')).products.some((p) => p.id === TZ.products.cola)).toBe(false);
      expect((await menu()).products.some((p) => p.id === TZ.products.cola)).toBe(false);
      await t.database.db
        .update(products)
        .set({ systems: ['WEB', 'TELEGRAM', 'QR', 'APP'], updatedAt: t.clock.now() })
        .where(eq(products.id, TZ.products.cola));
      past();
      expect((await menu()).products.some((p) => p.id === TZ.products.cola)).toBe(true);
    });

    it('hides a switched-off category with its products, and a category left empty', async () => {
      const [off] = await t.database.db
        .insert(categories)
        .values({ merchantId: TZ.id, groupId: TZ.groups.chicken, name: { ru: 'Скрыто', uz: 'Yashirin', eng: 'Hidden' }, active: false })
        .returning();
      const [empty] = await t.database.db
        .insert(categories)
        .values({ merchantId: TZ.id, groupId: TZ.groups.chicken, name: { ru: 'Пусто', uz: "Bo'sh", eng: 'Empty' } })
        .returning();
      const [hidden] = await t.database.db
        .insert(products)
        .values({ merchantId: TZ.id, categoryId: off!.id, name: { ru: 'Тайный', uz: 'Sirli', eng: 'Secret' }, costPrice: 1000 })
        .returning();
      past();
      const res = await get(OVERALLS);
      for (const id of [off!.id, empty!.id, hidden!.id]) expect(res.body).not.toContain(id);
      const one = await get(`/api/products/v1/${hidden!.id}`);
      expect(one.statusCode).toBe(404);
      expect(one.json().code).toBe('PRODUCT_NOT_FOUND');
    });

    it('keeps tenants apart: no product, category or group of one brand in the menu of another', async () => {
      const tezkor = await get(OVERALLS);
      const navbahor = await get(OVERALLS, NB.id);
      expect(navbahor.statusCode).toBe(200);
      const nb = Overalls.parse(navbahor.json());
      expect(nb.products.map((p) => p.id)).toContain(NB.products.plov);
      for (const id of [...Object.values(TZ.products), ...Object.values(TZ.categories), ...Object.values(TZ.groups)])
        expect(navbahor.body).not.toContain(id);
      for (const id of [...Object.values(NB.products), ...Object.values(NB.categories)]) expect(tezkor.body).not.toContain(id);
    });

    it('answers 403 MERCHANT_BLOCKED for an inactive merchant', async () => {
      const res = await get(OVERALLS, DEMO.yopiq.id);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('MERCHANT_BLOCKED');
    });

    it('answers 400 MERCHANT_REQUIRED without a merchant', async () => {
      const res = await t.app.inject({ method: 'GET', url: OVERALLS, headers: { host: 'dasturxon.uz' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('MERCHANT_REQUIRED');
    });
  });

  describe('ETag, 304 and the menu cache', () => {
    it('sends a strong ETag and answers 304 with no body while the menu is unchanged', async () => {
      past();
      const first = await get(OVERALLS);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expect(first.headers['cache-control']).toBe('private, no-cache');
      expect(first.headers.vary).toContain('Accept-Encoding');

      const again = await get(OVERALLS, TZ.id, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect((await get(OVERALLS, TZ.id, { 'if-none-match': `"other", ${etag}` })).statusCode).toBe(304);
      expect((await get(OVERALLS, TZ.id, { 'if-none-match': `W/${etag}` })).statusCode).toBe(304);
      expect((await get(OVERALLS, TZ.id, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);

      // Rebuilt from the database (the cache aged out), the same content gives the same tag.
      past();
      const rebuilt = await get(OVERALLS, TZ.id, { 'if-none-match': etag });
      expect(rebuilt.statusCode).toBe(304);
    });

    it('gives each menu its own tag: another channel, branch or merchant', async () => {
      const tags = await Promise.all(
        [get(OVERALLS), get(`${OVERALLS}?branchId=${TZ.branches.yunusobod}`), get(`${OVERALLS}?type=TELEGRAM`), get(OVERALLS, NB.id)].map(
          async (r) => (await r).headers.etag,
        ),
      );
      expect(new Set(tags).size).toBe(4);
    });

    it('gives a new ETag once a product changes, and the old one no longer answers 304', async () => {
      past();
      const before = await get(OVERALLS);
      const etag = before.headers.etag as string;
      // Later than every product's time, whatever the seed wrote (rows it stamped with the real clock can be ahead of the
      // test's clock when seeding is slow): a change the menu's version sees.
      const [newest] = await t.database.db
        .select({ latest: sql<string>`(extract(epoch from max(${products.updatedAt})) * 1000)::bigint::text` })
        .from(products);
      await t.database.db
        .update(products)
        .set({
          name: { ru: 'Гамбургер XL', uz: 'Gamburger XL', eng: 'Hamburger XL' },
          updatedAt: new Date(Math.max(t.clock.now().getTime(), Number(newest!.latest)) + 1000),
        })
        .where(eq(products.id, TZ.products.hamburger));

      // The change is heard (LISTEN dx_catalogue, decision 017; at once on PGlite, a moment after the commit on
      // PostgreSQL): the kept document is built again inside its fresh window, where before only its end showed it.
      let after = await get(OVERALLS, TZ.id, { 'if-none-match': etag });
      await heard(backend, async () => {
        after = await get(OVERALLS, TZ.id, { 'if-none-match': etag });
        expect(after.statusCode).toBe(200);
      });
      expect(after.headers.etag).not.toBe(etag);
      expect(after.body).toContain('Hamburger XL');
      expect((await get(OVERALLS, TZ.id, { 'if-none-match': after.headers.etag as string })).statusCode).toBe(304);
    });

    it('notices stock and branch changes made without touching updated_at', async () => {
      past();
      const etag = (await get(OVERALLS)).headers.etag as string;
      await t.database.db.update(products).set({ count: 3 }).where(eq(products.id, TZ.products.outOfStock));
      advance(MENU_FRESH_MS + 1);
      const afterStock = await get(OVERALLS, TZ.id, { 'if-none-match': etag });
      expect(afterStock.statusCode).toBe(200);
      expect(Overalls.parse(afterStock.json()).products.find((p) => p.id === TZ.products.outOfStock)).toMatchObject({
        count: 3,
        inStock: true,
      });

      const branchEtag = (await get(`${OVERALLS}?branchId=${TZ.branches.chilonzor}`)).headers.etag as string;
      await t.database.db
        .insert(productBranches)
        .values({ merchantId: TZ.id, productId: TZ.products.cola, branchId: TZ.branches.chilonzor, isActive: false });
      advance(MENU_FRESH_MS + 1);
      const afterBranch = await get(`${OVERALLS}?branchId=${TZ.branches.chilonzor}`, TZ.id, { 'if-none-match': branchEtag });
      expect(afterBranch.statusCode).toBe(200);
      expect(Overalls.parse(afterBranch.json()).products.find((p) => p.id === TZ.products.cola)!.isAvailableAtBranch).toBe(false);
      await t.database.db.delete(productBranches).where(eq(productBranches.productId, TZ.products.cola));
      await t.database.db.update(products).set({ count: 0 }).where(eq(products.id, TZ.products.outOfStock));
    });

    it('shows an edit the version does not cover (a category renamed) once the cached menu ages out', async () => {
      past();
      await t.database.db
        .update(categories)
        .set({ name: { ru: 'Бургеры!', uz: 'Burgerlar!', eng: 'Burgers!' } })
        .where(eq(categories.id, TZ.categories.burgers));
      past();
      expect((await get(OVERALLS)).body).toContain('Burgers!');
    });

    it('sends brotli or gzip bytes of the same document, each coding with its own tag', async () => {
      past();
      const plain = await get(OVERALLS);
      const br = await get(OVERALLS, TZ.id, { 'accept-encoding': 'gzip, deflate, br' });
      const gz = await get(OVERALLS, TZ.id, { 'accept-encoding': 'gzip' });
      const none = await get(OVERALLS, TZ.id, { 'accept-encoding': 'br;q=0, gzip;q=0' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(none.headers['content-encoding']).toBeUndefined();
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
      expect(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(3);
      // A tag of any coding validates the document.
      const revalidated = await get(OVERALLS, TZ.id, { 'accept-encoding': 'gzip', 'if-none-match': br.headers.etag as string });
      expect(revalidated.statusCode).toBe(304);
    });
  });

  describe('GET /products/v1/{id}', () => {
    it('answers one product with its choices, as the menu shows it', async () => {
      past();
      const res = await get(`/api/products/v1/${TZ.products.withRequiredModifier}`);
      expect(res.statusCode).toBe(200);
      const product = Product.parse(res.json());
      const inMenu = (await menu()).products.find((p) => p.id === product.id);
      expect(product).toEqual(inMenu);
      expect(product.modificationGroups.map((g) => g.id)).toEqual([
        TZ.modifiers.cheeseburger.size.group,
        TZ.modifiers.cheeseburger.sauces.group,
      ]);
    });

    it('marks availability at a branch when asked', async () => {
      const at = await get(`/api/products/v1/${TZ.products.onlySomeBranches}?branchId=${TZ.branches.sergeli}`);
      expect(at.json()).toMatchObject({ isAvailableAtBranch: false, isOrderable: false });
      const sold = await get(`/api/products/v1/${TZ.products.onlySomeBranches}?branchId=${TZ.branches.mirzoUlugbek}`);
      expect(sold.json()).toMatchObject({ isAvailableAtBranch: true, isOrderable: true });
      const foreign = await get(`/api/products/v1/${TZ.products.onlySomeBranches}?branchId=${NB.branches.mirobod}`);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().code).toBe('BRANCH_NOT_FOUND');
    });

    it("answers 404 PRODUCT_NOT_FOUND for another merchant's, an inactive or an unknown product", async () => {
      const cases: [string, string][] = [
        [TZ.products.cheeseburger, NB.id],
        [NB.products.plov, TZ.id],
        [TZ.products.inactive, TZ.id],
        ['00000000-0000-4000-8000-000000000000', TZ.id],
      ];
      for (const [id, merchant] of cases) {
        const res = await get(`/api/products/v1/${id}`, merchant);
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('PRODUCT_NOT_FOUND');
        expect(res.body).not.toContain('costPrice');
      }
    });

    it('answers 400 VALIDATION_FAILED for a malformed id', async () => {
      const res = await get('/api/products/v1/not-a-uuid');
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.json().details.fields[0].field).toBe('params.id');
    });

    it('answers 403 for an inactive merchant, even for its own product', async () => {
      const res = await get(`/api/products/v1/${DEMO.yopiq.products.shashlik}`, DEMO.yopiq.id);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('MERCHANT_BLOCKED');
    });
  });

  describe('GET /products/v1/grade', () => {
    beforeAll(async () => {
      const db = t.database.db;
      const made = await db
        .insert(users)
        .values([0, 1, 2].map((i) => ({ merchantId: TZ.id, phone: `+99890000000${i}`, firstName: `Grader ${i}` })))
        .returning();
      const [nbUser] = await db.insert(users).values({ merchantId: NB.id, phone: '+998900000009' }).returning();
      const [a, b, c] = made;
      await db.insert(grades).values([
        { merchantId: TZ.id, productId: TZ.products.cheeseburger, userId: a!.id, grade: 5 },
        { merchantId: TZ.id, productId: TZ.products.cheeseburger, userId: b!.id, grade: 4 },
        { merchantId: TZ.id, productId: TZ.products.cheeseburger, userId: c!.id, grade: 4 },
        { merchantId: TZ.id, productId: TZ.products.fries, userId: a!.id, grade: 3 },
        { merchantId: TZ.id, productId: TZ.products.inactive, userId: a!.id, grade: 1 },
        { merchantId: NB.id, productId: NB.products.plov, userId: nbUser!.id, grade: 5 },
      ]);
    });

    it('averages grades per product to one decimal', async () => {
      const res = await get('/api/products/v1/grade');
      expect(res.statusCode).toBe(200);
      const rows = res.json() as { productId: string; grade: number; count: number }[];
      const byId = new Map(rows.map((r) => [r.productId, r]));
      expect(byId.get(TZ.products.cheeseburger)).toEqual({ productId: TZ.products.cheeseburger, grade: 4.3, count: 3 });
      expect(byId.get(TZ.products.fries)).toEqual({ productId: TZ.products.fries, grade: 3, count: 1 });
      // An inactive product's grades are not shown; another merchant's never.
      expect(byId.has(TZ.products.inactive)).toBe(false);
      expect(byId.has(NB.products.plov)).toBe(false);
      expect(rows.length).toBe(2);
    });

    it('answers each merchant its own grades', async () => {
      const res = await get('/api/products/v1/grade', NB.id);
      expect(res.json()).toEqual([{ productId: NB.products.plov, grade: 5, count: 1 }]);
    });

    it('answers 403 for an inactive merchant', async () => {
      expect((await get('/api/products/v1/grade', DEMO.yopiq.id)).statusCode).toBe(403);
    });
  });

  it('describes the catalogue calls in the OpenAPI document', async () => {
    const doc = (await get('/api/openapi.json')).json() as {
      paths: Record<string, Record<string, { tags?: string[]; summary?: string; parameters?: { name: string }[] }>>;
    };
    const overalls = doc.paths['/api/products/v1/overalls']!.get!;
    expect(overalls.tags).toEqual(['catalogue']);
    expect(overalls.summary).toBeTruthy();
    expect(overalls.parameters!.map((p) => p.name).sort()).toEqual(['branchId', 'type']);
    expect(doc.paths['/api/products/v1/{id}']).toBeDefined();
    expect(doc.paths['/api/products/v1/grade']).toBeDefined();
  });
});
