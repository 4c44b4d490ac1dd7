import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '@dasturxon/domain';
import {
  AdminIdParams,
  AdminVacancy,
  AdminVacancyList,
  VacancyApplicationList,
  VacancyApplicationQuery,
  VacancyInput,
  VacancyUpdate,
  VersionQuery,
} from '@dasturxon/domain/contracts';
import { vacancies, vacancyApplications, type Db, type VacancyRow } from '@dasturxon/db';
import { z as zod } from 'zod';
import {
  actorOf,
  adminErrors,
  adminOf,
  adminSecurity,
  audit,
  deleteVersioned,
  lastPlace,
  NoContent,
  one,
  referencing,
  updateVersioned,
} from '../admin-kernel.ts';

// Vacancies are the brand's published content: the `content` area (owner, admin, manager).
const config = adminOf('content');
const common = { tags: ['admin: vacancies'], security: adminSecurity };

const view = (v: VacancyRow, applications: number): AdminVacancy => ({
  id: v.id,
  version: v.version,
  position: v.position,
  responsible: v.responsible,
  salary: v.salary,
  requirements: v.requirements,
  branchId: v.branchId,
  active: v.active,
  priority: v.priority,
  applications,
});

const valuesOf = (input: z.output<typeof VacancyInput>) => ({
  position: input.position,
  responsible: input.responsible,
  salary: input.salary,
  requirements: input.requirements,
  branchId: input.branchId,
  active: input.active,
  ...(input.priority === undefined ? {} : { priority: input.priority }),
});

async function applicationsOf(db: Db, merchantId: string, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: vacancyApplications.vacancyId, n: count() })
    .from(vacancyApplications)
    .where(and(eq(vacancyApplications.merchantId, merchantId), inArray(vacancyApplications.vacancyId, ids)))
    .groupBy(vacancyApplications.vacancyId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/**
 * The back office's vacancies (issue 31): CRUD under `/api/admin/v1/vacancies`, every write versioned and audited as
 * `vacancy`; the applications customers sent, newest first, and each one's CV file.
 */
export const adminVacancyRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/admin/v1/vacancies',
    {
      config,
      schema: { ...common, summary: "The brand's vacancies, open and closed", response: { 200: AdminVacancyList, ...adminErrors } },
    },
    async (request) => {
      const { merchantId } = actorOf(request);
      const rows = await db
        .select()
        .from(vacancies)
        .where(eq(vacancies.merchantId, merchantId))
        .orderBy(asc(vacancies.priority), desc(vacancies.createdAt), asc(vacancies.id));
      const counts = await applicationsOf(
        db,
        merchantId,
        rows.map((r) => r.id),
      );
      return { content: rows.map((r) => view(r, counts.get(r.id) ?? 0)) };
    },
  );

  app.post(
    '/admin/v1/vacancies',
    { config, schema: { ...common, summary: 'Create a vacancy', body: VacancyInput, response: { 201: AdminVacancy, ...adminErrors } } },
    async (request, reply) => {
      const actor = actorOf(request);
      const created = await db.transaction(async (tx) => {
        const priority = request.body.priority ?? (await lastPlace(tx, vacancies, eq(vacancies.merchantId, actor.merchantId)));
        const [row] = await referencing(
          'body.branchId',
          tx
            .insert(vacancies)
            .values({ merchantId: actor.merchantId, ...valuesOf(request.body), priority })
            .returning(),
        );
        await audit(tx, actor, { objectType: 'vacancy', objectId: row!.id, action: 'create', after: row });
        return row!;
      });
      return reply.code(201).send(view(created, 0));
    },
  );

  app.put(
    '/admin/v1/vacancies/:id',
    {
      config,
      schema: {
        ...common,
        summary: 'Change a vacancy (409 VERSION_CONFLICT when it changed since it was read)',
        params: AdminIdParams,
        body: VacancyUpdate,
        response: { 200: AdminVacancy, ...adminErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { version, ...input } = request.body;
      const after = await db.transaction(async (tx) => {
        const before = await one(tx, vacancies, actor.merchantId, request.params.id);
        const row = await referencing(
          'body.branchId',
          updateVersioned(tx, vacancies, actor.merchantId, request.params.id, version, valuesOf(input)),
        );
        await audit(tx, actor, { objectType: 'vacancy', objectId: row.id, action: 'update', before, after: row });
        return row;
      });
      const counts = await applicationsOf(db, actor.merchantId, [after.id]);
      return view(after, counts.get(after.id) ?? 0);
    },
  );

  app.delete(
    '/admin/v1/vacancies/:id',
    {
      config,
      schema: {
        ...common,
        summary: 'Delete a vacancy and its applications',
        params: AdminIdParams,
        querystring: VersionQuery,
        response: { 204: NoContent, ...adminErrors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      await db.transaction(async (tx) => {
        const before = await deleteVersioned(tx, vacancies, actor.merchantId, request.params.id, request.query.version);
        await audit(tx, actor, { objectType: 'vacancy', objectId: before.id, action: 'delete', before });
      });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/admin/v1/vacancies/applications',
    {
      config,
      schema: {
        ...common,
        summary: 'The applications sent to the brand, newest first (of one vacancy with `vacancyId`)',
        querystring: VacancyApplicationQuery,
        response: { 200: VacancyApplicationList, ...adminErrors },
      },
    },
    async (request) => {
      const { merchantId } = actorOf(request);
      const a = vacancyApplications;
      const rows = await db
        .select({
          id: a.id,
          vacancyId: a.vacancyId,
          position: vacancies.position,
          name: a.name,
          phone: a.phone,
          text: a.text,
          cvName: a.cvName,
          cvType: a.cvType,
          cvSize: a.cvSize,
          createdAt: a.createdAt,
        })
        .from(a)
        .innerJoin(vacancies, and(eq(vacancies.merchantId, a.merchantId), eq(vacancies.id, a.vacancyId)))
        .where(and(eq(a.merchantId, merchantId), request.query.vacancyId ? eq(a.vacancyId, request.query.vacancyId) : undefined))
        .orderBy(desc(a.createdAt), desc(a.id))
        .limit(500);
      return {
        content: rows.map(({ cvName, cvType, cvSize, createdAt, ...r }) => ({
          ...r,
          cv: cvName && cvType ? { name: cvName, type: cvType, size: cvSize ?? 0 } : null,
          createdAt: createdAt.toISOString(),
        })),
      };
    },
  );

  app.get(
    '/admin/v1/vacancies/applications/:id/cv',
    {
      config,
      schema: {
        ...common,
        summary: "An application's CV file, as an attachment",
        params: AdminIdParams,
        response: { 200: zod.any().describe('The file'), ...adminErrors },
      },
    },
    async (request, reply) => {
      const { merchantId } = actorOf(request);
      const a = vacancyApplications;
      const [row] = await db
        .select({ cv: a.cv, cvName: a.cvName, cvType: a.cvType })
        .from(a)
        .where(and(eq(a.merchantId, merchantId), eq(a.id, request.params.id)))
        .limit(1);
      if (!row?.cv || !row.cvType) throw new AppError('NOT_FOUND');
      const name = (row.cvName ?? 'cv').replace(/["\\\r\n]/g, '_');
      return reply
        .header('content-type', row.cvType)
        .header(
          'content-disposition',
          `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        )
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(row.cv);
    },
  );
};
