import { and, eq, inArray, max, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, rolesOfArea, worksAt, type AuditAction, type BackOfficeArea } from '@dasturxon/domain';
import { ErrorResponse, ReorderRequest } from '@dasturxon/domain/contracts';
import { auditLog, PG_ERROR, pgErrorCode, type Db } from '@dasturxon/db';
import { requireStaff } from '../staff/index.ts';

/*
 * What every back-office resource is written with (issue 28, decision 017): the guard of an area, the actor, the
 * versioned write and the audit record. A resource's routes call these; none writes its own version check or log.
 *
 *   app.put('/admin/v1/things/:id', { config: adminOf('menu'), schema: {...} }, async (request) =>
 *     db.transaction(async (tx) => {
 *       const before = await repo.get(tx, actor.merchantId, id);              // null: 404 NOT_FOUND
 *       const after = await updateVersioned(tx, things, actor.merchantId, id, body.version, values);
 *       await audit(tx, actor, { objectType: 'thing', objectId: id, action: 'update', before, after });
 *       return view(after);
 *     }));
 */

/** The route config of a back-office area: the brand's host, a staff session of a role that may change the area (else 403). */
export const adminOf = (area: BackOfficeArea) => ({ tenant: 'active' as const, staff: rolesOfArea(area) });

/** The error answers every admin route documents. */
export const adminErrors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
};
export const adminTags = ['admin'];
export const adminSecurity = [{ bearer: [] }];
export const NoContent = z.null().describe('No content');

/** Who made a change: a staff member, or the platform (its token, the brand command) with no id. */
export interface Actor {
  merchantId: string;
  id: string | null;
  name: string;
  role: string;
  /** The staff member's branches (null: all of them); the platform's: all. */
  branchIds: readonly string[] | null;
  staffRole: Parameters<typeof worksAt>[0]['role'] | null;
}

/** The signed-in staff member of an admin route, as the audit log names them. */
export function actorOf(request: FastifyRequest): Actor {
  const member = requireStaff(request);
  return {
    merchantId: member.merchantId,
    id: member.id,
    name: member.name || member.phone,
    role: member.role,
    branchIds: member.branchIds,
    staffRole: member.role,
  };
}

/** The platform acting on a brand (`/api/platform/v1`, `npm run brand`). */
export const platformActor = (merchantId: string): Actor => ({
  merchantId,
  id: null,
  name: 'platform',
  role: 'platform',
  branchIds: null,
  staffRole: null,
});

/** 403 unless the actor works at the branch (a manager changes only their branches' hours and availability). */
export function requireBranch(actor: Actor, branchId: string): void {
  if (actor.staffRole === null) return;
  if (!worksAt({ role: actor.staffRole, branchIds: actor.branchIds ?? [] }, branchId)) {
    throw new AppError('FORBIDDEN', { role: actor.role, branchId });
  }
}

/** A row as the audit log keeps it: plain JSON (dates as ISO text), secrets already left out by the caller. */
export function auditView(row: object | null | undefined): Record<string, unknown> | null {
  return row ? (JSON.parse(JSON.stringify(row)) as Record<string, unknown>) : null;
}

export interface Change {
  /** The resource as the API names it: 'product', 'category', 'delivery-zone', 'settings', ... */
  objectType: string;
  objectId: string;
  action: AuditAction;
  before?: object | null;
  after?: object | null;
}

/** Records a change in the audit log, in the transaction that makes it (so no change is without its record). */
export async function audit(tx: Db, actor: Actor, change: Change): Promise<void> {
  await tx.insert(auditLog).values({
    merchantId: actor.merchantId,
    // The moment itself, not the transaction's start: the changes of one transaction (an import) keep their order.
    at: sql`clock_timestamp()`,
    actorId: actor.id,
    actorName: actor.name,
    actorRole: actor.role,
    objectType: change.objectType,
    objectId: change.objectId,
    action: change.action,
    before: auditView(change.before),
    after: auditView(change.after),
  });
}

/** A tenant table with its own id and a version column (packages/db columns.ts `version`). */
export type VersionedTable = PgTable & { merchantId: PgColumn; id: PgColumn; version: PgColumn };

/** After a versioned write touched no row: 404 when the brand has no such row, 409 VERSION_CONFLICT when it moved on. */
async function staleOrMissing(tx: Db, table: VersionedTable, where: SQL, expected: number): Promise<never> {
  const [current] = await tx.select({ version: table.version }).from(table).where(where).limit(1);
  if (!current) throw new AppError('NOT_FOUND');
  throw new AppError('VERSION_CONFLICT', { expected, current: current.version });
}

/**
 * Updates one row of the brand when it still has the version the writer read: sets `values` and the next version,
 * and answers the row as it is now. 404 when the brand has no such row (another brand's id included), 409 when stale.
 */
export async function updateVersioned<T extends VersionedTable>(
  tx: Db,
  table: T,
  merchantId: string,
  id: string,
  expected: number,
  values: Partial<T['$inferInsert']>,
): Promise<T['$inferSelect']> {
  const where = and(eq(table.merchantId, merchantId), eq(table.id, id))!;
  const rows = (await tx
    .update(table)
    .set({ ...values, version: sql`${table.version} + 1` } as never)
    .where(and(where, eq(table.version, expected)))
    .returning()) as T['$inferSelect'][];
  return rows[0] ?? staleOrMissing(tx, table, where, expected);
}

/** Deletes one row of the brand when it still has the version the writer read; answers the row deleted (404, 409 as above). */
export async function deleteVersioned<T extends VersionedTable>(
  tx: Db,
  table: T,
  merchantId: string,
  id: string,
  expected: number,
): Promise<T['$inferSelect']> {
  const where = and(eq(table.merchantId, merchantId), eq(table.id, id))!;
  const rows = (await tx
    .delete(table)
    .where(and(where, eq(table.version, expected)))
    .returning()) as T['$inferSelect'][];
  return rows[0] ?? staleOrMissing(tx, table, where, expected);
}

/**
 * For a row keyed otherwise (settings by channel, a payment account by provider): 409 unless `current` is at the
 * version the writer read (read it `for update` in the same transaction first), 404 when there is none.
 */
export function checkVersion(current: { version: number } | null | undefined, expected: number): void {
  if (!current) throw new AppError('NOT_FOUND');
  if (current.version !== expected) throw new AppError('VERSION_CONFLICT', { expected, current: current.version });
}

// ── Lists of the brand's rows: one row, the next place, the order after a drag (menu, banners, stories, ...) ──

/** The brand's row of a table by id; another brand's or a missing id answers 404. */
/** The place after the last of a list (a new object goes last unless it names its place). */
export async function lastPlace(tx: Db, table: VersionedTable & { priority: PgColumn }, where: SQL): Promise<number> {
  const [row] = await tx
    .select({ top: max(table.priority) })
    .from(table as VersionedTable)
    .where(where);
  return (Number(row?.top ?? 0) || 0) + 10;
}

/** A reference to another of the brand's rows the database refused: the field named, as bad input. */
export async function referencing<T>(field: string, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (pgErrorCode(error) === PG_ERROR.FOREIGN_KEY_VIOLATION) {
      throw new AppError('VALIDATION_FAILED', { fields: [{ field, message: 'No such object of this brand' }] });
    }
    throw error;
  }
}

export async function one<T extends VersionedTable>(tx: Db, table: T, merchantId: string, id: string): Promise<T['$inferSelect']> {
  const [row] = (await tx
    .select()
    .from(table as VersionedTable)
    .where(and(eq(table.merchantId, merchantId), eq(table.id, id)))
    .limit(1)) as T['$inferSelect'][];
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/**
 * Sets the order of a list after a drag: each id's priority becomes its place (10, 20, ...), its version moves on and
 * the change is audited. Every id must be the brand's and of the list `inList` names; others keep their place.
 */
export async function reorder<T extends VersionedTable & { priority: PgColumn }>(
  db: Db,
  actor: Actor,
  table: T,
  objectType: string,
  ids: string[],
): Promise<void> {
  if (new Set(ids).size !== ids.length) {
    throw new AppError('VALIDATION_FAILED', { fields: [{ field: 'body.ids', message: 'An id is named twice' }] });
  }
  await db.transaction(async (tx) => {
    const rows = (await tx
      .select()
      .from(table as VersionedTable)
      .where(and(eq(table.merchantId, actor.merchantId), inArray(table.id, ids)))
      .for('update')) as (T['$inferSelect'] & { id: string; priority: number })[];
    if (rows.length !== ids.length) throw new AppError('NOT_FOUND');
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const [index, id] of ids.entries()) {
      const before = byId.get(id)!;
      const priority = (index + 1) * 10;
      if (before.priority === priority) continue;
      const after = await updateVersioned(tx, table, actor.merchantId, id, (before as unknown as { version: number }).version, {
        priority,
      } as never);
      await audit(tx, actor, {
        objectType,
        objectId: id,
        action: 'update',
        before: { priority: before.priority },
        after: { priority: (after as { priority: number }).priority },
      });
    }
  });
}

/**
 * `PUT <path>` `{ids}`: the order of a list after a drag (`reorder`), 204. Every ordered list of the back office
 * registers its route with this; `schema` carries the route's tags, security and summary.
 */
export function orderRoute<T extends VersionedTable & { priority: PgColumn }>(
  app: Parameters<FastifyPluginAsyncZod>[0],
  db: Db,
  path: string,
  list: { table: T; objectType: string; config: ReturnType<typeof adminOf>; schema: Record<string, unknown> },
): void {
  app.put(
    path,
    { config: list.config, schema: { ...list.schema, body: ReorderRequest, response: { 204: NoContent, ...adminErrors } } },
    async (request, reply) => {
      await reorder(db, actorOf(request), list.table, list.objectType, request.body.ids);
      return reply.code(204).send(null);
    },
  );
}
