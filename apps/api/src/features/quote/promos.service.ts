import type { Db } from '@dasturxon/db';
import {
  AppError,
  judgePromo,
  type PromoCheckQuery,
  promoProblem,
  promoProblemTerms,
  type PromoResponse,
  type PublicPromoList,
  sum,
} from '@dasturxon/domain';
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

    /**
     * The promo codes page (issue 31): the brand's listed promos the customer can use now, judged one by one by the
     * domain's rule (`judgePromo`: switched on, started, not expired, within its limits: the signed-in customer's own
     * uses counted, a guest's not), each with its terms. Its minimum is the basket's to reach, so it is not judged here.
     * 403 FEATURE_OFF while the brand's promoActive is off.
     */
    async listPublic(merchant: MerchantRecord, user: { id: string } | null, now: Date): Promise<PublicPromoList> {
      const { listed, promoActive, uses } = await deps.db.transaction(
        async (r) => {
          const { promoActive } = await createQuoteRepository(r).settings(merchant.id);
          if (!promoActive) return { listed: [], promoActive, uses: new Map() };
          const repository = createPromosRepository(r);
          const listed = await repository.listedOf(merchant.id);
          const limited = listed.filter((p) => p.totalLimit !== null || p.perCustomerLimit !== null).map((p) => p.id);
          return { listed, promoActive, uses: await repository.usesOfMany(merchant.id, limited, user?.id ?? null) };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
      if (!promoActive) throw new AppError('FEATURE_OFF', { feature: 'promoActive' });
      const usable = listed.filter(
        (promo) => judgePromo(promo, { promoActive, now, productAmount: sum(promo.minPrice), uses: uses.get(promo.id) ?? null }).ok,
      );
      return {
        content: usable.map((promo) => {
          const { isActive: _active, ...terms } = toPromoResponse(promo);
          return terms;
        }),
      };
    },
  };
}

export type PromosService = ReturnType<typeof createPromosService>;
