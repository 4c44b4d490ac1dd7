import { useEffect, useRef, useState, type ElementType, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { isDeliveryService, type Product } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { useBasket } from '../../shared/basket/basket-store.ts';
import { usePromoCode } from '../../shared/basket/promo-code.ts';
import { useMenu } from '../../shared/catalogue/catalogue.api.ts';
import { useMerchantSettings } from '../../shared/merchant/merchant.api.ts';
import { buttonClass } from '../../shared/ui/button.tsx';
import { ConfirmSheet } from '../../shared/ui/confirm-sheet.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { AlertIcon, BagIcon } from '../../shared/ui/icons.tsx';
import { ChevronEndIcon, InfoIcon } from '../../shared/ui/more-icons.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { useErrorText } from '../../shared/ui/use-error-text.ts';
import { BasketDestination } from './basket-destination.tsx';
import { TrashIcon } from './basket-icons.tsx';
import { BasketLineItem, useLineProblemTexts } from './basket-line-item.tsx';
import { useMoney } from './basket-money.ts';
import { checkAdd, checkoutBlocked, checkQuantity, recommendations, type QuantityCheck } from './basket-lines.ts';
import { BasketPromo, usePromoReason } from './basket-promo.tsx';
import { BasketRecommendations } from './basket-recommendations.tsx';
import { BasketTotals } from './basket-totals.tsx';
import { useBasketQuote } from './use-basket-quote.ts';
import { pageExists } from '../../shared/navigation.ts';
import { useTelegramMainButton } from '../../shared/telegram/main-button.ts';

/** Shows one notice once a burst of changes has settled, however many taps made it. */
function useSettledNotice(ms: number): (text: string) => void {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    const current = timer;
    return () => {
      if (current.current) clearTimeout(current.current);
    };
  }, []);
  return (text) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => toast(text, 'success'), ms);
  };
}

export interface BasketViewProps {
  /** What the title is drawn with: the page's h1, or the sheet's title. */
  Title?: ElementType<{ className?: string; children?: ReactNode }>;
  /** The basket is a sheet over another page. */
  inSheet?: boolean;
  /** Called before leaving the basket for another page (the sheet closes). */
  onNavigate?: () => void;
}

/** The basket: its lines, suggestions, promo code, the quote's totals and the way to the checkout. */
export function BasketView({ Title = 'h1', inSheet = false, onNavigate }: BasketViewProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const settings = useMerchantSettings();
  const basket = useBasket();
  const promoCode = usePromoCode();
  const formatSum = useMoney();
  const { menu } = useMenu();
  const b = useBasketQuote();
  const lineProblemTexts = useLineProblemTexts();
  const reasonText = usePromoReason(formatSum);
  const quantityNotice = useSettledNotice(700);
  const [confirmClear, setConfirmClear] = useState(false);

  // Inside Telegram the way to the checkout is Telegram's MainButton (and the page's own button is not drawn).
  const navigate = useNavigate();
  const blockedNow =
    checkoutBlocked(b.problems, settings) || b.lines.some((l) => Boolean(menu) && !b.products.get(l.productId)?.isOrderable);
  const inMainButton = useTelegramMainButton(
    b.lines.length > 0 && pageExists('/checkout')
      ? {
          text: `${t('basket.checkout')} · ${formatSum(b.totals.totalPrice)}`,
          disabled: blockedNow,
          onClick: () => {
            onNavigate?.();
            void navigate('/checkout');
          },
        }
      : null,
  );

  if (b.lines.length === 0) return <EmptyBasket Title={Title} onNavigate={onNavigate} />;

  const refuse = (check: Exclude<QuantityCheck, { ok: true }>) =>
    toast(check.reason === 'NOT_ENOUGH' ? t('basket.notEnough', { max: check.max }) : t('basket.unavailable'), 'error');

  const changeCount = (key: string, productId: string, next: number) => {
    const check = checkQuantity(b.lines, key, next, b.products.get(productId));
    if (!check.ok) return refuse(check);
    basket.setCount(key, next);
    quantityNotice(t('basket.quantityUpdated'));
  };

  const addRecommended = (product: Product) => {
    const check = checkAdd(b.lines, product);
    if (!check.ok) return refuse(check);
    basket.add({ productId: product.id });
    toast(t('basket.added'), 'success');
  };

  const clear = () => {
    basket.clear();
    setConfirmClear(false);
    toast(t('basket.cleared'), 'success');
  };

  const delivered = isDeliveryService(b.request.serviceType);
  const menuLoaded = Boolean(menu);
  const blocked = blockedNow;
  const productAmount = b.totals.productPrice - b.totals.productDiscount;
  const suggested = recommendations(menu?.products, b.lines);
  const deliveryMin = b.problems.deliveryMin;
  const promoDiscount = b.quote?.promo ? b.quote.promoProductDiscount + b.quote.deliveryDiscount : null;

  return (
    <div
      data-testid="basket-view"
      data-state={b.pending ? 'estimate' : 'quoted'}
      className={inSheet ? 'px-4' : 'mx-auto w-full max-w-5xl px-4 pt-4 md:pt-8'}
    >
      <div className="flex items-center gap-3">
        <Title className="text-[26px] leading-tight font-black tracking-tight md:text-3xl">{t('basket.title')}</Title>
        <span data-testid="basket-count-label" className="mt-1 text-[15px] font-semibold text-muted">
          {t('basket.items', { count: basket.count })}
        </span>
        <button
          type="button"
          data-testid="basket-clear"
          onClick={() => setConfirmClear(true)}
          className="ms-auto -me-2 flex h-10 items-center gap-1.5 rounded-full px-3 text-[14px] font-semibold text-muted transition-colors hover:bg-surface-2 hover:text-ink"
        >
          <TrashIcon size={18} />
          {t('basket.clear')}
        </button>
      </div>

      <div className="md:grid md:grid-cols-[minmax(0,1fr)_22rem] md:grid-rows-[auto_1fr] md:items-start md:gap-x-8">
        <div className="md:row-span-2">
          <ul aria-label={t('basket.title')} className="divide-y divide-line">
            {b.lines.map((line) => {
              const product = b.products.get(line.productId);
              return (
                <BasketLineItem
                  key={line.key}
                  line={line}
                  product={product}
                  price={b.linePrices.get(line.key) ?? { gross: 0, net: 0 }}
                  problems={lineProblemTexts(b.problems.byLine.get(line.key) ?? [], product, menuLoaded)}
                  loading={!menuLoaded}
                  formatSum={formatSum}
                  onCount={(next) => changeCount(line.key, line.productId, next)}
                  onRemove={() => basket.remove(line.key)}
                />
              );
            })}
          </ul>
          {suggested.length > 0 && (
            <div className="mt-4 border-t border-line pt-5">
              <BasketRecommendations products={suggested} formatSum={formatSum} onAdd={addRecommended} onNavigate={onNavigate} />
            </div>
          )}
        </div>

        <aside className="mt-6 space-y-4 md:mt-4">
          {(settings.deliveryActive || settings.pickupActive || settings.dineInActive) && (
            <BasketDestination serviceType={b.request.serviceType} delivered={delivered} onNavigate={onNavigate} />
          )}
          {deliveryMin && (
            <DeliveryMinimum
              minAmount={deliveryMin.minAmount}
              productAmount={productAmount}
              pickupToo={settings.pickupActive || settings.dineInActive}
              formatSum={formatSum}
            />
          )}
          {b.problems.general.map((p, i) => (
            <Notice key={`${p.code}-${i}`} testId="basket-problem" tone="warn">
              {reasonText(p)}
            </Notice>
          ))}
          {Boolean(b.error) && (
            <Notice testId="basket-quote-error" tone="warn">
              {errorText(b.error)}{' '}
              <button type="button" onClick={b.retry} className="font-bold underline underline-offset-2">
                {t('common.retry')}
              </button>
            </Notice>
          )}
          {settings.promoActive && (
            <BasketPromo
              applied={promoCode}
              discount={promoDiscount}
              problem={b.problems.promo}
              productAmount={productAmount}
              formatSum={formatSum}
            />
          )}
          <BasketTotals
            totals={b.totals}
            pending={b.pending}
            delivered={delivered}
            deliveryAtCheckout={delivered && !b.request.branchId}
            showCashback={settings.cashbackActive}
          />
        </aside>

        <div
          data-sticky-bar
          className={`sticky bottom-0 z-10 -mx-4 mt-4 border-t border-line bg-bg/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur-md md:col-start-2 md:mx-0 md:mt-4 md:border-0 md:bg-transparent md:px-0 md:backdrop-blur-none ${inSheet ? 'bg-surface/95' : ''} ${inMainButton && !blocked ? 'hidden' : ''}`}
        >
          {blocked && (
            <p data-testid="basket-checkout-blocked" className="mb-2 text-center text-[13px] font-semibold text-red-600 dark:text-red-400">
              {t('basket.checkoutBlocked')}
            </p>
          )}
          {/* The way on appears with the checkout page (issue 13); until then the basket ends with its totals. */}
          {!pageExists('/checkout') || inMainButton ? null : blocked ? (
            <button
              type="button"
              disabled
              data-testid="basket-checkout"
              className={`${buttonClass({ wide: true })} justify-between opacity-50`}
            >
              <CheckoutLabel total={formatSum(b.totals.totalPrice)} />
            </button>
          ) : (
            <Link
              to="/checkout"
              data-testid="basket-checkout"
              onClick={onNavigate}
              className={`${buttonClass({ wide: true })} justify-between`}
            >
              <CheckoutLabel total={formatSum(b.totals.totalPrice)} />
            </Link>
          )}
        </div>
      </div>

      <ConfirmSheet
        open={confirmClear}
        onOpenChange={setConfirmClear}
        nested={inSheet}
        testId="basket-clear-sheet"
        confirmTestId="basket-clear-confirm"
        cancelTestId="basket-clear-cancel"
        icon={<TrashIcon size={26} />}
        title={t('basket.clearTitle')}
        text={t('basket.clearText')}
        confirmLabel={t('basket.clearConfirm')}
        cancelLabel={t('basket.cancel')}
        danger
        onConfirm={clear}
      />
    </div>
  );
}

function CheckoutLabel({ total }: { total: string }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="flex items-center gap-1">
        {t('basket.checkout')}
        <ChevronEndIcon size={18} className="rtl:-scale-x-100" />
      </span>
      <span className="tabular-nums">{total}</span>
    </>
  );
}

function Notice({ testId, tone, children }: { testId: string; tone: 'warn' | 'info'; children: ReactNode }) {
  return (
    <div
      data-testid={testId}
      role={tone === 'warn' ? 'alert' : 'status'}
      className={`flex items-start gap-2.5 rounded-2xl p-3.5 text-[14px] leading-snug font-medium ${tone === 'warn' ? 'bg-amber-500/15 text-amber-900 dark:text-amber-200' : 'bg-surface-2'}`}
    >
      {tone === 'warn' ? <AlertIcon size={18} className="mt-px shrink-0" /> : <InfoIcon size={18} className="mt-px shrink-0" />}
      <div className="min-w-0">{children}</div>
    </div>
  );
}

/** The delivery minimum: how much is missing, with a bar that fills as the basket grows. */
function DeliveryMinimum({
  minAmount,
  productAmount,
  pickupToo,
  formatSum,
}: {
  minAmount: number;
  productAmount: number;
  pickupToo: boolean;
  formatSum: (n: number) => string;
}) {
  const { t } = useTranslation();
  const missing = Math.max(0, minAmount - productAmount);
  const share = minAmount > 0 ? Math.min(100, Math.round((productAmount / minAmount) * 100)) : 100;
  return (
    <div
      data-testid="basket-delivery-min"
      data-min-amount={minAmount}
      role="status"
      className="rounded-2xl bg-amber-500/15 p-3.5 text-amber-900 dark:text-amber-200"
    >
      <p className="text-[14px] leading-snug font-semibold">
        {t('basket.deliveryMin', { amount: formatSum(minAmount), missing: formatSum(missing) })}
      </p>
      <div className="mt-2.5 h-1.5 overflow-hidden rounded-full bg-amber-900/15 dark:bg-amber-200/20" aria-hidden="true">
        <div className="h-full rounded-full bg-amber-500" style={{ width: `${share}%` }} />
      </div>
      {pickupToo && <p className="mt-2 text-[13px] leading-snug opacity-80">{t('basket.deliveryMinPickup')}</p>}
    </div>
  );
}

function EmptyBasket({ Title, onNavigate }: { Title: ElementType<{ className?: string; children?: ReactNode }>; onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      testId="basket-empty"
      size="page"
      Title={Title}
      icon={<BagIcon size={44} strokeWidth={1.6} />}
      title={t('basket.empty.title')}
      text={t('basket.empty.text')}
      action={
        <Link to="/" data-testid="basket-empty-menu" onClick={onNavigate} className={`${buttonClass({ wide: true })} sm:w-auto`}>
          {t('basket.empty.cta')}
        </Link>
      }
    />
  );
}
