import { useLocation } from 'react-router';
import { CardConfirmPage } from './card-confirm-page.tsx';
import { CardCreatePage } from './card-create-page.tsx';
import { CardsPage } from './cards-page.tsx';

/**
 * `/profile/cards`, `/profile/cards/create` and `/profile/cards/confirm` (docs/spec-index.md section 2): one page that arrives when
 * any of the three is first visited and shows the one its address names (one line of the first screen's routes).
 */
export function CardsPages() {
  const { pathname } = useLocation();
  if (pathname.endsWith('/create')) return <CardCreatePage />;
  if (pathname.endsWith('/confirm')) return <CardConfirmPage />;
  return <CardsPage />;
}
