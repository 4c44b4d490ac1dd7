import { BasketFloatingBar, BasketSheetHost } from '../../features/basket/basket-entry.tsx';
import { Suspense } from 'react';
import { navigationLayout } from '@dasturxon/domain';
import { lazyPage } from '../../lib/chunk-reload.ts';
import { useServerDrawn } from '../../lib/server-drawn.ts';
import { useMerchantSettings } from '../../shared/merchant/merchant.api.ts';
import { Header } from '../shell/header.tsx';
import { TableBar } from '../../shared/table/table-bar.tsx';
import { LeaveAppGuard } from '../../shared/ui/leave-app-guard.tsx';
import { PageOutlet } from './page-outlet.tsx';
import { SkipLink } from './skip-link.tsx';

// Below the first screen: its code arrives after the page's (a rendered page already shows it, and React
// takes it over when the code is there).
const Footer = lazyPage(() => import('../shell/footer.tsx').then((m) => m.Footer));
// The navigation the brand's flags add (issue 31), each its own chunk, drawn once the page is the browser's.
const BrandTabs = lazyPage(() => import('../../features/brands/brand-tabs.tsx').then((m) => m.BrandTabs));
const BottomNav = lazyPage(() => import('../shell/bottom-nav.tsx').then((m) => m.BottomNav));

/** Header, page, footer: the home, menu, basket, branches, profile and other customer pages. */
export function DefaultLayout() {
  const nav = navigationLayout(useMerchantSettings());
  const hydrated = !useServerDrawn();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <Header />
      {/* The brand tabs' room is kept from the server's page on, so they do not push the page down when they come;
          it closes when the company has no other brand to show (BrandTabs then marks itself data-alone). */}
      {nav.brandTabs && (
        <div className="h-13 border-b border-line has-[[data-alone]]:hidden">
          {hydrated && (
            <Suspense fallback={null}>
              <BrandTabs />
            </Suspense>
          )}
        </div>
      )}
      <TableBar />
      <main id="main" className="flex-1">
        <PageOutlet />
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <BasketFloatingBar />
      <BasketSheetHost />
      {nav.bottomBar && hydrated && (
        <Suspense fallback={null}>
          <BottomNav />
        </Suspense>
      )}
      <LeaveAppGuard />
    </div>
  );
}
