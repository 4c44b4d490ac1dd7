import { queryOptions } from '@tanstack/react-query';
import type { Order } from '@dasturxon/domain';
import type { CardCreateResponse, SavedCard } from '@dasturxon/domain/contracts';
import { http } from '../../lib/http.ts';
import { sessionKeys } from '../session/session.api.ts';

/** One fetcher, its query options and its hook per endpoint (apps/web/README.md). Under the session's root: dropped at logout. */
export const cardKeys = {
  all: [...sessionKeys.all, 'cards'] as const,
};

/** `GET /payments/v1/cards` (WITH_TOKEN): the customer's verified cards, masked. */
export const fetchCards = (signal?: AbortSignal): Promise<SavedCard[]> => http<SavedCard[]>('/payments/v1/cards', { auth: true, signal });

/** `POST /payments/v1/cards`: the number and expiry go to the provider, which sends the card's owner a code. */
export const createCard = (cardNumber: string, expireDate: string): Promise<CardCreateResponse> =>
  http<CardCreateResponse>('/payments/v1/cards', { method: 'POST', auth: true, body: { cardNumber, expireDate } });

/** `POST /payments/v1/cards/{id}/verify`: the code from the SMS; the card is saved. */
export const verifyCard = (id: string, code: string): Promise<SavedCard> =>
  http<SavedCard>(`/payments/v1/cards/${encodeURIComponent(id)}/verify`, { method: 'POST', auth: true, body: { code } });

/** `DELETE /payments/v1/cards/{id}`. */
export const deleteCard = (id: string): Promise<void> =>
  http<void>(`/payments/v1/cards/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true });

/** `POST /payments/v1/cards/{id}/pay`: pays one of the customer's orders waiting for a Click payment with this card. */
export const payWithCard = (id: string, orderId: string): Promise<Order> =>
  http<Order>(`/payments/v1/cards/${encodeURIComponent(id)}/pay`, { method: 'POST', auth: true, body: { orderId } });

export const cardsQuery = () => queryOptions({ queryKey: cardKeys.all, queryFn: ({ signal }) => fetchCards(signal) });
