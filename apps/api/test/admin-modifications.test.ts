import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, modificationGroups, modifications } from '@dasturxon/db';
import { DEMO } from '@dasturxon/db/seed';
import {
  AdminCategory,
  AdminModificationGroup,
  AdminProduct,
  MenuDocument,
  MenuImportResult,
  QuoteResponse,
  type ModificationGroupInput,
} from '@dasturxon/domain/contracts';
import { BACKENDS, createTestApp, heard, signInStaff, staffCaller, type TestApp } from './harness.ts';

const T = DEMO.tezkor;
const N = DEMO.navbahor;

describe.each(BACKENDS)('the back office’s modification groups on %s', (backend) => {
  let t: TestApp;
  let owner: ReturnType<typeof staffCaller>;
  let manager: ReturnType<typeof staffCaller>;
  const others: Record<string, ReturnType<typeof staffCaller>> = {};
  let product: AdminProduct;
  beforeAll(async () => {
    t = await createTestApp(backend);
    owner = staffCaller(t, await signInStaff(t, T.staffPhones.owner, T.id, T.staffPassword), T.id);
    manager = staffCaller(t, await signInStaff(t, T.staffPhones.manager, T.id, T.staffPassword), T.id);
    for (const role of ['operator', 'kitchen', 'courier'] as const) {
      others[role] = staffCaller(t, await signInStaff(t, T.staffPhones[role], T.id, T.staffPassword), T.id);
    }
    const category = AdminCategory.parse((await owner('POST', '/admin/v1/categories', { name: { ru: 'Пицца' } })).json());
    // 20 000 so'm with its own 10 % discount: the discount applies to the options too (the domain's pricing rule).
    const made = await owner('POST', '/admin/v1/products', {
      categoryId: category.id,
      name: { ru: 'Маргарита', eng: 'Margherita' },
      price: 20_000,
      discount: 10,
    });
    expect(made.statusCode, made.body).toBe(201);
    product = AdminProduct.parse(made.json());
  });
  afterAll(async () => t?.close());

  type StorefrontGroup = {
    id: string;
    min: number;
    max: number;
    modifications: { id: string; price: number; name: Record<string, string> }[];
  };
  /** The storefront's product, read again once the menu's short freshness window has passed. */
  const storefront = async (id: string) => {
    t.clock.set(new Date(t.clock.now().getTime() + 60_000));
    const res = await t.app.inject({ method: 'GET', url: `/api/products/v1/${id}`, headers: { 'x-merchant-id': T.id } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { price: number; modificationGroups: StorefrontGroup[] };
  };
  const quote = async (modifications: { id: string; count: number }[]) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/v1/orders/quote',
      headers: { 'x-merchant-id': T.id },
      payload: { serviceType: 'PICK_UP', branchId: T.branches.chilonzor, cartItems: [{ productId: product.id, count: 1, modifications }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    return QuoteResponse.parse(res.json());
  };
  const ours = (q: QuoteResponse) => q.problems.filter((p) => p.productId === product.id).map((p) => p.code);
  const size = (): ModificationGroupInput => ({
    productId: product.id,
    name: { ru: 'Размер', uz: "O'lcham", eng: 'Size' },
    min: 1,
    max: 1,
    options: [
      { name: { ru: '25 см', eng: '25 cm' }, price: 0 },
      { name: { ru: '30 см', eng: '30 cm' }, price: 6_000 },
      { name: { ru: '35 см', eng: '35 cm' }, price: 12_000 },
    ],
  });
  const fieldsOf = (res: { json: () => unknown }) =>
    (res.json() as { details?: { fields?: { field: string }[] } }).details?.fields?.map((f) => f.field) ?? [];

  it('creates a group with its options; the storefront shows it and the quote charges the option’s price, discounted', async () => {
    const created = await manager('POST', '/admin/v1/modification-groups', size());
    expect(created.statusCode, created.body).toBe(201);
    const group = AdminModificationGroup.parse(created.json());
    expect(group).toMatchObject({ version: 1, productId: product.id, min: 1, max: 1, required: true, archived: false });
    expect(group.options.map((o) => [o.name.eng, o.price, o.priority, o.active])).toEqual([
      ['25 cm', 0, 10, true],
      ['30 cm', 6_000, 20, true],
      ['35 cm', 12_000, 30, true],
    ]);
    expect((await owner('GET', `/admin/v1/modification-groups/${group.id}`)).json()).toEqual(group);
    const listed = (await owner('GET', `/admin/v1/modification-groups?productId=${product.id}`)).json() as { content: unknown[] };
    expect(listed.content).toEqual([group]);

    const shown = await storefront(product.id);
    expect(shown.modificationGroups).toEqual([
      expect.objectContaining({
        id: group.id,
        min: 1,
        max: 1,
        modifications: group.options.map((o) => expect.objectContaining({ id: o.id, price: o.price })),
      }),
    ]);
    const large = group.options[1]!;
    await heard(backend, async () => {
      const q = await quote([{ id: large.id, count: 1 }]);
      // (20 000 + 6 000) × 1 = 26 000, the product's 10 % of the whole line: 2 600 off, 23 400 to pay.
      expect(q.lines).toEqual([
        {
          productId: product.id,
          count: 1,
          modifications: [{ id: large.id, count: 1, price: 6_000 }],
          gross: 26_000,
          discount: 2_600,
          net: 23_400,
        },
      ]);
      expect(ours(q)).toEqual([]);
    });
    // Required: no size chosen is a problem of the quote (the domain's checkModifications).
    expect(ours(await quote([]))).toContain('MODIFICATION_MIN');

    const trail = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.merchantId, T.id), eq(auditLog.objectId, group.id)));
    expect(trail.map((e) => [e.objectType, e.action, e.actorRole])).toEqual([['modification-group', 'create', 'manager']]);
  });

  it('a change replaces the options as a whole: kept ids stay, a left-out option is archived (never deleted), stale is 409', async () => {
    const group = AdminModificationGroup.parse(
      (await owner('POST', '/admin/v1/modification-groups', { ...size(), name: { ru: 'Тесто' } })).json(),
    );
    const [small, medium, big] = group.options;
    const changed = await owner('PUT', `/admin/v1/modification-groups/${group.id}`, {
      version: 1,
      name: { ru: 'Тесто', eng: 'Crust' },
      min: 0,
      max: 2,
      options: [
        { id: big!.id, name: big!.name, price: 13_000 },
        { id: small!.id, name: { ru: '25 см', eng: 'Small' }, price: 0 },
        { name: { ru: 'Сырный борт', eng: 'Cheese crust' }, price: 9_000 },
      ],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = AdminModificationGroup.parse(changed.json());
    expect(after).toMatchObject({ version: 2, min: 0, max: 2, required: false, name: { eng: 'Crust' } });
    expect(after.options.map((o) => [o.name.eng, o.price, o.active])).toEqual([
      ['35 cm', 13_000, true],
      ['Small', 0, true],
      ['Cheese crust', 9_000, true],
      ['30 cm', 6_000, false],
    ]);
    expect(after.options[0]!.id).toBe(big!.id);
    expect(after.options[1]!.id).toBe(small!.id);
    const [archived] = await t.database.db.select().from(modifications).where(eq(modifications.id, medium!.id));
    expect(archived).toMatchObject({ active: false, groupId: group.id, price: 6_000 });

    const stale = await manager('PUT', `/admin/v1/modification-groups/${group.id}`, { ...size(), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT', details: { current: 2 } });

    // The storefront no longer offers the archived option; the quote refuses it and charges the new price of the kept one.
    const shown = (await storefront(product.id)).modificationGroups.find((g) => g.id === group.id)!;
    expect(shown.modifications.map((m) => m.id)).toEqual([big!.id, small!.id, after.options[2]!.id]);
    await heard(backend, async () => {
      const refused = await quote([{ id: medium!.id, count: 1 }]);
      expect(refused.problems).toContainEqual(
        expect.objectContaining({ code: 'MODIFICATION_INVALID', details: expect.objectContaining({ modificationId: medium!.id }) }),
      );
    });

    // Brought back by naming its id again.
    const back = await owner('PUT', `/admin/v1/modification-groups/${group.id}`, {
      version: 2,
      name: after.name,
      min: 0,
      max: 1,
      options: [{ id: medium!.id, name: medium!.name, price: 7_000 }],
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(AdminModificationGroup.parse(back.json()).options.map((o) => [o.id, o.active])).toEqual([
      // The archived ones after the live one, in the order they last had.
      [medium!.id, true],
      [big!.id, false],
      [small!.id, false],
      [after.options[2]!.id, false],
    ]);
    const rows = await t.database.db.select().from(modifications).where(eq(modifications.groupId, group.id));
    expect(rows).toHaveLength(4);
  });

  it('deleting archives the group: the storefront and the quote no longer see it, its rows stay; audited', async () => {
    const group = AdminModificationGroup.parse(
      (
        await owner('POST', '/admin/v1/modification-groups', {
          ...size(),
          name: { ru: 'Соус' },
          min: 1,
          max: 2,
          options: [
            { name: { ru: 'Кетчуп' }, price: 2_000 },
            { name: { ru: 'Сырный' }, price: 3_000 },
          ],
        })
      ).json(),
    );
    expect(ours(await quote([]))).toContain('MODIFICATION_MIN');
    const stale = await owner('DELETE', `/admin/v1/modification-groups/${group.id}?version=9`);
    expect(stale.statusCode).toBe(409);
    const gone = await manager('DELETE', `/admin/v1/modification-groups/${group.id}?version=1`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json()).toMatchObject({ version: 2, archived: true, min: 0, required: false });
    const [row] = await t.database.db.select().from(modificationGroups).where(eq(modificationGroups.id, group.id));
    expect(row).toMatchObject({ min: 0, max: 2, version: 2 });
    expect((await t.database.db.select().from(modifications).where(eq(modifications.groupId, group.id))).map((m) => m.active)).toEqual([
      false,
      false,
    ]);

    expect((await storefront(product.id)).modificationGroups.map((g) => g.id)).not.toContain(group.id);
    const live = (await owner('GET', `/admin/v1/modification-groups?productId=${product.id}`)).json() as { content: { id: string }[] };
    expect(live.content.map((g) => g.id)).not.toContain(group.id);
    const all = (await owner('GET', `/admin/v1/modification-groups?productId=${product.id}&archived=true`)).json() as {
      content: { id: string }[];
    };
    expect(all.content.map((g) => g.id)).toContain(group.id);
    await heard(backend, async () => {
      const problems = (await quote([])).problems.filter((p) => (p.details as { groupId?: string } | undefined)?.groupId === group.id);
      expect(problems).toEqual([]);
    });
    const trail = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.merchantId, T.id), eq(auditLog.objectId, group.id)));
    expect(trail.map((e) => e.action).sort()).toEqual(['archive', 'create']);
    const archive = trail.find((e) => e.action === 'archive')!;
    expect([archive.before?.archived, archive.after?.archived]).toEqual([false, true]);
  });

  it('refuses bad input naming the field, another brand’s ids as not found, and the roles without the menu', async () => {
    const post = (body: unknown) => owner('POST', '/admin/v1/modification-groups', body);
    const minAboveMax = await post({ ...size(), min: 2, max: 1 });
    expect(minAboveMax.statusCode).toBe(400);
    expect(fieldsOf(minAboveMax)).toContain('body.min');
    const maxAboveOptions = await post({ ...size(), max: 4 });
    expect(maxAboveOptions.statusCode).toBe(400);
    expect(fieldsOf(maxAboveOptions)).toEqual(['body.max']);
    const negative = await post({ ...size(), options: [{ name: { ru: 'x' }, price: -1 }] });
    expect(negative.statusCode).toBe(400);
    expect(fieldsOf(negative)).toContain('body.options.0.price');
    const noName = await post({ ...size(), name: {} });
    expect(fieldsOf(noName)).toContain('body.name');
    const noOptions = await post({ ...size(), options: [] });
    expect(fieldsOf(noOptions)).toContain('body.options');
    const theirProduct = await post({ ...size(), productId: N.products.plov });
    expect(theirProduct.statusCode).toBe(400);
    expect(fieldsOf(theirProduct)).toEqual(['body.productId']);

    const [theirGroup] = await t.database.db.select().from(modificationGroups).where(eq(modificationGroups.merchantId, N.id)).limit(1);
    expect(theirGroup).toBeDefined();
    const [theirOption] = await t.database.db.select().from(modifications).where(eq(modifications.merchantId, N.id)).limit(1);
    expect((await owner('GET', `/admin/v1/modification-groups/${theirGroup!.id}`)).statusCode).toBe(404);
    expect(
      (await owner('PUT', `/admin/v1/modification-groups/${theirGroup!.id}`, { ...size(), version: theirGroup!.version })).statusCode,
    ).toBe(404);
    expect((await owner('DELETE', `/admin/v1/modification-groups/${theirGroup!.id}?version=${theirGroup!.version}`)).statusCode).toBe(404);
    const listed = (await owner('GET', '/admin/v1/modification-groups?archived=true')).json() as { content: { id: string }[] };
    expect(listed.content.map((g) => g.id)).not.toContain(theirGroup!.id);

    // Another group's option (another brand's too) in a write: 404 naming it, nothing written.
    const mine = AdminModificationGroup.parse((await post(size())).json());
    const stolen = await owner('PUT', `/admin/v1/modification-groups/${mine.id}`, {
      ...size(),
      version: 1,
      options: [{ id: theirOption!.id, name: { ru: 'x' }, price: 1 }],
    });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toMatchObject({ code: 'NOT_FOUND', details: { field: 'body.options.0.id' } });
    const [theirs] = await t.database.db.select().from(modifications).where(eq(modifications.id, theirOption!.id));
    expect(theirs).toEqual(theirOption);
    expect(AdminModificationGroup.parse((await owner('GET', `/admin/v1/modification-groups/${mine.id}`)).json()).version).toBe(1);

    for (const role of ['operator', 'kitchen', 'courier']) {
      for (const [method, url, body] of [
        ['GET', '/admin/v1/modification-groups', undefined],
        ['POST', '/admin/v1/modification-groups', size()],
        ['PUT', `/admin/v1/modification-groups/${mine.id}`, { ...size(), version: 1 }],
        ['DELETE', `/admin/v1/modification-groups/${mine.id}?version=1`, undefined],
      ] as const) {
        const res = await others[role]!(method, url, body);
        expect(res.statusCode, `${role} ${method}`).toBe(403);
        expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
      }
    }
    expect((await staffCaller(t, null, T.id)('GET', '/admin/v1/modification-groups')).statusCode).toBe(401);
  });

  it('the menu document carries the groups written here (archived options too); export then import changes nothing', async () => {
    const res = await owner('GET', '/admin/v1/menu/export');
    expect(res.statusCode, res.body).toBe(200);
    const doc = MenuDocument.parse(res.json());
    const mine = doc.products.find((p) => p.id === product.id)!;
    const groups = (await owner('GET', `/admin/v1/modification-groups?productId=${product.id}&archived=true`)).json() as {
      content: AdminModificationGroup[];
    };
    expect(mine.modificationGroups?.map((g) => g.id).sort()).toEqual(groups.content.map((g) => g.id).sort());
    const options = mine.modificationGroups!.flatMap((g) => g.options ?? []);
    expect(options.some((o) => o.active === false)).toBe(true);

    const snapshot = async () =>
      JSON.stringify([
        await t.database.db.execute(sql`select * from modification_groups order by id`),
        await t.database.db.execute(sql`select * from modifications order by id`),
      ]);
    const before = await snapshot();
    const imported = await owner('POST', '/admin/v1/menu/import', doc);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(MenuImportResult.parse(imported.json()).counts).toEqual({ create: 0, update: 0, archive: 0 });
    expect(await snapshot()).toBe(before);

    // An option's price changed by an import moves its group's version on: an editor that read the group before gets 409.
    const group = groups.content.find((g) => !g.archived)!;
    const inDoc = mine.modificationGroups!.find((g) => g.id === group.id)!;
    inDoc.options![0]!.price = (inDoc.options![0]!.price ?? 0) + 700;
    const changed = await owner('POST', '/admin/v1/menu/import', doc);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(MenuImportResult.parse(changed.json()).counts).toEqual({ create: 0, update: 1, archive: 0 });
    const now = AdminModificationGroup.parse((await owner('GET', `/admin/v1/modification-groups/${group.id}`)).json());
    expect(now.version).toBe(group.version + 1);
    expect(now.options.find((o) => o.id === inDoc.options![0]!.id)!.price).toBe(inDoc.options![0]!.price);
    const stale = await owner('PUT', `/admin/v1/modification-groups/${group.id}`, {
      version: group.version,
      name: group.name,
      min: group.min,
      max: group.max,
      options: group.options.filter((o) => o.active).map(({ id, name, price }) => ({ id, name, price })),
    });
    expect(stale.statusCode).toBe(409);
  });

  it('an option marked default is shown to the storefront as such, and kept by a menu file; more defaults than max is 400', async () => {
    const category = AdminCategory.parse((await owner('POST', '/admin/v1/categories', { name: { ru: 'Лаваш' } })).json());
    const other = AdminProduct.parse(
      (await owner('POST', '/admin/v1/products', { categoryId: category.id, name: { ru: 'Лаваш' }, price: 25_000 })).json(),
    );
    const body = { ...size(), productId: other.id };
    body.options = body.options.map((o, i) => ({ ...o, isDefault: i === 1 }));
    const tooMany = await owner('POST', '/admin/v1/modification-groups', {
      ...body,
      options: body.options.map((o) => ({ ...o, isDefault: true })),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(fieldsOf(tooMany)).toEqual(['body.options']);

    const created = await owner('POST', '/admin/v1/modification-groups', body);
    expect(created.statusCode, created.body).toBe(201);
    const group = AdminModificationGroup.parse(created.json());
    expect(group.options.map((o) => o.isDefault)).toEqual([false, true, false]);
    const shown = await storefront(other.id);
    expect(shown.modificationGroups[0]!.modifications.map((m) => (m as { isDefault?: boolean }).isDefault)).toEqual([false, true, false]);

    // The menu file carries the mark both ways.
    const doc = MenuDocument.parse((await owner('GET', '/admin/v1/menu/export')).json());
    const inDoc = doc.products.find((p) => p.id === other.id)!.modificationGroups![0]!;
    expect(inDoc.options!.map((o) => o.isDefault)).toEqual([false, true, false]);
    inDoc.options = inDoc.options!.map((o, i) => ({ ...o, isDefault: i === 2 }));
    const imported = await owner('POST', '/admin/v1/menu/import', doc);
    expect(imported.statusCode, imported.body).toBe(200);
    const now = AdminModificationGroup.parse((await owner('GET', `/admin/v1/modification-groups/${group.id}`)).json());
    expect(now.options.map((o) => o.isDefault)).toEqual([false, false, true]);
  });
});
