import type { PaymentType } from './enums.ts';
import { isOnlinePayment } from './order-status.ts';

/*
 * The refund of an order paid online that the customer cancels before the branch accepts it (issue 29): the cancel
 * starts it at once, in the same transaction as the move. STARTED until the provider gives the money back (its
 * CancelTransaction, reverse or Click's reversal lands), then DONE; FAILED when the provider refused the reversal we
 * asked for (an operator settles it with the provider).
 */
export const REFUND_STATES = ['STARTED', 'DONE', 'FAILED'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

/** Whether cancelling this order starts a refund: it was paid online (cash and terminal orders were never charged). */
export function refundOnCancel(order: { paymentType: PaymentType; isPaid: boolean }): boolean {
  return order.isPaid && isOnlinePayment(order.paymentType);
}
