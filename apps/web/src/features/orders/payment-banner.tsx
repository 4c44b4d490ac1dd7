import { useEffect, useRef } from 'react';
import { REFUND_BANK_DAYS, refundRouteOf, type Order } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { useFormatSum, useNumberText } from '../../shared/catalogue/price.ts';
import { toast } from '../../shared/ui/toast.tsx';
import { AlertIcon, ClockIcon, Icon } from '../../shared/ui/icons.tsx';
import { formatCountdown, useSecondsLeft } from '../../shared/ui/use-seconds-left.ts';
import { paymentLabel } from './order-rules.ts';
import { paymentStateOf, type PaymentState } from './payment-state.ts';

const TONE: Record<PaymentState, string> = {
  waiting: 'bg-amber-500/15 text-amber-900 dark:text-amber-200',
  expired: 'bg-red-600/10 text-red-700 dark:text-red-300',
  received: 'bg-emerald-600/12 text-emerald-900 dark:text-emerald-200',
  refundStarted: 'bg-sky-600/12 text-sky-900 dark:text-sky-200',
  refunded: 'bg-emerald-600/12 text-emerald-900 dark:text-emerald-200',
  refundFailed: 'bg-red-600/10 text-red-700 dark:text-red-300',
};

/**
 * The order page's payment banner (issue 29): "placed, waiting for payment" with the time left to pay (`payUntil`) as a
 * countdown, "payment received" when the provider's callback lands (the order's stream brings it; a toast says so
 * when it happens while the page is open), and a cancelled paid order's refund: started, done or failed.
 */
export function PaymentBanner({ order }: { order: Order }) {
  const { t } = useTranslation();
  const formatSum = useFormatSum();
  const numberText = useNumberText();
  const until = order.payUntil ? Date.parse(order.payUntil) : null;
  const secondsLeft = useSecondsLeft(until);
  // The ticking countdown is the clock: "waiting" turns "expired" as it reaches zero, without waiting for the server.
  const state = paymentStateOf(order, until === null ? 0 : secondsLeft === 0 ? until : until - 1);

  // The payment landing while the customer watches: said once, as it happens.
  const seen = useRef(state);
  useEffect(() => {
    if (seen.current === 'waiting' && state === 'received') toast(t('orders.payState.received'), 'success');
    seen.current = state;
  }, [state, t]);

  if (!state) return null;
  const label = paymentLabel(order.paymentType);
  const provider = 'brand' in label ? label.brand : t(`orders.payment.${label.key}`);
  const title = t(`orders.payState.${state}`);

  return (
    <div
      role="status"
      data-testid="order-payment-state"
      data-state={state}
      className={`mt-3 flex items-start gap-3 rounded-2xl px-3.5 py-3 text-[15px] ${TONE[state]}`}
    >
      {state === 'received' || state === 'refunded' ? (
        <Icon size={20} className="mt-0.5 shrink-0">
          <path d="m5 12.5 4.5 4.5L19 7.5" />
        </Icon>
      ) : state === 'waiting' || state === 'refundStarted' ? (
        <ClockIcon size={20} className="mt-0.5 shrink-0" />
      ) : (
        <AlertIcon size={20} className="mt-0.5 shrink-0" />
      )}
      <span className="min-w-0 flex-1">
        <span data-testid="order-payment-state-title" className="block font-bold">
          {title}
        </span>
        <span data-testid="order-payment-state-text" className="block">
          {state === 'waiting' ? (
            <>
              {t('orders.payState.payWithinLabel')}{' '}
              <bdi dir="ltr" data-testid="order-pay-countdown" data-seconds={secondsLeft} className="font-bold tabular-nums">
                {numberText(formatCountdown(secondsLeft))}
              </bdi>
            </>
          ) : state === 'refundStarted' && refundRouteOf(order.paymentType) === 'PROVIDER' ? (
            // Payme and Uzum give the money back from the brand's cabinet; the bank then takes its days (issue 29).
            t('orders.payState.refundToCard', { provider, sum: formatSum(order.totalPrice), days: REFUND_BANK_DAYS })
          ) : (
            t(`orders.payState.${state}Text`, { provider, sum: formatSum(order.totalPrice) })
          )}
        </span>
      </span>
    </div>
  );
}
