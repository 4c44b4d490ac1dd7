import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTelegramMainButton } from '../../shared/telegram/main-button.ts';
import { Link, useNavigate } from 'react-router';
import type { ServiceType } from '@dasturxon/domain';
import { PaymentMark } from '../../shared/order/payment-mark.tsx';
import { useTranslation } from '../../i18n/i18n.ts';
import { setPromoCode } from '../../shared/basket/promo-code.ts';
import { useFormatSum } from '../../shared/catalogue/price.ts';
import { useMerchantSettings } from '../../shared/merchant/merchant.api.ts';
import { chooseServiceType } from '../../shared/order/order-choice.ts';
import { LoginPrompt } from '../../shared/session/login-prompt.tsx';
import { PhoneField } from '../../shared/session/phone-field.tsx';
import { checkPhoneInput, PHONE_INPUT_START } from '../../shared/session/phone-mask.ts';
import { usePhoneMessages } from '../../shared/session/phone-messages.ts';
import { useIsLoggedIn } from '../../shared/session/session-store.ts';
import { TableGuestPrompt } from '../../shared/table/table-guest.tsx';
import { useTableSeat } from '../../shared/table/table-seat.ts';
import { Button, buttonClass } from '../../shared/ui/button.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { BagIcon, DishIcon } from '../../shared/ui/icons.tsx';
import { ScooterIcon } from '../../shared/ui/more-icons.tsx';
import { REQUIRED_KEY, TextField } from '../../shared/ui/text-field.tsx';
import { useErrorText } from '../../shared/ui/use-error-text.ts';
import { ClosedBranchNotice } from './checkout-closed.tsx';
import { Card, Destination, Notice, Totals, useDayLabel } from './checkout-parts.tsx';
import { scheduleDays, type ScheduleDay } from './checkout-slots.ts';
import { useCheckout, type Checkout } from './use-checkout.ts';
import { ArrivalEstimateLine } from '../../shared/order/arrival-estimate.tsx';

const SERVICES = [
  { type: 'DELIVERY', flag: 'deliveryActive', label: 'order.delivery', Icon: ScooterIcon },
  { type: 'PICK_UP', flag: 'pickupActive', label: 'order.pickup', Icon: BagIcon },
  { type: 'DINE_IN', flag: 'dineInActive', label: 'order.dineIn', Icon: DishIcon },
] as const;

/** `/checkout` (docs/spec-index.md section 2): a signed-in customer's order before it is confirmed; a guest is asked to log in first. */
export function CheckoutPage() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const table = useTableSeat();
  useEffect(() => {
    document.title = t('checkout.title');
  }, [t]);
  if (!loggedIn) return table?.guestOrders ? <TableGuestPrompt /> : <LoginPrompt />;
  return <CheckoutForm />;
}

/** The basket is empty (an order was just placed, or another tab cleared it): back to the menu. */
export function EmptyCheckout() {
  const { t } = useTranslation();
  return (
    <EmptyState
      testId="checkout-empty"
      size="page"
      Title="h1"
      icon={<BagIcon size={32} />}
      title={t('checkout.empty.title')}
      text={t('checkout.empty.text')}
      action={
        <Link to="/" className={buttonClass()}>
          {t('checkout.empty.cta')}
        </Link>
      }
    />
  );
}

interface FieldErrors {
  destination?: string;
  time?: string;
  receiverName?: string;
  receiverPhone?: string;
}

function CheckoutForm() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const phoneMessages = usePhoneMessages();
  const formatSum = useFormatSum();
  const navigate = useNavigate();
  const settings = useMerchantSettings();
  const c = useCheckout();
  const { draft, updateDraft } = c;
  const [errors, setErrors] = useState<FieldErrors>({});

  // The days and slots of a scheduled order: the server's own rule over the branch's hours, now.
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const days = useMemo(
    () =>
      c.branch
        ? scheduleDays({
            now,
            timeZone: c.branch.timeZone,
            hours: c.branch.workHours,
            serviceType: c.serviceType,
            leadTimeMinutes: c.leadTimeMinutes,
            maxDays: c.maxDays,
          })
        : [],
    [now, c.branch, c.serviceType, c.leadTimeMinutes, c.maxDays],
  );
  const day = days.find((d) => d.day === draft.day) ?? days[0] ?? null;
  const time = day && draft.time && day.slots.includes(draft.time) ? draft.time : null;
  const payment = c.paymentTypes.includes(draft.paymentType) ? draft.paymentType : (c.paymentTypes[0] ?? 'CASH');

  const offered = SERVICES.filter((s) => settings[s.flag]);
  const promoProblem = c.problems.find((p) => p.code.startsWith('PROMO_')) ?? null;
  const general = c.problems.filter((p) => p !== promoProblem);
  const pending = !c.quote && !c.quoteError;

  const goOn = () => {
    const next: FieldErrors = {};
    if (c.delivered && !c.address) next.destination = t('checkout.needAddress');
    if (!c.delivered && !c.branch) next.destination = t('checkout.needBranch');
    if (draft.later && !time) next.time = t('checkout.when.needTime');
    let receiverPhone: string | null = null;
    if (c.receiverActive && draft.receiverOn) {
      if (!draft.receiverName.trim()) next.receiverName = t(REQUIRED_KEY);
      const phone = checkPhoneInput(draft.receiverPhone);
      if (phone.ok) receiverPhone = phone.e164;
      else next.receiverPhone = phoneMessages.problem(phone.problem);
    }
    setErrors(next);
    if (Object.keys(next).length > 0 || !c.quote || c.problems.length > 0) return;
    updateDraft({
      paymentType: payment,
      day: draft.later ? (day?.day ?? null) : null,
      time: draft.later ? time : null,
      receiverOn: Boolean(receiverPhone) && draft.receiverOn,
    });
    void navigate('/checkout/confirm');
  };

  // Inside Telegram "continue" is Telegram's MainButton (and the page's own button is not drawn).
  const inMainButton = useTelegramMainButton(
    c.lines.length > 0 ? { text: t('checkout.continue'), onClick: goOn, disabled: !c.quote || c.problems.length > 0 } : null,
  );

  if (c.lines.length === 0) return <EmptyCheckout />;

  return (
    <div
      data-testid="checkout-page"
      data-service={c.serviceType}
      className="mx-auto w-full max-w-xl px-4 pt-5 pb-4 motion-safe:animate-[dx-fade-in_200ms_ease-out]"
    >
      <h1 className="mb-5 px-1 text-[28px] leading-tight font-extrabold tracking-tight">{t('checkout.title')}</h1>
      <div className="space-y-4">
        {offered.length > 1 && !c.table && (
          <div
            role="radiogroup"
            aria-label={t('order.serviceLabel')}
            className="grid auto-cols-fr grid-flow-col gap-1 rounded-2xl bg-surface p-1 shadow-sm"
          >
            {offered.map(({ type, label, Icon }) => (
              <Choice
                look="segment"
                key={type}
                on={type === c.serviceType}
                testId="checkout-service"
                value={type}
                onClick={() => chooseServiceType(c.merchantId, type as ServiceType)}
              >
                <Icon size={22} className="shrink-0" />
                <span className="max-w-full text-center [overflow-wrap:anywhere]">{t(label)}</span>
              </Choice>
            ))}
          </div>
        )}

        <Destination c={c} error={errors.destination} />

        <ClosedBranchNotice c={c} now={now} days={days} />
        {/* At a table the order is for now. */}
        {!c.table && (
          <Card id="checkout-when-title" title={t('checkout.when.title')} testId="checkout-when">
            <div role="radiogroup" aria-label={t('checkout.when.title')} className="grid grid-cols-2 gap-1 rounded-2xl bg-surface-2 p-1">
              <Choice
                look="segment"
                on={!draft.later}
                testId="checkout-when-option"
                value="now"
                onClick={() => updateDraft({ later: false })}
              >
                {t('checkout.when.now')}
              </Choice>
              <Choice
                look="segment"
                on={draft.later}
                testId="checkout-when-option"
                value="later"
                onClick={() => updateDraft({ later: true })}
              >
                {t('checkout.when.later')}
              </Choice>
            </div>
            {draft.later && <Schedule c={c} days={days} day={day} time={time} error={errors.time} />}
          </Card>
        )}

        <Card id="checkout-payment-title" title={t('checkout.payment.title')} testId="checkout-payment">
          <div role="radiogroup" aria-label={t('checkout.payment.title')} className="space-y-2">
            {c.paymentTypes.map((type) => (
              <button
                key={type}
                type="button"
                role="radio"
                aria-checked={type === payment}
                data-testid="checkout-payment-option"
                data-payment={type}
                onClick={() => updateDraft({ paymentType: type })}
                className={`flex min-h-12 w-full items-center gap-3 rounded-2xl border px-4 text-start font-semibold transition-colors ${
                  type === payment ? 'border-ink bg-surface-2' : 'border-line hover:bg-surface-2/60'
                }`}
              >
                <span
                  aria-hidden="true"
                  className={`grid size-5 shrink-0 place-items-center rounded-full border-2 ${type === payment ? 'border-brand' : 'border-line'}`}
                >
                  {type === payment && <span className="size-2.5 rounded-full bg-brand" />}
                </span>
                <PaymentMark type={type} />
                {t(`checkout.pay.${type}`)}
              </button>
            ))}
          </div>
        </Card>

        {c.promoActive && <Promo key={c.promoCode ?? ''} c={c} problem={promoProblem ? errorText(promoProblem) : null} />}

        {c.cashbackActive && c.balance > 0 && (
          <Toggle
            testId="checkout-cashback"
            on={draft.useCashback}
            onChange={(on) => updateDraft({ useCashback: on })}
            label={t('checkout.cashback', { amount: formatSum(c.balance) })}
          />
        )}

        <Card id="checkout-notes-title" title={t('checkout.notes.title')}>
          <div className="space-y-3">
            <TextField
              id="checkout-comment"
              label={t('checkout.notes.comment')}
              value={draft.comment}
              maxLength={500}
              onChange={(e) => updateDraft({ comment: e.target.value })}
            />
            {c.delivered && (
              <TextField
                id="checkout-courier-comment"
                label={t('checkout.notes.courier')}
                value={draft.courierComment}
                maxLength={500}
                onChange={(e) => updateDraft({ courierComment: e.target.value })}
              />
            )}
          </div>
        </Card>

        {c.receiverActive && (
          <div className="space-y-3">
            <Toggle
              testId="checkout-receiver"
              on={draft.receiverOn}
              onChange={(on) => updateDraft({ receiverOn: on, receiverPhone: draft.receiverPhone || PHONE_INPUT_START })}
              label={t('checkout.receiver.toggle')}
            />
            {draft.receiverOn && (
              <div className="space-y-3 rounded-3xl border border-line bg-surface p-4">
                <TextField
                  id="checkout-receiver-name"
                  label={t('checkout.receiver.name')}
                  value={draft.receiverName}
                  maxLength={100}
                  autoComplete="off"
                  error={errors.receiverName}
                  onChange={(e) => updateDraft({ receiverName: e.target.value })}
                />
                <PhoneField
                  id="checkout-receiver-phone"
                  testId="checkout-receiver-phone"
                  label={t('checkout.receiver.phone')}
                  value={draft.receiverPhone || PHONE_INPUT_START}
                  error={errors.receiverPhone}
                  onChange={(value) => updateDraft({ receiverPhone: value })}
                />
              </div>
            )}
          </div>
        )}

        <Toggle
          testId="checkout-cheque"
          on={draft.sendCheque}
          onChange={(on) => updateDraft({ sendCheque: on })}
          label={t('checkout.cheque')}
        />

        {general.map((p, i) => (
          <Notice key={`${p.code}-${i}`} testId="checkout-problem">
            {errorText(p)}
          </Notice>
        ))}
        {Boolean(c.quoteError) && (
          <Notice testId="checkout-quote-error">
            {errorText(c.quoteError)}{' '}
            <button type="button" onClick={c.retryQuote} className="font-bold underline underline-offset-2">
              {t('common.retry')}
            </button>
          </Notice>
        )}

        {c.quote?.eta && <ArrivalEstimateLine eta={c.quote.eta} timeZone={c.branch?.timeZone} testId="checkout-eta" />}
        <Totals totals={c.shown} pending={pending} delivered={c.delivered} noAddress={c.delivered && !c.address} />
      </div>

      <div
        data-sticky-bar
        // Inside Telegram its one button is Telegram's MainButton: the bar is not drawn.
        className={`sticky bottom-0 z-10 -mx-4 mt-4 border-t border-line bg-bg/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur-md ${inMainButton ? 'hidden' : ''}`}
      >
        {!inMainButton && (
          <Button
            size="lg"
            wide
            testId="checkout-continue"
            busy={pending && c.lines.length > 0 && !c.shown}
            disabled={!c.quote || c.problems.length > 0}
            onClick={goOn}
          >
            {t('checkout.continue')}
          </Button>
        )}
      </div>
    </div>
  );
}

/** The two looks of the checkout's one-of-several choices: segments of a bar (service, when) and chips (days, times). */
const CHOICE_LOOKS = {
  segment: (on: boolean) =>
    `flex min-h-12 min-w-0 flex-col items-center justify-center gap-1 rounded-xl px-1.5 py-2 text-[14px] leading-tight font-bold transition-colors ${
      on ? 'bg-brand text-on-brand shadow-sm' : 'text-muted hover:text-ink'
    }`,
  chip: (on: boolean) =>
    `h-10 shrink-0 rounded-full border px-3.5 text-[14px] font-semibold whitespace-nowrap tabular-nums transition-colors ${
      on ? 'border-transparent bg-brand text-on-brand' : 'border-line bg-surface hover:bg-surface-2'
    }`,
};

/** One option of a radio group, as a segment or a chip. */
function Choice({
  look,
  on,
  testId,
  value,
  onClick,
  children,
}: {
  look: keyof typeof CHOICE_LOOKS;
  on: boolean;
  testId: string;
  value: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      role="radio"
      aria-checked={on}
      data-testid={testId}
      data-value={value}
      onClick={onClick}
      className={CHOICE_LOOKS[look](on)}
    >
      {children}
    </button>
  );
}

function Schedule({
  c,
  days,
  day,
  time,
  error,
}: {
  c: Checkout;
  days: ScheduleDay[];
  day: ScheduleDay | null;
  time: string | null;
  error?: string;
}) {
  const { t } = useTranslation();
  const dayLabel = useDayLabel();
  if (!c.branch) return null;
  if (days.length === 0) {
    return (
      <p data-testid="checkout-no-slots" className="mt-3 text-[14px] text-muted">
        {t('checkout.when.noSlots')}
      </p>
    );
  }
  return (
    <div className="mt-4 space-y-3">
      <div
        role="radiogroup"
        aria-label={t('checkout.when.day')}
        className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none]"
      >
        {days.map((d) => (
          <Choice
            look="chip"
            key={d.day}
            on={d.day === day?.day}
            testId="checkout-day"
            value={d.day}
            onClick={() => c.updateDraft({ day: d.day, time: null })}
          >
            {dayLabel(d.day, d.offset)}
          </Choice>
        ))}
      </div>
      {day && (
        <div role="radiogroup" aria-label={t('checkout.when.time')} className="grid grid-cols-4 gap-2" dir="ltr">
          {day.slots.map((s) => (
            <Choice
              look="chip"
              key={s}
              on={s === time}
              testId="checkout-time"
              value={s}
              onClick={() => c.updateDraft({ day: day.day, time: s })}
            >
              {s}
            </Choice>
          ))}
        </div>
      )}
      {error && (
        <p data-testid="checkout-time-error" className="px-1 text-[13px] font-semibold text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

function Toggle({ testId, on, onChange, label }: { testId: string; on: boolean; onChange: (on: boolean) => void; label: ReactNode }) {
  return (
    <label className="flex min-h-14 cursor-pointer items-center gap-3 rounded-3xl border border-line bg-surface px-4 py-3">
      <span className="min-w-0 flex-1 font-semibold">{label}</span>
      <input
        type="checkbox"
        role="switch"
        data-testid={testId}
        checked={on}
        onChange={(e) => onChange(e.target.checked)}
        className="peer sr-only"
      />
      <span
        aria-hidden="true"
        className="relative h-7 w-12 shrink-0 rounded-full bg-line transition-colors peer-checked:bg-brand peer-focus-visible:ring-4 peer-focus-visible:ring-ink/20 after:absolute after:top-1 after:start-1 after:size-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:after:translate-x-5 rtl:peer-checked:after:-translate-x-5"
      />
    </label>
  );
}

function Promo({ c, problem }: { c: Checkout; problem: string | null }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(c.promoCode ?? '');
  const applied = Boolean(c.promoCode) && value.trim() === c.promoCode;
  return (
    <Card id="checkout-promo-title" title={t('checkout.promo.title')} testId="checkout-promo">
      <form
        className="flex items-start gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setPromoCode(c.merchantId, applied ? null : value);
        }}
      >
        <div className="min-w-0 flex-1">
          <TextField
            id="checkout-promo-input"
            label={<span className="sr-only">{t('checkout.promo.title')}</span>}
            placeholder={t('checkout.promo.placeholder')}
            value={value}
            maxLength={64}
            autoComplete="off"
            error={problem}
            onChange={(e) => setValue(e.target.value)}
          />
        </div>
        <Button
          type="submit"
          variant="secondary"
          testId="checkout-promo-apply"
          className="mt-1.5 h-13"
          disabled={!applied && !value.trim()}
        >
          {t(applied ? 'checkout.promo.remove' : 'checkout.promo.apply')}
        </Button>
      </form>
    </Card>
  );
}
