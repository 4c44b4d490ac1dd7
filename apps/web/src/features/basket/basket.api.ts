import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PromoResponse, QuoteRequest, QuoteResponse } from '@dasturxon/domain';
import { http } from '../../lib/http.ts';

/** One fetcher, its query options and its hook per endpoint (docs/architecture.md, convention 5). */
export const basketKeys = {
  quote: (merchantId: string, request: QuoteRequest) => ['basket', merchantId, 'quote', request] as const,
};

/**
 * `POST /orders/v1/orders/quote`: every amount of the basket and what would stop the order.
 * Sends the customer's token when there is one: the server then knows their cashback.
 */
export function fetchQuote(request: QuoteRequest, signal?: AbortSignal): Promise<QuoteResponse> {
  return http<QuoteResponse>('/orders/v1/orders/quote', { method: 'POST', body: request, auth: true, signal });
}

/** A quote with the request it answers, so problems that name a cart item by its index can be put on the right line. */
export interface AnsweredQuote {
  request: QuoteRequest;
  response: QuoteResponse;
}

/**
 * The server's quote for exactly this request. The key is the request itself, so the same basket
 * is never asked twice and the answer for another basket is never shown as this one's.
 */
export const quoteQuery = (merchantId: string, request: QuoteRequest) =>
  queryOptions({
    queryKey: basketKeys.quote(merchantId, request),
    queryFn: ({ signal }): Promise<AnsweredQuote> => fetchQuote(request, signal).then((response) => ({ request, response })),
    staleTime: 30_000,
    retry: 1,
  });

/** The quote of a request (null: none wanted, such as for an empty basket); the last answer is kept while the next is on its way. */
export const useQuote = (merchantId: string, request: QuoteRequest | null) =>
  useQuery({
    ...quoteQuery(merchantId, request ?? { cartItems: [], serviceType: 'DELIVERY' }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });

/**
 * `GET /orders/v1/promo/check`: the promo behind a code, or an `HttpError` whose body says why it
 * cannot be used (PROMO_NOT_FOUND, PROMO_NOT_ACTIVE, PROMO_NOT_STARTED, PROMO_EXPIRED, PROMO_MIN_PRICE).
 * `amount` is what the products cost after their own discounts, for the promo's minimum.
 */
export function fetchPromoCheck(code: string, amount: number, signal?: AbortSignal): Promise<PromoResponse> {
  return http<PromoResponse>('/orders/v1/promo/check', { query: { code, amount }, signal });
}
