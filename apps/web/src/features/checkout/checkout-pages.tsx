import { useLocation } from 'react-router';
import { CheckoutConfirmPage } from './checkout-confirm-page.tsx';
import { CheckoutPage } from './checkout-page.tsx';

/**
 * `/checkout` and `/checkout/confirm` as one page that arrives when either is first visited and shows the one its
 * address names: each lazy route of the route table costs the first screen a line (scripts/size-budget.mjs).
 */
export function CheckoutPages() {
  return useLocation().pathname.replace(/\/+$/, '').endsWith('/confirm') ? <CheckoutConfirmPage /> : <CheckoutPage />;
}
