/** The payments feature's public surface: the providers' merchant side (Payme, Click, Uzum). */
export { createPaymentsRepository, type PaymentsRepository } from './payments.repository.ts';
export { PROVIDER_PAYMENT_TYPES } from './payments.core.ts';
export { createPaymentsService, type PaymentsService } from './payments.service.ts';
export { paymentsRoutes } from './payments.routes.ts';
export { checkoutRoutes } from './checkout.routes.ts';
export { clickPayUrl, paymeCheckoutUrl, uzumPayUrl } from './checkout.service.ts';
