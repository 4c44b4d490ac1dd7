/** `/checkout` and `/checkout/confirm` as one file that arrives when either is first visited (two routes, one download). */
export { CheckoutConfirmPage } from './checkout-confirm-page.tsx';
export { CheckoutPage } from './checkout-page.tsx';
