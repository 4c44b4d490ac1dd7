import type { Db } from '@dasturxon/db';
import { checkSchedule as judgeSchedule, checkShownTotal, type QuoteCatalogue } from '@dasturxon/domain';
import type { KeptCatalogue, QuoteResult, QuoteService } from '../../quote/index.ts';
import { createOrdersRepository } from '../orders.repository.ts';
import type { Draft } from './draft.ts';
import { refuse, type Refusal } from './outcome.ts';
import type { Terms } from './terms.ts';

/** The catalogue the order is priced from, and where it came from. */
export interface OrderCatalogue {
  catalogue: QuoteCatalogue;
  /** `snapshot`: the brand's kept snapshot, still the database's version; `transaction`: it was not, read in the transaction. */
  from: 'snapshot' | 'transaction';
}

/** The order priced: the quote's lines, totals, zone and promo. */
export type Priced = QuoteResult;

/**
 * Step 3: the catalogue the order is priced from. The kept snapshot (the one /quote prices from, taken before the
 * transaction) when the brand's catalogue version this transaction sees is still the one it was read at, so a change
 * committed since (heard on this instance or not yet) never lets a stale price through; otherwise the basket's part of
 * the catalogue is read in the transaction.
 */
export async function catalogueOf(
  tx: Db,
  quotes: Pick<QuoteService, 'catalogueForOrder'>,
  kept: KeptCatalogue,
  draft: Draft,
): Promise<OrderCatalogue> {
  return quotes.catalogueForOrder(tx, kept, draft.merchant.id, draft.request);
}

/**
 * Step 4, a scheduled order: its day and time on the branch's clock, at least the brand's lead time ahead, at most
 * SCHEDULE_MAX_DAYS, open then for its service type (domain `checkSchedule`). Answers when it is to be served (null:
 * now). The branch's hours come from the catalogue of step 3. Whether the branch serves now or then, and the zone of
 * a delivery, are the quote's to judge (step 5).
 */
export function checkSchedule(draft: Draft, { catalogue }: OrderCatalogue, terms: Terms): { at: Date | null } | Refusal {
  if (!draft.scheduled) return { at: null };
  const branch = catalogue.branches.get(draft.branchId);
  if (!branch) return refuse('BRANCH_NOT_FOUND', { branchId: draft.branchId });
  const verdict = judgeSchedule({
    day: draft.body.day!,
    time: draft.body.time!,
    now: draft.now,
    timeZone: branch.timeZone,
    hours: branch.hours,
    specialDays: branch.specialDays ?? [],
    serviceType: draft.body.serviceType,
    leadTimeMinutes: terms.settings.leadTimeMinutes,
  });
  return verdict.ok ? { at: verdict.at } : refuse(verdict.problem.code, verdict.problem.details);
}

/**
 * Step 5: the quote's own function prices the basket from that catalogue, with the basket's stock and switches, the
 * promo and the cashback balance read in the transaction. Any problem the quote reports (the branch closed then, out
 * of the zone, a product stopped or unknown, too little stock, options, minimums, the promo) refuses the order with
 * the first problem's code, all of them in `details.problems`; an empty basket is refused too. A promo with a limit
 * is locked first (`lockLimitedPromo`), so its uses are counted, judged and taken (step 7) by one order at a time:
 * two orders cannot both take its last use (PROMO_LIMIT_REACHED, PROMO_CUSTOMER_LIMIT).
 */
export async function priceFromSnapshot(
  tx: Db,
  quotes: Pick<QuoteService, 'priceWith'>,
  draft: Draft,
  { catalogue }: OrderCatalogue,
  { at }: { at: Date | null },
): Promise<Priced | Refusal> {
  if (draft.request.promoCode) await createOrdersRepository(tx).lockLimitedPromo(draft.merchant.id, draft.request.promoCode);
  const quote = await quotes.priceWith(tx, catalogue, draft.merchant.id, draft.request, {
    now: draft.now,
    user: { id: draft.customer.id },
    ...(at ? { serviceAt: at } : {}),
  });
  const [problem] = quote.problems;
  if (problem) {
    return refuse(problem.code, {
      ...(problem.details ?? {}),
      ...(problem.productId ? { productId: problem.productId } : {}),
      problems: quote.response.problems.map(({ code, details, productId }) => ({ code, details, productId })),
    });
  }
  if (quote.breakdown.productCount === 0) return refuse('BASKET_EMPTY');
  const overpriced = checkShownTotal(draft.body.shownTotal, quote.response.totalPrice);
  if (overpriced) return refuse(overpriced.code, overpriced.details);
  return quote;
}
