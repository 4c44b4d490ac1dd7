import { BasketFloatingBar, BasketSheetHost } from '../../features/basket/basket-entry.tsx';
import { Suspense, useSyncExternalStore } from 'react';
import { hostnameOf, isDevHost } from '@dasturxon/domain';
import { lazyPage } from '../../lib/chunk-reload.ts';
import { Header } from '../shell/header.tsx';
import { PageOutlet } from './page-outlet.tsx';
import { SkipLink } from './skip-link.tsx';

// Below the first screen: its code arrives after the page's (a rendered page already shows it, and React
// takes it over when the code is there).
const Footer = lazyPage(() => import('../shell/footer.tsx').then((m) => m.Footer));
const DevBrandSwitcher = lazyPage(() => import('../shell/dev-brand-switcher.tsx').then((m) => m.DevBrandSwitcher));

const never = () => () => {};
const onDevelopmentHost = () => {
  const hostname = hostnameOf(location.host);
  return isDevHost(hostname) || hostname.endsWith('.localhost');
};
/** On localhost and `{sub}.localhost` only, and never in the server's page (which React then takes over as it is). */
const useDevelopmentHost = (): boolean => useSyncExternalStore(never, onDevelopmentHost, () => false);

/** Header, page, footer: the home, menu, basket, branches, profile and other customer pages. */
export function DefaultLayout() {
  const developmentHost = useDevelopmentHost();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <Header />
      <main id="main" className="flex-1">
        <PageOutlet />
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      {developmentHost ? (
        <Suspense fallback={null}>
          <DevBrandSwitcher />
        </Suspense>
      ) : null}
      <BasketFloatingBar />
      <BasketSheetHost />
    </div>
  );
}
