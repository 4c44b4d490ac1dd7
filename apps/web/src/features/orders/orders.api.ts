import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { ORDER_PAGE_SIZE, type CancelOrderRequest, type Order, type OrderPage } from '@dasturxon/domain';
import type { CourierTracking, OrderEvent } from '@dasturxon/domain/contracts';
import { http } from '../../lib/http.ts';
import { sessionKeys } from '../../shared/session/session.api.ts';
import { applyOrderEvent, applyTrackingEvent } from './order-live.ts';

/** One fetcher, its query options and its hook per endpoint (apps/web/README.md). Under the session's root: dropped at logout. */
export const orderKeys = {
  all: [...sessionKeys.all, 'orders'] as const,
  active: (userId: string) => [...sessionKeys.all, 'orders', userId, 'active'] as const,
  archive: (userId: string) => [...sessionKeys.all, 'orders', userId, 'archive'] as const,
  one: (id: string) => [...sessionKeys.all, 'orders', 'one', id] as const,
  tracking: (id: string) => [...sessionKeys.all, 'orders', 'tracking', id] as const,
};

const user = (userId: string) => `/orders/v1/orders/user/${encodeURIComponent(userId)}`;
const one = (id: string) => `/orders/v1/orders/${encodeURIComponent(id)}`;

/** `GET /orders/v1/orders/user/{userId}/active` (WITH_TOKEN): not CLOSED, DELIVERED or CANCELED, newest first. */
export const fetchActiveOrders = (userId: string, signal?: AbortSignal): Promise<Order[]> =>
  http<Order[]>(`${user(userId)}/active`, { auth: true, signal });

/** `GET /orders/v1/orders/user/{userId}?page&size&onlyArchive=true` (WITH_TOKEN): finished orders, pages from 0. */
export const fetchArchivePage = (userId: string, page: number, signal?: AbortSignal): Promise<OrderPage> =>
  http<OrderPage>(user(userId), { auth: true, signal, query: { page, size: ORDER_PAGE_SIZE, onlyArchive: 'true' } });

/** `GET /orders/v1/orders/{id}` (WITH_TOKEN): another customer's order answers 404. */
export const fetchOrder = (id: string, signal?: AbortSignal): Promise<Order> => http<Order>(one(id), { auth: true, signal });

/** `POST /orders/v1/orders/{id}/cancel` (WITH_TOKEN). */
export const cancelOrder = (id: string, body: CancelOrderRequest): Promise<Order> =>
  http<Order>(`${one(id)}/cancel`, { method: 'POST', auth: true, body });

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

/**
 * One order. Its page keeps it fresh from the order's event stream (`use-order-events.ts`): a paid order, an accepted
 * one, one on its way turn up at once; only while the stream keeps failing does the page ask again now and then.
 */
export const orderQuery = (id: string) =>
  queryOptions({ queryKey: orderKeys.one(id), queryFn: ({ signal }) => fetchOrder(id, signal), retry: false });

/** `GET /deliveries/v1/delivery/courier/{orderId}` (WITH_TOKEN): the branch, the address and the courier of the customer's own order, for its map. */
export const fetchTracking = (id: string, signal?: AbortSignal): Promise<CourierTracking> =>
  http<CourierTracking>(`/deliveries/v1/delivery/courier/${encodeURIComponent(id)}`, { auth: true, signal });

export const trackingQuery = (id: string) =>
  queryOptions({ queryKey: orderKeys.tracking(id), queryFn: ({ signal }) => fetchTracking(id, signal), retry: false });

/** The provider's page for paying an unpaid order (shared with the checkout, which goes there straight after placing). */
export { fetchPaymentCheckout } from '../../shared/payments/payment-link.ts';

/**
 * An event of the order's stream into the cache, for the order's page and its map alike: a courier's move moves the
 * courier and has the order asked for again (its arrival estimate rides from there); a status moves the order and its timeline at once, and the order, its map and the lists are asked for
 * again (who moved it, paid, the actions, the courier now attached). The notifications' count is asked for whenever
 * the profile shows it.
 */
export function takeOrderEvent(queryClient: QueryClient, event: OrderEvent): void {
  const id = event.orderId;
  queryClient.setQueryData<CourierTracking>(orderKeys.tracking(id), (tracking) => tracking && applyTrackingEvent(tracking, event));
  if (event.type !== 'order') {
    // The courier moved: the order's arrival estimate is read again (the server rides it from the new position).
    void queryClient.invalidateQueries({ queryKey: orderKeys.one(id), exact: true });
    return;
  }
  queryClient.setQueryData<Order>(orderKeys.one(id), (order) => order && applyOrderEvent(order, event));
  void queryClient.invalidateQueries({ queryKey: orderKeys.all, predicate: (q) => q.queryKey[2] !== 'one' || q.queryKey[3] === id });
}
