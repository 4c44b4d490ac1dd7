import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/i18n.ts';
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
  formatSum: (n: number, options?: { minus?: boolean }) => string;
}

function Row({ testId, label, amount, children, strong }: { testId: string; label: ReactNode; amount: number; children: ReactNode; strong?: boolean }) {
  return (
    <div data-testid={testId} data-amount={amount} className={`flex items-baseline justify-between gap-3 ${strong ? 'pt-3 text-lg font-extrabold' : 'text-[15px]'}`}>
      <dt className={`min-w-0 ${strong ? '' : 'text-muted'}`}>{label}</dt>
      <dd className="text-end font-semibold whitespace-nowrap tabular-nums">{children}</dd>
    </div>
  );
}

/** What the order costs, part by part, as the server's quote says (the local estimate until it answers). */
export function BasketTotals({ totals, pending, delivered, deliveryAtCheckout, showCashback, formatSum }: BasketTotalsProps) {
  const { t } = useTranslation();
  const minus = (n: number) => formatSum(n, { minus: true });
  const deliveryToPay = totals.deliveryPrice - totals.deliveryDiscount;
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
        <span aria-live="polite" className={`flex items-center gap-1.5 text-[12px] text-muted transition-opacity ${pending ? 'opacity-100' : 'opacity-0'}`}>
          <span className="size-3 animate-spin rounded-full border-2 border-line border-t-muted motion-reduce:animate-none" />
          {pending ? t('basket.totals.updating') : ''}
        </span>
      </div>
      <dl className={`space-y-2 transition-opacity ${pending ? 'opacity-70' : ''}`}>
        <Row testId="basket-total-products" label={t('basket.totals.products')} amount={totals.productPrice}>
          {formatSum(totals.productPrice)}
        </Row>
        {totals.productDiscount > 0 && (
          <Row testId="basket-total-discount" label={t('basket.totals.discount')} amount={totals.productDiscount}>
            <span className="text-emerald-700 dark:text-emerald-400">{minus(totals.productDiscount)}</span>
          </Row>
        )}
        {totals.promoProductDiscount > 0 && (
          <Row testId="basket-total-promo" label={t('basket.totals.promo')} amount={totals.promoProductDiscount}>
            <span className="text-emerald-700 dark:text-emerald-400">{minus(totals.promoProductDiscount)}</span>
          </Row>
        )}
        {delivered && (
          <Row testId="basket-total-delivery" label={t('basket.totals.delivery')} amount={deliveryToPay}>
            {deliveryAtCheckout && totals.deliveryPrice === 0 ? (
              <span className="font-normal text-muted">{t('basket.totals.atCheckout')}</span>
            ) : deliveryToPay === 0 ? (
              <span className="text-emerald-700 dark:text-emerald-400">
                {totals.deliveryDiscount > 0 && <s className="me-1.5 font-normal text-muted">{formatSum(totals.deliveryPrice)}</s>}
                {t('basket.totals.free')}
              </span>
            ) : (
              <>
                {totals.deliveryDiscount > 0 && <s className="me-1.5 font-normal text-muted">{formatSum(totals.deliveryPrice)}</s>}
                {formatSum(deliveryToPay)}
              </>
            )}
          </Row>
        )}
        {totals.serviceFee > 0 && (
          <Row testId="basket-total-service-fee" label={t('basket.totals.serviceFee')} amount={totals.serviceFee}>
            {formatSum(totals.serviceFee)}
          </Row>
        )}
        {showCashback && totals.cashback > 0 && (
          <Row testId="basket-total-cashback" label={t('basket.totals.cashback')} amount={totals.cashback}>
            {minus(totals.cashback)}
          </Row>
        )}
        <div className="border-t border-dashed border-line" />
        <Row testId="basket-total" label={t('basket.totals.total')} amount={totals.totalPrice} strong>
          {formatSum(totals.totalPrice)}
        </Row>
      </dl>
    </section>
  );
}
