import { useEffect, useRef, useState } from 'react';
import { useTelegramMainButton } from '../../shared/telegram/main-button.ts';
import { Link, useNavigate } from 'react-router';
import { awaitsPayment, pickText } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { useBasket } from '../../shared/basket/basket-store.ts';
import { setPromoCode } from '../../shared/basket/promo-code.ts';
import { useMenu } from '../../shared/catalogue/catalogue.api.ts';
import { useFormatSum } from '../../shared/catalogue/price.ts';
import { LoginPrompt } from '../../shared/session/login-prompt.tsx';
import { checkPhoneInput } from '../../shared/session/phone-mask.ts';
import { useIsLoggedIn } from '../../shared/session/session-store.ts';
import { Button, buttonClass } from '../../shared/ui/button.tsx';
import { CodeSentTo, CodeStep } from '../../shared/ui/code-step.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { useErrorText } from '../../shared/ui/use-error-text.ts';
import { useShowFailure } from '../../shared/ui/failed-call.ts';
import { STICKY_BAR } from '../../shared/ui/sticky-bar.ts';
import { attemptFor } from './checkout-draft.ts';
import { telegramInitData } from '../../shared/telegram/init-data.ts';
import { detectClickMiniApp } from '../../lib/telegram.ts';
import { EmptyCheckout } from './checkout-page.tsx';
import { Card, Destination, Notice, Totals, useDayLabel } from './checkout-parts.tsx';
import { LineModifiers, WholeAddress } from './confirm-parts.tsx';
import { confirmationOf, orderRequestOf, type OrderConfirmation } from './checkout-request.ts';
import { addDays, zonedDay } from './checkout-slots.ts';
import { newIdempotencyKey, placeOrder } from './checkout.api.ts';
import { readDraft, resetDraft, writeDraft } from './checkout-store.ts';
import { PaymentMark } from '../../shared/order/payment-mark.tsx';
import { analyticsEvent } from '../../shared/analytics/events.ts';
import { providerPageOf } from '../../shared/payments/payment-link.ts';
import { useCheckout } from './use-checkout.ts';
import { TableGuestPrompt } from '../../shared/table/table-guest.tsx';
import { useTableSeat } from '../../shared/table/table-seat.ts';
import { ArrivalEstimateLine } from '../../shared/order/arrival-estimate.tsx';

/** `/checkout/confirm` (docs/spec-index.md section 2): the order as the server priced it, and the one button that places it. */
export function CheckoutConfirmPage() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const table = useTableSeat();
  useEffect(() => {
    document.title = t('checkout.confirmTitle');
  }, [t]);
  if (!loggedIn) return table?.guestOrders ? <TableGuestPrompt /> : <LoginPrompt />;
  return <ConfirmView />;
}

function ConfirmView() {
  const { t, language } = useTranslation();
  const errorText = useErrorText();
  const showFailure = useShowFailure();
  const formatSum = useFormatSum();
  const dayLabel = useDayLabel();
  const navigate = useNavigate();
  const basket = useBasket();
  const { menu } = useMenu();
  const c = useCheckout();
  const { draft } = c;
  const [busy, setBusy] = useState(false);
  const [placed, setPlaced] = useState(false);
  const [confirmation, setConfirmation] = useState<OrderConfirmation | null>(null);
  const codeStep = useRef<HTMLDivElement>(null);
  const asked = confirmation !== null;
  useEffect(() => {
    // The code step opens below the summary: brought above the sticky buttons, where the keyboard does not hide it.
    if (asked) codeStep.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [asked]);

  const pending = !c.quote && !c.quoteError;
  const when = (() => {
    if (!draft.later || !draft.day || !draft.time) return t('checkout.when.asap');
    const today = c.branch ? zonedDay(new Date(), c.branch.timeZone) : draft.day;
    let offset = 2;
    if (draft.day === today) offset = 0;
    else if (draft.day === addDays(today, 1)) offset = 1;
    return `${dayLabel(draft.day, offset)}, ${draft.time}`;
  })();

  /**
   * Sends the order (with the SMS code, where the brand asked for one). Answers whether it was placed; a brand
   * that confirms orders by SMS answers the first send with the code step instead. Other refusals reject.
   */
  const send = async (code?: string): Promise<boolean> => {
    const phone = draft.receiverOn ? checkPhoneInput(draft.receiverPhone) : null;
    const body = orderRequestOf(
      c.request,
      draft,
      c.delivered ? c.address : null,
      phone?.ok ? phone.e164 : null,
      telegramInitData(),
      detectClickMiniApp(),
    );
    // The total the customer is shown: a price that went up meanwhile is refused (PRODUCT_OVERPRICED), never charged.
    if (c.quote) body.shownTotal = c.quote.totalPrice;
    // One key per attempt, kept in the draft before sending: a retry of the same order after a lost answer reuses it.
    const attempt = attemptFor(readDraft(c.merchantId), JSON.stringify(body), newIdempotencyKey);
    writeDraft(c.merchantId, { ...readDraft(c.merchantId), attempt });
    try {
      const order = await placeOrder(code ? { ...body, confirmationCode: code } : body, attempt.key);
      setPlaced(true);
      analyticsEvent({
        type: 'orderPlaced',
        order: {
          id: order.id,
          total: order.totalPrice,
          items: order.cartItems.map((l) => ({ id: l.productId, name: pickText(l.name, language), price: l.unitPrice, quantity: l.count })),
        },
      });
      basket.clear();
      setPromoCode(c.merchantId, null);
      resetDraft(c.merchantId);
      // Paid online: straight on to the provider's page; never "confirmed" while unpaid.
      const providerPage = await providerPageOf(order, language);
      if (providerPage) window.location.assign(providerPage);
      else {
        toast(t(awaitsPayment(order) ? 'orders.payState.waiting' : 'checkout.confirmed'), awaitsPayment(order) ? 'info' : 'success');
        void navigate(`/profile/orders/${order.id}`, { replace: true });
      }
      return true;
    } catch (error) {
      const asked = confirmationOf(error, Date.now());
      if (!asked) throw error;
      setConfirmation(asked);
      return false;
    }
  };

  const confirm = async () => {
    if (busy || !c.quote) return;
    setBusy(true);
    try {
      await send();
    } catch (error) {
      // Above the buttons, with a retry that sends the same order under the same key (send reads it from the draft).
      showFailure(error, () => void confirm());
    }
    setBusy(false);
  };

  // Inside Telegram "confirm" is Telegram's MainButton, in its progress state while the order is sent.
  const inMainButton = useTelegramMainButton(
    !placed && !confirmation && c.lines.length > 0
      ? { text: t('checkout.confirm'), onClick: () => void confirm(), busy, disabled: !c.quote || c.problems.length > 0 }
      : null,
  );

  if (placed) return <PageSpinner />;
  if (c.lines.length === 0) return <EmptyCheckout />;

  return (
    <div
      data-testid="checkout-confirm-page"
      className="mx-auto w-full max-w-xl px-4 pt-5 pb-4 motion-safe:animate-[dx-fade-in_200ms_ease-out]"
    >
      <h1 className="mb-5 px-1 text-[28px] leading-tight font-extrabold tracking-tight">{t('checkout.confirmTitle')}</h1>
      <div className="space-y-4">
        <Card id="checkout-lines-title" title={t('checkout.lines')} testId="checkout-lines">
          <ul className="divide-y divide-line">
            {c.request.cartItems.map((item, i) => {
              const product = menu?.productById.get(item.productId);
              const line = c.shown?.lines[i];
              return (
                <li
                  key={`${item.productId}-${i}`}
                  data-testid="checkout-line"
                  className="flex items-baseline gap-3 py-2.5 first:pt-0 last:pb-0"
                >
                  <span className="min-w-0 flex-1 font-semibold">
                    <bdi>{product ? pickText(product.name, language) : '…'}</bdi>
                    <LineModifiers product={product} chosen={item.modifications} />
                  </span>
                  <span className="shrink-0 text-muted tabular-nums">×{item.count}</span>
                  <span className="shrink-0 text-end font-semibold whitespace-nowrap tabular-nums">{line ? formatSum(line.net) : ''}</span>
                </li>
              );
            })}
          </ul>
        </Card>

        <Destination c={c} change={false} />
        {c.delivered && c.address && <WholeAddress address={c.address} />}

        <Card id="checkout-details-title" title={t('checkout.details')}>
          <dl className="space-y-2 text-[15px]">
            <div className="flex justify-between gap-3">
              <dt className="text-muted">{t('checkout.when.title')}</dt>
              <dd data-testid="checkout-confirm-when" className="text-end font-semibold">
                {when}
              </dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt className="text-muted">{t('checkout.payment.title')}</dt>
              <dd data-testid="checkout-confirm-payment" className="flex items-center justify-end gap-2 text-end font-semibold">
                <PaymentMark type={draft.paymentType} size={22} />
                {t(`checkout.pay.${draft.paymentType}`)}
              </dd>
            </div>
            {draft.comment.trim() && (
              <div className="flex justify-between gap-3">
                <dt className="text-muted">{t('checkout.notes.comment')}</dt>
                <dd className="min-w-0 text-end font-semibold [overflow-wrap:anywhere]">
                  <bdi>{draft.comment}</bdi>
                </dd>
              </div>
            )}
            {draft.receiverOn && (
              <div className="flex justify-between gap-3">
                <dt className="text-muted">{t('checkout.receiver.title')}</dt>
                <dd className="min-w-0 text-end font-semibold">
                  <bdi>{draft.receiverName}</bdi> <bdi dir="ltr">{draft.receiverPhone}</bdi>
                </dd>
              </div>
            )}
          </dl>
        </Card>

        {c.problems.map((p, i) => (
          <Notice key={`${p.code}-${i}`} testId="checkout-problem">
            {errorText(p)}
          </Notice>
        ))}
        {Boolean(c.quoteError) && <Notice testId="checkout-quote-error">{errorText(c.quoteError)}</Notice>}

        {c.quote?.eta && <ArrivalEstimateLine eta={c.quote.eta} timeZone={c.branch?.timeZone} testId="checkout-eta" />}
        <Totals totals={c.shown} pending={pending} delivered={c.delivered} />

        {confirmation && (
          <div ref={codeStep}>
            <Card id="checkout-sms-title" title={t('checkout.sms.title')} testId="checkout-sms">
              <p className="mb-3 text-[15px] text-muted">
                {t('checkout.sms.hint')} <CodeSentTo phone={confirmation.phone} testId="checkout-sms-phone" />
              </p>
              <CodeStep
                id="checkout-code"
                length={confirmation.codeLength}
                resendAt={confirmation.resendAt}
                expiresAt={confirmation.expiresAt}
                onVerify={async (code) => {
                  // A refused code stays in the step with the server's reason; any other refusal is the order's.
                  if (!(await send(code))) throw new Error('confirmation asked again');
                }}
                onResend={async () => {
                  await send();
                }}
                submitTestId="checkout-sms-submit"
                resendTestId="checkout-sms-resend"
              />
            </Card>
          </div>
        )}
      </div>

      <div
        {...STICKY_BAR}
        // Inside Telegram "confirm" is the MainButton and "back" the BackButton: the bar is not drawn.
        className={`sticky bottom-0 z-10 -mx-4 mt-4 ${inMainButton ? 'hidden' : 'flex'} gap-2 border-t border-line bg-bg/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur-md`}
      >
        <Link to="/checkout" data-testid="checkout-back" className={`${buttonClass({ variant: 'secondary', size: 'lg' })} shrink-0`}>
          {t('checkout.back')}
        </Link>
        {/* While the code step is open, its own button places the order. */}
        {!confirmation && !inMainButton && (
          <Button
            size="lg"
            wide
            testId="checkout-confirm"
            busy={busy}
            disabled={!c.quote || c.problems.length > 0}
            onClick={() => void confirm()}
          >
            {t('checkout.confirm')}
          </Button>
        )}
      </div>
    </div>
  );
}
