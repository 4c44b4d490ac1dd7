import type { Db } from '@dasturxon/db';
import { AppError, judgePromo, type PromoCheckQuery, promoProblem, promoProblemTerms, type PromoResponse, sum } from '@dasturxon/domain';
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
  /** The promo and the brand's promo switch from the brand's snapshot (`QuoteService.keptPromo`); undefined: read them. */
  kept?: (merchantId: string, code: string) => Promise<{ promo: PromoRecord | null; promoActive: boolean } | undefined>;
}

export function createPromosService(deps: PromosServiceDeps) {
  return {
    /**
     * The promo behind a code of this merchant, or the reason it cannot be used now as an AppError
     * (404 PROMO_NOT_FOUND, 409 PROMO_NOT_ACTIVE / NOT_STARTED / EXPIRED / LIMIT_REACHED {limit} / MIN_PRICE {minPrice}).
     * Without an amount the minimum is not judged: the quote judges it against the real basket. Read from the
     * brand's snapshot as the quote is, while its changes are heard; else from the database.
     */
    async check(merchant: MerchantRecord, query: PromoCheckQuery, now: Date): Promise<PromoResponse> {
      const read = async (r: Reader) => {
        const promo = await createPromosRepository(r).findByCode(merchant.id, query.code);
        return { promo, promoActive: (await createQuoteRepository(r).settings(merchant.id)).promoActive };
      };
      const { promo, promoActive } =
        (await deps.kept?.(merchant.id, query.code)) ??
        (await deps.db.transaction(read, { isolationLevel: 'repeatable read', accessMode: 'read only' }));
      // With no amount, the basket is taken to reach the minimum exactly, which passes the check.
      const productAmount = sum(query.amount ?? promo?.minPrice ?? 0);
      // A promo with a limit: the orders holding it now (the customer is not known here; the quote and the order count theirs).
      const uses =
        promo && (promo.totalLimit !== null || promo.perCustomerLimit !== null)
          ? await createPromosRepository(deps.db).usesOf(merchant.id, promo.id, null)
          : null;
      const verdict = judgePromo(promo, { promoActive, now, productAmount, uses });
      if (!verdict.ok) {
        const problem = promoProblem(verdict.code, verdict.promo && promoProblemTerms(verdict.promo));
        throw new AppError(problem.code, problem.details);
      }
      return toPromoResponse(verdict.promo);
    },
  };
}

export type PromosService = ReturnType<typeof createPromosService>;
