import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { promos, promoUses } from '@dasturxon/db';
import type { PromoUses } from '@dasturxon/domain';
import type { Reader } from './quote.repository.ts';

export type PromoRecord = typeof promos.$inferSelect;

export function createPromosRepository(r: Reader) {
  return {
    /**
     * A merchant's promo by its code, whatever the case the customer typed it in. The lookup is on
     * lower(code), the expression of the unique index (merchant_id, lower(code)), so it is one index probe;
     * both sides go through the database's lower() so letters beyond ASCII fold the same way as in the index.
     */
    async findByCode(merchantId: string, code: string): Promise<PromoRecord | null> {
      const rows = await r
        .select()
        .from(promos)
        .where(and(eq(promos.merchantId, merchantId), sql`lower(${promos.code}) = lower(${code})`))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * The orders holding a promo now (promo_uses: a row per order placed with it, removed when the order is
     * cancelled): all of them, and the customer's (null for none named).
     */
    async usesOf(merchantId: string, promoId: string, userId: string | null): Promise<PromoUses> {
      const [row] = await r
        .select({
          total: count(),
          byCustomer: userId === null ? sql<number>`0` : sql<number>`count(*) filter (where ${promoUses.userId} = ${userId})`,
        })
        .from(promoUses)
        .where(and(eq(promoUses.merchantId, merchantId), eq(promoUses.promoId, promoId)));
      return { total: Number(row?.total ?? 0), byCustomer: userId === null ? null : Number(row?.byCustomer ?? 0) };
    },

    /**
     * The brand's listed promos that are switched on (`is_public` and `is_active`), soonest ending first: the promo
     * codes page's candidates; whether each can be used now is the domain's to judge (`judgePromo`).
     */
    async listedOf(merchantId: string): Promise<PromoRecord[]> {
      return r
        .select()
        .from(promos)
        .where(and(eq(promos.merchantId, merchantId), eq(promos.isPublic, true), eq(promos.isActive, true)))
        .orderBy(sql`${promos.endDate} asc nulls last`, asc(sql`lower(${promos.code})`), asc(promos.id));
    },

    /** `usesOf` for several promos at once, by promo id (a promo no order holds counts zero). */
    async usesOfMany(merchantId: string, promoIds: string[], userId: string | null): Promise<Map<string, PromoUses>> {
      const uses = new Map(promoIds.map((id) => [id, { total: 0, byCustomer: userId === null ? null : 0 } as PromoUses]));
      if (promoIds.length === 0) return uses;
      const rows = await r
        .select({
          promoId: promoUses.promoId,
          total: count(),
          byCustomer: userId === null ? sql<number>`0` : sql<number>`count(*) filter (where ${promoUses.userId} = ${userId})`,
        })
        .from(promoUses)
        .where(and(eq(promoUses.merchantId, merchantId), inArray(promoUses.promoId, promoIds)))
        .groupBy(promoUses.promoId);
      for (const row of rows)
        uses.set(row.promoId, { total: Number(row.total), byCustomer: userId === null ? null : Number(row.byCustomer) });
      return uses;
    },
  };
}

export type PromosRepository = ReturnType<typeof createPromosRepository>;
