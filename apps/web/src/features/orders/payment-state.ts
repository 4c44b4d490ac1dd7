import { awaitsPayment, isOnlinePayment, type Order } from '@dasturxon/domain';

/*
 * What the order page's payment banner says (issue 29), kept pure so it is tested without a browser. An online order
 * reads "placed, waiting for payment" with the time left to pay until the provider's callback lands, never "confirmed"
 * while unpaid; then "payment received" until the branch accepts it. A cancelled paid order reads its refund.
 */
export type PaymentState = 'waiting' | 'expired' | 'received' | 'refundStarted' | 'refunded' | 'refundFailed';

export function paymentStateOf(
  order: Pick<Order, 'status' | 'paymentType' | 'isPaid' | 'payUntil' | 'refund'>,
  now: number,
): PaymentState | null {
  if (order.refund) return order.refund.state === 'STARTED' ? 'refundStarted' : order.refund.state === 'DONE' ? 'refunded' : 'refundFailed';
  if (awaitsPayment(order)) return order.payUntil && Date.parse(order.payUntil) <= now ? 'expired' : 'waiting';
  // Paid online and not yet taken on by the branch: the payment is the news.
  if (order.isPaid && isOnlinePayment(order.paymentType) && (order.status === 'OPEN' || order.status === 'AT_TIME')) return 'received';
  return null;
}
