import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Order, OrderRequest, QuoteRequest, QuoteResponse } from '@dasturxon/domain';
import { http } from '../../lib/http.ts';

/** One fetcher, its query options and its hook per endpoint (docs/architecture.md, convention 5). */
export const checkoutKeys = {
  quote: (merchantId: string, request: QuoteRequest) => ['checkout', merchantId, 'quote', request] as const,
};

/** `POST /orders/v1/orders/quote` with the customer's token (their cashback): the checkout's priced summary. */
export function fetchCheckoutQuote(request: QuoteRequest, signal?: AbortSignal): Promise<QuoteResponse> {
  return http<QuoteResponse>('/orders/v1/orders/quote', { method: 'POST', body: request, auth: true, signal });
}

export const checkoutQuoteQuery = (merchantId: string, request: QuoteRequest) =>
  queryOptions({
    queryKey: checkoutKeys.quote(merchantId, request),
    queryFn: ({ signal }) => fetchCheckoutQuote(request, signal),
    staleTime: 30_000,
    retry: 1,
  });

/** The quote of exactly this request (null: none wanted); the last answer stays while the next is on its way. */
export const useCheckoutQuote = (merchantId: string, request: QuoteRequest | null) =>
  useQuery({
    ...checkoutQuoteQuery(merchantId, request ?? { cartItems: [], serviceType: 'DELIVERY' }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });

/**
 * `POST /orders/v1/orders` (now) or `/orders/v1/orders/at-time` (later) with the attempt's Idempotency-Key:
 * the same key and body answer the first order and place nothing.
 */
export function placeOrder(body: OrderRequest, idempotencyKey: string): Promise<Order> {
  return http<Order>(body.later ? '/orders/v1/orders/at-time' : '/orders/v1/orders', {
    method: 'POST',
    body,
    auth: true,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** A fresh key per attempt: a UUID (the browser's, or one from random bytes where `randomUUID` is missing). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
