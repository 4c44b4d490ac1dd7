import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, categories, modifications, productBranches, products } from '@dasturxon/db';
import { DEMO } from '@dasturxon/db/seed';
import { MenuDocument, MenuImportResult } from '@dasturxon/domain/contracts';
import { platformActor } from '../src/features/admin/index.ts';
import { runImport } from '../src/features/admin/menu-io/menu-io.ts';
import { menuDocumentJsonSchema } from '../src/features/admin/menu-io/menu-io.routes.ts';
import { BACKENDS, createTestApp, signInStaff, staffCaller, type TestApp } from './harness.ts';

const T = DEMO.tezkor;
const N = DEMO.navbahor;
const HAMBURGER = T.products.hamburger;

describe.each(BACKENDS)('menu export and import on %s', (backend) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let owner: ReturnType<typeof staffCaller>;
  beforeAll(async () => {
    t = await createTestApp(backend);
    for (const role of ['owner', 'admin', 'manager', 'operator', 'kitchen', 'courier'] as const) {
      tokens[role] = await signInStaff(t, T.staffPhones[role], T.id, T.staffPassword);
    }
    owner = staffCaller(t, tokens.owner!, T.id);
  });
  afterAll(async () => t?.close());

  /** Every menu table of both brands, as text: equal before and after means nothing was written. */
  const snapshot = async () => {
    const out: unknown[] = [];
    for (const table of ['groups', 'categories', 'products', 'modification_groups', 'modifications', 'product_branches']) {
      const rows = await t.database.db.execute(sql.raw(`select * from ${table} order by 1, 2, 3`));
      out.push((rows as unknown as { rows?: unknown[] }).rows ?? rows);
    }
    return JSON.stringify(out);
  };
  const exported = async () => {
    const res = await owner('GET', '/admin/v1/menu/export');
    expect(res.statusCode, res.body).toBe(200);
    return MenuDocument.parse(res.json());
  };
  const importDoc = async (doc: unknown, query = '') => owner('POST', `/admin/v1/menu/import${query}`, doc);
  const hamburger = async () =>
    (
      await t.database.db
        .select()
        .from(products)
        .where(and(eq(products.merchantId, T.id), eq(products.id, HAMBURGER)))
    )[0]!;
  const importAudits = async () =>
    (
      await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.merchantId, T.id), eq(auditLog.action, 'import')))
    ).length;

  it('exports the whole menu with ids; the same document imported changes nothing (dry run and real, byte-equal database)', async () => {
    const doc = await exported();
    expect(doc.products.length).toBeGreaterThan(5);
    const p = doc.products.find((x) => x.id === HAMBURGER)!;
    expect(p).toMatchObject({
      category: expect.any(String),
      price: expect.any(Number),
      name: expect.objectContaining({ ru: expect.any(String) }),
    });
    expect(doc.products.some((x) => (x.modificationGroups ?? []).some((g) => (g.options ?? []).length > 0))).toBe(true);
    const before = await snapshot();
    const dry = await importDoc(doc, '?dryRun=true');
    expect(dry.statusCode, dry.body).toBe(200);
    expect(MenuImportResult.parse(dry.json())).toMatchObject({ dryRun: true, counts: { create: 0, update: 0, archive: 0 }, changes: [] });
    const real = await importDoc(doc);
    expect(real.statusCode, real.body).toBe(200);
    expect(real.json()).toMatchObject({ dryRun: false, counts: { create: 0, update: 0, archive: 0 } });
    expect(await snapshot()).toBe(before);
  });

  it('a dry run answers exactly the change and writes nothing; the import makes it, bumps the version and audits it', async () => {
    const doc = await exported();
    const p = doc.products.find((x) => x.id === HAMBURGER)!;
    const was = await hamburger();
    p.price = was.costPrice + 1000;
    const before = await snapshot();
    const audits = await importAudits();
    const dry = await importDoc(doc, '?dryRun=true');
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().changes).toEqual([
      expect.objectContaining({
        action: 'update',
        objectType: 'product',
        id: HAMBURGER,
        fields: [{ field: 'price', before: was.costPrice, after: was.costPrice + 1000 }],
      }),
    ]);
    expect(await snapshot()).toBe(before);
    expect(await importAudits()).toBe(audits);
    const real = await importDoc(doc);
    expect(real.statusCode, real.body).toBe(200);
    expect(real.json().counts).toEqual({ create: 0, update: 1, archive: 0 });
    expect(await hamburger()).toMatchObject({ costPrice: was.costPrice + 1000, version: was.version + 1 });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.merchantId, T.id), eq(auditLog.action, 'import'), eq(auditLog.objectId, HAMBURGER)));
    expect(entry).toMatchObject({ objectType: 'product', before: expect.objectContaining({ costPrice: was.costPrice }) });
  });

  it('creates new objects linked by ref, with options and availability; all or nothing: one bad row changes nothing', async () => {
    const newDoc = {
      format: 'dasturxon-menu/1',
      categories: [{ ref: 'soups', name: { ru: 'Супы', uz: "Sho'rvalar", eng: 'Soups' }, group: T.groups.burgersLavash }],
      products: [
        {
          ref: 'lagman',
          category: 'soups',
          name: { ru: 'Лагман', eng: 'Lagman' },
          price: 32_000,
          mxicCode: '10901001001000000',
          modificationGroups: [{ name: { ru: 'Размер' }, min: 1, max: 1, options: [{ name: { ru: 'Большой' }, price: 5000 }] }],
          availability: { [T.branches.chilonzor]: false },
        },
      ],
    };
    const bad = structuredClone(newDoc) as typeof newDoc & { products: Record<string, unknown>[] };
    bad.products.push({ category: 'soups', name: { ru: 'Шурпа' }, price: -5 }, { category: 'nowhere', name: { ru: 'X' }, price: 1 });
    const before = await snapshot();
    const rejected = await importDoc(bad);
    expect(rejected.statusCode).toBe(400);
    expect(rejected.json().code).toBe('VALIDATION_FAILED');
    expect(rejected.json().details.fields.map((f: { field: string }) => f.field)).toContain('products.1.price');
    // Valid to zod but naming a category nowhere: still nothing written, the path named.
    bad.products[1]!.price = 5;
    const rejected2 = await importDoc(bad);
    expect(rejected2.statusCode).toBe(400);
    expect(rejected2.json().details.fields).toEqual([expect.objectContaining({ field: 'products.2.category' })]);
    expect(await snapshot()).toBe(before);

    const res = await importDoc(newDoc);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().counts).toEqual({ create: 5, update: 0, archive: 0 });
    const created = res.json().changes.find((c: { objectType: string }) => c.objectType === 'product');
    const [row] = await t.database.db
      .select()
      .from(products)
      .where(and(eq(products.merchantId, T.id), eq(products.id, created.id)));
    expect(row).toMatchObject({ costPrice: 32_000, name: { ru: 'Лагман', eng: 'Lagman' } });
    const [cat] = await t.database.db.select().from(categories).where(eq(categories.id, row!.categoryId));
    expect(cat).toMatchObject({ merchantId: T.id, groupId: T.groups.burgersLavash });
    expect(await t.database.db.select().from(modifications).where(eq(modifications.productId, created.id))).toHaveLength(1);
    expect(await t.database.db.select().from(productBranches).where(eq(productBranches.productId, created.id))).toEqual([
      expect.objectContaining({ branchId: T.branches.chilonzor, isActive: false }),
    ]);
    // Exported again, it round-trips: no change.
    const again = await importDoc(await exported(), '?dryRun=true');
    expect(again.json().changes).toEqual([]);
  });

  it('mode=replace archives the products the document does not name; merge leaves them', async () => {
    const doc = await exported();
    const dropped = doc.products.find((p) => p.id === T.products.fries)!;
    doc.products = doc.products.filter((p) => p !== dropped);
    const merge = await importDoc(doc, '?dryRun=true');
    expect(merge.json().changes).toEqual([]);
    const replace = await importDoc(doc, '?mode=replace');
    expect(replace.statusCode, replace.body).toBe(200);
    expect(replace.json().changes).toEqual([
      expect.objectContaining({
        action: 'archive',
        objectType: 'product',
        id: T.products.fries,
        fields: [{ field: 'active', before: true, after: false }],
      }),
    ]);
    const [fries] = await t.database.db
      .select()
      .from(products)
      .where(and(eq(products.merchantId, T.id), eq(products.id, T.products.fries)));
    expect(fries!.active).toBe(false);
  });

  it("never touches another brand: a document naming another brand's id answers 404 and writes nothing", async () => {
    const foreign = Object.values(N.products)[0]!;
    const before = await snapshot();
    const res = await importDoc({
      format: 'dasturxon-menu/1',
      products: [{ id: foreign, category: T.categories.burgers, name: { ru: 'Чужой' }, price: 1 }],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().details).toMatchObject({ field: 'products.0.id' });
    expect(await snapshot()).toBe(before);
    const navbahor = staffCaller(t, tokens.owner!, N.id);
    expect((await navbahor('GET', '/admin/v1/menu/export')).statusCode).not.toBe(200);
  });

  it('imports a CSV of products (Excel UTF-8 with BOM, semicolons), dry run first; a bad row is named by its line', async () => {
    const was = await hamburger();
    const csv = `\uFEFFid;category;name_ru;price;old_price;mxik;weight;active\r\n${HAMBURGER};${T.categories.burgers};${was.name.ru};${was.costPrice + 500};;${was.mxicCode ?? ''};${was.measure ?? ''};true\r\n;Бургеры;Новый бургер;25000;30000;;0,3;1\r\n`;
    const post = (body: string, query = '') =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/v1/menu/import${query}`,
        headers: { 'x-merchant-id': T.id, authorization: `Bearer ${tokens.owner}`, 'content-type': 'text/csv' },
        payload: body,
      });
    const before = await snapshot();
    const dry = await post(csv, '?dryRun=true');
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().changes).toEqual([
      expect.objectContaining({
        action: 'update',
        id: HAMBURGER,
        path: 'line 2',
        fields: [{ field: 'price', before: was.costPrice, after: was.costPrice + 500 }],
      }),
      expect.objectContaining({ action: 'create', path: 'line 3' }),
    ]);
    expect(await snapshot()).toBe(before);
    const badRow = await post(`${csv};Бургеры;Плохой;abc;;;;\r\n`);
    expect(badRow.statusCode).toBe(400);
    expect(badRow.json().details.fields).toEqual([expect.objectContaining({ field: 'line 4: price' })]);
    expect(await snapshot()).toBe(before);
    const real = await post(csv);
    expect(real.statusCode, real.body).toBe(200);
    expect((await hamburger()).costPrice).toBe(was.costPrice + 500);
    const [made] = await t.database.db
      .select()
      .from(products)
      .where(and(eq(products.merchantId, T.id), sql`${products.name}->>'ru' = 'Новый бургер'`));
    expect(made).toMatchObject({ costPrice: 25_000, oldPrice: 30_000, measure: 0.3, categoryId: T.categories.burgers });
  });

  it('is for owner, admin and manager; operator, kitchen and courier get 403', async () => {
    for (const role of ['owner', 'admin', 'manager'] as const) {
      expect((await staffCaller(t, tokens[role]!, T.id)('GET', '/admin/v1/menu/export')).statusCode).toBe(200);
    }
    for (const role of ['operator', 'kitchen', 'courier'] as const) {
      const call = staffCaller(t, tokens[role]!, T.id);
      expect((await call('GET', '/admin/v1/menu/export')).statusCode).toBe(403);
      expect((await call('POST', '/admin/v1/menu/import?dryRun=true', { format: 'dasturxon-menu/1' })).statusCode).toBe(403);
    }
  });

  it('makes every change in the one transaction it is given: a failure after some were written leaves none', async () => {
    const doc = await exported();
    doc.products.find((x) => x.id === HAMBURGER)!.price += 7;
    doc.categories.push({ ref: 'later', name: { ru: 'Позже' } });
    const before = await snapshot();
    const audits = await importAudits();
    const failed = await t.database.db
      .transaction(async (tx) => {
        const result = await runImport(tx, platformActor(T.id), doc, { dryRun: false, mode: 'merge' });
        expect(result.counts).toEqual({ create: 1, update: 1, archive: 0 });
        throw new Error('a later row failed');
      })
      .catch((error: Error) => error.message);
    expect(failed).toBe('a later row failed');
    expect(await snapshot()).toBe(before);
    expect(await importAudits()).toBe(audits);
  });

  it("a manager changes availability only at their own branches: another branch's answers 403 and writes nothing", async () => {
    const manager = staffCaller(t, tokens.manager!, T.id);
    const doc = await exported();
    const p = doc.products.find((x) => x.id === HAMBURGER)!;
    p.availability = { ...p.availability, [T.branches.yunusobod]: false };
    const before = await snapshot();
    const res = await manager('POST', '/admin/v1/menu/import', doc);
    expect(res.statusCode).toBe(403);
    expect(await snapshot()).toBe(before);
    p.availability = { ...p.availability, [T.branches.yunusobod]: undefined as never, [T.branches.chilonzor]: false };
    const own = await manager('POST', '/admin/v1/menu/import', JSON.parse(JSON.stringify(doc)));
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().changes).toEqual([
      expect.objectContaining({ objectType: 'availability', fields: [{ field: T.branches.chilonzor, before: null, after: false }] }),
    ]);
  });

  it('documents its routes in the OpenAPI document', async () => {
    const paths = Object.keys((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/admin/v1/menu/export', '/api/admin/v1/menu/schema', '/api/admin/v1/menu/import']));
  });

  it('publishes the JSON Schema of the document, and docs/menu-import.schema.json is current', async () => {
    const res = await owner('GET', '/admin/v1/menu/schema');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(JSON.parse(JSON.stringify(menuDocumentJsonSchema())));
    const file = JSON.parse(readFileSync(new URL('../../../docs/menu-import.schema.json', import.meta.url), 'utf8'));
    expect(file).toEqual(res.json());
  });
});
