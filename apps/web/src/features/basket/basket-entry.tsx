import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/i18n.ts';
import { useBasket, useBasketCount } from '../../shared/basket/basket-store.ts';
import { useMerchantSettings } from '../../shared/merchant/merchant.api.ts';
import { BagIcon } from '../../shared/ui/icons.tsx';
import { BasketTrigger } from './basket-trigger.tsx';
import { openBasketSheet, useBasketSheetOpen } from './basket-sheet-state.ts';

/*
 * The ways into the basket, mounted by the app's layout: the header button (basketPosition
 * NAVIGATION_BAR) or the floating bar over the menu (FLOATING_OVER_PRODUCT); on phones the bar always. They lead
 * to /basket, or open the basket as a sheet when the merchant has no basket page (cartPageActive off).
 * This file is in the first screen's code: the basket itself arrives when first opened.
 */

// The bar shows once something is in the basket: never on a guest's first screen, so its code (and the pricing engine) comes later.
const FloatingBar = lazy(() => import('./basket-floating-bar.tsx').then((m) => ({ default: m.FloatingBar })));
const BasketSheet = lazy(() => import('./basket-sheet.tsx').then((m) => ({ default: m.BasketSheet })));

/** Pages of the menu, where the floating bar stands over the products. */
const MENU_PATHS = ['/', '/category', '/search'];

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
 * FLOATING_OVER_PRODUCT. On phones it stands there whatever the basketPosition (issue 29): the header's
 * small button is far from the thumb, and the total is what a customer scrolling the menu wants to see.
 * On the home page only when the merchant wants it there (cartInMainActive).
 */
export function BasketFloatingBar() {
  const { t } = useTranslation();
  const settings = useMerchantSettings();
  const { pathname } = useLocation();
  const { lines, count } = useBasket();
  const onMenu = MENU_PATHS.includes(pathname) && (pathname !== '/' || settings.cartInMainActive);
  if (!onMenu || count === 0) return null;
  return (
    <Suspense fallback={null}>
      <FloatingBar lines={lines} count={count} label={t('basket.title')} phoneOnly={settings.basketPosition !== 'FLOATING_OVER_PRODUCT'} />
    </Suspense>
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
