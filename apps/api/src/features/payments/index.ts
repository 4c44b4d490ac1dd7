/** The payments feature's public surface: the providers' merchant side (Payme, Click, Uzum). */
export { createPaymentsRepository, type PaymentsRepository } from './payments.repository.ts';
export { createPaymentsService, type PaymentsService } from './payments.service.ts';
export { paymentsRoutes } from './payments.routes.ts';
export { checkoutRoutes } from './checkout.routes.ts';
export { clickPayUrl, paymeCheckoutUrl, uzumPayUrl, type CheckoutService } from './checkout.service.ts';
/** Saved cards: the customer's side of Click's card-token API (we call Click's Merchant API). */
export { createCardsService, LOST_PAYMENT_GRACE_MS, type CardsService, type CardsServiceDeps } from './cards.service.ts';
export { cardsRoutes } from './cards.routes.ts';
export {
  CLICK_MERCHANT_TIMEOUT_MS,
  createClickMerchantClient,
  clickMerchantAuth,
  DEFAULT_CLICK_MERCHANT_API_URL,
  type ClickMerchantClient,
} from './click-merchant.client.ts';
/** Refunds of cancelled paid orders (issue 29): Click's reversal asked and retried, the console's list and mark. */
export { createRefundsService, type RefundsService } from './refunds.service.ts';
export { refundsRoutes } from './refunds.routes.ts';
