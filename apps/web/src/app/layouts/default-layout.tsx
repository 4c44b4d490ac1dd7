import { BasketFloatingBar, BasketSheetHost } from '../../features/basket/basket-entry.tsx';
import { Footer } from '../shell/footer.tsx';
import { Header } from '../shell/header.tsx';
import { PageOutlet } from './page-outlet.tsx';
import { SkipLink } from './skip-link.tsx';

/** Header, page, footer: the home, menu, basket, branches, profile and other customer pages. */
export function DefaultLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <Header />
      <main id="main" className="flex-1">
        <PageOutlet />
      </main>
      <Footer />
      <BasketFloatingBar />
      <BasketSheetHost />
    </div>
  );
}
