import { describe, expect, it } from 'vitest';
import type { Order, OrderStatus, ServiceType } from '@dasturxon/domain';
import type { CourierTracking, OrderEvent } from '@dasturxon/domain/contracts';
import {
  applyOrderEvent,
  applyTrackingEvent,
  failuresAfter,
  isRefusal,
  mapLink,
  parseOrderEvent,
  RECONNECT_BASE_MS,
  RECONNECT_MAX_MS,
  reconnectDelay,
  STABLE_STREAM_MS,
} from './order-live.ts';

const ORDER_ID = '11111111-1111-4111-8111-111111111111';

const event = (over: Partial<OrderEvent> = {}): OrderEvent => ({
  id: '7',
  type: 'order',
  orderId: ORDER_ID,
  number: 12,
  branchId: '22222222-2222-4222-8222-222222222222',
  status: 'ACCEPTED',
  courierStatus: '',
  position: null,
  at: '2026-11-27T10:05:00.000Z',
  ...over,
});

const order = (status: OrderStatus = 'OPEN', at = '2026-11-27T10:00:00.000Z') =>
  ({
    id: ORDER_ID,
    status,
    isActive: true,
    history: [{ from: null, to: status, role: 'customer', reason: '', comment: '', at }],
  }) as unknown as Order;

const tracking = (over: Partial<CourierTracking> = {}): CourierTracking => ({
  orderId: ORDER_ID,
  status: 'ATTACHED',
  courierStatus: 'PERFORMER_FOUND',
  branch: { latitude: 41.3, longitude: 69.2, name: { ru: 'Чиланзар' } },
  address: { latitude: 41.31, longitude: 69.25 },
  courier: { name: 'Aziz', phone: '+998901234567' },
  position: null,
  ...over,
});

describe('reconnecting the order stream', () => {
  it('waits a second, then doubles the wait with each failure in a row up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => reconnectDelay(n, 0.5))).toEqual([1000, 1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(reconnectDelay(0, 0.5)).toBe(RECONNECT_BASE_MS);
    expect(reconnectDelay(50, 0.5)).toBe(RECONNECT_MAX_MS);
  });

  it('spreads each wait by ±20 %, never beyond', () => {
    expect(reconnectDelay(3, 0)).toBe(3200);
    expect(reconnectDelay(3, 0.999999)).toBe(4800);
    expect(reconnectDelay(3, 7)).toBe(4800);
    expect(reconnectDelay(3, -1)).toBe(3200);
  });

  it('counts a connection that never opened or dropped at once as a failure, and one that held as the end of the run', () => {
    expect(failuresAfter(0, null)).toBe(1);
    expect(failuresAfter(2, null)).toBe(3);
    expect(failuresAfter(2, 300)).toBe(3);
    expect(failuresAfter(5, STABLE_STREAM_MS)).toBe(0);
    expect(failuresAfter(5, STABLE_STREAM_MS * 20)).toBe(0);
  });

  it('gives up on answers that asking again will not change, not on busy or slow ones', () => {
    expect([400, 401, 403, 404, 410].every(isRefusal)).toBe(true);
    expect([408, 425, 429, 500, 502, 503, 504].some(isRefusal)).toBe(false);
  });
});

describe('reading an event', () => {
  it('takes the event as the server writes it', () => {
    const e = event({ type: 'position', status: 'ON_WAY', position: { latitude: 41.3, longitude: 69.2, heading: 90, at: '2026-11-27T10:06:00.000Z' } });
    expect(parseOrderEvent(JSON.stringify(e))).toEqual(e);
  });

  it('refuses what is not an order event', () => {
    expect(parseOrderEvent('not json')).toBeNull();
    expect(parseOrderEvent('null')).toBeNull();
    expect(parseOrderEvent('42')).toBeNull();
    expect(parseOrderEvent(JSON.stringify({ ...event(), type: 'hello' }))).toBeNull();
    expect(parseOrderEvent(JSON.stringify({ ...event(), status: 'LOST' }))).toBeNull();
    expect(parseOrderEvent(JSON.stringify({ ...event(), orderId: 5 }))).toBeNull();
  });

  it('drops a position without coordinates and fills a missing heading and time', () => {
    expect(parseOrderEvent(JSON.stringify({ ...event(), position: { latitude: 'x' } }))?.position).toBeNull();
    expect(parseOrderEvent(JSON.stringify({ ...event(), position: { latitude: 1, longitude: 2 } }))?.position).toEqual({
      latitude: 1,
      longitude: 2,
      heading: null,
      at: '2026-11-27T10:05:00.000Z',
    });
  });
});

describe('an order event merged into the order', () => {
  it('moves the status and adds the step to the timeline at the event time', () => {
    const next = applyOrderEvent(order('OPEN'), event({ status: 'ACCEPTED' }));
    expect(next.status).toBe('ACCEPTED');
    expect(next.isActive).toBe(true);
    expect(next.history.at(-1)).toMatchObject({ from: 'OPEN', to: 'ACCEPTED', at: '2026-11-27T10:05:00.000Z' });
    expect(applyOrderEvent(order('ON_WAY'), event({ status: 'DELIVERED' })).isActive).toBe(false);
  });

  it('leaves the order as it is for another order, a position, the same status or an older event', () => {
    const o = order('OPEN');
    expect(applyOrderEvent(o, event({ orderId: '33333333-3333-4333-8333-333333333333' }))).toBe(o);
    expect(applyOrderEvent(o, event({ type: 'position' }))).toBe(o);
    expect(applyOrderEvent(o, event({ status: 'OPEN' }))).toBe(o);
    expect(applyOrderEvent(o, event({ at: '2026-11-27T09:59:59.000Z' }))).toBe(o);
  });
});

describe('an event merged into the order map', () => {
  const at = (s: number) => `2026-11-27T10:06:${String(s).padStart(2, '0')}.000Z`;

  it('moves the courier and takes the statuses', () => {
    const position = { latitude: 41.305, longitude: 69.23, heading: 45, at: at(1) };
    const next = applyTrackingEvent(tracking(), event({ type: 'position', status: 'ON_WAY', courierStatus: 'PERFORMER_PICKUPED', position }));
    expect(next).toMatchObject({ status: 'ON_WAY', courierStatus: 'PERFORMER_PICKUPED', position });
  });

  it('keeps a newer position than the event brings, and the position through a status event without one', () => {
    const shown = { latitude: 1, longitude: 1, heading: null, at: at(30) };
    expect(applyTrackingEvent(tracking({ position: shown }), event({ type: 'position', position: { latitude: 2, longitude: 2, heading: null, at: at(10) } })).position).toBe(shown);
    expect(applyTrackingEvent(tracking({ position: shown }), event({ status: 'DELIVERED' }))).toMatchObject({ status: 'DELIVERED', position: shown });
  });

  it('ignores another order', () => {
    const t = tracking();
    expect(applyTrackingEvent(t, event({ orderId: '33333333-3333-4333-8333-333333333333', status: 'DELIVERED' }))).toBe(t);
  });
});

describe('the link to the order map', () => {
  const link = (serviceType: ServiceType, status: OrderStatus) => mapLink({ serviceType, status });

  it('is offered for a delivery still going on, stressed once a courier has it', () => {
    expect(link('DELIVERY', 'COOKING')).toEqual({ show: true, onWay: false });
    expect(link('DELIVERY', 'ATTACHED')).toEqual({ show: true, onWay: true });
    expect(link('DELIVERY', 'ON_WAY')).toEqual({ show: true, onWay: true });
  });

  it('is not offered for pickup, dine-in or a finished delivery', () => {
    expect(link('PICK_UP', 'DONE').show).toBe(false);
    expect(link('DINE_IN', 'COOKING').show).toBe(false);
    for (const status of ['DELIVERED', 'CLOSED', 'CANCELED'] as const) expect(link('DELIVERY', status)).toEqual({ show: false, onWay: false });
  });
});
