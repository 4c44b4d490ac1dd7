import { Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { HomePage } from '../features/home/home-page.tsx';
import { Menu } from '../features/menu/menu.tsx';
import { ProductOverlayHost } from '../features/product/product-overlay-host.tsx';
import { lazyPage } from '../lib/chunk-reload.ts';
import { STATUS_PATHS, type BootStatus } from '@dasturxon/domain';
import { useBoot } from '../shared/merchant/boot.ts';
import { hasChosenBranch } from '../shared/merchant/branch-choice.ts';
import { useCurrentMerchant, useMerchantSettings } from '../shared/merchant/merchant.api.ts';
import { BasketPageGate } from '../features/basket/basket-entry.tsx';
import { SessionEvents } from '../shared/session/session-events.tsx';
import { useIsLoggedIn } from '../shared/session/session-store.ts';
import { DefaultLayout } from './layouts/default-layout.tsx';
import { anyAnalyticsFlag } from '../shared/analytics/events.ts';
import { useTranslation } from '../i18n/i18n.ts';
import { FavouriteHeartContext, type FavouriteHeartProps } from '../shared/catalogue/favourite-slot.tsx';

/*
 * Every layout and page but the default layout and the home page is code that arrives when first visited. A feature adds its page
 * here and nowhere else: `const BasketPage = lazyPage(() => import('../features/basket/basket-page.tsx').then((m) => m.BasketPage));`
 * then a line in the right layout group below.
 */
const AuthLayout = lazyPage(() => import('./layouts/auth-layout.tsx').then((m) => m.AuthLayout));
const ExtraLayout = lazyPage(() => import('./layouts/extra-layout.tsx').then((m) => m.ExtraLayout));
const MapLayout = lazyPage(() => import('./layouts/map-layout.tsx').then((m) => m.MapLayout));
// What the service worker shows without a network (docs/decisions/018-offline-app.md); its code is kept by the worker.
const OfflinePage = lazyPage(() => import('./pages/offline-page.tsx').then((m) => m.OfflinePage));
const NotFoundPage = lazyPage(() => import('./pages/not-found-page.tsx').then((m) => m.NotFoundPage));
const BlockedPage = lazyPage(() => import('./pages/blocked-page.tsx').then((m) => m.BlockedPage));
const MerchantNotAvailablePage = lazyPage(() => import('./pages/merchant-not-available-page.tsx').then((m) => m.MerchantNotAvailablePage));
const BranchLandingPage = lazyPage(() => import('../features/branches/branch-landing-page.tsx').then((m) => m.BranchLandingPage));
const BranchesPage = lazyPage(() => import('../features/branches/branches-page.tsx').then((m) => m.BranchesPage));
const BranchesMapPage = lazyPage(() => import('../features/branches/branches-map-page.tsx').then((m) => m.BranchesMapPage));
const CategoryPage = lazyPage(() => import('../features/menu/category-page.tsx').then((m) => m.CategoryPage));
const ProductPage = lazyPage(() => import('../features/product/product-page.tsx').then((m) => m.ProductPage));
const SearchPage = lazyPage(() => import('../features/search/search-page.tsx').then((m) => m.SearchPage));
const AboutPage = lazyPage(() => import('../features/info/policy-page.tsx').then((m) => m.AboutPage));
const OffertaPage = lazyPage(() => import('../features/info/policy-page.tsx').then((m) => m.OffertaPage));
const PrivacyPage = lazyPage(() => import('../features/info/policy-page.tsx').then((m) => m.PrivacyPage));
const BrandStoryPage = lazyPage(() => import('../features/info/landing-pages.tsx').then((m) => m.BrandStoryPage));
const DeliveryInfoPage = lazyPage(() => import('../features/info/landing-pages.tsx').then((m) => m.DeliveryInfoPage));
const AppsPage = lazyPage(() => import('../features/info/landing-pages.tsx').then((m) => m.AppsPage));
const BasketPage = lazyPage(() => import('../features/basket/basket-page.tsx').then((m) => m.BasketPage));
const LoginPage = lazyPage(() => import('../features/auth/login-page.tsx').then((m) => m.LoginPage));
const LoginConfirmPage = lazyPage(() => import('../features/auth/confirm-page.tsx').then((m) => m.LoginConfirmPage));
const LoginNamePage = lazyPage(() => import('../features/auth/confirm-page.tsx').then((m) => m.LoginNamePage));
const ProfilePage = lazyPage(() => import('../features/profile/profile-page.tsx').then((m) => m.ProfilePage));
const ProfileUserPage = lazyPage(() => import('../features/profile/user-page.tsx').then((m) => m.ProfileUserPage));
const CardsPages = lazyPage(() => import('../features/cards/cards-pages.tsx').then((m) => m.CardsPages));
const ChooseAddressPage = lazyPage(() => import('../features/addresses/choose-address-page.tsx').then((m) => m.ChooseAddressPage));
// A guest's addresses go to the account after login: nothing of it loads for a guest.
const GuestPlacesSync = lazyPage(() => import('../shared/order/guest-places-sync.tsx').then((m) => m.GuestPlacesSync));
// The orders, one order, its map and the notifications: one lazy page (one line and one file here), which shows the one its address names.
const OrdersPages = lazyPage(() => import('../features/orders/orders.tsx').then((m) => m.OrdersPages));
const AddressBookPage = lazyPage(() => import('../features/addresses/address-book-page.tsx').then((m) => m.AddressBookPage));
const LocationPages = lazyPage(() => import('../features/addresses/location-pages.tsx').then((m) => m.LocationPages));
// The checkout and its confirmation, and the two location pickers: one lazy page each (one line here), showing the one the address names.
// Book a table and my reservations (issue 32): one lazy page showing the one the address names.
const ReservationsPages = lazyPage(() => import('../features/reservations/reservations-pages.tsx').then((m) => m.ReservationsPages));
// A table's QR link and the table's page: the waiter, the bill (issue 32).
const TablePages = lazyPage(() => import('../features/table/table-pages.tsx').then((m) => m.TablePages));
// Chat with the brand (issue 32).
const ChatPage = lazyPage(() => import('../features/chat/chat-page.tsx').then((m) => m.ChatPage));
const CheckoutPages = lazyPage(() => import('../features/checkout/checkout-pages.tsx').then((m) => m.CheckoutPages));
// The brand's vacancies, the list and one with its application form (issue 31).
const VacancyPages = lazyPage(() => import('../features/vacancies/vacancies-pages.tsx').then((m) => m.VacancyPages));
// The customer's favourites (issue 31): their page, and the heart the menu and the product draw in their slot.
const FavouritesPage = lazyPage(() => import('../features/favourites/favourites-page.tsx').then((m) => m.FavouritesPage));
const FavouriteHeart = lazyPage(() => import('../features/favourites/favourite-heart.tsx').then((m) => m.FavouriteHeart));
const drawHeart = (props: FavouriteHeartProps) => <FavouriteHeart {...props} />;
// The brand's listed promo codes (issue 31).
const PromosPage = lazyPage(() => import('../features/promos/promos-page.tsx').then((m) => m.PromosPage));

/** The check-merchant guard (docs/spec-index.md section 2): the storefront opens only for a merchant that is ready. */
function CheckMerchant() {
  const { status, settings } = useBoot();
  const loggedIn = useIsLoggedIn();
  const { language } = useTranslation();
  const analytics = anyAnalyticsFlag(settings);
  // The brand's analytics and CRM tools (issue 31): their loader is asked for only when the brand has one on.
  useEffect(() => {
    if (!analytics) return;
    let disarm = () => {};
    void import('../shared/analytics/analytics.ts').then((m) => (disarm = m.armAnalytics(settings, language)));
    return () => disarm();
  }, [analytics, settings, language]);
  if (status !== 'ready') return <Navigate to={STATUS_PATHS[status]} replace />;
  return (
    <>
      {/* A session that ends (logout, a 401, another tab) sends the visitor to '/'. */}
      <SessionEvents />
      {loggedIn && (
        <Suspense fallback={null}>
          <GuestPlacesSync />
        </Suspense>
      )}
      {/* The hearts of the cards and the product page, while the brand keeps favourites (a guest's too: they are asked to log in). */}
      <FavouriteHeartContext value={settings.favouriteActive ? drawHeart : null}>
        <Outlet />
      </FavouriteHeartContext>
    </>
  );
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
  return <HomePage menu={<Menu />} />;
}

export const routes: RouteObject[] = [
  {
    element: <CheckMerchant />,
    children: [
      {
        // Default layout: header, page, footer.
        element: <DefaultLayout />,
        children: [
          {
            // Pages that list products: `?product={id}&view=sheet|popup` opens a product over them.
            element: <ProductOverlayHost />,
            children: [
              { index: true, element: <HomeRoute /> },
              { path: 'category', element: <CategoryPage /> },
              { path: 'search', element: <SearchPage /> },
            ],
          },
          { path: 'product/:id', element: <ProductPage /> },
          { path: 'branches', element: <BranchesPage /> },
          { path: 'about', element: <AboutPage /> },
          { path: 'offerta', element: <OffertaPage /> },
          { path: 'privacy', element: <PrivacyPage /> },
          {
            // Without a basket page (cartPageActive off) the basket opens as a sheet over the menu.
            path: 'basket',
            element: (
              <BasketPageGate>
                <BasketPage />
              </BasketPageGate>
            ),
          },
          { path: 'profile', element: <ProfilePage /> },
          { path: 'profile/user', element: <ProfileUserPage /> },
          { path: 'profile/address', element: <AddressBookPage /> },
          // The list and one order (`*` is its id): one route of the table, which costs the first screen less than two.
          { path: 'profile/orders/*', element: <OrdersPages /> },
          { path: 'profile/notifications', element: <OrdersPages /> },
          { path: 'profile/cards', element: <CardsPages /> },
          { path: 'profile/cards/create', element: <CardsPages /> },
          { path: 'profile/cards/confirm', element: <CardsPages /> },
          { path: 'choose-address', element: <ChooseAddressPage /> },
          { path: 'checkout', element: <CheckoutPages /> },
          { path: 'checkout/confirm', element: <CheckoutPages /> },
          { path: 'reservations', element: <ReservationsPages /> },
          { path: 't/:token', element: <TablePages /> },
          { path: 'table', element: <TablePages /> },
          { path: 'profile/reservations', element: <ReservationsPages /> },
          { path: 'profile/chat', element: <ChatPage /> },
          { path: 'profile/favorites', element: <FavouritesPage /> },
          { path: 'profile/promos', element: <PromosPage /> },
          { path: 'offline', element: <OfflinePage /> },
          { path: 'vacancy', element: <VacancyPages /> },
          { path: 'vacancy/:id', element: <VacancyPages /> },
          // Later issues: profile/*, vacancy, vacancy/:id.
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        // Extra layout: header and page.
        element: <ExtraLayout />,
        children: [
          { path: 'extra', element: <BrandStoryPage /> },
          { path: 'extra2', element: <DeliveryInfoPage /> },
          { path: 'extr3', element: <AppsPage /> },
          { path: 'extra4', element: <BranchLandingPage /> },
        ],
      },
      {
        // Auth layout: login by phone and its confirmation code.
        element: <AuthLayout />,
        children: [
          { path: 'login', element: <LoginPage /> },
          { path: 'login/confirm', element: <LoginConfirmPage /> },
          // The name step after a login with no code step here (the Telegram mini app's).
          { path: 'login/name', element: <LoginNamePage /> },
        ],
      },
      {
        // Map layout: the whole screen is a map.
        element: <MapLayout />,
        children: [
          { path: 'branches/map', element: <BranchesMapPage /> },
          // The pickup point of the order (docs/spec-index.md section 2): the branch map, where a closed branch cannot be chosen.
          { path: 'address/pickup', element: <BranchesMapPage /> },
          { path: 'address/pickup2', element: <BranchesMapPage /> },
          { path: 'address/delivery', element: <LocationPages /> },
          { path: 'profile/address/create', element: <LocationPages /> },
          { path: 'profile/orders/:id/map', element: <OrdersPages /> },
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
