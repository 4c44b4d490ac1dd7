import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '@dasturxon/domain';
import { MENU_DOCUMENT_FORMAT, MenuDocument, type MenuChange, type MenuImportResult } from '@dasturxon/domain/contracts';
import { branches, categories, groups, modificationGroups, modifications, productBranches, products, type Db } from '@dasturxon/db';
import { audit, requireBranch, type Actor } from '../admin-kernel.ts';

/*
 * The menu as one document (issue 28, docs/back-office.md "Menu import and export"): the export, and the import that
 * compares a document with the brand's menu, answers the changes and, unless a dry run, makes all of them in the
 * caller's transaction (all or nothing), one audit entry (action 'import') per object changed.
 */

type Row<T extends { $inferSelect: unknown }> = T['$inferSelect'];
interface Menu {
  groups: Row<typeof groups>[];
  categories: Row<typeof categories>[];
  products: Row<typeof products>[];
  modificationGroups: Row<typeof modificationGroups>[];
  modifications: Row<typeof modifications>[];
  availability: Row<typeof productBranches>[];
  branchIds: Set<string>;
}

async function readMenu(db: Db, merchantId: string, lock = false): Promise<Menu> {
  const own = <T extends { merchantId: never }>(t: T) => eq((t as unknown as typeof groups).merchantId, merchantId);
  return {
    groups: await db
      .select()
      .from(groups)
      .where(own(groups as never))
      .orderBy(groups.priority, groups.id),
    categories: await db
      .select()
      .from(categories)
      .where(own(categories as never))
      .orderBy(categories.priority, categories.id),
    // The products are read for update in an import: two imports of one brand run one after the other.
    products: lock
      ? await db
          .select()
          .from(products)
          .where(own(products as never))
          .orderBy(products.priority, products.id)
          .for('update')
      : await db
          .select()
          .from(products)
          .where(own(products as never))
          .orderBy(products.priority, products.id),
    modificationGroups: await db
      .select()
      .from(modificationGroups)
      .where(own(modificationGroups as never))
      .orderBy(modificationGroups.priority, modificationGroups.id),
    modifications: await db
      .select()
      .from(modifications)
      .where(own(modifications as never))
      .orderBy(modifications.priority, modifications.id),
    availability: await db
      .select()
      .from(productBranches)
      .where(eq(productBranches.merchantId, merchantId))
      .orderBy(productBranches.productId, productBranches.branchId),
    branchIds: new Set((await db.select({ id: branches.id }).from(branches).where(eq(branches.merchantId, merchantId))).map((b) => b.id)),
  };
}

/** The brand's whole menu as a document: every object with its id and every field the import reads. */
export async function exportMenu(db: Db, merchantId: string): Promise<MenuDocument> {
  const m = await readMenu(db, merchantId);
  return {
    format: MENU_DOCUMENT_FORMAT,
    groups: m.groups.map((g) => ({ id: g.id, name: g.name, icon: g.icon, image: g.image, priority: g.priority })),
    categories: m.categories.map((c) => ({
      id: c.id,
      group: c.groupId,
      name: c.name,
      image: c.image,
      priority: c.priority,
      active: c.active,
    })),
    products: m.products.map((p) => ({
      id: p.id,
      category: p.categoryId,
      name: p.name,
      description: p.description,
      price: p.costPrice,
      oldPrice: p.oldPrice,
      discount: p.discount,
      mxicCode: p.mxicCode,
      packageCode: p.packageCode,
      unit: p.unit,
      measure: p.measure,
      tags: p.tags,
      priority: p.priority,
      systems: p.systems as MenuDocument['products'][number]['systems'],
      stock: p.count,
      image: p.image,
      gallery: p.gallery,
      active: p.active,
      modificationGroups: m.modificationGroups
        .filter((g) => g.productId === p.id)
        .map((g) => ({
          id: g.id,
          name: g.name,
          min: g.min,
          max: g.max,
          priority: g.priority,
          options: m.modifications
            .filter((o) => o.groupId === g.id)
            .map((o) => ({
              id: o.id,
              name: o.name,
              price: o.price,
              image: o.image,
              priority: o.priority,
              active: o.active,
              isDefault: o.isDefault,
            })),
        })),
      availability: Object.fromEntries(m.availability.filter((a) => a.productId === p.id).map((a) => [a.branchId, a.isActive])),
    })),
  };
}

/** JSON with its object keys sorted: two values are the same when these are. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

/** The fields of `wanted` (undefined: left out, left as it is) that differ from `current`, as the document names them. */
function diff(current: Record<string, unknown> | null, wanted: Record<string, unknown>, names: Record<string, string> = {}) {
  const fields: MenuChange['fields'] = [];
  for (const [column, value] of Object.entries(wanted)) {
    if (value === undefined) continue;
    const before = current ? current[column] : undefined;
    if (current && canonical(before) === canonical(value)) continue;
    fields.push({ field: names[column] ?? column, before: current ? (before ?? null) : null, after: value });
  }
  return fields;
}

const defined = <T extends Record<string, unknown>>(values: T) =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;

const nameOf = (name: { ru?: string; uz?: string; eng?: string } | undefined) => name?.ru || name?.uz || name?.eng || '';

/** What the document's paths are called in answers: `products.3.price`, or a CSV's `line 5: price`. */
export type PathLabel = (path: (string | number)[]) => string;
export const documentPath: PathLabel = (path) => path.join('.');

interface Planned {
  change: MenuChange;
  apply: (tx: Db) => Promise<{ before: object | null; after: object | null }>;
}

export class Problems {
  readonly fields: { field: string; message: string }[] = [];
  constructor(private readonly label: PathLabel) {}
  add(path: (string | number)[], message: string) {
    this.fields.push({ field: this.label(path), message });
  }
  throwIfAny() {
    if (this.fields.length) throw new AppError('VALIDATION_FAILED', { fields: this.fields.slice(0, 200) });
  }
}

/** Reads a document: every problem named with its path (400 VALIDATION_FAILED). */
export function parseDocument(body: unknown, label: PathLabel = documentPath): MenuDocument {
  const parsed = MenuDocument.safeParse(body);
  if (!parsed.success) {
    const problems = new Problems(label);
    for (const issue of parsed.error.issues) problems.add(issue.path as (string | number)[], issue.message);
    problems.throwIfAny();
  }
  return parsed.data!;
}

/**
 * Compares the document with the brand's menu (read under lock in `tx`) and answers the changes with the work that
 * makes them. An id the brand does not have (another brand's included) answers 404 NOT_FOUND naming its path: an import
 * never writes another brand's object nor makes a copy of it.
 */
export async function planImport(
  tx: Db,
  actorMerchant: string,
  doc: MenuDocument,
  mode: 'merge' | 'replace',
  label: PathLabel = documentPath,
): Promise<Planned[]> {
  const m = await readMenu(tx, actorMerchant, true);
  const problems = new Problems(label);
  const byId = <T extends { id: string }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));
  const G = byId(m.groups);
  const C = byId(m.categories);
  const P = byId(m.products);
  const MG = byId(m.modificationGroups);
  const MO = byId(m.modifications);
  const planned: Planned[] = [];
  const foreign = (path: (string | number)[], id: string) => {
    throw new AppError('NOT_FOUND', { field: label(path), id, message: 'This brand has no such object' });
  };

  // Keys: each object's id or ref, unique per kind; new objects get their id now (answered only once applied).
  const keys = (kind: string, items: { id?: string; ref?: string }[], existing: Map<string, unknown>) => {
    const map = new Map<string, string>();
    items.forEach((item, i) => {
      if (item.id && !existing.has(item.id)) foreign([kind, i, 'id'], item.id);
      for (const key of [item.id, item.ref]) {
        if (!key) continue;
        if (map.has(key)) problems.add([kind, i, key === item.id ? 'id' : 'ref'], `"${key}" names two ${kind}`);
        map.set(key, item.id ?? '');
      }
    });
    return map;
  };
  const groupKeys = keys('groups', doc.groups, G);
  const categoryKeys = keys('categories', doc.categories, C);
  keys('products', doc.products, P);
  const newIds = new Map<object, string>();
  const idOf = (item: { id?: string }) => {
    if (item.id) return item.id;
    if (!newIds.has(item)) newIds.set(item, randomUUID());
    return newIds.get(item)!;
  };
  const resolve = (key: string, inDoc: Map<string, string>, items: { id?: string; ref?: string }[], existing: Map<string, unknown>) => {
    if (inDoc.has(key)) return idOf(items.find((x) => x.id === key || x.ref === key)!);
    if (existing.has(key)) return key;
    return null;
  };

  const track = <T extends object>(
    objectType: MenuChange['objectType'],
    path: (string | number)[],
    item: { id?: string; ref?: string },
    current: Record<string, unknown> | null,
    wanted: Record<string, unknown>,
    write: (id: string, values: Record<string, unknown>) => Promise<T>,
    names?: Record<string, string>,
    label2 = '',
  ) => {
    const fields = diff(current, wanted, names);
    if (current && fields.length === 0) return;
    const id = idOf(item);
    planned.push({
      change: {
        action: current ? 'update' : 'create',
        objectType,
        id: item.id ?? null,
        ...(item.ref ? { ref: item.ref } : {}),
        path: label(path),
        name: label2 || nameOf((wanted.name ?? current?.name) as never),
        fields,
      },
      apply: async () => ({ before: current, after: await write(id, defined(wanted)) }),
    });
  };

  const updateRow =
    <T extends typeof groups | typeof categories | typeof products | typeof modificationGroups | typeof modifications>(
      tx2: Db,
      table: T,
      exists: boolean,
      base: Record<string, unknown>,
    ) =>
    async (id: string, values: Record<string, unknown>) => {
      if (exists) {
        const [row] = (await tx2
          .update(table)
          .set({
            ...values,
            ...(table === (products as never) ? { updatedAt: sql`now()` } : {}),
            version: sql`${table.version} + 1`,
          } as never)
          .where(and(eq(table.merchantId, actorMerchant), eq(table.id, id)))
          .returning()) as object[];
        return row!;
      }
      const [row] = (await tx2
        .insert(table)
        .values({ ...base, ...values, id, merchantId: actorMerchant } as never)
        .returning()) as object[];
      return row!;
    };

  doc.groups.forEach((g, i) => {
    const current = g.id ? G.get(g.id)! : null;
    track(
      'group',
      ['groups', i],
      g,
      current,
      { name: g.name, icon: g.icon, image: g.image, priority: g.priority },
      updateRow(tx, groups, !!current, {}),
    );
  });

  doc.categories.forEach((c, i) => {
    const current = c.id ? C.get(c.id)! : null;
    let groupId: string | null | undefined = undefined;
    if (c.group === null) groupId = null;
    else if (c.group !== undefined) {
      groupId = resolve(c.group, groupKeys, doc.groups, G);
      if (!groupId) problems.add(['categories', i, 'group'], `no group "${c.group}" in the document or the menu`);
    }
    track(
      'category',
      ['categories', i],
      c,
      current,
      { groupId, name: c.name, image: c.image, priority: c.priority, active: c.active },
      updateRow(tx, categories, !!current, {}),
      { groupId: 'group' },
    );
  });

  const columnNames = { categoryId: 'category', costPrice: 'price', count: 'stock' };
  doc.products.forEach((p, i) => {
    const path = ['products', i];
    const current = p.id ? P.get(p.id)! : null;
    const categoryId = resolve(p.category, categoryKeys, doc.categories, C);
    if (!categoryId) problems.add([...path, 'category'], `no category "${p.category}" in the document or the menu`);
    const productId = idOf(p);
    track(
      'product',
      path,
      p,
      current,
      {
        categoryId: categoryId ?? undefined,
        name: p.name,
        description: p.description,
        costPrice: p.price,
        oldPrice: p.oldPrice,
        discount: p.discount,
        mxicCode: p.mxicCode,
        packageCode: p.packageCode,
        unit: p.unit,
        measure: p.measure,
        tags: p.tags,
        priority: p.priority,
        systems: p.systems,
        count: p.stock,
        image: p.image,
        gallery: p.gallery,
        active: p.active,
      },
      updateRow(tx, products, !!current, {}),
      columnNames,
    );
    p.modificationGroups?.forEach((g, j) => {
      const gPath = [...path, 'modificationGroups', j];
      const gCurrent = g.id ? MG.get(g.id) : null;
      if (g.id && (!gCurrent || gCurrent.productId !== productId)) foreign([...gPath, 'id'], g.id);
      const min = g.min ?? gCurrent?.min ?? 0;
      const max = g.max ?? gCurrent?.max ?? 1;
      if (min > max) problems.add([...gPath, 'max'], 'max must not be less than min');
      const groupId = idOf(g);
      track(
        'modification-group',
        gPath,
        g,
        gCurrent ?? null,
        { name: g.name, min: g.min, max: g.max, priority: g.priority },
        updateRow(tx, modificationGroups, !!gCurrent, { productId }),
      );
      g.options?.forEach((o, k) => {
        const oPath = [...gPath, 'options', k];
        const oCurrent = o.id ? MO.get(o.id) : null;
        if (o.id && (!oCurrent || oCurrent.groupId !== groupId)) foreign([...oPath, 'id'], o.id);
        track(
          'modification',
          oPath,
          o,
          oCurrent ?? null,
          { name: o.name, price: o.price, image: o.image, priority: o.priority, active: o.active, isDefault: o.isDefault },
          async (id, values) => {
            const row = await updateRow(tx, modifications, !!oCurrent, { productId, groupId })(id, values);
            // The group's version covers its options (PUT /admin/v1/modification-groups/{id}): a console that read
            // the group before this import gets 409 instead of writing over the change.
            if (gCurrent) {
              await tx
                .update(modificationGroups)
                .set({ version: sql`${modificationGroups.version} + 1` })
                .where(and(eq(modificationGroups.merchantId, actorMerchant), eq(modificationGroups.id, groupId)));
            }
            return row;
          },
        );
      });
    });
    if (p.availability) {
      for (const branchId of Object.keys(p.availability)) {
        if (!m.branchIds.has(branchId)) problems.add([...path, 'availability', branchId], 'this brand has no such branch');
      }
      const now = Object.fromEntries(m.availability.filter((a) => a.productId === productId).map((a) => [a.branchId, a.isActive]));
      const wanted = p.availability;
      if (canonical(now) !== canonical(wanted)) {
        const branchIds = [...new Set([...Object.keys(now), ...Object.keys(wanted)])];
        planned.push({
          change: {
            action: current ? 'update' : 'create',
            objectType: 'availability',
            id: p.id ?? null,
            ...(p.ref ? { ref: p.ref } : {}),
            path: label([...path, 'availability']),
            name: nameOf(p.name),
            fields: branchIds
              .filter((b) => now[b] !== wanted[b])
              .map((b) => ({ field: b, before: now[b] ?? null, after: wanted[b] ?? null })),
          },
          apply: async () => {
            await tx
              .delete(productBranches)
              .where(and(eq(productBranches.merchantId, actorMerchant), eq(productBranches.productId, productId)));
            const rows = Object.entries(wanted).map(([branchId, isActive]) => ({
              merchantId: actorMerchant,
              productId,
              branchId,
              isActive,
            }));
            if (rows.length) await tx.insert(productBranches).values(rows);
            return { before: { productId, availability: now }, after: { productId, availability: wanted } };
          },
        });
      }
    }
  });

  if (mode === 'replace') {
    const named = (items: { id?: string }[]) => new Set(items.map((x) => x.id).filter(Boolean));
    const archive = (
      objectType: 'category' | 'product',
      rows: { id: string; active: boolean; name: object }[],
      kept: Set<unknown>,
      table: typeof categories | typeof products,
    ) => {
      for (const row of rows) {
        if (kept.has(row.id) || !row.active) continue;
        planned.push({
          change: {
            action: 'archive',
            objectType,
            id: row.id,
            path: `${objectType}:${row.id}`,
            name: nameOf(row.name),
            fields: [{ field: 'active', before: true, after: false }],
          },
          apply: async () => ({ before: row, after: await updateRow(tx, table, true, {})(row.id, { active: false }) }),
        });
      }
    };
    archive('category', m.categories, named(doc.categories), categories);
    archive('product', m.products, named(doc.products), products);
  }

  problems.throwIfAny();
  return planned;
}

/** Runs an import: plans it and, unless a dry run, applies every change in `tx`, each audited as 'import'. */
export async function runImport(
  tx: Db,
  actor: Actor,
  doc: MenuDocument,
  options: { dryRun: boolean; mode: 'merge' | 'replace'; label?: PathLabel },
): Promise<MenuImportResult> {
  const planned = await planImport(tx, actor.merchantId, doc, options.mode, options.label);
  // A manager changes the availability of their own branches only (403 otherwise, before anything is written).
  for (const p of planned) if (p.change.objectType === 'availability') for (const f of p.change.fields) requireBranch(actor, f.field);
  const changes: MenuChange[] = [];
  for (const p of planned) {
    if (options.dryRun) {
      changes.push(p.change);
      continue;
    }
    const { before, after } = await p.apply(tx);
    const id = (after as { id?: string } | null)?.id ?? (after as { productId?: string } | null)?.productId ?? p.change.id ?? '';
    await audit(tx, actor, { objectType: p.change.objectType, objectId: id, action: 'import', before, after });
    changes.push({ ...p.change, id });
  }
  const count = (action: MenuChange['action']) => changes.filter((c) => c.action === action).length;
  return {
    dryRun: options.dryRun,
    mode: options.mode,
    counts: { create: count('create'), update: count('update'), archive: count('archive') },
    changes,
  };
}
