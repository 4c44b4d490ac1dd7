import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, productBranches, products } from '@dasturxon/db';
import { DEMO } from '@dasturxon/db/seed';
import { AdminCategory, AdminGroup, AdminProduct, BulkPriceAnswer, QuoteResponse } from '@dasturxon/domain/contracts';
import { BACKENDS, createTestApp, heard, signInStaff, staffCaller, type TestApp } from './harness.ts';

const T = DEMO.tezkor;
const N = DEMO.navbahor;
const FOREIGN_PRODUCT = Object.values(N.products)[0]!;

describe.each(BACKENDS)('the back office menu on %s', (backend) => {
  let t: TestApp;
  let owner: ReturnType<typeof staffCaller>;
  let manager: ReturnType<typeof staffCaller>;
  const others: Record<string, ReturnType<typeof staffCaller>> = {};
  beforeAll(async () => {
    t = await createTestApp(backend);
    owner = staffCaller(t, await signInStaff(t, T.staffPhones.owner, T.id, T.staffPassword), T.id);
    manager = staffCaller(t, await signInStaff(t, T.staffPhones.manager, T.id, T.staffPassword), T.id);
    for (const role of ['operator', 'kitchen', 'courier'] as const) {
      others[role] = staffCaller(t, await signInStaff(t, T.staffPhones[role], T.id, T.staffPassword), T.id);
    }
  });
  afterAll(async () => t?.close());

  /** The storefront's product, read again once the menu's short freshness window has passed. */
  const storefrontProduct = async (id: string) => {
    t.clock.set(new Date(t.clock.now().getTime() + 60_000));
    const res = await t.app.inject({ method: 'GET', url: `/api/products/v1/${id}`, headers: { 'x-merchant-id': T.id } });
    return { status: res.statusCode, body: res.json() as { name: Record<string, string>; price: number } };
  };

  it('builds a group, a category and a product; the storefront shows the product; changes are versioned and audited', async () => {
    const group = AdminGroup.parse((await owner('POST', '/admin/v1/groups', { name: { ru: 'Новое', eng: 'New' } })).json());
    const created = await owner('POST', '/admin/v1/categories', { groupId: group.id, name: { ru: 'Супы', uz: "Sho'rvalar" } });
    expect(created.statusCode, created.body).toBe(201);
    const category = AdminCategory.parse(created.json());
    const made = await manager('POST', '/admin/v1/products', {
      categoryId: category.id,
      name: { ru: 'Борщ', uz: 'Borsh', eng: 'Borscht' },
      price: 28_000,
      oldPrice: 32_000,
      mxicCode: '10199001001000000',
      measure: 350,
      unit: 'GRAMM',
    });
    expect(made.statusCode, made.body).toBe(201);
    const product = AdminProduct.parse(made.json());
    expect(product).toMatchObject({ version: 1, price: 28_000, oldPrice: 32_000, systems: ['WEB', 'TELEGRAM', 'QR', 'APP'] });
    expect((await storefrontProduct(product.id)).body).toMatchObject({ name: { ru: 'Борщ' }, price: 28_000 });

    const changed = await owner('PATCH', `/admin/v1/products/${product.id}`, {
      version: 1,
      price: 29_500,
      name: { ru: 'Борщ украинский' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ version: 2, price: 29_500 });
    const stale = await manager('PATCH', `/admin/v1/products/${product.id}`, { version: 1, price: 1_000 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT', details: { current: 2 } });
    const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ costPrice: 29_500, version: 2 });
    expect((await storefrontProduct(product.id)).body).toMatchObject({ name: { ru: 'Борщ украинский' }, price: 29_500 });

    const archived = await owner('DELETE', `/admin/v1/products/${product.id}?version=2`);
    expect(archived.json()).toMatchObject({ active: false, version: 3 });
    expect((await storefrontProduct(product.id)).status).toBe(404);

    const trail = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.merchantId, T.id), eq(auditLog.objectId, product.id)));
    expect(trail.map((e) => [e.action, e.actorRole]).sort()).toEqual([
      ['archive', 'owner'],
      ['create', 'manager'],
      ['update', 'owner'],
    ]);
    const update = trail.find((e) => e.action === 'update')!;
    expect([update.before?.price, update.after?.price]).toEqual([28_000, 29_500]);
  });

  it('shows a product’s old price but never charges it: the quote of 28 000 (was 32 000) charges 28 000', async () => {
    const category = AdminCategory.parse((await owner('POST', '/admin/v1/categories', { name: { ru: 'Акции' } })).json());
    const made = await owner('POST', '/admin/v1/products', {
      categoryId: category.id,
      name: { ru: 'Лагман' },
      price: 28_000,
      oldPrice: 32_000,
    });
    expect(made.statusCode, made.body).toBe(201);
    const product = AdminProduct.parse(made.json());
    const read = AdminProduct.parse((await owner('GET', `/admin/v1/products/${product.id}`)).json());
    expect([read.price, read.oldPrice]).toEqual([28_000, 32_000]);
    expect((await storefrontProduct(product.id)).body).toMatchObject({ price: 28_000, oldPrice: 32_000 });
    await heard(backend, async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/orders/v1/orders/quote',
        headers: { 'x-merchant-id': T.id },
        payload: {
          serviceType: 'PICK_UP',
          branchId: T.branches.chilonzor,
          cartItems: [{ productId: product.id, count: 2, modifications: [] }],
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const q = QuoteResponse.parse(res.json());
      expect(q.lines).toEqual([{ productId: product.id, count: 2, modifications: [], gross: 56_000, discount: 0, net: 56_000 }]);
      expect([q.productPrice, q.productDiscount]).toEqual([56_000, 0]);
    });
  });

  it('refuses bad input with the field named, another brand’s ids as not found, and the roles without the menu', async () => {
    const bad = await owner('POST', '/admin/v1/products', {
      categoryId: Object.values(T.categories ?? {})[0] ?? crypto.randomUUID(),
      name: {},
      price: -5,
    });
    expect(bad.statusCode).toBe(400);
    const fields = (bad.json() as { details: { fields: { field: string }[] } }).details.fields.map((f) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['body.name', 'body.price']));
    const oldBelow = await owner('POST', '/admin/v1/products', {
      categoryId: crypto.randomUUID(),
      name: { ru: 'x' },
      price: 100,
      oldPrice: 50,
    });
    expect(oldBelow.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { fields: [{ field: 'body.oldPrice' }] } });
    const noCategory = await owner('POST', '/admin/v1/products', { categoryId: crypto.randomUUID(), name: { ru: 'x' }, price: 100 });
    expect(noCategory.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { fields: [{ field: 'body.categoryId' }] } });

    const foreign = await owner('PATCH', `/admin/v1/products/${FOREIGN_PRODUCT}`, { version: 1, price: 1 });
    expect(foreign.statusCode).toBe(404);
    expect((await owner('GET', `/admin/v1/products/${FOREIGN_PRODUCT}`)).statusCode).toBe(404);
    const [theirs] = await t.database.db.select().from(products).where(eq(products.id, FOREIGN_PRODUCT));
    expect(theirs!.costPrice).not.toBe(1);

    for (const role of ['operator', 'kitchen', 'courier']) {
      const res = await others[role]!('GET', '/admin/v1/products');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
    expect((await staffCaller(t, null, T.id)('GET', '/admin/v1/groups')).statusCode).toBe(401);
  });

  it('changes a category’s prices by a percent (a dry run first), reorders, and keeps a manager to their branches', async () => {
    const category = AdminCategory.parse((await owner('POST', '/admin/v1/categories', { name: { ru: 'Напитки' } })).json());
    const made = [];
    for (const [name, price] of [
      ['Чай', 9_000],
      ['Кофе', 18_400],
    ] as const) {
      made.push(
        AdminProduct.parse((await owner('POST', '/admin/v1/products', { categoryId: category.id, name: { ru: name }, price })).json()),
      );
    }
    const dry = BulkPriceAnswer.parse(
      (await owner('POST', `/admin/v1/categories/${category.id}/prices`, { percent: 10, roundTo: 500, dryRun: true })).json(),
    );
    expect(dry).toMatchObject({
      applied: false,
      changes: [
        { before: 9_000, after: 10_000 },
        { before: 18_400, after: 20_000 },
      ],
    });
    const unchanged = await t.database.db.select().from(products).where(eq(products.categoryId, category.id));
    expect(unchanged.map((p) => p.costPrice).sort()).toEqual([18_400, 9_000].sort());
    const applied = BulkPriceAnswer.parse(
      (await manager('POST', `/admin/v1/categories/${category.id}/prices`, { percent: 10, roundTo: 500 })).json(),
    );
    expect(applied.applied).toBe(true);
    const after = await t.database.db.select().from(products).where(eq(products.categoryId, category.id));
    expect(after.map((p) => [p.costPrice, p.version]).sort()).toEqual([
      [10_000, 2],
      [20_000, 2],
    ]);

    const reordered = await owner('PUT', '/admin/v1/products/order', { ids: [made[1]!.id, made[0]!.id] });
    expect(reordered.statusCode, reordered.body).toBe(204);
    const listed = (await owner('GET', `/admin/v1/products?categoryId=${category.id}`)).json() as { content: { id: string }[] };
    expect(listed.content.map((p) => p.id)).toEqual([made[1]!.id, made[0]!.id]);

    const tea = made[0]!.id;
    const off = await manager('PUT', `/admin/v1/products/${tea}/availability`, {
      branches: [{ branchId: T.branches.chilonzor, available: false }],
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ branches: expect.arrayContaining([{ branchId: T.branches.chilonzor, available: false }]) });
    const elsewhere = await manager('PUT', `/admin/v1/products/${tea}/availability`, {
      branches: [{ branchId: T.branches.yunusobod, available: false }],
    });
    expect(elsewhere.statusCode).toBe(403);
    const rows = await t.database.db.select().from(productBranches).where(eq(productBranches.productId, tea));
    expect(rows.map((r) => [r.branchId, r.isActive])).toEqual([[T.branches.chilonzor, false]]);
  });
});
