import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { awaitsPayment, ORDER_PAGE_SIZE, type CancelOrderRequest, type Order, type OrderPage } from '@dasturxon/domain';
import type { PaymentCheckout } from '@dasturxon/domain/contracts';
import { http } from '../../lib/http.ts';
import { sessionKeys } from '../../shared/session/session.api.ts';

/** One fetcher, its query options and its hook per endpoint (apps/web/README.md). Under the session's root: dropped at logout. */
export const orderKeys = {
  all: [...sessionKeys.all, 'orders'] as const,
  active: (userId: string) => [...sessionKeys.all, 'orders', userId, 'active'] as const,
  archive: (userId: string) => [...sessionKeys.all, 'orders', userId, 'archive'] as const,
  one: (id: string) => [...sessionKeys.all, 'orders', 'one', id] as const,
};

const user = (userId: string) => `/orders/v1/orders/user/${encodeURIComponent(userId)}`;
const one = (id: string) => `/orders/v1/orders/${encodeURIComponent(id)}`;

/** `GET /orders/v1/orders/user/{userId}/active` (WITH_TOKEN): not CLOSED, DELIVERED or CANCELED, newest first. */
export const fetchActiveOrders = (userId: string, signal?: AbortSignal): Promise<Order[]> => http<Order[]>(`${user(userId)}/active`, { auth: true, signal });

/** `GET /orders/v1/orders/user/{userId}?page&size&onlyArchive=true` (WITH_TOKEN): finished orders, pages from 0. */
export const fetchArchivePage = (userId: string, page: number, signal?: AbortSignal): Promise<OrderPage> =>
  http<OrderPage>(user(userId), { auth: true, signal, query: { page, size: ORDER_PAGE_SIZE, onlyArchive: 'true' } });

/** `GET /orders/v1/orders/{id}` (WITH_TOKEN): another customer's order answers 404. */
export const fetchOrder = (id: string, signal?: AbortSignal): Promise<Order> => http<Order>(one(id), { auth: true, signal });

/** `POST /orders/v1/orders/{id}/cancel` (WITH_TOKEN). */
export const cancelOrder = (id: string, body: CancelOrderRequest): Promise<Order> => http<Order>(`${one(id)}/cancel`, { method: 'POST', auth: true, body });

/** `POST /orders/v1/orders/{id}/hide` (WITH_TOKEN): a finished order leaves the history. */
export const hideOrder = (id: string): Promise<void> => http<void>(`${one(id)}/hide`, { method: 'POST', auth: true });

export const activeOrdersQuery = (userId: string) =>
  queryOptions({ queryKey: orderKeys.active(userId), queryFn: ({ signal }) => fetchActiveOrders(userId, signal), refetchInterval: 30_000 });

export const archiveQuery = (userId: string) =>
  infiniteQueryOptions({
    queryKey: orderKeys.archive(userId),
    queryFn: ({ pageParam, signal }) => fetchArchivePage(userId, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last: OrderPage) => (last.page + 1 < last.totalPages ? last.page + 1 : undefined),
  });

/** How often an order waiting for its online payment is asked again, so the page turns paid once the provider confirms. */
export const PAYMENT_POLL_MS = 4000;

export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: orderKeys.one(id),
    queryFn: ({ signal }) => fetchOrder(id, signal),
    retry: false,
    refetchInterval: (query) => (query.state.data && awaitsPayment(query.state.data) ? PAYMENT_POLL_MS : false),
  });

/** `GET /payments/v2/checkout/{id}` (WITH_TOKEN): the provider's page for paying the customer's own unpaid order. */
export const fetchPaymentCheckout = (id: string, lang: string): Promise<PaymentCheckout> =>
  http<PaymentCheckout>(`/payments/v2/checkout/${encodeURIComponent(id)}`, { auth: true, query: { lang } });
