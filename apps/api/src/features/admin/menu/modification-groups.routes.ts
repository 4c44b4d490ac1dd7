import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@dasturxon/domain';
import {
  AdminIdParams,
  AdminModificationGroup,
  ModificationGroupInput,
  ModificationGroupQuery,
  ModificationGroupUpdate,
  VersionQuery,
} from '@dasturxon/domain/contracts';
import { modificationBranches, modificationGroups, modifications, products, type Db } from '@dasturxon/db';
import { actorOf, adminErrors, adminOf, adminSecurity, audit, updateVersioned, type Actor } from '../admin-kernel.ts';

/*
 * The back office's modification groups (issue 28, docs/back-office.md "Modification groups"): a product's choices
 * and the price of each option. A group is its product's own (modification_groups.product_id). A write names the
 * group's live options as a whole, in their order: an option keeps its id (an order's line names options by id), a
 * new one gets one, and one left out is archived (active = false), never deleted. Deleting a group archives it: its
 * options are switched off and it asks nothing of the customer (min 0), so neither the storefront nor the quote sees
 * it, while the rows orders named stay. Every write is versioned by the group's version and audited.
 */

type GroupRow = typeof modificationGroups.$inferSelect;
type OptionRow = typeof modifications.$inferSelect;
type OptionInput = z.output<typeof ModificationGroupInput>['options'][number];

const tags = ['admin: menu'];
const config = adminOf('menu');
const OBJECT = 'modification-group';

/** The groups (by id, or of a product, or all the brand's) as the API answers them, each with all its options. */
async function readGroups(
  db: Db,
  merchantId: string,
  only: { id?: string; productId?: string | undefined } = {},
): Promise<AdminModificationGroup[]> {
  const rows = await db
    .select()
    .from(modificationGroups)
    .where(
      and(
        eq(modificationGroups.merchantId, merchantId),
        only.id ? eq(modificationGroups.id, only.id) : undefined,
        only.productId ? eq(modificationGroups.productId, only.productId) : undefined,
      ),
    )
    .orderBy(asc(modificationGroups.productId), asc(modificationGroups.priority), asc(modificationGroups.id));
  if (rows.length === 0) return [];
  const groupIds = rows.map((g) => g.id);
  const options = await db
    .select()
    .from(modifications)
    .where(and(eq(modifications.merchantId, merchantId), inArray(modifications.groupId, groupIds)))
    .orderBy(sql`${modifications.active} desc`, asc(modifications.priority), asc(modifications.id));
  const stopped = await db
    .select({ modificationId: modificationBranches.modificationId, branchId: modificationBranches.branchId })
    .from(modificationBranches)
    .innerJoin(
      modifications,
      and(eq(modifications.merchantId, modificationBranches.merchantId), eq(modifications.id, modificationBranches.modificationId)),
    )
    .where(
      and(
        eq(modificationBranches.merchantId, merchantId),
        eq(modificationBranches.isActive, false),
        inArray(modifications.groupId, groupIds),
      ),
    )
    .orderBy(asc(modificationBranches.branchId));
  return rows.map((g) => groupView(g, options, stopped));
}

function groupView(g: GroupRow, options: OptionRow[], stopped: { modificationId: string; branchId: string }[]): AdminModificationGroup {
  const own = options.filter((o) => o.groupId === g.id);
  return {
    id: g.id,
    version: g.version,
    productId: g.productId,
    name: g.name as Record<string, string>,
    min: g.min,
    max: g.max,
    required: g.min > 0,
    priority: g.priority,
    archived: !own.some((o) => o.active),
    options: own.map((o) => ({
      id: o.id,
      name: o.name as Record<string, string>,
      price: o.price,
      image: o.image,
      priority: o.priority,
      isDefault: o.isDefault,
      active: o.active,
      stoppedAt: stopped.filter((s) => s.modificationId === o.id).map((s) => s.branchId),
    })),
  };
}

async function oneGroup(db: Db, merchantId: string, id: string): Promise<AdminModificationGroup> {
  const [group] = await readGroups(db, merchantId, { id });
  if (!group) throw new AppError('NOT_FOUND');
  return group;
}

/**
 * Makes the group's options what `wanted` says, in its order (priority 10, 20, ...): a named option is updated (and
 * switched back on), a new one inserted, and every live option not named archived. An id that is not one of this
 * group's options (another group's, another brand's) answers 404 naming its place.
 */
async function writeOptions(tx: Db, merchantId: string, group: GroupRow, wanted: OptionInput[]): Promise<void> {
  const current = await tx
    .select()
    .from(modifications)
    .where(and(eq(modifications.merchantId, merchantId), eq(modifications.groupId, group.id)))
    .for('update');
  const byId = new Map(current.map((o) => [o.id, o]));
  for (const [index, option] of wanted.entries()) {
    if (option.id && !byId.has(option.id)) {
      throw new AppError('NOT_FOUND', { field: `body.options.${index}.id`, id: option.id });
    }
  }
  for (const [index, option] of wanted.entries()) {
    const values = {
      name: option.name,
      price: option.price,
      image: option.image,
      isDefault: option.isDefault ?? false,
      priority: (index + 1) * 10,
      active: true,
    };
    const row = option.id ? byId.get(option.id) : undefined;
    if (!row) {
      await tx.insert(modifications).values({ ...values, merchantId, productId: group.productId, groupId: group.id });
      continue;
    }
    const same =
      JSON.stringify(row.name) === JSON.stringify(values.name) &&
      row.price === values.price &&
      row.image === values.image &&
      row.isDefault === values.isDefault &&
      row.priority === values.priority &&
      row.active;
    if (same) continue;
    await tx
      .update(modifications)
      .set({ ...values, version: sql`${modifications.version} + 1` })
      .where(and(eq(modifications.merchantId, merchantId), eq(modifications.id, row.id)));
  }
  const named = new Set(wanted.map((o) => o.id).filter(Boolean));
  const leaving = current.filter((o) => o.active && !named.has(o.id)).map((o) => o.id);
  await archiveOptions(tx, merchantId, leaving);
}

async function archiveOptions(tx: Db, merchantId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(modifications)
    .set({ active: false, version: sql`${modifications.version} + 1` })
    .where(and(eq(modifications.merchantId, merchantId), inArray(modifications.id, ids)));
}

/** A body's product that is not the brand's: bad input naming the field (as a product's category is). */
async function requireProduct(tx: Db, actor: Actor, productId: string): Promise<void> {
  const [row] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.merchantId, actor.merchantId), eq(products.id, productId)))
    .limit(1);
  if (!row) throw new AppError('VALIDATION_FAILED', { fields: [{ field: 'body.productId', message: 'No such product of this brand' }] });
}

export const modificationGroupRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const schema = <E extends object>(summary: string, extra: E) => ({ tags, security: adminSecurity, summary, ...extra });

  app.get(
    '/admin/v1/modification-groups',
    {
      config,
      schema: schema("The brand's modification groups (of a product), each with its options", {
        querystring: ModificationGroupQuery,
        response: { 200: z.object({ content: z.array(AdminModificationGroup) }), ...adminErrors },
      }),
    },
    async (request) => {
      const all = await readGroups(db, actorOf(request).merchantId, { productId: request.query.productId });
      return { content: request.query.archived ? all : all.filter((g) => !g.archived) };
    },
  );

  app.get(
    '/admin/v1/modification-groups/:id',
    {
      config,
      schema: schema('One modification group with all its options (archived ones too)', {
        params: AdminIdParams,
        response: { 200: AdminModificationGroup, ...adminErrors },
      }),
    },
    async (request) => oneGroup(db, actorOf(request).merchantId, request.params.id),
  );

  app.post(
    '/admin/v1/modification-groups',
    {
      config,
      schema: schema("Create a product's modification group with its options", {
        description: 'min ≤ max ≤ the number of options (400 naming `body.min` or `body.max`); prices in so’m, ≥ 0.',
        body: ModificationGroupInput,
        response: { 201: AdminModificationGroup, ...adminErrors },
      }),
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { options, productId, priority, ...values } = request.body;
      const view = await db.transaction(async (tx) => {
        await requireProduct(tx, actor, productId);
        const [top] = await tx
          .select({ top: max(modificationGroups.priority) })
          .from(modificationGroups)
          .where(and(eq(modificationGroups.merchantId, actor.merchantId), eq(modificationGroups.productId, productId)));
        const [created] = await tx
          .insert(modificationGroups)
          .values({
            ...values,
            productId,
            priority: priority ?? (Number(top?.top ?? 0) || 0) + 10,
            merchantId: actor.merchantId,
          })
          .returning();
        await writeOptions(tx, actor.merchantId, created!, options);
        const after = await oneGroup(tx, actor.merchantId, created!.id);
        await audit(tx, actor, { objectType: OBJECT, objectId: after.id, action: 'create', after });
        return after;
      });
      return reply.code(201).send(view);
    },
  );

  app.put(
    '/admin/v1/modification-groups/:id',
    {
      config,
      schema: schema('Change a modification group and its options, as a whole', {
        description:
          'The options sent are the live ones, in their order: an option with its `id` keeps it, one without is new, one left out is archived (orders that named it keep it). ' +
          'With the `version` read (409 VERSION_CONFLICT when stale).',
        params: AdminIdParams,
        body: ModificationGroupUpdate,
        response: { 200: AdminModificationGroup, ...adminErrors },
      }),
    },
    async (request) => {
      const actor = actorOf(request);
      const { version, options, priority, ...values } = request.body;
      return db.transaction(async (tx) => {
        const before = await oneGroup(tx, actor.merchantId, request.params.id);
        const row = await updateVersioned(tx, modificationGroups, actor.merchantId, request.params.id, version, {
          ...values,
          ...(priority === undefined ? {} : { priority }),
        });
        await writeOptions(tx, actor.merchantId, row, options);
        const after = await oneGroup(tx, actor.merchantId, row.id);
        await audit(tx, actor, { objectType: OBJECT, objectId: row.id, action: 'update', before, after });
        return after;
      });
    },
  );

  app.delete(
    '/admin/v1/modification-groups/:id',
    {
      config,
      schema: schema('Archive a modification group (its options switched off, nothing asked of the customer)', {
        description:
          'The group and its options stay (orders name them); the storefront and the quote no longer see it. A PUT with options brings it back.',
        params: AdminIdParams,
        querystring: VersionQuery,
        response: { 200: AdminModificationGroup, ...adminErrors },
      }),
    },
    async (request) => {
      const actor = actorOf(request);
      return db.transaction(async (tx) => {
        const before = await oneGroup(tx, actor.merchantId, request.params.id);
        await updateVersioned(tx, modificationGroups, actor.merchantId, request.params.id, request.query.version, { min: 0 });
        await archiveOptions(
          tx,
          actor.merchantId,
          before.options.filter((o) => o.active).map((o) => o.id),
        );
        const after = await oneGroup(tx, actor.merchantId, request.params.id);
        await audit(tx, actor, { objectType: OBJECT, objectId: after.id, action: 'archive', before, after });
        return after;
      });
    },
  );
};
