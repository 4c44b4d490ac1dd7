import type { ReactNode } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { HomePage } from '../features/home/home-page.tsx';
import { lazyPage } from '../lib/chunk-reload.ts';
import { STATUS_PATHS, useBoot, type BootStatus } from '../shared/merchant/boot.ts';
import { hasChosenBranch } from '../shared/merchant/branch-choice.ts';
import { useCurrentMerchant, useMerchantSettings } from '../shared/merchant/merchant.api.ts';
import { DefaultLayout } from './layouts/default-layout.tsx';

/*
 * Every layout and page but the default layout and the home page is code that arrives when first visited. A feature adds its page
 * here and nowhere else: `const BasketPage = lazyPage(() => import('../features/basket/basket-page.tsx').then((m) => m.BasketPage));`
 * then a line in the right layout group below.
 */
const AuthLayout = lazyPage(() => import('./layouts/auth-layout.tsx').then((m) => m.AuthLayout));
const ExtraLayout = lazyPage(() => import('./layouts/extra-layout.tsx').then((m) => m.ExtraLayout));
const MapLayout = lazyPage(() => import('./layouts/map-layout.tsx').then((m) => m.MapLayout));
const NotFoundPage = lazyPage(() => import('./pages/not-found-page.tsx').then((m) => m.NotFoundPage));
const BlockedPage = lazyPage(() => import('./pages/blocked-page.tsx').then((m) => m.BlockedPage));
const MerchantNotAvailablePage = lazyPage(() => import('./pages/merchant-not-available-page.tsx').then((m) => m.MerchantNotAvailablePage));
const BranchLandingPage = lazyPage(() => import('../features/branches/branch-landing-page.tsx').then((m) => m.BranchLandingPage));

/** The check-merchant guard (spec section 2): the storefront opens only for a merchant that is ready. */
function CheckMerchant() {
  const { status } = useBoot();
  return status === 'ready' ? <Outlet /> : <Navigate to={STATUS_PATHS[status]} replace />;
}

/** The blocked and not-available pages are only for that state; otherwise the visitor goes where the state says. */
function OnlyWhen({ status, children }: { status: BootStatus; children: ReactNode }) {
  const boot = useBoot();
  return boot.status === status ? children : <Navigate to={STATUS_PATHS[boot.status]} replace />;
}

/** '/' is the menu, unless the merchant wants a branch chosen first (the old marker word, now `branchFirstLanding`). */
function HomeRoute() {
  const merchant = useCurrentMerchant();
  const settings = useMerchantSettings();
  if (settings.branchFirstLanding && !hasChosenBranch(merchant.id)) return <Navigate to="/extra4" replace />;
  return <HomePage />;
}

export const routes: RouteObject[] = [
  {
    element: <CheckMerchant />,
    children: [
      {
        // Default layout: header, page, footer.
        element: <DefaultLayout />,
        children: [
          { index: true, element: <HomeRoute /> },
          // Later issues: about, basket, search, category, offerta, privacy, branches,
          // product/:id, profile/*, vacancy, vacancy/:id, checkout, checkout/confirm, choose-address.
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        // Extra layout: header and page.
        element: <ExtraLayout />,
        children: [
          { path: 'extra4', element: <BranchLandingPage /> },
          // Later issues: extra, extra2, extr3.
        ],
      },
      {
        // Auth layout: login by phone and its confirmation code.
        element: <AuthLayout />,
        children: [
          // Later issues: login, login/confirm.
        ],
      },
      {
        // Map layout: the whole screen is a map.
        element: <MapLayout />,
        children: [
          // Later issues: address/pickup, address/pickup2, address/delivery, branches/map, profile/orders/:id/map.
        ],
      },
    ],
  },
  {
    element: <AuthLayout />,
    children: [
      {
        path: 'blocked',
        element: (
          <OnlyWhen status="blocked">
            <BlockedPage />
          </OnlyWhen>
        ),
      },
      {
        path: 'merchantNotAvailable',
        element: (
          <OnlyWhen status="unavailable">
            <MerchantNotAvailablePage />
          </OnlyWhen>
        ),
      },
    ],
  },
];
