import { useEffect, useEffectEvent, useState } from 'react';
import { useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { MERCHANT_HEADER } from '@dasturxon/domain';
import type { OrderStatus } from '@dasturxon/domain';
import type { OrderEvent } from '@dasturxon/domain/contracts';
import { buildUrl, currentMerchantId } from '../../lib/http.ts';
import { getToken } from '../../shared/session/session-store.ts';
import { followOrderStream } from './order-stream.ts';
import { FALLBACK_POLL_MS, keepsListening } from './order-live.ts';
import { takeOrderEvent } from './orders.api.ts';

export interface OrderEventHandlers {
  onEvent: (event: OrderEvent) => void;
  /** The stream is open; `resumed`: from an event seen before, so nothing was missed. Otherwise the page asks for the order again. */
  onOpen?: (resumed: boolean) => void;
  /** True while the stream keeps failing (or was refused): the page asks for the order now and then. */
  onFallback?: (fallback: boolean) => void;
  /** The server refused the stream (no such order, logged out): no more tries. */
  onRefused?: (status: number) => void;
  /** The server could not replay what was missed (`event: reset`): the page asks for the order again. */
  onReset?: () => void;
}

/**
 * Listens to `GET /orders/v1/orders/{id}/events` (server-sent events with the customer's bearer token) while `enabled`
 * (`order-stream.ts`: reconnects with a growing wait from the last event id); at once when the device is back online or
 * the page visible again; stops when the page leaves or `enabled` turns false (the order is final). Only effects: the
 * page rendered on the server never touches it.
 */
export function useOrderEvents(orderId: string, enabled: boolean, handlers: OrderEventHandlers): void {
  const onEvent = useEffectEvent((event: OrderEvent) => handlers.onEvent(event));
  const onOpen = useEffectEvent((resumed: boolean) => handlers.onOpen?.(resumed));
  const onFallback = useEffectEvent((fallback: boolean) => handlers.onFallback?.(fallback));
  const onRefused = useEffectEvent((status: number) => handlers.onRefused?.(status));
  const onReset = useEffectEvent(() => handlers.onReset?.());

  useEffect(() => {
    if (!enabled || !orderId) return;
    const stream = followOrderStream({
      orderId,
      url: buildUrl(`/orders/v1/orders/${encodeURIComponent(orderId)}/events`),
      token: getToken,
      headers: (): Record<string, string> => {
        const merchantId = currentMerchantId();
        return merchantId ? { [MERCHANT_HEADER]: merchantId } : {};
      },
      onEvent: (event) => onEvent(event),
      onOpen: (resumed) => onOpen(resumed),
      onFallback: (fallback) => onFallback(fallback),
      onRefused: (status) => onRefused(status),
      onReset: () => onReset(),
    });
    const nudge = () => {
      if (document.visibilityState === 'visible') stream.wake();
    };
    window.addEventListener('online', nudge);
    document.addEventListener('visibilitychange', nudge);
    return () => {
      stream.stop();
      window.removeEventListener('online', nudge);
      document.removeEventListener('visibilitychange', nudge);
    };
  }, [orderId, enabled]);
}

/**
 * A query of the order (its page, or its map) kept fresh from the order's stream while the order is going on (or its refund is: `keepsListening`): each
 * event goes into the cache (`takeOrderEvent`); a stream opened without a last event id reads the query again (what
 * happened meanwhile is not replayed), as does a reset (more was missed than the server replays); only while the stream keeps failing is it asked for every `FALLBACK_POLL_MS`.
 */
export function useLiveOrderQuery<T extends { status: OrderStatus; refund?: { state: string } | null }, K extends QueryKey>(
  id: string,
  options: UseQueryOptions<T, Error, T, K> & { queryKey: K },
) {
  const queryClient = useQueryClient();
  const [fallback, setFallback] = useState(false);
  const query = useQuery({
    ...options,
    refetchInterval: (q) => (fallback && q.state.data && keepsListening(q.state.data) ? FALLBACK_POLL_MS : false),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: options.queryKey });
  useOrderEvents(id, query.data ? keepsListening(query.data) : false, {
    onEvent: (event) => takeOrderEvent(queryClient, event),
    onOpen: (resumed) => {
      if (!resumed) refresh();
    },
    onFallback: setFallback,
    onRefused: refresh,
    onReset: refresh,
  });
  return query;
}
