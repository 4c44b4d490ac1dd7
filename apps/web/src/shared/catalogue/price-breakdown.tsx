import type { ReactNode } from 'react';
import { orderBreakdown, type BreakdownAmounts, type BreakdownKind } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { useFormatSum } from './price.ts';

/** The amounts of a priced basket, as the quote and the order both carry them (the domain's breakdown input). */
export type PriceAmounts = BreakdownAmounts;

/** One line of amounts: a label and a sum, the sum's value in `data-amount` when given. */
export function AmountRow({
  testId,
  label,
  amount,
  children,
  strong,
}: {
  testId: string;
  label: ReactNode;
  amount?: number;
  children: ReactNode;
  strong?: boolean;
}) {
  return (
    <div
      data-testid={testId}
      data-amount={amount}
      className={`flex items-baseline justify-between gap-3 ${strong ? 'pt-3 text-lg font-extrabold' : 'text-[15px]'}`}
    >
      <dt className={`min-w-0 ${strong ? '' : 'text-muted'}`}>{label}</dt>
      <dd className="text-end font-semibold whitespace-nowrap tabular-nums">{children}</dd>
    </div>
  );
}

const saving = 'text-emerald-700 dark:text-emerald-400';

/**
 * What an order costs, part by part, for the basket, the checkout and an order: products, their discount, the promo,
 * the delivery (struck through when discounted, free, or found at checkout), the service fee, the cashback spent and
 * the total. Rows are `{testId}-products`, `-discount`, `-promo`, `-delivery`, `-service-fee`, `-cashback`, the total
 * `totalTestId`; `children` come after the total.
 */
export function PriceBreakdown({
  amounts: a,
  testId,
  totalTestId,
  delivered,
  deliveryAtCheckout = false,
  deliveryUnknown = null,
  promoCode,
  showCashback = true,
  className = '',
  children,
}: {
  amounts: PriceAmounts;
  testId: string;
  totalTestId: string;
  delivered: boolean;
  /** No branch is known yet, so a delivery price of zero means "found at checkout", not "free". */
  deliveryAtCheckout?: boolean;
  /** Why the delivery's price is not known yet (no address at checkout): a zero shows this, never "free". */
  deliveryUnknown?: string | null;
  promoCode?: string | null;
  showCashback?: boolean;
  className?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const formatSum = useFormatSum();
  const minus = (n: number) => formatSum(n, { sign: '−' });
  // The lines are the domain's (one breakdown for the storefront and the console), so they add up to the total.
  const { lines } = orderBreakdown(a, delivered);
  // No address yet (or no branch): a zero delivery is "not known yet", never "free".
  const unknown = a.deliveryPrice === 0 ? (deliveryUnknown ?? (deliveryAtCheckout ? t('basket.totals.atCheckout') : null)) : null;
  const row = (kind: BreakdownKind, amount: number): ReactNode => {
    switch (kind) {
      case 'products':
        return (
          <AmountRow key={kind} testId={`${testId}-products`} label={t('basket.totals.products')} amount={a.productPrice}>
            {formatSum(a.productPrice)}
          </AmountRow>
        );
      case 'discount':
        return (
          <AmountRow key={kind} testId={`${testId}-discount`} label={t('basket.totals.discount')} amount={a.productDiscount}>
            <span className={saving}>{minus(a.productDiscount)}</span>
          </AmountRow>
        );
      case 'promo':
        return (
          <AmountRow
            key={kind}
            testId={`${testId}-promo`}
            label={
              promoCode ? (
                <>
                  {t('basket.totals.promo')} <bdi>{promoCode}</bdi>
                </>
              ) : (
                t('basket.totals.promo')
              )
            }
            amount={a.promoProductDiscount}
          >
            <span className={saving}>{minus(a.promoProductDiscount)}</span>
          </AmountRow>
        );
      case 'delivery':
        return (
          <AmountRow key={kind} testId={`${testId}-delivery`} label={t('basket.totals.delivery')} amount={amount}>
            {unknown ? (
              <span className="font-normal text-muted" data-testid={`${testId}-delivery-unknown`}>
                {unknown}
              </span>
            ) : (
              <>
                {a.deliveryDiscount > 0 && <s className="me-1.5 font-normal text-muted">{formatSum(a.deliveryPrice)}</s>}
                {amount === 0 ? <span className={saving}>{t('basket.totals.free')}</span> : formatSum(amount)}
              </>
            )}
          </AmountRow>
        );
      case 'serviceFee':
        return (
          <AmountRow key={kind} testId={`${testId}-service-fee`} label={t('basket.totals.serviceFee')} amount={a.serviceFee}>
            {formatSum(a.serviceFee)}
          </AmountRow>
        );
      case 'cashback':
        return showCashback ? (
          <AmountRow key={kind} testId={`${testId}-cashback`} label={t('basket.totals.cashback')} amount={a.cashback}>
            {minus(a.cashback)}
          </AmountRow>
        ) : null;
    }
  };
  return (
    <dl className={`space-y-2 ${className}`}>
      {lines.map((line) => row(line.kind, line.amount))}
      <div className="border-t border-dashed border-line" />
      <AmountRow testId={totalTestId} label={t('basket.totals.total')} amount={a.totalPrice} strong>
        {formatSum(a.totalPrice)}
      </AmountRow>
      {children}
    </dl>
  );
}
