import { useCallback } from 'react';
import { Link } from 'react-router';
import { statusLabel, type Order, type OrderStatus } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { useBranches } from '../../shared/catalogue/branches.api.ts';
import { useFormatSum, useNumberText } from '../../shared/catalogue/price.ts';
import { PaymentMark } from '../../shared/order/payment-mark.tsx';
import { ChevronEndIcon } from '../../shared/ui/more-icons.tsx';
import { orderTimeText, serviceLabelKey, statusTone } from './order-rules.ts';

const TONE = {
  progress: 'bg-brand/15 text-ink',
  success: 'bg-emerald-600/12 text-emerald-800 dark:text-emerald-300',
  cancelled: 'bg-red-600/10 text-red-700 dark:text-red-300',
} as const;

/** The status with its customer-facing label (docs/spec-index.md section 4), coloured by how it stands. */
export function StatusBadge({ status, large = false }: { status: OrderStatus; large?: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      data-testid="order-status"
      data-status={status}
      className={`inline-flex max-w-full items-center gap-1.5 rounded-full font-bold text-balance ${large ? 'px-3.5 py-1.5 text-[15px]' : 'px-2.5 py-1 text-[13px]'} ${TONE[statusTone(status)]}`}
    >
      <span aria-hidden="true" className="size-1.5 shrink-0 rounded-full bg-current" />
      {t(`orders.status.${statusLabel(status)}`)}
    </span>
  );
}

/**
 * An order's times in the interface language on the wall clock of its branch's city (`Dush, 30-noyabr, 14:05`),
 * whatever the device's zone; the brand's default zone until the branches are known.
 */
export function useOrderTime(): (iso: string, branchId: string) => string {
  const { language } = useTranslation();
  const { data: branches } = useBranches();
  return useCallback(
    (iso: string, branchId: string) => orderTimeText(iso, language, branches?.find((b) => b.id === branchId)?.timeZone),
    [branches, language],
  );
}

/** One order in a list: number, when, status, how it is received and the total, leading to its page. */
export function OrderCard({ order }: { order: Order }) {
  const { t } = useTranslation();
  const formatSum = useFormatSum();
  const numberText = useNumberText();
  const time = useOrderTime();
  return (
    <li>
      <Link
        to={`/profile/orders/${order.id}`}
        data-testid="order-card"
        data-order-id={order.id}
        className="flex items-center gap-3 rounded-3xl border border-line bg-surface p-4 shadow-[0_1px_2px_rgb(0_0_0/0.04)] transition-colors hover:bg-surface-2"
      >
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1.5">
            <span data-testid="order-number" className="text-[17px] font-extrabold tracking-tight">
              {numberText(t('orders.number', { number: String(order.number) }))}
            </span>
            <StatusBadge status={order.status} />
          </span>
          <span className="mt-1.5 flex flex-wrap items-baseline gap-x-3 gap-y-1 text-[14px] text-muted">
            <span className="whitespace-nowrap">
              <bdi data-testid="order-time" className="tabular-nums">
                {time(order.createdAt, order.branch.id)}
              </bdi>
              {' · '}
              <span data-testid="order-service">{t(serviceLabelKey(order.serviceType))}</span>
            </span>
            <span className="ms-auto flex shrink-0 items-center gap-2">
              <PaymentMark type={order.paymentType} size={20} />
              <span data-testid="order-total" className="text-[16px] font-bold text-ink tabular-nums">
                {formatSum(order.totalPrice)}
              </span>
            </span>
          </span>
        </span>
        <ChevronEndIcon size={20} className="shrink-0 text-muted rtl:-scale-x-100" />
      </Link>
    </li>
  );
}
