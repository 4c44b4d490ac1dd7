import { describe, expect, it } from 'vitest';
import type { Order, OrderStatus, ServiceType } from '@dasturxon/domain';
import type { CourierTracking, OrderEvent } from '@dasturxon/domain/contracts';
import { applyOrderEvent, applyTrackingEvent, keepsListening, mapLink, parseOrderEvent } from './order-live.ts';

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

describe('reading an event', () => {
  it('takes the event as the server writes it', () => {
    const e = event({
      type: 'position',
      status: 'ON_WAY',
      position: { latitude: 41.3, longitude: 69.2, heading: 90, at: '2026-11-27T10:06:00.000Z' },
    });
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
    const next = applyTrackingEvent(
      tracking(),
      event({ type: 'position', status: 'ON_WAY', courierStatus: 'PERFORMER_PICKUPED', position }),
    );
    expect(next).toMatchObject({ status: 'ON_WAY', courierStatus: 'PERFORMER_PICKUPED', position });
  });

  it('keeps a newer position than the event brings, and the position through a status event without one', () => {
    const shown = { latitude: 1, longitude: 1, heading: null, at: at(30) };
    expect(
      applyTrackingEvent(
        tracking({ position: shown }),
        event({ type: 'position', position: { latitude: 2, longitude: 2, heading: null, at: at(10) } }),
      ).position,
    ).toBe(shown);
    expect(applyTrackingEvent(tracking({ position: shown }), event({ status: 'DELIVERED' }))).toMatchObject({
      status: 'DELIVERED',
      position: shown,
    });
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
    for (const status of ['DELIVERED', 'CLOSED', 'CANCELED'] as const)
      expect(link('DELIVERY', status)).toEqual({ show: false, onWay: false });
  });
});

describe('how long the order page listens', () => {
  it('while the order is going on, and while a cancelled paid order waits for its refund (issue 29)', () => {
    const refund = (state: string) => ({ state });
    expect(keepsListening({ status: 'OPEN', refund: null })).toBe(true);
    expect(keepsListening({ status: 'CANCELED', refund: null })).toBe(false);
    expect(keepsListening({ status: 'CANCELED', refund: refund('STARTED') })).toBe(true);
    expect(keepsListening({ status: 'CANCELED', refund: refund('DONE') })).toBe(false);
    expect(keepsListening({ status: 'DELIVERED' })).toBe(false);
  });
});
