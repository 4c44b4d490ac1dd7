import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/i18n.ts';
import { useBasket, useBasketCount } from '../../shared/basket/basket-store.ts';
import { useMenu } from '../../shared/catalogue/catalogue.api.ts';
import { useMerchantSettings } from '../../shared/merchant/merchant.api.ts';
import { BagIcon, ChevronEndIcon } from '../../shared/ui/icons.tsx';
import { localLinePrice } from './basket-line-price.ts';
import { useMoney } from './basket-money.ts';
import { openBasketSheet, useBasketSheetOpen } from './basket-sheet-state.ts';

/*
 * The ways into the basket, mounted by the app's layout: the header button (basketPosition
 * NAVIGATION_BAR) or the floating bar over the menu (FLOATING_OVER_PRODUCT), never both. They lead
 * to /basket, or open the basket as a sheet when the merchant has no basket page (cartPageActive off).
 * This file is in the first screen's code: the basket itself arrives when first opened.
 */

const BasketSheet = lazy(() => import('./basket-sheet.tsx').then((m) => ({ default: m.BasketSheet })));

/** Pages of the menu, where the floating bar stands over the products. */
const MENU_PATHS = ['/', '/category', '/search'];

/** A link to the basket page, or a button that opens the basket sheet. */
function BasketTrigger({ className, label, testId, children }: { className: string; label: string; testId: string; children: ReactNode }) {
  const { cartPageActive } = useMerchantSettings();
  if (cartPageActive) {
    return (
      <Link to="/basket" aria-label={label} data-testid={testId} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <button type="button" aria-label={label} data-testid={testId} className={className} onClick={openBasketSheet}>
      {children}
    </button>
  );
}

/** The basket in the header, with the number of items: basketPosition NAVIGATION_BAR. */
export function BasketHeaderButton() {
  const { t } = useTranslation();
  const settings = useMerchantSettings();
  const count = useBasketCount();
  if (settings.basketPosition !== 'NAVIGATION_BAR') return null;
  const label = count > 0 ? `${t('basket.open')}: ${t('basket.items', { count })}` : t('basket.open');
  return (
    <BasketTrigger
      testId="basket-button"
      label={label}
      className="relative grid size-10 shrink-0 place-items-center rounded-full border border-line bg-surface-2 transition-colors hover:bg-line"
    >
      <BagIcon size={22} />
      {count > 0 && (
        <span
          data-testid="basket-count"
          className="absolute -end-0.5 -top-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-brand px-1 text-[11px] leading-none font-extrabold text-on-brand ring-2 ring-surface"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </BasketTrigger>
  );
}

/**
 * The bar over the menu with the number of items and their price (after the products' own
 * discounts; delivery and the rest are the basket page's business): basketPosition
 * FLOATING_OVER_PRODUCT. On the home page only when the merchant wants it there (cartInMainActive).
 */
export function BasketFloatingBar() {
  const { t } = useTranslation();
  const settings = useMerchantSettings();
  const { pathname } = useLocation();
  const { lines, count } = useBasket();
  const onMenu = MENU_PATHS.includes(pathname) && (pathname !== '/' || settings.cartInMainActive);
  const show = settings.basketPosition === 'FLOATING_OVER_PRODUCT' && onMenu && count > 0;
  if (!show) return null;
  return <FloatingBar lines={lines} count={count} label={t('basket.title')} />;
}

function FloatingBar({ lines, count, label }: { lines: ReturnType<typeof useBasket>['lines']; count: number; label: string }) {
  const { t } = useTranslation();
  const formatSum = useMoney();
  const { menu } = useMenu();
  const total = useMemo(() => lines.reduce((n, l) => n + localLinePrice(l, menu?.productById.get(l.productId)).net, 0), [lines, menu]);
  const summary = `${t('basket.items', { count })} · ${formatSum(total)}`;
  return (
    <>
      {/* Keeps the end of the page clear of the bar. */}
      <div aria-hidden="true" className="h-24" />
      <div className="pointer-events-none fixed inset-x-0 bottom-0 z-30 px-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
        <BasketTrigger
          testId="basket-bar"
          label={`${label}: ${summary}`}
          className="pointer-events-auto mx-auto flex h-14 w-full max-w-md items-center gap-3 rounded-2xl bg-brand ps-2.5 pe-3 text-on-brand shadow-[0_12px_32px_-10px_rgb(0_0_0/0.45)] transition-[filter] hover:brightness-95 active:brightness-90 motion-safe:animate-[dx-toast-in_200ms_ease-out]"
        >
          <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-on-brand/15">
            <BagIcon size={20} />
          </span>
          <span className="flex min-w-0 flex-1 flex-col leading-tight">
            <span className="text-[12px] font-semibold opacity-80">{label}</span>
            <span data-testid="basket-bar-summary" className="truncate text-[15px] font-extrabold tabular-nums">
              {summary}
            </span>
          </span>
          <ChevronEndIcon size={20} className="shrink-0 rtl:-scale-x-100" />
        </BasketTrigger>
      </div>
    </>
  );
}

/** The basket sheet, mounted once it has been asked for (cartPageActive off); its code arrives then. */
export function BasketSheetHost() {
  const { cartPageActive } = useMerchantSettings();
  const open = useBasketSheetOpen();
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (cartPageActive || !wanted) return null;
  return (
    <Suspense fallback={null}>
      <BasketSheet />
    </Suspense>
  );
}

/** /basket: the page when the merchant has one (cartPageActive), else the menu with the basket sheet open. */
export function BasketPageGate({ children }: { children: ReactNode }) {
  const { cartPageActive } = useMerchantSettings();
  useEffect(() => {
    if (!cartPageActive) openBasketSheet();
  }, [cartPageActive]);
  return cartPageActive ? children : <Navigate to="/" replace />;
}
