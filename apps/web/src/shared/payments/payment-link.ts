import { awaitsPayment, type Order } from '@dasturxon/domain';
import type { PaymentCheckout } from '@dasturxon/domain/contracts';
import { http } from '../../lib/http.ts';

/** `GET /payments/v2/checkout/{id}` (WITH_TOKEN): the provider's page for paying the customer's own unpaid order. */
export const fetchPaymentCheckout = (id: string, lang: string): Promise<PaymentCheckout> =>
  http<PaymentCheckout>(`/payments/v2/checkout/${encodeURIComponent(id)}`, { auth: true, query: { lang } });

/**
 * Where a just-placed order is paid (issue 29): an order awaiting its online payment goes straight to the provider's
 * page (issue 14's pay link, which brings the customer back to the order's page); null for one paid at hand-over, or
 * when the link cannot be had now (the order's page then offers the pay action).
 */
export async function providerPageOf(order: Order, language: string): Promise<string | null> {
  if (!awaitsPayment(order)) return null;
  try {
    return (await fetchPaymentCheckout(order.id, language)).url;
  } catch {
    return null;
  }
}
