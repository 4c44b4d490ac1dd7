import { and, eq, sql } from 'drizzle-orm';
import { promos } from '@dasturxon/db';
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
  };
}

export type PromosRepository = ReturnType<typeof createPromosRepository>;
