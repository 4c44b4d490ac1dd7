import { useTranslation } from '../../i18n/i18n.ts';
import { PriceBreakdown } from '../../shared/catalogue/price-breakdown.tsx';
import type { BasketTotals as Totals } from './basket-lines.ts';

export interface BasketTotalsProps {
  totals: Totals;
  /** The amounts are the local estimate; the server's quote is on its way. */
  pending: boolean;
  /** The order is delivered (the delivery row is shown). */
  delivered: boolean;
  /** No branch is known yet, so the delivery price is found at the checkout. */
  deliveryAtCheckout: boolean;
  showCashback: boolean;
}

/** What the order costs, part by part, as the server's quote says (the local estimate until it answers). */
export function BasketTotals({ totals, pending, delivered, deliveryAtCheckout, showCashback }: BasketTotalsProps) {
  const { t } = useTranslation();
  return (
    <section
      data-testid="basket-totals"
      data-state={pending ? 'estimate' : 'quoted'}
      aria-busy={pending}
      aria-labelledby="basket-totals-title"
      className="rounded-2xl border border-line bg-surface p-4"
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id="basket-totals-title" className="text-[17px] font-extrabold tracking-tight">
          {t('basket.totals.title')}
        </h2>
        <span
          aria-live="polite"
          className={`flex items-center gap-1.5 text-[12px] text-muted transition-opacity ${pending ? 'opacity-100' : 'opacity-0'}`}
        >
          <span className="size-3 animate-spin rounded-full border-2 border-line border-t-muted motion-reduce:animate-none" />
          {pending ? t('basket.totals.updating') : ''}
        </span>
      </div>
      <PriceBreakdown
        amounts={totals}
        testId="basket-total"
        totalTestId="basket-total"
        delivered={delivered}
        deliveryAtCheckout={deliveryAtCheckout}
        showCashback={showCashback}
        className={`transition-opacity ${pending ? 'opacity-70' : ''}`}
      />
    </section>
  );
}
