import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { AppError } from '@dasturxon/domain';
import { AuditList, AuditQuery, type AuditEntry } from '@dasturxon/domain/contracts';
import { auditLog, type AuditRecord, type Db } from '@dasturxon/db';
import { actorOf, adminErrors, adminOf, adminSecurity, adminTags } from './admin-kernel.ts';

/**
 * A row's moment in whole microseconds since the epoch, as the database keeps it: the cursor must not round it to the
 * milliseconds of a JavaScript Date, or the rows of one millisecond (an import's changes) would fall between two pages.
 */
const micros = sql<string>`(extract(epoch from ${auditLog.at}) * 1000000)::bigint::text`;

const cursorOf = (row: { micros: string; seq: number }) => `${row.micros}_${row.seq}`;

function parseCursor(cursor: string): { micros: string; seq: string } {
  const [at, seq] = cursor.split('_');
  if (!/^\d{1,18}$/.test(at ?? '') || !/^\d{1,18}$/.test(seq ?? '')) {
    throw new AppError('VALIDATION_FAILED', { fields: [{ field: 'query.cursor', message: 'A nextCursor of the audit log' }] });
  }
  return { micros: at!, seq: seq! };
}

const entryOf = (row: AuditRecord): AuditEntry => ({
  id: row.id,
  at: row.at.toISOString(),
  actor: { id: row.actorId, name: row.actorName, role: row.actorRole },
  objectType: row.objectType,
  objectId: row.objectId,
  action: row.action,
  before: row.before,
  after: row.after,
});

/** The brand's audit log, newest first: every change of the back office, with who made it and the object before and after. */
export async function auditPage(db: Db, merchantId: string, query: AuditQuery) {
  const filters: (SQL | undefined)[] = [eq(auditLog.merchantId, merchantId)];
  if (query.objectType) filters.push(eq(auditLog.objectType, query.objectType));
  if (query.objectId) filters.push(eq(auditLog.objectId, query.objectId));
  if (query.cursor) {
    const { micros: after, seq } = parseCursor(query.cursor);
    // After the cursor's row in the page's order (newest first, then as written): the row comparison of (at, seq).
    filters.push(
      sql`(${auditLog.at}, ${auditLog.seq}) < (timestamptz 'epoch' + ${after}::bigint * interval '1 microsecond', ${seq}::bigint)`,
    );
  }
  const rows = await db
    .select({ row: auditLog, micros })
    .from(auditLog)
    .where(and(...filters))
    .orderBy(desc(auditLog.at), desc(auditLog.seq))
    .limit(query.size + 1);
  const page = rows.slice(0, query.size);
  const last = page[page.length - 1];
  return {
    content: page.map((r) => entryOf(r.row)),
    nextCursor: rows.length > query.size && last ? cursorOf({ micros: last.micros, seq: last.row.seq }) : null,
  };
}

export const auditRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/admin/v1/audit',
    {
      config: adminOf('audit'),
      schema: {
        tags: adminTags,
        security: adminSecurity,
        summary: "The brand's audit log",
        description:
          'Every change made in the back office or by the platform: who, when, what, the object before and after (secrets never). ' +
          'Newest first, in pages of `size` (50, at most 200); `nextCursor` (null on the last page) as `cursor` asks for the next. ' +
          '`objectType` and `objectId` narrow it to one object (the console shows it per object).',
        querystring: AuditQuery,
        response: { 200: AuditList, ...adminErrors },
      },
    },
    async (request) => auditPage(db, actorOf(request).merchantId, request.query),
  );
};
