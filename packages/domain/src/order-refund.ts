import type { PaymentType } from './enums.ts';
import { paymentProviderOf } from './order-payment.ts';
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

/**
 * Who gives the money back (protocols.md sections 1-3). CLICK: we ask Click's Merchant API for the payment's
 * reversal at once (and again on a refusal or silence, REFUND_MAX_TRIES in all, then FAILED). PAYME, UZUM: the
 * provider has no call we make; the brand refunds from its cabinet and the provider's callback (CancelTransaction,
 * reverse) marks it DONE. null: nothing to give back.
 */
export type RefundRoute = 'CLICK' | 'PROVIDER';
export function refundRouteOf(paymentType: PaymentType): RefundRoute | null {
  const provider = paymentProviderOf(paymentType);
  if (provider === 'CLICK') return 'CLICK';
  return provider ? 'PROVIDER' : null;
}

/** Reversals asked of Click for one refund before it is FAILED (the first, at the cancel, included). */
export const REFUND_MAX_TRIES = 5;
/** The wait before the next reversal after `tries` were refused or not heard: 1, 2, 4, 8 minutes. */
export const refundRetryDelayMs = (tries: number): number => 60_000 * 2 ** Math.max(0, tries - 1);
/** What the customer and the staff are told: the bank may take up to this many days to show the money on the card. */
export const REFUND_BANK_DAYS = 10;

/**
 * Whether a manager may mark the refund done by hand (the money given back outside our calls): a FAILED refund, or a
 * STARTED one the provider completes from its cabinet (Payme, Uzum). A STARTED Click refund is ours to finish.
 */
export function mayMarkRefunded(order: { refundState: RefundState | null; paymentType: PaymentType }): boolean {
  if (order.refundState === 'FAILED') return true;
  return order.refundState === 'STARTED' && refundRouteOf(order.paymentType) === 'PROVIDER';
}
