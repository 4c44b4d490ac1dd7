import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import { AppError, isUuid } from '@dasturxon/domain';
import { AuditList, AuditQuery, type AuditEntry } from '@dasturxon/domain/contracts';
import { auditLog, type AuditRecord, type Db } from '@dasturxon/db';
import { actorOf, adminErrors, adminOf, adminSecurity, adminTags } from './admin-kernel.ts';

const cursorOf = (row: AuditRecord) => `${row.at.toISOString()}_${row.id}`;

function parseCursor(cursor: string): { at: Date; id: string } {
  const [at, id] = cursor.split('_');
  const date = new Date(at ?? '');
  if (!id || !isUuid(id) || Number.isNaN(date.getTime())) {
    throw new AppError('VALIDATION_FAILED', { fields: [{ field: 'query.cursor', message: 'A nextCursor of the audit log' }] });
  }
  return { at: date, id };
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
    const { at, id } = parseCursor(query.cursor);
    filters.push(or(lt(auditLog.at, at), and(eq(auditLog.at, at), lt(auditLog.id, id))));
  }
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...filters))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(query.size + 1);
  const page = rows.slice(0, query.size);
  return { content: page.map(entryOf), nextCursor: rows.length > query.size ? cursorOf(page[page.length - 1]!) : null };
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
