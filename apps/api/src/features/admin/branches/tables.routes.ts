import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, eq, ne } from 'drizzle-orm';
import { AppError } from '@dasturxon/domain';
import {
  AdminHall,
  AdminHallList,
  AdminTable,
  AdminTableList,
  BranchChildParams,
  BranchIdParams,
  HallCreate,
  HallUpdate,
  TableCreate,
  TableUpdate,
  VersionQuery,
} from '@dasturxon/domain/contracts';
import { branches, diningTables, halls, type Db } from '@dasturxon/db';
import { actorOf, adminErrors, adminOf, adminSecurity, adminTags, audit, deleteVersioned, updateVersioned } from '../admin-kernel.ts';

const common = { tags: adminTags, security: adminSecurity };

const hallView = (h: typeof halls.$inferSelect): AdminHall => ({
  id: h.id,
  branchId: h.branchId,
  version: h.version,
  name: h.name,
  priority: h.priority,
  active: h.active,
});
const tableView = (t: typeof diningTables.$inferSelect): AdminTable => ({
  id: t.id,
  branchId: t.branchId,
  hallId: t.hallId,
  version: t.version,
  name: t.name,
  seats: t.seats,
  priority: t.priority,
  active: t.active,
});

async function requireBranchOf(db: Db, merchantId: string, branchId: string) {
  const [b] = await db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.merchantId, merchantId), eq(branches.id, branchId)));
  if (!b) throw new AppError('NOT_FOUND');
}

async function childOf<T extends typeof halls | typeof diningTables>(db: Db, table: T, merchantId: string, branchId: string, id: string) {
  const [row] = await db
    .select()
    .from(table as typeof halls)
    .where(and(eq(table.merchantId, merchantId), eq(table.branchId, branchId), eq(table.id, id)));
  if (!row) throw new AppError('NOT_FOUND');
  return row as unknown as T['$inferSelect'];
}

/** 400 on body.hallId when the hall is not of the branch; 400 on body.name when the branch has a table of that name. */
async function checkTable(db: Db, merchantId: string, branchId: string, hallId: string, name: string, self?: string) {
  const [hall] = await db
    .select({ id: halls.id })
    .from(halls)
    .where(and(eq(halls.merchantId, merchantId), eq(halls.branchId, branchId), eq(halls.id, hallId)));
  if (!hall) throw new AppError('VALIDATION_FAILED', { fields: [{ field: 'body.hallId', message: 'not a hall of the branch' }] });
  const [same] = await db
    .select({ id: diningTables.id })
    .from(diningTables)
    .where(
      and(
        eq(diningTables.merchantId, merchantId),
        eq(diningTables.branchId, branchId),
        eq(diningTables.name, name),
        self ? ne(diningTables.id, self) : undefined,
      ),
    );
  if (same) throw new AppError('VALIDATION_FAILED', { fields: [{ field: 'body.name', message: 'the branch has a table of this name' }] });
}

/** The halls and tables of a branch (dine-in), area `tables` (owner, admin). */
export const tableRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const config = adminOf('tables');

  app.get(
    '/admin/v1/branches/:id/halls',
    {
      config,
      schema: { ...common, summary: "A branch's halls", params: BranchIdParams, response: { 200: AdminHallList, ...adminErrors } },
    },
    async (request) => {
      const { merchantId } = actorOf(request);
      await requireBranchOf(db, merchantId, request.params.id);
      const rows = await db
        .select()
        .from(halls)
        .where(and(eq(halls.merchantId, merchantId), eq(halls.branchId, request.params.id)))
        .orderBy(asc(halls.priority), asc(halls.id));
      return { content: rows.map(hallView) };
    },
  );

  app.post(
    '/admin/v1/branches/:id/halls',
    {
      config,
      schema: { ...common, summary: 'Adds a hall', params: BranchIdParams, body: HallCreate, response: { 201: AdminHall, ...adminErrors } },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const view = await db.transaction(async (tx) => {
        await requireBranchOf(tx, actor.merchantId, request.params.id);
        const [row] = await tx
          .insert(halls)
          .values({ merchantId: actor.merchantId, branchId: request.params.id, ...request.body })
          .returning();
        await audit(tx, actor, { objectType: 'hall', objectId: row!.id, action: 'create', after: row });
        return hallView(row!);
      });
      return reply.code(201).send(view);
    },
  );

  app.put(
    '/admin/v1/branches/:id/halls/:childId',
    {
      config,
      schema: {
        ...common,
        summary: 'Changes a hall',
        params: BranchChildParams,
        body: HallUpdate,
        response: { 200: AdminHall, ...adminErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { id, childId } = request.params;
      return db.transaction(async (tx) => {
        const before = await childOf(tx, halls, actor.merchantId, id, childId);
        const { version, ...values } = request.body;
        const after = await updateVersioned(tx, halls, actor.merchantId, childId, version, values);
        await audit(tx, actor, { objectType: 'hall', objectId: childId, action: 'update', before, after });
        return hallView(after);
      });
    },
  );

  app.delete(
    '/admin/v1/branches/:id/halls/:childId',
    {
      config,
      schema: {
        ...common,
        summary: 'Removes a hall and its tables',
        params: BranchChildParams,
        querystring: VersionQuery,
        response: { 200: AdminHall, ...adminErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { id, childId } = request.params;
      return db.transaction(async (tx) => {
        await childOf(tx, halls, actor.merchantId, id, childId);
        const before = await deleteVersioned(tx, halls, actor.merchantId, childId, request.query.version);
        await audit(tx, actor, { objectType: 'hall', objectId: childId, action: 'delete', before });
        return hallView(before);
      });
    },
  );

  app.get(
    '/admin/v1/branches/:id/tables',
    {
      config,
      schema: { ...common, summary: "A branch's tables", params: BranchIdParams, response: { 200: AdminTableList, ...adminErrors } },
    },
    async (request) => {
      const { merchantId } = actorOf(request);
      await requireBranchOf(db, merchantId, request.params.id);
      const rows = await db
        .select()
        .from(diningTables)
        .where(and(eq(diningTables.merchantId, merchantId), eq(diningTables.branchId, request.params.id)))
        .orderBy(asc(diningTables.priority), asc(diningTables.name));
      return { content: rows.map(tableView) };
    },
  );

  app.post(
    '/admin/v1/branches/:id/tables',
    {
      config,
      schema: {
        ...common,
        summary: 'Adds a table',
        description: 'The name is unique in the branch: a duplicate answers 400 VALIDATION_FAILED on body.name.',
        params: BranchIdParams,
        body: TableCreate,
        response: { 201: AdminTable, ...adminErrors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const view = await db.transaction(async (tx) => {
        await requireBranchOf(tx, actor.merchantId, request.params.id);
        await checkTable(tx, actor.merchantId, request.params.id, request.body.hallId, request.body.name);
        const [row] = await tx
          .insert(diningTables)
          .values({ merchantId: actor.merchantId, branchId: request.params.id, ...request.body })
          .returning();
        await audit(tx, actor, { objectType: 'table', objectId: row!.id, action: 'create', after: row });
        return tableView(row!);
      });
      return reply.code(201).send(view);
    },
  );

  app.put(
    '/admin/v1/branches/:id/tables/:childId',
    {
      config,
      schema: {
        ...common,
        summary: 'Changes a table',
        params: BranchChildParams,
        body: TableUpdate,
        response: { 200: AdminTable, ...adminErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { id, childId } = request.params;
      return db.transaction(async (tx) => {
        const before = await childOf(tx, diningTables, actor.merchantId, id, childId);
        await checkTable(tx, actor.merchantId, id, request.body.hallId, request.body.name, childId);
        const { version, ...values } = request.body;
        const after = await updateVersioned(tx, diningTables, actor.merchantId, childId, version, values);
        await audit(tx, actor, { objectType: 'table', objectId: childId, action: 'update', before, after });
        return tableView(after);
      });
    },
  );

  app.delete(
    '/admin/v1/branches/:id/tables/:childId',
    {
      config,
      schema: {
        ...common,
        summary: 'Removes a table',
        params: BranchChildParams,
        querystring: VersionQuery,
        response: { 200: AdminTable, ...adminErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { id, childId } = request.params;
      return db.transaction(async (tx) => {
        await childOf(tx, diningTables, actor.merchantId, id, childId);
        const before = await deleteVersioned(tx, diningTables, actor.merchantId, childId, request.query.version);
        await audit(tx, actor, { objectType: 'table', objectId: childId, action: 'delete', before });
        return tableView(before);
      });
    },
  );
};
