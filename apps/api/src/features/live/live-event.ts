import type { OrderEvent } from '@dasturxon/domain/contracts';
import type { ServiceType } from '@dasturxon/domain';

/**
 * An order event as the server keeps and passes it between instances: what the streams send (OrderEvent) and
 * what decides who receives it (the brand, the customer, the courier, the service type).
 */
export interface LiveEvent extends OrderEvent {
  merchantId: string;
  userId: string;
  courierId: string | null;
  serviceType: ServiceType;
}

/** What a stream sends of an event: never the customer's or courier's ids. */
export function wireEvent(event: LiveEvent): OrderEvent {
  const { merchantId: _m, userId: _u, courierId: _c, serviceType: _s, ...wire } = event;
  return wire;
}

/** The fields of an order an event carries. */
export interface EventOrder {
  merchantId: string;
  id: string;
  number: number;
  branchId: string;
  status: OrderEvent['status'];
  courierStatus: OrderEvent['courierStatus'];
  userId: string;
  courierId: string | null;
  serviceType: ServiceType;
}

/** The event of an order as it is now: its status (`order`), or where its courier is (`position`). */
export function orderEventOf(order: EventOrder, at: Date, position: OrderEvent['position'] = null): Omit<LiveEvent, 'id'> {
  return {
    type: position ? 'position' : 'order',
    merchantId: order.merchantId,
    orderId: order.id,
    number: order.number,
    branchId: order.branchId,
    status: order.status,
    courierStatus: order.courierStatus,
    position,
    at: at.toISOString(),
    userId: order.userId,
    courierId: order.courierId,
    serviceType: order.serviceType,
  };
}
