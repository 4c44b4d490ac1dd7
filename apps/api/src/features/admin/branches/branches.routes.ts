import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, eq } from 'drizzle-orm';
import { AppError } from '@dasturxon/domain';
import {
  AdminBranch,
  AdminBranchList,
  AdminCityList,
  BranchCreate,
  BranchHours,
  BranchHoursWrite,
  BranchIdParams,
  BranchUpdate,
  SpecialDays,
  SpecialDaysWrite,
  VersionQuery,
  type BranchFields,
} from '@dasturxon/domain/contracts';
import { groupWorkHours } from '@dasturxon/domain';
import { branchSettings, branchSpecialDays, branches, cities, workHours, type Db } from '@dasturxon/db';
import {
  actorOf,
  adminErrors,
  adminOf,
  adminSecurity,
  adminTags,
  audit,
  requireBranch,
  updateVersioned,
  type Actor,
} from '../admin-kernel.ts';

type BranchRow = typeof branches.$inferSelect;

const viewOf = (row: BranchRow, timeZone: string): AdminBranch => ({
  id: row.id,
  version: row.version,
  name: row.name,
  cityId: row.cityId,
  address: row.address,
  latitude: row.latitude,
  longitude: row.longitude,
  phone: row.phone,
  services: { delivery: row.settings.deliveryEnabled, pickup: row.settings.pickupEnabled, dineIn: row.settings.dineinEnabled },
  deliveryMinAmount: row.deliveryMinAmount,
  isActive: row.isActive,
  priority: row.priority,
  prepMinutes: row.prepMinutes,
  timeZone,
  deleted: row.deleted,
});

/** The branch of the brand with its city's time zone; 404 when the brand has none such (another brand's id included). */
async function loadBranch(db: Db, merchantId: string, id: string, lock = false) {
  const q = db
    .select({ branch: branches, timeZone: cities.timeZone })
    .from(branches)
    .innerJoin(cities, and(eq(cities.merchantId, branches.merchantId), eq(cities.id, branches.cityId)))
    .where(and(eq(branches.merchantId, merchantId), eq(branches.id, id)));
  const [row] = lock ? await q.for('update', { of: branches }) : await q;
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

async function cityZone(db: Db, merchantId: string, cityId: string): Promise<string> {
  const [city] = await db
    .select({ timeZone: cities.timeZone })
    .from(cities)
    .where(and(eq(cities.merchantId, merchantId), eq(cities.id, cityId)));
  if (!city) throw new AppError('VALIDATION_FAILED', { fields: [{ field: 'body.cityId', message: 'not a city of the brand' }] });
  return city.timeZone;
}

const columnsOf = (body: BranchFields, settings: BranchRow['settings']) => ({
  name: body.name,
  cityId: body.cityId,
  address: body.address,
  latitude: body.latitude,
  longitude: body.longitude,
  phone: body.phone,
  deliveryMinAmount: body.deliveryMinAmount,
  isActive: body.isActive,
  priority: body.priority,
  ...(body.prepMinutes === undefined ? {} : { prepMinutes: body.prepMinutes }),
  settings: {
    ...settings,
    deliveryEnabled: body.services.delivery,
    pickupEnabled: body.services.pickup,
    dineinEnabled: body.services.dineIn,
  },
});

/** A manager sees their branches only; the owner and admin all of the brand's. */
const visible = (actor: Actor, id: string) => actor.branchIds === null || actor.staffRole !== 'manager' || actor.branchIds.includes(id);

async function specialDaysOf(db: Db, merchantId: string, branchId: string) {
  const rows = await db
    .select()
    .from(branchSpecialDays)
    .where(and(eq(branchSpecialDays.merchantId, merchantId), eq(branchSpecialDays.branchId, branchId)))
    .orderBy(asc(branchSpecialDays.date));
  return rows.map((r) => ({ date: r.date, isDayOff: r.isDayOff, open: r.open, close: r.close, note: r.note }));
}

async function hoursOf(db: Db, merchantId: string, branchId: string) {
  const rows = await db
    .select()
    .from(workHours)
    .where(and(eq(workHours.merchantId, merchantId), eq(workHours.branchId, branchId)));
  return groupWorkHours(rows);
}

/**
 * Moves a branch's version on for a write of its week or special days (the row locked by loadBranch first): against
 * the version the writer read when it names one (409 VERSION_CONFLICT when the branch changed since), else as it is.
 */
async function bumpBranch(tx: Db, merchantId: string, row: BranchRow, expected: number | undefined): Promise<number> {
  const after = await updateVersioned(tx, branches, merchantId, row.id, expected ?? row.version, {});
  return after.version;
}

const common = { tags: adminTags, security: adminSecurity };

export const branchRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/admin/v1/cities',
    {
      config: adminOf('hours'),
      schema: {
        ...common,
        summary: "The brand's cities (a branch's time zone is its city's)",
        response: { 200: AdminCityList, ...adminErrors },
      },
    },
    async (request) => {
      const rows = await db
        .select()
        .from(cities)
        .where(eq(cities.merchantId, actorOf(request).merchantId))
        .orderBy(asc(cities.priority));
      return { content: rows.map((c) => ({ id: c.id, name: c.name, timeZone: c.timeZone, latitude: c.latitude, longitude: c.longitude })) };
    },
  );

  app.get(
    '/admin/v1/branches',
    {
      config: adminOf('hours'),
      schema: {
        ...common,
        summary: "The brand's branches (a manager: theirs), archived ones included",
        response: { 200: AdminBranchList, ...adminErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const rows = await db
        .select({ branch: branches, timeZone: cities.timeZone })
        .from(branches)
        .innerJoin(cities, and(eq(cities.merchantId, branches.merchantId), eq(cities.id, branches.cityId)))
        .where(eq(branches.merchantId, actor.merchantId))
        .orderBy(asc(branches.deleted), asc(branches.priority), asc(branches.id));
      return { content: rows.filter((r) => visible(actor, r.branch.id)).map((r) => viewOf(r.branch, r.timeZone)) };
    },
  );

  app.get(
    '/admin/v1/branches/:id',
    {
      config: adminOf('hours'),
      schema: { ...common, summary: 'A branch', params: BranchIdParams, response: { 200: AdminBranch, ...adminErrors } },
    },
    async (request) => {
      const actor = actorOf(request);
      const row = await loadBranch(db, actor.merchantId, request.params.id);
      requireBranch(actor, row.branch.id);
      return viewOf(row.branch, row.timeZone);
    },
  );

  app.post(
    '/admin/v1/branches',
    {
      config: adminOf('branches'),
      schema: { ...common, summary: 'Opens a branch', body: BranchCreate, response: { 201: AdminBranch, ...adminErrors } },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const view = await db.transaction(async (tx) => {
        const timeZone = await cityZone(tx, actor.merchantId, request.body.cityId);
        const [row] = await tx
          .insert(branches)
          .values({ merchantId: actor.merchantId, ...columnsOf(request.body, branchSettings()) })
          .returning();
        await audit(tx, actor, { objectType: 'branch', objectId: row!.id, action: 'create', after: row });
        return viewOf(row!, timeZone);
      });
      return reply.code(201).send(view);
    },
  );

  app.put(
    '/admin/v1/branches/:id',
    {
      config: adminOf('branches'),
      schema: {
        ...common,
        summary: "Changes a branch's fields",
        params: BranchIdParams,
        body: BranchUpdate,
        response: { 200: AdminBranch, ...adminErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return db.transaction(async (tx) => {
        const before = await loadBranch(tx, actor.merchantId, request.params.id);
        const timeZone = await cityZone(tx, actor.merchantId, request.body.cityId);
        const after = await updateVersioned(
          tx,
          branches,
          actor.merchantId,
          request.params.id,
          request.body.version,
          columnsOf(request.body, before.branch.settings),
        );
        await audit(tx, actor, { objectType: 'branch', objectId: after.id, action: 'update', before: before.branch, after });
        return viewOf(after, timeZone);
      });
    },
  );

  app.delete(
    '/admin/v1/branches/:id',
    {
      config: adminOf('branches'),
      schema: {
        ...common,
        summary: 'Archives a branch',
        description: 'Never removed (its orders keep it): `deleted` and no longer accepting orders; the storefront stops listing it.',
        params: BranchIdParams,
        querystring: VersionQuery,
        response: { 200: AdminBranch, ...adminErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return db.transaction(async (tx) => {
        const before = await loadBranch(tx, actor.merchantId, request.params.id);
        const after = await updateVersioned(tx, branches, actor.merchantId, request.params.id, request.query.version, {
          deleted: true,
          isActive: false,
        });
        await audit(tx, actor, { objectType: 'branch', objectId: after.id, action: 'delete', before: before.branch, after });
        return viewOf(after, before.timeZone);
      });
    },
  );

  app.get(
    '/admin/v1/branches/:id/hours',
    {
      config: adminOf('hours'),
      schema: {
        ...common,
        summary: "A branch's week per service type",
        params: BranchIdParams,
        response: { 200: BranchHours, ...adminErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { branch } = await loadBranch(db, actor.merchantId, request.params.id);
      requireBranch(actor, request.params.id);
      return { version: branch.version, hours: await hoursOf(db, actor.merchantId, request.params.id) };
    },
  );

  app.put(
    '/admin/v1/branches/:id/hours',
    {
      config: adminOf('hours'),
      schema: {
        ...common,
        summary: "Replaces a branch's week per service type",
        description:
          'HH:mm in the city time zone; a close at or before its open ends the next day (equal: round the clock). A weekday left out is closed. ' +
          "The branch's version moves on; with `version` (the branch's, as read) a branch changed since answers 409 VERSION_CONFLICT.",
        params: BranchIdParams,
        body: BranchHoursWrite,
        response: { 200: BranchHours, ...adminErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { id } = request.params;
      return db.transaction(async (tx) => {
        const { branch } = await loadBranch(tx, actor.merchantId, id, true);
        requireBranch(actor, id);
        const version = await bumpBranch(tx, actor.merchantId, branch, request.body.version);
        const before = await hoursOf(tx, actor.merchantId, id);
        await tx.delete(workHours).where(and(eq(workHours.merchantId, actor.merchantId), eq(workHours.branchId, id)));
        const rows = request.body.hours.flatMap((h) =>
          h.days.map((d) => ({ merchantId: actor.merchantId, branchId: id, type: h.type, ...d })),
        );
        if (rows.length > 0) await tx.insert(workHours).values(rows);
        const after = await hoursOf(tx, actor.merchantId, id);
        await audit(tx, actor, {
          objectType: 'branch-hours',
          objectId: id,
          action: 'update',
          before: { hours: before },
          after: { hours: after },
        });
        return { version, hours: after };
      });
    },
  );

  app.get(
    '/admin/v1/branches/:id/special-days',
    {
      config: adminOf('hours'),
      schema: {
        ...common,
        summary: "A branch's holidays and short days",
        params: BranchIdParams,
        response: { 200: SpecialDays, ...adminErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { branch } = await loadBranch(db, actor.merchantId, request.params.id);
      requireBranch(actor, request.params.id);
      return { version: branch.version, days: await specialDaysOf(db, actor.merchantId, request.params.id) };
    },
  );

  app.put(
    '/admin/v1/branches/:id/special-days',
    {
      config: adminOf('hours'),
      schema: {
        ...common,
        summary: "Replaces a branch's holidays and short days",
        description:
          'A date (the local date of the city) closed all day, or open from–to instead of the week: the storefront, the quote and order placement all read them. ' +
          "The branch's version moves on; with `version` (the branch's, as read) a branch changed since answers 409 VERSION_CONFLICT.",
        params: BranchIdParams,
        body: SpecialDaysWrite,
        response: { 200: SpecialDays, ...adminErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { id } = request.params;
      return db.transaction(async (tx) => {
        const { branch } = await loadBranch(tx, actor.merchantId, id, true);
        requireBranch(actor, id);
        const version = await bumpBranch(tx, actor.merchantId, branch, request.body.version);
        const before = await specialDaysOf(tx, actor.merchantId, id);
        await tx
          .delete(branchSpecialDays)
          .where(and(eq(branchSpecialDays.merchantId, actor.merchantId), eq(branchSpecialDays.branchId, id)));
        const rows = request.body.days.map((d) => ({
          merchantId: actor.merchantId,
          branchId: id,
          date: d.date,
          isDayOff: d.isDayOff,
          open: d.isDayOff ? null : d.open,
          close: d.isDayOff ? null : d.close,
          note: d.note,
        }));
        if (rows.length > 0) await tx.insert(branchSpecialDays).values(rows);
        const after = await specialDaysOf(tx, actor.merchantId, id);
        await audit(tx, actor, {
          objectType: 'branch-special-days',
          objectId: id,
          action: 'update',
          before: { days: before },
          after: { days: after },
        });
        return { version, days: after };
      });
    },
  );
};
