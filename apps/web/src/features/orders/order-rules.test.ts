import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderLine, type OrderStatus, type PaymentType, type Product, type ServiceType } from '@dasturxon/domain';
import {
  isWordedCancelReason,
  orderActions,
  ordersPageOf,
  orderTimeText,
  paymentLabel,
  repeatPlan,
  serviceLabelKey,
  statusTone,
  timeline,
} from './order-rules.ts';

const order = (
  status: OrderStatus,
  serviceType: ServiceType = 'PICK_UP',
  lines = 1,
  paymentType: PaymentType = 'CASH',
  isPaid = false,
) => ({
  status,
  serviceType,
  cartItems: Array.from({ length: lines }, () => line('p1')),
  paymentType,
  isPaid,
});

function line(productId: string, modifications: string[] = []): OrderLine {
  return {
    productId,
    name: { ru: productId, uz: productId, eng: productId },
    image: '',
    count: 2,
    unitPrice: 1000,
    modifications: modifications.map((id) => ({ id, groupId: 'g', name: { ru: id }, count: 1, price: 0 })),
    gross: 2000,
    discount: 0,
    net: 2000,
  };
}

describe('status tones', () => {
  it('colours active, finished and cancelled orders apart', () => {
    expect(statusTone('COOKING')).toBe('progress');
    expect(statusTone('DELIVERED')).toBe('success');
    expect(statusTone('CLOSED')).toBe('success');
    expect(statusTone('CANCELED')).toBe('cancelled');
  });
});

describe('which actions an order shows', () => {
  it('offers cancel only before the branch accepts it, and only when the brand allows it', () => {
    const cancellable = ORDER_STATUSES.filter((s) => orderActions(order(s), true).cancel);
    expect(cancellable.sort()).toEqual(['AT_TIME', 'CREATED', 'OPEN']);
    expect(ORDER_STATUSES.some((s) => orderActions(order(s), false).cancel)).toBe(false);
    expect(orderActions(order('OPEN', 'DELIVERY'), true).cancel).toBe(true);
    expect(orderActions(order('ON_WAY', 'DELIVERY'), true).cancel).toBe(false);
  });

  it('offers hide only for finished orders', () => {
    expect(ORDER_STATUSES.filter((s) => orderActions(order(s), true).hide).sort()).toEqual(['CANCELED', 'CLOSED', 'DELIVERED']);
  });

  it('offers pay only for an unpaid online order waiting for its payment', () => {
    expect(ORDER_STATUSES.filter((s) => orderActions(order(s, 'PICK_UP', 1, 'PAYME'), true).pay)).toEqual(['CREATED']);
    expect(orderActions(order('CREATED', 'DELIVERY', 1, 'PAYME', true), true).pay).toBe(false);
    expect(orderActions(order('CREATED', 'DELIVERY', 1, 'CASH'), true).pay).toBe(false);
  });

  it('offers repeat for any order with lines', () => {
    expect(orderActions(order('CANCELED'), true).repeat).toBe(true);
    expect(orderActions(order('OPEN', 'PICK_UP', 0), true).repeat).toBe(false);
  });
});

describe("repeat with today's menu", () => {
  const product = (isOrderable: boolean, mods: string[] = []): Pick<Product, 'isOrderable' | 'modificationGroups'> => ({
    isOrderable,
    modificationGroups: [
      {
        id: 'g',
        name: {},
        min: 0,
        max: 3,
        priority: 0,
        modifications: mods.map((id) => ({ id, groupId: 'g', name: {}, image: '', price: 0, priority: 0 })),
      },
    ],
  });

  it('puts back orderable lines with their modifications and skips the rest', () => {
    const menu = new Map([
      ['burger', product(true, ['big', 'cheese'])],
      ['stopped', product(false)],
      ['fries', product(true)],
    ]);
    const plan = repeatPlan([line('burger', ['big']), line('stopped'), line('gone'), line('burger', ['spicy']), line('fries')], menu);
    expect(plan.add).toEqual([
      { productId: 'burger', count: 2, modifications: [{ id: 'big', count: 1 }] },
      { productId: 'fries', count: 2, modifications: [] },
    ]);
    expect(plan.skipped.map((l) => [l.productId, l.modifications.map((m) => m.id)])).toEqual([
      ['stopped', []],
      ['gone', []],
      ['burger', ['spicy']],
    ]);
  });
});

describe('texts', () => {
  it('names service types and payment types', () => {
    expect(serviceLabelKey('YANDEX_EATS')).toBe('order.delivery');
    expect(serviceLabelKey('PICK_UP')).toBe('order.pickup');
    expect(paymentLabel('CASH')).toEqual({ key: 'cash' });
    expect(paymentLabel('PAYME')).toEqual({ brand: 'Payme' });
  });

  it("words every cancel reason of the domain's catalogue (the customer's, the brand's, the system's), and nothing else", () => {
    expect(isWordedCancelReason('UPDATE')).toBe(true);
    expect(isWordedCancelReason('OUT_OF_STOCK')).toBe(true);
    expect(isWordedCancelReason('CUSTOMER_UNREACHABLE')).toBe(true);
    expect(isWordedCancelReason('CHANGED_MIND')).toBe(true);
    expect(isWordedCancelReason('NOT_PAID_IN_TIME')).toBe(true);
    expect(isWordedCancelReason('PAID')).toBe(false);
    expect(isWordedCancelReason('Закончилась курица')).toBe(false);
    expect(isWordedCancelReason(null)).toBe(false);
  });

  it('draws the history as steps in time order, a repeated label once', () => {
    const entry = (from: OrderStatus | null, to: OrderStatus, at: string) => ({
      from,
      to,
      role: 'operator' as const,
      reason: 'CHANGE_STATUS',
      comment: '',
      at,
    });
    const steps = timeline([
      entry('DONE', 'ATTACHED', '2026-01-01T10:20:00.000Z'),
      entry(null, 'OPEN', '2026-01-01T10:00:00.000Z'),
      entry('OPEN', 'ACCEPTED', '2026-01-01T10:05:00.000Z'),
      entry('ACCEPTED', 'DONE', '2026-01-01T10:15:00.000Z'),
    ]);
    expect(steps.map((s) => s.label)).toEqual(['open', 'accepted', 'done']);
  });
});

describe('order times', () => {
  it("writes the day in words and HH:MM on the wall clock of the branch's city", () => {
    const now = new Date('2026-06-01T00:00:00Z');
    expect(orderTimeText('2026-01-01T20:30:00.000Z', 'uz', 'Asia/Tashkent', now)).toBe('Jum, 2-yanvar, 01:30');
    expect(orderTimeText('2026-01-01T20:30:00.000Z', 'ru', 'Europe/Istanbul', now)).toBe('чт, 1 января, 23:30');
    expect(orderTimeText('2026-01-01T20:30:00.000Z', 'eng', undefined, now)).toBe('Fri, 2 Jan, 01:30');
  });
});

describe('the pages of the orders feature', () => {
  it('tells the page an address names', () => {
    expect(ordersPageOf('/profile/orders')).toBe('orders');
    expect(ordersPageOf('/profile/orders/')).toBe('orders');
    expect(ordersPageOf('/profile/orders/0b6f3c1e-7f3a-4c1d-9a43-5f0e8d2b7c11')).toBe('order');
    expect(ordersPageOf('/profile/orders/0b6f3c1e-7f3a-4c1d-9a43-5f0e8d2b7c11/')).toBe('order');
    expect(ordersPageOf('/profile/orders/0b6f3c1e-7f3a-4c1d-9a43-5f0e8d2b7c11/map')).toBe('map');
    expect(ordersPageOf('/profile/notifications')).toBe('notifications');
  });
});
