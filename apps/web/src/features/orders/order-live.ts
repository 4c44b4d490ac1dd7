import { courierHasOrder, isActiveStatus, isDeliveryService, ORDER_STATUSES, type Order, type OrderStatus } from '@dasturxon/domain';
import type { CourierTracking, OrderEvent } from '@dasturxon/domain/contracts';

/*
 * The live order (issue 15), kept pure so it is tested without a browser: reading an event of the order's stream,
 * merging it into the order and into its map, and when to fall back to asking (the reconnecting is the client package's
 * `followEventStream`).
 */

/** After this many failures in a row the page also asks for the order every `FALLBACK_POLL_MS`, until a connection holds. */
export const FAILURES_BEFORE_POLL = 3;
export const FALLBACK_POLL_MS = 15_000;

const STATUSES: ReadonlySet<string> = new Set(ORDER_STATUSES);

/** The `data` of a stream event as an order event, or null when it is not one (the browser carries no zod: the shape is checked by hand). */
export function parseOrderEvent(data: string): OrderEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const e = value as Partial<Record<keyof OrderEvent, unknown>>;
  if (e.type !== 'order' && e.type !== 'position') return null;
  if (typeof e.orderId !== 'string' || typeof e.status !== 'string' || !STATUSES.has(e.status) || typeof e.at !== 'string') return null;
  const p = e.position as Partial<Record<string, unknown>> | null | undefined;
  const position =
    p && typeof p === 'object' && typeof p.latitude === 'number' && typeof p.longitude === 'number'
      ? {
          latitude: p.latitude,
          longitude: p.longitude,
          heading: typeof p.heading === 'number' ? p.heading : null,
          at: typeof p.at === 'string' ? p.at : e.at,
        }
      : null;
  return { ...(value as OrderEvent), position };
}

/** Whether the order still moves, so its page listens to its stream (it stops at CLOSED, DELIVERED and CANCELED). */
export const isLive = (status: OrderStatus): boolean => isActiveStatus(status);

/** Whether the order's page keeps listening: while the order is going on, and while a cancelled paid order's refund is under way (issue 29). */
export const keepsListening = (order: { status: OrderStatus; refund?: { state: string } | null }): boolean =>
  isLive(order.status) || order.refund?.state === 'STARTED';

/**
 * An `order` event merged into the order the page shows: the new status, and a step of the timeline at the event's
 * time, so the page moves at once; the page asks for the whole order right after (who moved it, paid, the actions).
 * An event for another order, about the status it already has, or older than the last step changes nothing.
 */
export function applyOrderEvent(order: Order, event: OrderEvent): Order {
  if (event.type !== 'order' || event.orderId !== order.id || event.status === order.status) return order;
  const last = order.history.reduce((latest, h) => Math.max(latest, Date.parse(h.at)), -Infinity);
  if (Date.parse(event.at) < last) return order;
  return {
    ...order,
    status: event.status,
    isActive: isActiveStatus(event.status),
    history: [...order.history, { from: order.status, to: event.status, role: 'system', reason: '', comment: '', at: event.at }],
  };
}

/** Any event merged into the order's map: the statuses it carries, and the courier's position unless it is older than the one shown. */
export function applyTrackingEvent(tracking: CourierTracking, event: OrderEvent): CourierTracking {
  if (event.orderId !== tracking.orderId) return tracking;
  const newer = event.position && (!tracking.position || Date.parse(event.position.at) >= Date.parse(tracking.position.at));
  return { ...tracking, status: event.status, courierStatus: event.courierStatus, position: newer ? event.position : tracking.position };
}

/** The order page offers its map for a delivery that is still going on; `onWay`: a courier has it (ATTACHED) or is on the way (ON_WAY). */
export function mapLink(order: Pick<Order, 'serviceType' | 'status'>): { show: boolean; onWay: boolean } {
  const show = isDeliveryService(order.serviceType) && isActiveStatus(order.status);
  return { show, onWay: show && courierHasOrder(order.status) };
}
