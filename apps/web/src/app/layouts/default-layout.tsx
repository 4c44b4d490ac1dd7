import { BasketFloatingBar, BasketSheetHost } from '../../features/basket/basket-entry.tsx';
import { Suspense } from 'react';
import { lazyPage } from '../../lib/chunk-reload.ts';
import { Header } from '../shell/header.tsx';
import { TableBar } from '../../shared/table/table-bar.tsx';
import { LeaveAppGuard } from '../../shared/ui/leave-app-guard.tsx';
import { PageOutlet } from './page-outlet.tsx';
import { SkipLink } from './skip-link.tsx';

// Below the first screen: its code arrives after the page's (a rendered page already shows it, and React
// takes it over when the code is there).
const Footer = lazyPage(() => import('../shell/footer.tsx').then((m) => m.Footer));

/** Header, page, footer: the home, menu, basket, branches, profile and other customer pages. */
export function DefaultLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <Header />
      <TableBar />
      <main id="main" className="flex-1">
        <PageOutlet />
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <BasketFloatingBar />
      <BasketSheetHost />
      <LeaveAppGuard />
    </div>
  );
}
