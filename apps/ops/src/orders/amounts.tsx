import { isDeliveryService, orderBreakdown, type BreakdownKind } from '@dasturxon/domain';
import type { StaffOrder } from '@dasturxon/domain/contracts';
import { useT } from '../i18n.ts';
import { money } from '../format.ts';
import { RefundLine } from './refunds.tsx';

/** The words of each amount line of the domain's breakdown. */
const LABEL: Record<BreakdownKind, string> = {
  products: 'amounts.products',
  discount: 'discount',
  promo: 'amounts.promo',
  delivery: 'deliveryFee',
  serviceFee: 'amounts.serviceFee',
  cashback: 'amounts.cashback',
};

/**
 * Every amount line of an order and its total, from the domain's one breakdown (`orderBreakdown`), so the lines a
 * courier reads add up to the sum they collect: the order's page, the courier's card and the printed ticket show this.
 * Rows are `amount-{kind}` with the signed amount in `data-amount`, the total `amount-total`, inside `testId`; a
 * cancelled paid order's refund (issue 29) follows the total as `amount-refund`.
 */
export function OrderAmounts({
  order,
  className = '',
  testId = 'order-amounts',
}: {
  order: StaffOrder;
  className?: string;
  testId?: string;
}) {
  const tr = useT();
  const { lines, total } = orderBreakdown(order, isDeliveryService(order.serviceType));
  return (
    <dl className={className} data-testid={testId}>
      {lines.map((line) => (
        <div key={line.kind} className="flex justify-between gap-3" data-testid={`amount-${line.kind}`} data-amount={line.amount}>
          <dt>
            {tr.t(LABEL[line.kind])}
            {line.kind === 'promo' && order.promo ? ` ${order.promo.code}` : ''}
          </dt>
          <dd className="whitespace-nowrap">
            {line.amount < 0 ? '−' : ''}
            {money(Math.abs(line.amount), tr)}
          </dd>
        </div>
      ))}
      <div className="flex justify-between gap-3 text-base font-bold" data-amount={total}>
        <dt>{tr.t('total')}</dt>
        <dd data-testid="amount-total" className="whitespace-nowrap">
          {money(total, tr)}
        </dd>
      </div>
      <RefundLine order={order} />
    </dl>
  );
}
