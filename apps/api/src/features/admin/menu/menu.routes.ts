import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@dasturxon/domain';
import {
  AdminCategory,
  AdminGroup,
  AdminIdParams,
  AdminProduct,
  AvailabilityRequest,
  AvailabilityView,
  BulkPriceAnswer,
  BulkPriceRequest,
  CategoryInput,
  GroupInput,
  MenuListQuery,
  ProductInput,
  ProductUpdate,
  VersionQuery,
  VersionedWrite,
} from '@dasturxon/domain/contracts';
import { branches, categories, groups, productBranches, products, type Db } from '@dasturxon/db';
import {
  actorOf,
  adminErrors,
  adminOf,
  adminSecurity,
  audit,
  deleteVersioned,
  lastPlace,
  one,
  referencing,
  orderRoute,
  NoContent,
  requireBranch,
  updateVersioned,
} from '../admin-kernel.ts';

type GroupRow = typeof groups.$inferSelect;
type CategoryRow = typeof categories.$inferSelect;
type ProductRow = typeof products.$inferSelect;

const tags = ['admin: menu'];
const config = adminOf('menu');
const listOf = <T extends z.ZodType>(item: T) => z.object({ content: z.array(item) });

const groupView = (g: GroupRow): AdminGroup => ({
  id: g.id,
  version: g.version,
  name: g.name as Record<string, string>,
  icon: g.icon,
  image: g.image,
  bgColor: g.bgColor,
  iconBgColor: g.iconBgColor,
  priority: g.priority,
});

const categoryView = (c: CategoryRow): AdminCategory => ({
  id: c.id,
  version: c.version,
  groupId: c.groupId,
  name: c.name as Record<string, string>,
  image: c.image,
  priority: c.priority,
  textColor: c.textColor,
  viewType: c.viewType,
  scrollType: c.scrollType,
  navigationType: c.navigationType,
  active: c.active,
});

const productView = (p: ProductRow): AdminProduct => ({
  id: p.id,
  version: p.version,
  categoryId: p.categoryId,
  name: p.name as Record<string, string>,
  description: p.description as Record<string, string>,
  image: p.image,
  gallery: p.gallery,
  price: p.costPrice,
  oldPrice: p.oldPrice,
  discount: p.discount,
  mxicCode: p.mxicCode,
  packageCode: p.packageCode,
  vatPercent: p.vatPercent,
  unit: p.unit,
  measure: p.measure,
  tags: p.tags,
  priority: p.priority,
  systems: p.systems as AdminProduct['systems'],
  count: p.count,
  active: p.active,
  isAvailable: p.isAvailable,
  deliveryEnabled: p.deliveryEnabled,
});

/** A product's columns from what a form sends (the API's `price` is the column costPrice). */
function productValues(input: Partial<z.output<typeof ProductInput>>): Partial<typeof products.$inferInsert> {
  const { price, ...rest } = input;
  return { ...rest, ...(price === undefined ? {} : { costPrice: price }), updatedAt: new Date() };
}

/**
 * The back office's menu (issue 28): groups, categories and products, their order, a category's prices at once, and
 * a product's availability per branch, under `/api/admin/v1`. Every write is the brand's, versioned and audited
 * (admin-kernel.ts). A category or product is archived (switched off), never deleted: orders name them.
 */
export const adminMenuRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const schema = <E extends object>(summary: string, extra: E) => ({ tags, security: adminSecurity, summary, ...extra });

  // Groups.
  app.get(
    '/admin/v1/groups',
    { config, schema: schema("The brand's groups", { response: { 200: listOf(AdminGroup), ...adminErrors } }) },
    async (request) => {
      const rows = await db
        .select()
        .from(groups)
        .where(eq(groups.merchantId, actorOf(request).merchantId))
        .orderBy(asc(groups.priority), asc(groups.id));
      return { content: rows.map(groupView) };
    },
  );
  app.post(
    '/admin/v1/groups',
    { config, schema: schema('Create a group', { body: GroupInput, response: { 201: AdminGroup, ...adminErrors } }) },
    async (request, reply) => {
      const actor = actorOf(request);
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(groups)
          .values({ ...request.body, merchantId: actor.merchantId })
          .returning();
        await audit(tx, actor, { objectType: 'group', objectId: created!.id, action: 'create', after: groupView(created!) });
        return created!;
      });
      return reply.code(201).send(groupView(row));
    },
  );
  app.put(
    '/admin/v1/groups/:id',
    {
      config,
      schema: schema('Change a group', {
        params: AdminIdParams,
        body: GroupInput.extend(VersionedWrite.shape),
        response: { 200: AdminGroup, ...adminErrors },
      }),
    },
    async (request) => {
      const actor = actorOf(request);
      const { version, ...values } = request.body;
      return db.transaction(async (tx) => {
        const before = await one(tx, groups, actor.merchantId, request.params.id);
        const after = await updateVersioned(tx, groups, actor.merchantId, request.params.id, version, values);
        await audit(tx, actor, {
          objectType: 'group',
          objectId: after.id,
          action: 'update',
          before: groupView(before),
          after: groupView(after),
        });
        return groupView(after);
      });
    },
  );
  app.delete(
    '/admin/v1/groups/:id',
    {
      config,
      schema: schema('Delete a group (its categories stay, without a group)', {
        params: AdminIdParams,
        querystring: VersionQuery,
        response: { 204: NoContent, ...adminErrors },
      }),
    },
    async (request, reply) => {
      const actor = actorOf(request);
      await db.transaction(async (tx) => {
        await tx
          .update(categories)
          .set({ groupId: null, version: sql`${categories.version} + 1` })
          .where(and(eq(categories.merchantId, actor.merchantId), eq(categories.groupId, request.params.id)));
        const gone = await deleteVersioned(tx, groups, actor.merchantId, request.params.id, request.query.version);
        await audit(tx, actor, { objectType: 'group', objectId: gone.id, action: 'delete', before: groupView(gone) });
      });
      return reply.code(204).send(null);
    },
  );
  orderRoute(app, db, '/admin/v1/groups/order', {
    table: groups,
    objectType: 'group',
    config,
    schema: schema('Set the order of the groups', {}),
  });

  // Categories.
  app.get(
    '/admin/v1/categories',
    {
      config,
      schema: schema("The brand's categories, switched-off ones too", {
        querystring: MenuListQuery,
        response: { 200: listOf(AdminCategory), ...adminErrors },
      }),
    },
    async (request) => {
      const { merchantId } = actorOf(request);
      const rows = await db
        .select()
        .from(categories)
        .where(
          and(eq(categories.merchantId, merchantId), request.query.groupId ? eq(categories.groupId, request.query.groupId) : undefined),
        )
        .orderBy(asc(categories.priority), asc(categories.id));
      return { content: rows.map(categoryView) };
    },
  );
  app.post(
    '/admin/v1/categories',
    { config, schema: schema('Create a category', { body: CategoryInput, response: { 201: AdminCategory, ...adminErrors } }) },
    async (request, reply) => {
      const actor = actorOf(request);
      const row = await referencing(
        'body.groupId',
        db.transaction(async (tx) => {
          const inGroup = request.body.groupId ? eq(categories.groupId, request.body.groupId) : isNull(categories.groupId);
          const priority =
            request.body.priority ?? (await lastPlace(tx, categories, and(eq(categories.merchantId, actor.merchantId), inGroup)!));
          const [created] = await tx
            .insert(categories)
            .values({ ...request.body, priority, merchantId: actor.merchantId })
            .returning();
          await audit(tx, actor, { objectType: 'category', objectId: created!.id, action: 'create', after: categoryView(created!) });
          return created!;
        }),
      );
      return reply.code(201).send(categoryView(row));
    },
  );
  app.put(
    '/admin/v1/categories/:id',
    {
      config,
      schema: schema('Change a category', {
        params: AdminIdParams,
        body: CategoryInput.extend(VersionedWrite.shape),
        response: { 200: AdminCategory, ...adminErrors },
      }),
    },
    async (request) => {
      const actor = actorOf(request);
      const { version, ...values } = request.body;
      return referencing(
        'body.groupId',
        db.transaction(async (tx) => {
          const before = await one(tx, categories, actor.merchantId, request.params.id);
          const after = await updateVersioned(tx, categories, actor.merchantId, request.params.id, version, values);
          await audit(tx, actor, {
            objectType: 'category',
            objectId: after.id,
            action: 'update',
            before: categoryView(before),
            after: categoryView(after),
          });
          return categoryView(after);
        }),
      );
    },
  );
  app.delete(
    '/admin/v1/categories/:id',
    {
      config,
      schema: schema('Archive a category (switched off: the storefront no longer shows it or its products)', {
        params: AdminIdParams,
        querystring: VersionQuery,
        response: { 200: AdminCategory, ...adminErrors },
      }),
    },
    async (request) => {
      const actor = actorOf(request);
      return db.transaction(async (tx) => {
        const before = await one(tx, categories, actor.merchantId, request.params.id);
        const after = await updateVersioned(tx, categories, actor.merchantId, request.params.id, request.query.version, { active: false });
        await audit(tx, actor, {
          objectType: 'category',
          objectId: after.id,
          action: 'archive',
          before: categoryView(before),
          after: categoryView(after),
        });
        return categoryView(after);
      });
    },
  );
  orderRoute(app, db, '/admin/v1/categories/order', {
    table: categories,
    objectType: 'category',
    config,
    schema: schema('Set the order of categories', {}),
  });
  app.post(
    '/admin/v1/categories/:id/prices',
    {
      config,
      schema: schema('Change every price of a category by a percent', {
        description:
          'Each active product of the category: price × (1 + percent/100), rounded to `roundTo` so’m (never below it). `dryRun` answers the changes only. ' +
          'Applied in one transaction, each product’s version moves on, audited as one bulk change per product.',
        params: AdminIdParams,
        body: BulkPriceRequest,
        response: { 200: BulkPriceAnswer, ...adminErrors },
      }),
    },
    async (request) => {
      const actor = actorOf(request);
      const { percent, roundTo, dryRun } = request.body;
      return db.transaction(async (tx) => {
        await one(tx, categories, actor.merchantId, request.params.id);
        const rows = await tx
          .select()
          .from(products)
          .where(and(eq(products.merchantId, actor.merchantId), eq(products.categoryId, request.params.id), eq(products.active, true)))
          .orderBy(asc(products.priority))
          .for('update');
        const changes = rows
          .map((p) => ({
            id: p.id,
            name: p.name as Record<string, string>,
            before: p.costPrice,
            after: bulkPrice(p.costPrice, percent, roundTo),
          }))
          .filter((c) => c.after !== c.before);
        if (!dryRun) {
          for (const change of changes) {
            const row = rows.find((p) => p.id === change.id)!;
            const after = await updateVersioned(tx, products, actor.merchantId, row.id, row.version, {
              costPrice: change.after,
              updatedAt: new Date(),
            });
            await audit(tx, actor, {
              objectType: 'product',
              objectId: row.id,
              action: 'bulk',
              before: { price: change.before },
              after: { price: after.costPrice, percent },
            });
          }
        }
        return { changes, applied: !dryRun };
      });
    },
  );

  // Products.
  app.get(
    '/admin/v1/products',
    {
      config,
      schema: schema("The brand's products, archived ones too", {
        querystring: MenuListQuery,
        response: { 200: listOf(AdminProduct), ...adminErrors },
      }),
    },
    async (request) => {
      const { merchantId } = actorOf(request);
      const rows = await db
        .select()
        .from(products)
        .where(
          and(
            eq(products.merchantId, merchantId),
            request.query.categoryId ? eq(products.categoryId, request.query.categoryId) : undefined,
          ),
        )
        .orderBy(asc(products.priority), asc(products.id));
      return { content: rows.map(productView) };
    },
  );
  app.get(
    '/admin/v1/products/:id',
    { config, schema: schema('One product', { params: AdminIdParams, response: { 200: AdminProduct, ...adminErrors } }) },
    async (request) => productView(await one(db, products, actorOf(request).merchantId, request.params.id)),
  );
  app.post(
    '/admin/v1/products',
    { config, schema: schema('Create a product', { body: ProductInput, response: { 201: AdminProduct, ...adminErrors } }) },
    async (request, reply) => {
      const actor = actorOf(request);
      const row = await referencing(
        'body.categoryId',
        db.transaction(async (tx) => {
          const priority =
            request.body.priority ??
            (await lastPlace(
              tx,
              products,
              and(eq(products.merchantId, actor.merchantId), eq(products.categoryId, request.body.categoryId))!,
            ));
          const values = {
            ...productValues(request.body),
            priority,
            merchantId: actor.merchantId,
            categoryId: request.body.categoryId,
            costPrice: request.body.price,
          };
          const [created] = await tx.insert(products).values(values).returning();
          await audit(tx, actor, { objectType: 'product', objectId: created!.id, action: 'create', after: productView(created!) });
          return created!;
        }),
      );
      return reply.code(201).send(productView(row));
    },
  );
  app.patch(
    '/admin/v1/products/:id',
    {
      config,
      schema: schema('Change a product (the fields sent)', {
        params: AdminIdParams,
        body: ProductUpdate,
        response: { 200: AdminProduct, ...adminErrors },
      }),
    },
    async (request) => {
      const actor = actorOf(request);
      const { version, ...changes } = request.body;
      return referencing(
        'body.categoryId',
        db.transaction(async (tx) => {
          const before = await one(tx, products, actor.merchantId, request.params.id);
          const next = { price: before.costPrice, oldPrice: before.oldPrice, ...changes };
          if (next.oldPrice !== null && next.oldPrice !== undefined && next.oldPrice <= next.price) {
            throw new AppError('VALIDATION_FAILED', {
              fields: [{ field: 'body.oldPrice', message: 'The old price must be above the price' }],
            });
          }
          const after = await updateVersioned(tx, products, actor.merchantId, request.params.id, version, productValues(changes));
          await audit(tx, actor, {
            objectType: 'product',
            objectId: after.id,
            action: 'update',
            before: productView(before),
            after: productView(after),
          });
          return productView(after);
        }),
      );
    },
  );
  app.delete(
    '/admin/v1/products/:id',
    {
      config,
      schema: schema('Archive a product (switched off; orders still name it)', {
        params: AdminIdParams,
        querystring: VersionQuery,
        response: { 200: AdminProduct, ...adminErrors },
      }),
    },
    async (request) => {
      const actor = actorOf(request);
      return db.transaction(async (tx) => {
        const before = await one(tx, products, actor.merchantId, request.params.id);
        const after = await updateVersioned(tx, products, actor.merchantId, request.params.id, request.query.version, {
          active: false,
          updatedAt: new Date(),
        });
        await audit(tx, actor, {
          objectType: 'product',
          objectId: after.id,
          action: 'archive',
          before: productView(before),
          after: productView(after),
        });
        return productView(after);
      });
    },
  );
  orderRoute(app, db, '/admin/v1/products/order', {
    table: products,
    objectType: 'product',
    config,
    schema: schema('Set the order of products', {}),
  });

  // Availability per branch.
  async function availability(tx: Db, merchantId: string, productId: string) {
    await one(tx, products, merchantId, productId);
    const all = await tx
      .select({ id: branches.id })
      .from(branches)
      .where(and(eq(branches.merchantId, merchantId), eq(branches.deleted, false)));
    const rows = await tx
      .select()
      .from(productBranches)
      .where(and(eq(productBranches.merchantId, merchantId), eq(productBranches.productId, productId)));
    const off = new Set(rows.filter((r) => !r.isActive).map((r) => r.branchId));
    return { branches: all.map((b) => ({ branchId: b.id, available: !off.has(b.id) })) };
  }
  app.get(
    '/admin/v1/products/:id/availability',
    {
      config,
      schema: schema("A product's availability per branch", { params: AdminIdParams, response: { 200: AvailabilityView, ...adminErrors } }),
    },
    async (request) => availability(db, actorOf(request).merchantId, request.params.id),
  );
  app.put(
    '/admin/v1/products/:id/availability',
    {
      config,
      schema: schema('Switch a product on or off at branches (a manager: only at their branches)', {
        params: AdminIdParams,
        body: AvailabilityRequest,
        response: { 200: AvailabilityView, ...adminErrors },
      }),
    },
    async (request) => {
      const actor = actorOf(request);
      const productId = request.params.id;
      return db.transaction(async (tx) => {
        const before = await availability(tx, actor.merchantId, productId);
        const known = new Set(before.branches.map((b) => b.branchId));
        for (const { branchId, available } of request.body.branches) {
          if (!known.has(branchId)) throw new AppError('BRANCH_NOT_FOUND', { branchId });
          requireBranch(actor, branchId);
          await tx
            .insert(productBranches)
            .values({ merchantId: actor.merchantId, productId, branchId, isActive: available })
            .onConflictDoUpdate({
              target: [productBranches.merchantId, productBranches.productId, productBranches.branchId],
              set: { isActive: available },
            });
        }
        const after = await availability(tx, actor.merchantId, productId);
        await audit(tx, actor, { objectType: 'product-availability', objectId: productId, action: 'update', before, after });
        return after;
      });
    },
  );
};

/** A price moved by a percent, rounded half up to a multiple of `roundTo`, at least `roundTo`. */
export function bulkPrice(price: number, percent: number, roundTo: number): number {
  const raw = (price * (100 + percent)) / 100;
  return Math.max(roundTo, Math.round(raw / roundTo) * roundTo);
}
