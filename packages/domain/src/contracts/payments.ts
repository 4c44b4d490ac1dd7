import { z } from 'zod';
import { PAYMENT_PROVIDERS } from '../enums.ts';

/*
 * The customer's side of an online payment (docs/spec-index.md section 7, `GET /payments/v2/checkout/{id}`): where to send the
 * customer to pay their own unpaid order with the provider chosen at checkout, and where the provider sends them back.
 */

export const PaymentProviderName = z.enum(PAYMENT_PROVIDERS);
export type PaymentProviderName = z.infer<typeof PaymentProviderName>;

export const PaymentCheckout = z.object({
  orderId: z.uuid(),
  provider: PaymentProviderName,
  /** Open this address (a GET): the provider's payment page for exactly this order and amount. */
  url: z.url(),
  /** What is paid, in tiyin (the order's total × 100). */
  amount: z.number().int().min(1),
  /** Where the provider sends the customer back: the order's page. */
  returnUrl: z.url(),
  /** Until when the order waits for its payment (then the timers cancel it). */
  payUntil: z.iso.datetime().nullable(),
});
export type PaymentCheckout = z.infer<typeof PaymentCheckout>;
