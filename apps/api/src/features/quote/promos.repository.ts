import { and, count, eq, sql } from 'drizzle-orm';
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
  };
}

export type PromosRepository = ReturnType<typeof createPromosRepository>;
