import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '@dasturxon/domain';
import {
  AdminIdParams,
  AdminPromo,
  AdminPromoList,
  PromoInput,
  PromoListQuery,
  PromoRemoved,
  PromoUpdate,
  VersionQuery,
} from '@dasturxon/domain/contracts';
import { isUniqueViolation, orders, promos, promoUses, type Db } from '@dasturxon/db';
import { actorOf, adminErrors, adminOf, adminSecurity, audit, deleteVersioned, updateVersioned } from '../admin-kernel.ts';

type PromoRow = typeof promos.$inferSelect;

const tags = ['admin: promotions'];
const config = adminOf('promotions');
const common = { tags, security: adminSecurity };

/**
 * A promo as the back office reads it. The table keeps a product and a delivery discount; the back office writes one
 * of them (its `target`): a row with a product discount reads as on the products.
 */
export const promoView = (p: PromoRow, used: number): AdminPromo => {
  const onProducts = p.productDiscount > 0 || p.deliveryDiscount === 0;
  return {
    id: p.id,
    version: p.version,
    code: p.code,
    discountType: p.discountType,
    target: onProducts ? 'PRODUCTS' : 'DELIVERY',
    value: onProducts ? p.productDiscount : p.deliveryDiscount,
    startDate: p.startDate?.toISOString() ?? null,
    endDate: p.endDate?.toISOString() ?? null,
    minPrice: p.minPrice,
    perCustomerLimit: p.perCustomerLimit,
    totalLimit: p.totalLimit,
    isActive: p.isActive,
    isPublic: p.isPublic,
    used,
  };
};

/** The columns of a promo from what the form sends. */
function promoValues(input: z.output<typeof PromoInput>) {
  return {
    code: input.code,
    discountType: input.discountType,
    productDiscount: input.target === 'PRODUCTS' ? input.value : 0,
    deliveryDiscount: input.target === 'DELIVERY' ? input.value : 0,
    startDate: input.startDate === null ? null : new Date(input.startDate),
    endDate: input.endDate === null ? null : new Date(input.endDate),
    minPrice: input.minPrice,
    perCustomerLimit: input.perCustomerLimit,
    totalLimit: input.totalLimit,
    isActive: input.isActive,
    isPublic: input.isPublic,
  };
}

/** The orders holding each promo now (promo_uses: placed with it, not cancelled), by promo id. */
async function usesOf(db: Db, merchantId: string, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: promoUses.promoId, n: count() })
    .from(promoUses)
    .where(and(eq(promoUses.merchantId, merchantId), inArray(promoUses.promoId, ids)))
    .groupBy(promoUses.promoId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

async function usedOf(db: Db, merchantId: string, id: string): Promise<number> {
  return (await usesOf(db, merchantId, [id])).get(id) ?? 0;
}

async function promoOf(db: Db, merchantId: string, id: string): Promise<PromoRow> {
  const [row] = await db
    .select()
    .from(promos)
    .where(and(eq(promos.merchantId, merchantId), eq(promos.id, id)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

const codeTaken = (code: string) => new AppError('PROMO_CODE_TAKEN', { field: 'body.code', code });

/**
 * 409 PROMO_CODE_TAKEN when the brand has another promo whose code is this one whatever the letter case: compared as
 * the unique index (merchant_id, lower(code)) compares, by the database's lower(). Two writers at once: the index
 * refuses the second (`writing`).
 */
async function checkCode(db: Db, merchantId: string, code: string, self?: string): Promise<void> {
  const [same] = await db
    .select({ id: promos.id })
    .from(promos)
    .where(and(eq(promos.merchantId, merchantId), sql`lower(${promos.code}) = lower(${code})`, self ? ne(promos.id, self) : undefined))
    .limit(1);
  if (same) throw codeTaken(code);
}

async function writing<T>(code: string, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken(code);
    throw error;
  }
}

/**
 * Promo codes (issue 28), area `promotions`: owner, admin, manager. Every write is versioned and audited as `promo`;
 * the catalogue trigger of migration 0012 tells every instance's quote snapshot of the change.
 */
export const adminPromoRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/admin/v1/promos',
    {
      config,
      schema: {
        ...common,
        summary: "The brand's promo codes, by code; `search` finds a part of the code in any letter case",
        querystring: PromoListQuery,
        response: { 200: AdminPromoList, ...adminErrors },
      },
    },
    async (request) => {
      const { merchantId } = actorOf(request);
      const { search, active } = request.query;
      const rows = await db
        .select()
        .from(promos)
        .where(
          and(
            eq(promos.merchantId, merchantId),
            search ? sql`strpos(lower(${promos.code}), lower(${search})) > 0` : undefined,
            active === undefined ? undefined : eq(promos.isActive, active === 'true'),
          ),
        )
        .orderBy(asc(sql`lower(${promos.code})`), asc(promos.id));
      const uses = await usesOf(
        db,
        merchantId,
        rows.map((r) => r.id),
      );
      return { content: rows.map((r) => promoView(r, uses.get(r.id) ?? 0)) };
    },
  );

  app.get(
    '/admin/v1/promos/:id',
    {
      config,
      schema: {
        ...common,
        summary: 'A promo code, with the orders holding it',
        params: AdminIdParams,
        response: { 200: AdminPromo, ...adminErrors },
      },
    },
    async (request) => {
      const { merchantId } = actorOf(request);
      const row = await promoOf(db, merchantId, request.params.id);
      return promoView(row, await usedOf(db, merchantId, row.id));
    },
  );

  app.post(
    '/admin/v1/promos',
    {
      config,
      schema: {
        ...common,
        summary: 'Adds a promo code',
        description:
          'The code is unique in the brand whatever the letter case (409 PROMO_CODE_TAKEN); a percent is 1 to 100, an amount above 0; ' +
          'the end comes after the start; a per-customer limit at most the total one (400 VALIDATION_FAILED naming the field).',
        body: PromoInput,
        response: { 201: AdminPromo, ...adminErrors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const view = await db.transaction(async (tx) => {
        await checkCode(tx, actor.merchantId, request.body.code);
        const [row] = await writing(
          request.body.code,
          tx
            .insert(promos)
            .values({ merchantId: actor.merchantId, ...promoValues(request.body) })
            .returning(),
        );
        await audit(tx, actor, { objectType: 'promo', objectId: row!.id, action: 'create', after: row });
        return promoView(row!, 0);
      });
      return reply.code(201).send(view);
    },
  );

  app.put(
    '/admin/v1/promos/:id',
    {
      config,
      schema: {
        ...common,
        summary: 'Changes a promo code (all its fields, at the version read)',
        description: 'A stale version answers 409 VERSION_CONFLICT; the rules are those of POST.',
        params: AdminIdParams,
        body: PromoUpdate,
        response: { 200: AdminPromo, ...adminErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { id } = request.params;
      return db.transaction(async (tx) => {
        const before = await promoOf(tx, actor.merchantId, id);
        const { version, ...input } = request.body;
        await checkCode(tx, actor.merchantId, input.code, id);
        const after = await writing(input.code, updateVersioned(tx, promos, actor.merchantId, id, version, promoValues(input)));
        await audit(tx, actor, { objectType: 'promo', objectId: id, action: 'update', before, after });
        return promoView(after, await usedOf(tx, actor.merchantId, id));
      });
    },
  );

  app.delete(
    '/admin/v1/promos/:id',
    {
      config,
      schema: {
        ...common,
        summary: 'Removes a promo code: deleted when no order names it, else archived (switched off, kept for its orders)',
        params: AdminIdParams,
        querystring: VersionQuery,
        response: { 200: PromoRemoved, ...adminErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { id } = request.params;
      const { version } = request.query;
      return db.transaction(async (tx) => {
        const before = await promoOf(tx, actor.merchantId, id);
        const [named] = await tx
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.merchantId, actor.merchantId), eq(orders.promoId, id)))
          .limit(1);
        if (named) {
          const after = await updateVersioned(tx, promos, actor.merchantId, id, version, { isActive: false });
          await audit(tx, actor, { objectType: 'promo', objectId: id, action: 'archive', before, after });
          return { outcome: 'archived' as const, promo: promoView(after, await usedOf(tx, actor.merchantId, id)) };
        }
        const gone = await deleteVersioned(tx, promos, actor.merchantId, id, version);
        await audit(tx, actor, { objectType: 'promo', objectId: id, action: 'delete', before: gone });
        return { outcome: 'deleted' as const, promo: promoView(gone, 0) };
      });
    },
  );
};
