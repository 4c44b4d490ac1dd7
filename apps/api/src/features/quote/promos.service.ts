import type { Db } from '@dasturxon/db';
import { AppError, judgePromo, type PromoCheckQuery, promoProblem, type PromoResponse, sum } from '@dasturxon/domain';
import type { MerchantRecord } from '../../plugins/tenant.ts';
import { createPromosRepository, type PromoRecord } from './promos.repository.ts';
import { createQuoteRepository, type Reader } from './quote.repository.ts';

export function toPromoResponse(p: PromoRecord): PromoResponse {
  return {
    id: p.id,
    code: p.code,
    discountType: p.discountType,
    productDiscount: p.productDiscount,
    deliveryDiscount: p.deliveryDiscount,
    minPrice: p.minPrice,
    startDate: p.startDate?.toISOString() ?? null,
    endDate: p.endDate?.toISOString() ?? null,
    isActive: p.isActive,
  };
}

export interface PromosServiceDeps {
  db: Db;
}

export function createPromosService(deps: PromosServiceDeps) {
  return {
    /**
     * The promo behind a code of this merchant, or the reason it cannot be used now as an AppError
     * (404 PROMO_NOT_FOUND, 409 PROMO_NOT_ACTIVE / NOT_STARTED / EXPIRED / MIN_PRICE {minPrice}).
     * Without an amount the minimum is not judged: the quote judges it against the real basket.
     */
    async check(merchant: MerchantRecord, query: PromoCheckQuery, now: Date): Promise<PromoResponse> {
      const read = async (r: Reader) => ({ promo: await createPromosRepository(r).findByCode(merchant.id, query.code), settings: await createQuoteRepository(r).settings(merchant.id) });
      const { promo, settings } = await deps.db.transaction(read, { isolationLevel: 'repeatable read', accessMode: 'read only' });
      // With no amount, the basket is taken to reach the minimum exactly, which passes the check.
      const productAmount = sum(query.amount ?? promo?.minPrice ?? 0);
      const verdict = judgePromo(promo, { promoActive: settings.promoActive, now, productAmount });
      if (!verdict.ok) {
        const problem = promoProblem(verdict.code, verdict.promo && { minPrice: sum(verdict.promo.minPrice) });
        throw new AppError(problem.code, problem.details);
      }
      return toPromoResponse(verdict.promo);
    },
  };
}

export type PromosService = ReturnType<typeof createPromosService>;
