import { useEffect, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import {
  CANCEL_OTHER_TEXT_MAX,
  cancelTextProblem,
  CUSTOMER_CANCEL_REASONS,
  isDeliveryService,
  paymentProviderOf,
  pickText,
  refundOnCancel,
  type CustomerCancelReason,
  type Order,
} from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { HttpError } from '../../lib/http.ts';
import { useBasket } from '../../shared/basket/basket-store.ts';
import { useMenu } from '../../shared/catalogue/catalogue.api.ts';
import { useFormatSum, useNumberText } from '../../shared/catalogue/price.ts';
import { useMerchantSettings, useOrderSettings } from '../../shared/merchant/merchant.api.ts';
import { LoginPrompt } from '../../shared/session/login-prompt.tsx';
import { useIsLoggedIn } from '../../shared/session/session-store.ts';
import { TrashIcon } from '../../shared/ui/action-icons.tsx';
import { Button, buttonClass } from '../../shared/ui/button.tsx';
import { ConfirmSheet } from '../../shared/ui/confirm-sheet.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { useShowFailure } from '../../shared/ui/failed-call.ts';
import { CardIcon } from '../../shared/payments/card-icon.tsx';
import { AlertIcon, BagIcon, ClockIcon, MapPinIcon } from '../../shared/ui/icons.tsx';
import { ChevronEndIcon, ScooterIcon } from '../../shared/ui/more-icons.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { PaymentMark } from '../../shared/order/payment-mark.tsx';
import { cardsQuery, payWithCard } from '../../shared/payments/cards.api.ts';
import { cancelOrder, fetchPaymentCheckout, hideOrder, orderKeys, orderQuery } from './orders.api.ts';
import { mapLink } from './order-live.ts';
import { useLiveOrderQuery } from './use-order-events.ts';
import { PaymentBanner } from './payment-banner.tsx';
import { StatusBadge, useOrderTime } from './order-parts.tsx';
import { OrderProgress } from './order-progress.tsx';
import { AmountRow, PriceBreakdown } from '../../shared/catalogue/price-breakdown.tsx';
import { isWordedCancelReason, orderActions, paymentLabel, repeatPlan, serviceLabelKey, timeline } from './order-rules.ts';
import { BackLink, LoadFailed } from '../../shared/ui/page-parts.tsx';
import { isGradable, RateOrder } from '../../shared/grades/rate-order.tsx';

/** `/profile/orders/{id}` (docs/spec-index.md section 2): one order of the signed-in customer with its lines, amounts, status history and actions. */
export function OrderPage() {
  const loggedIn = useIsLoggedIn();
  // `/profile/orders/*`: the splat is the order's id (routes.tsx).
  const { '*': id = '' } = useParams();
  return loggedIn ? <OrderDetails id={id} /> : <LoginPrompt />;
}

/** Another customer's order, another brand's, or none at all: the server says only that it is not found. */
export const isOrderNotFound = (error: unknown): boolean => error instanceof HttpError && (error.status === 404 || error.status === 400);

/** What the order's page and its map show for an order that is not found: a way back to the orders. */
export function OrderNotFound({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      testId={testId}
      size="page"
      Title="h1"
      icon={<BagIcon size={44} />}
      title={t('orders.notFoundTitle')}
      text={t('orders.notFoundText')}
      action={
        <Link to="/profile/orders" className={buttonClass({ wide: true })}>
          {t('orders.toOrders')}
        </Link>
      }
    />
  );
}

function BackToOrders() {
  const { t } = useTranslation();
  return <BackLink to="/profile/orders" testId="order-back" label={t('orders.backToOrders')} />;
}

function OrderDetails({ id }: { id: string }) {
  const { t } = useTranslation();
  const { data: order, isPending, error, refetch } = useLiveOrderQuery(id, orderQuery(id));

  useEffect(() => {
    document.title = t('orders.title');
  }, [t]);

  return (
    <div data-testid="order-page" className="mx-auto w-full max-w-xl px-4 pt-3 pb-10 motion-safe:animate-[dx-fade-in_200ms_ease-out]">
      <BackToOrders />
      {isPending ? (
        <PageSpinner />
      ) : isOrderNotFound(error) ? (
        <OrderNotFound testId="order-not-found" />
      ) : error ? (
        <LoadFailed testId="order-error" icon={<BagIcon size={28} />} error={error} onRetry={() => void refetch()} />
      ) : (
        <OrderView order={order} />
      )}
    </div>
  );
}

function Section({ title, testId, children }: { title: ReactNode; testId: string; children: ReactNode }) {
  return (
    <section data-testid={testId} className="mt-4 rounded-3xl border border-line bg-surface p-4">
      <h2 className="mb-3 text-[17px] font-extrabold tracking-tight">{title}</h2>
      {children}
    </section>
  );
}

function OrderView({ order }: { order: Order }) {
  const { t, language } = useTranslation();
  const formatSum = useFormatSum();
  const numberText = useNumberText();
  const time = useOrderTime();
  const { data: orderSettings } = useOrderSettings();
  const actions = orderActions(order, orderSettings?.cancelOrderActive ?? false);
  const at = (iso: string) => time(iso, order.branch.id);
  const delivered = isDeliveryService(order.serviceType);
  const payment = paymentLabel(order.paymentType);
  const steps = timeline(order.history);

  return (
    <div data-order-id={order.id} data-status={order.status}>
      <header className="mt-2 px-1">
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
          <h1 data-testid="order-title" className="text-[28px] leading-tight font-extrabold tracking-tight">
            {numberText(t('orders.number', { number: String(order.number) }))}
          </h1>
          <StatusBadge status={order.status} large />
        </div>
        <p className="mt-1 text-[15px] text-muted">
          <bdi className="tabular-nums">{at(order.createdAt)}</bdi>
          {' · '}
          {t(serviceLabelKey(order.serviceType))}
        </p>
        {order.atTime && order.deliveryAt && (
          <p
            data-testid="order-scheduled"
            className="mt-3 flex items-center gap-2 rounded-2xl bg-surface-2 px-3.5 py-2.5 text-[15px] font-semibold"
          >
            <ClockIcon size={18} className="shrink-0" />
            <span>
              {t('orders.scheduledFor')} <bdi className="tabular-nums">{at(order.deliveryAt)}</bdi>
            </span>
          </p>
        )}
        <PaymentBanner order={order} />
        {order.status === 'CANCELED' && order.reason && (
          <p
            data-testid="order-cancel-reason"
            className="mt-3 rounded-2xl bg-red-600/10 px-3.5 py-2.5 text-[15px] text-red-700 dark:text-red-300"
          >
            {t('orders.cancelledBecause')}{' '}
            <span className="font-semibold">
              {isWordedCancelReason(order.reason) ? t(`cancelReason.${order.reason}`) : <bdi>{order.reason}</bdi>}
            </span>
          </p>
        )}
      </header>

      <OrderProgress order={order} />

      <MapLink order={order} />

      <OrderActionsBar order={order} actions={actions} />

      {isGradable(order) && <RateOrder order={order} timeText={at} />}

      <Section title={t('orders.history')} testId="order-timeline">
        <ol className="relative flex flex-col gap-4 ps-6">
          {steps.length > 1 && <span aria-hidden="true" className="absolute start-[7px] top-2 bottom-6 w-0.5 bg-line" />}
          {steps.map((step, i) => {
            const last = i === steps.length - 1;
            return (
              <li key={`${step.status}-${step.at}`} data-testid="order-step" data-status={step.status} className="relative">
                <span
                  aria-hidden="true"
                  className={`absolute -start-6 top-1 size-4 rounded-full border-[3px] border-surface ${last ? (step.status === 'CANCELED' ? 'bg-red-600' : 'bg-brand') : 'bg-line'}`}
                />
                <span className={`block text-[15px] ${last ? 'font-bold' : 'font-semibold text-muted'}`}>
                  {t(`orders.status.${step.label}`)}
                </span>
                <bdi className="block text-[13px] text-muted tabular-nums">{at(step.at)}</bdi>
              </li>
            );
          })}
        </ol>
      </Section>

      <Section
        title={t(delivered ? 'order.deliverTo' : order.serviceType === 'DINE_IN' ? 'order.dineInAt' : 'order.pickupAt')}
        testId="order-place"
      >
        <div className="flex items-start gap-3">
          <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-full bg-surface-2 text-muted">
            <MapPinIcon size={20} />
          </span>
          {delivered && order.address ? (
            <span className="min-w-0 flex-1">
              <span className="block font-semibold">
                <bdi>{[order.address.streetName, order.address.houseNumber].filter(Boolean).join(' ') || order.address.description}</bdi>
              </span>
              {order.address.description && (
                <span className="block text-[13px] text-muted">
                  <bdi>{order.address.description}</bdi>
                </span>
              )}
            </span>
          ) : (
            <span className="min-w-0 flex-1">
              <span data-testid="order-branch" className="block font-semibold">
                <bdi>{pickText(order.branch.name, language)}</bdi>
              </span>
              {order.table && (
                <span data-testid="order-table" className="block font-semibold">
                  {t('table.name', { name: order.table.name })} · <bdi>{pickText(order.table.hall, language)}</bdi>
                </span>
              )}
              {order.branch.address && (
                <span className="block text-[13px] text-muted">
                  <bdi>{order.branch.address}</bdi>
                </span>
              )}
            </span>
          )}
        </div>
      </Section>

      <Section title={t('orders.items')} testId="order-lines">
        <ul className="divide-y divide-line">
          {order.cartItems.map((line, i) => (
            <li key={`${line.productId}-${i}`} data-testid="order-line" className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
              <span className="min-w-0 flex-1">
                <span data-testid="order-line-name" className="block font-semibold">
                  <bdi>{pickText(line.name, language)}</bdi>
                </span>
                {line.modifications.length > 0 && (
                  <span className="block text-[13px] text-muted">
                    {line.modifications.map((m, j) => (
                      <span key={m.id}>
                        {j > 0 && ', '}
                        <bdi>{pickText(m.name, language)}</bdi>
                        {m.count > 1 && numberText(` ×${m.count}`)}
                      </span>
                    ))}
                  </span>
                )}
                <span data-testid="order-line-count" className="block text-[13px] text-muted tabular-nums">
                  {numberText(`${line.count} × ${formatSum(line.unitPrice)}`)}
                </span>
              </span>
              <span className="shrink-0 text-end tabular-nums">
                {line.discount > 0 && <s className="block text-[13px] text-muted">{formatSum(line.gross)}</s>}
                <span className="block font-bold">{formatSum(line.net)}</span>
              </span>
            </li>
          ))}
        </ul>
      </Section>

      <Section title={t('orders.payment.title')} testId="order-payment">
        <div className="mb-3 flex items-center justify-between gap-3 text-[15px]">
          <span data-testid="order-payment-type" className="flex items-center gap-2.5 font-semibold">
            <PaymentMark type={order.paymentType} />
            {'brand' in payment ? <bdi>{payment.brand}</bdi> : t(`orders.payment.${payment.key}`)}
          </span>
          <span
            data-testid="order-paid"
            data-paid={order.isPaid}
            className={`rounded-full px-2.5 py-1 text-[13px] font-bold ${order.isPaid ? 'bg-emerald-600/12 text-emerald-800 dark:text-emerald-300' : 'bg-amber-500/15 text-amber-800 dark:text-amber-300'}`}
          >
            {t(order.isPaid ? 'orders.payment.paid' : 'orders.payment.unpaid')}
          </span>
        </div>
        <PriceBreakdown
          amounts={order}
          testId="order-amount"
          totalTestId="order-amount-total"
          delivered={delivered}
          promoCode={order.promo?.code}
          className="border-t border-line pt-3"
        >
          {order.cashbackEarned > 0 && order.status !== 'CANCELED' && (
            <AmountRow testId="order-amount-cashback-earned" label={t('orders.cashbackEarned')} amount={order.cashbackEarned}>
              <span className="text-emerald-700 dark:text-emerald-400">{formatSum(order.cashbackEarned, { sign: '+' })}</span>
            </AmountRow>
          )}
        </PriceBreakdown>
      </Section>
    </div>
  );
}

/** The way to the order's map (`/profile/orders/{id}/map`) while a delivery is going on, in the brand's colour once a courier has it. */
function MapLink({ order }: { order: Order }) {
  const { t } = useTranslation();
  const link = mapLink(order);
  if (!link.show) return null;
  return (
    <Link
      to={`/profile/orders/${order.id}/map`}
      data-testid="order-track"
      data-on-way={link.onWay}
      className={`mt-4 flex min-h-14 items-center gap-3 rounded-2xl px-4 py-3 text-[16px] font-bold transition-colors ${
        link.onWay
          ? 'bg-brand text-on-brand shadow-[0_12px_28px_-16px_var(--brand)] hover:brightness-95'
          : 'border border-line bg-surface hover:bg-surface-2'
      }`}
    >
      {link.onWay ? <ScooterIcon size={22} className="shrink-0 rtl:-scale-x-100" /> : <MapPinIcon size={22} className="shrink-0" />}
      <span className="flex-1">{t('orders.map.track')}</span>
      <ChevronEndIcon size={20} className="shrink-0 rtl:-scale-x-100" />
    </Link>
  );
}

/**
 * The pay action of an order waiting for its online payment: the provider's page for exactly this order (the server
 * builds its address), which sends the customer back here; the order's stream tells the page when it is paid.
 */
function PayAction({ order }: { order: Order }) {
  const { t, language } = useTranslation();
  const payment = paymentLabel(order.paymentType);
  const provider = 'brand' in payment ? payment.brand : '';
  const queryClient = useQueryClient();
  const settings = useMerchantSettings();
  // Click's orders may be paid with a card saved at Click (its card tokens), where the brand takes saved cards.
  const byCard = settings.cardActive && paymentProviderOf(order.paymentType) === 'CLICK';
  const { data: cards } = useQuery({ ...cardsQuery(), enabled: byCard });
  const [busy, setBusy] = useState<string | null>(null);
  const showFailure = useShowFailure();
  // Asking for the provider's page moves no money: a retry only asks again.
  const pay = async () => {
    setBusy('provider');
    try {
      const checkout = await fetchPaymentCheckout(order.id, language);
      window.location.assign(checkout.url);
    } catch (e) {
      showFailure(e, () => void pay());
      setBusy(null);
    }
  };
  // Paying with a saved card moves money: never replayed by itself, the customer taps the card again.
  const payByCard = async (cardId: string) => {
    setBusy(cardId);
    try {
      queryClient.setQueryData(orderKeys.one(order.id), await payWithCard(cardId, order.id));
      void queryClient.invalidateQueries({ queryKey: orderKeys.all, predicate: (q) => q.queryKey[2] !== 'one' });
      toast(t('orders.payment.paidNow'), 'success');
    } catch (e) {
      showFailure(e);
      void queryClient.invalidateQueries({ queryKey: orderKeys.one(order.id) });
    } finally {
      setBusy(null);
    }
  };
  return (
    <div data-testid="order-pay" className="space-y-2">
      <p className="text-[14px] text-muted">{t('orders.payment.waiting')}</p>
      {byCard &&
        cards?.map((card) => (
          <Button
            key={card.id}
            size="lg"
            wide
            testId="order-pay-card"
            busy={busy === card.id}
            disabled={busy !== null}
            onClick={() => void payByCard(card.id)}
          >
            <CardIcon size={20} />
            {t('cards.payWith', { number: `•••• ${card.number.slice(-4)}` })}
          </Button>
        ))}
      <Button
        size="lg"
        wide
        variant={byCard && cards?.length ? 'secondary' : 'primary'}
        testId="order-pay-action"
        busy={busy === 'provider'}
        disabled={busy !== null}
        onClick={() => void pay()}
      >
        {t('orders.payment.pay', { provider })}
      </Button>
      {byCard && (
        <Link
          to={`/profile/cards/create?next=${encodeURIComponent(`/profile/orders/${order.id}`)}`}
          data-testid="order-pay-new-card"
          className={`${buttonClass({ variant: 'ghost', wide: true })}`}
        >
          {t('cards.addAndPay')}
        </Link>
      )}
    </div>
  );
}

function OrderActionsBar({ order, actions }: { order: Order; actions: ReturnType<typeof orderActions> }) {
  const { t, language } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const basket = useBasket();
  const { menu, isPending: menuPending } = useMenu();
  const { chatActive } = useMerchantSettings();
  const [sheet, setSheet] = useState<'cancel' | 'hide' | null>(null);
  const [reason, setReason] = useState<CustomerCancelReason | null>(null);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const showFailure = useShowFailure();

  if (!actions.pay && !actions.cancel && !actions.hide && !actions.repeat) return null;

  const open = (which: 'cancel' | 'hide') => {
    setFailure(null);
    setReason(null);
    setComment('');
    setSheet(which);
  };
  const close = (next: boolean) => {
    if (!next && !busy) setSheet(null);
  };

  const cancel = async () => {
    if (!reason) {
      setFailure(t('orders.cancel.chooseReason'));
      return;
    }
    // OTHER needs the customer's own words; the server checks the same rule.
    const problem = cancelTextProblem(reason, comment);
    if (problem) {
      setFailure(t(`errors.${problem.code}`));
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const cancelled = await cancelOrder(order.id, { reason, comment: comment.trim() });
      queryClient.setQueryData(orderKeys.one(order.id), cancelled);
      void queryClient.invalidateQueries({ queryKey: orderKeys.all, predicate: (q) => q.queryKey[2] !== 'one' });
      setSheet(null);
      toast(t(cancelled.refund ? 'orders.cancel.refundStarted' : 'orders.cancel.done'), 'success');
    } catch (e) {
      showFailure(e, () => void cancel());
      // The order may have moved on (accepted meanwhile): show where it is now.
      void queryClient.invalidateQueries({ queryKey: orderKeys.one(order.id) });
    } finally {
      setBusy(false);
    }
  };

  const hide = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await hideOrder(order.id);
      queryClient.removeQueries({ queryKey: orderKeys.one(order.id) });
      await queryClient.invalidateQueries({ queryKey: orderKeys.all });
      setSheet(null);
      toast(t('orders.hide.done'), 'success');
      void navigate('/profile/orders?tab=archive');
    } catch (e) {
      showFailure(e, () => void hide());
    } finally {
      setBusy(false);
    }
  };

  const repeat = () => {
    if (!menu) return;
    const plan = repeatPlan(order.cartItems, menu.productById);
    for (const line of plan.add) basket.add(line);
    if (plan.add.length === 0) {
      toast(t('orders.repeat.nothing'), 'error');
      return;
    }
    if (plan.skipped.length > 0) {
      toast(t('orders.repeat.skipped', { names: plan.skipped.map((l) => pickText(l.name, language)).join(', ') }), 'info');
    } else {
      toast(t('orders.repeat.done'), 'success');
    }
    void navigate('/basket');
  };

  return (
    <div data-testid="order-actions" className="mt-5 flex flex-col gap-2.5">
      {/* An order waiting for its payment: paying is the thing to do, repeating it comes second (as it does to following the courier). */}
      {actions.pay && <PayAction order={order} />}
      {actions.repeat && (
        <Button
          wide
          size="lg"
          variant={actions.pay || mapLink(order).onWay ? 'secondary' : 'primary'}
          testId="order-repeat"
          busy={menuPending}
          onClick={repeat}
        >
          {t('orders.repeat.action')}
        </Button>
      )}
      {chatActive && (
        <Link
          to={`/profile/chat?order=${encodeURIComponent(order.id)}`}
          data-testid="order-chat"
          className={buttonClass({ variant: 'secondary', size: 'lg', wide: true })}
        >
          {t('chat.aboutThisOrder')}
        </Link>
      )}
      {(actions.cancel || actions.hide) && (
        <div className="flex gap-2.5">
          {actions.cancel && (
            <Button
              variant="secondary"
              wide
              testId="order-cancel"
              className="text-red-600 dark:text-red-400"
              onClick={() => open('cancel')}
            >
              {t('orders.cancel.action')}
            </Button>
          )}
          {actions.hide && (
            <Button variant="secondary" wide testId="order-hide" onClick={() => open('hide')}>
              {t('orders.hide.action')}
            </Button>
          )}
        </div>
      )}

      <ConfirmSheet
        open={sheet === 'cancel'}
        onOpenChange={close}
        testId="order-cancel-sheet"
        icon={<AlertIcon size={28} />}
        title={t('orders.cancel.title')}
        text={t(refundOnCancel(order) ? 'orders.cancel.paidText' : 'orders.cancel.text')}
        confirmLabel={t('orders.cancel.confirm')}
        cancelLabel={t('orders.cancel.keep')}
        danger
        busy={busy}
        error={failure}
        onConfirm={() => void cancel()}
      >
        <fieldset className="mt-5">
          <legend className="mb-2 text-sm font-semibold text-muted">{t('orders.cancel.reasonLabel')}</legend>
          <div role="radiogroup" className="flex flex-col gap-1.5">
            {CUSTOMER_CANCEL_REASONS.map((r) => (
              <button
                key={r}
                type="button"
                role="radio"
                aria-checked={reason === r}
                data-testid="order-cancel-reason-option"
                data-reason={r}
                onClick={() => {
                  setReason(r);
                  setFailure(null);
                }}
                className="flex min-h-13 w-full items-center gap-3 rounded-2xl border border-line px-3.5 py-2.5 text-start text-[15px] font-semibold transition-colors hover:bg-surface-2 aria-checked:border-ink aria-checked:bg-surface-2"
              >
                <span
                  aria-hidden="true"
                  className={`grid size-5 shrink-0 place-items-center rounded-full border-2 ${reason === r ? 'border-ink' : 'border-line'}`}
                >
                  {reason === r && <span className="size-2.5 rounded-full bg-ink" />}
                </span>
                {t(`cancelReason.${r}`)}
              </button>
            ))}
          </div>
        </fieldset>
        <div className="mt-4">
          <TextField
            id="order-cancel-comment"
            label={reason === 'OTHER' ? t('orders.cancel.otherText') : t('orders.cancel.comment')}
            value={comment}
            maxLength={reason === 'OTHER' ? CANCEL_OTHER_TEXT_MAX : 500}
            onChange={(e) => {
              setComment(e.target.value);
              setFailure(null);
            }}
          />
        </div>
      </ConfirmSheet>

      <ConfirmSheet
        open={sheet === 'hide'}
        onOpenChange={close}
        testId="order-hide-sheet"
        icon={<TrashIcon size={26} />}
        title={t('orders.hide.title')}
        text={t('orders.hide.text')}
        confirmLabel={t('orders.hide.confirm')}
        cancelLabel={t('orders.hide.keep')}
        busy={busy}
        error={failure}
        onConfirm={() => void hide()}
      />
    </div>
  );
}
