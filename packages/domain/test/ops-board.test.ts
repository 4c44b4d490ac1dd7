import { describe, expect, it } from 'vitest';
import {
  asksBeforeMove,
  carriesOrder,
  DEFAULT_COOKING_MINUTES,
  homeScreenOf,
  hearsNewOrders,
  movesInOrder,
  NEW_ORDER_LATE_MINUTES,
  ORDER_STATUSES,
  orderWait,
  ringsFor,
  SCREENS_OF_ROLE,
  STAFF_ROLES,
} from '../src/index.ts';

const PLACED = '2026-11-28T10:00:00.000Z';
const at = (minutes: number, seconds = 0) => Date.parse(PLACED) + minutes * 60_000 + seconds * 1000;

describe("the console's rules", () => {
  it('each role has its screens, landing on the first: the kitchen has no figures, the courier only the phone view, the waiter the floor', () => {
    expect(SCREENS_OF_ROLE.admin).toEqual(['board', 'stopList', 'figures', 'reservations', 'chats', 'floor', 'grades']);
    expect(SCREENS_OF_ROLE.operator).toEqual(['board', 'stopList', 'figures', 'reservations', 'chats', 'floor', 'grades']);
    expect(SCREENS_OF_ROLE.kitchen).toEqual(['board', 'stopList']);
    expect(SCREENS_OF_ROLE.courier).toEqual(['courier']);
    expect(SCREENS_OF_ROLE.waiter).toEqual(['floor']);
    expect(STAFF_ROLES.map(homeScreenOf)).toEqual(['board', 'board', 'board', 'board', 'board', 'courier', 'floor']);
  });

  it("a new order rings for everyone but the courier and the waiter, at the staff member's branches only (an admin without branches hears all)", () => {
    expect(STAFF_ROLES.filter(hearsNewOrders)).toEqual(['owner', 'admin', 'manager', 'operator', 'kitchen']);
    const event = { status: 'OPEN' as const, branchId: 'b1' };
    expect(ringsFor({ role: 'admin', branchIds: [] }, event)).toBe(true);
    expect(ringsFor({ role: 'operator', branchIds: ['b1', 'b2'] }, event)).toBe(true);
    expect(ringsFor({ role: 'kitchen', branchIds: ['b2'] }, event)).toBe(false);
    expect(ringsFor({ role: 'courier', branchIds: ['b1'] }, event)).toBe(false);
    expect(ORDER_STATUSES.filter((status) => ringsFor({ role: 'admin', branchIds: [] }, { status, branchId: 'b1' }))).toEqual(['OPEN']);
  });

  it(`a new order is late from ${NEW_ORDER_LATE_MINUTES} minutes after it was placed`, () => {
    const order = { status: 'OPEN' as const, createdAt: PLACED, acceptedTime: null, cookingTime: null };
    expect(orderWait(order, at(4, 59))).toEqual({ minutes: 4, late: false });
    expect(orderWait(order, at(5))).toEqual({ minutes: 5, late: true });
  });

  it('an accepted or cooking order counts from its acceptance and is late past the minutes the branch gave', () => {
    const accepted = '2026-11-28T10:07:00.000Z';
    for (const status of ['ACCEPTED', 'COOKING'] as const) {
      const order = { status, createdAt: PLACED, acceptedTime: accepted, cookingTime: 15 };
      expect(orderWait(order, at(7 + 15, 59))).toEqual({ minutes: 15, late: false });
      expect(orderWait(order, at(7 + 16))).toEqual({ minutes: 16, late: true });
    }
    // Without cooking minutes nothing is late; without an acceptance time the wait counts from the placing.
    expect(orderWait({ status: 'COOKING', createdAt: PLACED, acceptedTime: accepted, cookingTime: null }, at(120)).late).toBe(false);
    expect(orderWait({ status: 'COOKING', createdAt: PLACED, acceptedTime: null, cookingTime: 10 }, at(11))).toEqual({
      minutes: 11,
      late: true,
    });
  });

  it('an order past the kitchen is never late, and a clock behind the order counts zero', () => {
    for (const status of ['DONE', 'ATTACHED', 'ON_WAY', 'DELIVERED', 'CLOSED', 'CANCELED', 'CREATED', 'AT_TIME'] as const) {
      expect(orderWait({ status, createdAt: PLACED, acceptedTime: PLACED, cookingTime: 1 }, at(600)).late).toBe(false);
    }
    expect(orderWait({ status: 'OPEN', createdAt: PLACED, acceptedTime: null, cookingTime: null }, at(-3))).toEqual({
      minutes: 0,
      late: false,
    });
  });

  it('offers the way forward first and the cancel last; handing an attached order back comes just before the cancel', () => {
    expect(movesInOrder('OPEN', ['CANCELED', 'ACCEPTED'])).toEqual(['ACCEPTED', 'CANCELED']);
    expect(movesInOrder('ATTACHED', ['CANCELED', 'DONE', 'ON_WAY'])).toEqual(['ON_WAY', 'DONE', 'CANCELED']);
    expect(movesInOrder('COOKING', ['CANCELED', 'DONE'])).toEqual(['DONE', 'CANCELED']);
  });

  it('accepting asks the cooking minutes, cancelling a reason, attaching the courier unless a courier takes it', () => {
    expect(asksBeforeMove('ACCEPTED', 'kitchen')).toBe(true);
    expect(asksBeforeMove('CANCELED', 'operator')).toBe(true);
    expect(asksBeforeMove('ATTACHED', 'operator')).toBe(true);
    expect(asksBeforeMove('ATTACHED', 'courier')).toBe(false);
    expect(asksBeforeMove('COOKING', 'kitchen')).toBe(false);
    expect(DEFAULT_COOKING_MINUTES).toBeGreaterThan(0);
  });

  it('a courier has an order while it is theirs and taken or on the way', () => {
    expect(carriesOrder({ status: 'ATTACHED', courierId: 'c1' }, 'c1')).toBe(true);
    expect(carriesOrder({ status: 'ON_WAY', courierId: 'c1' }, 'c1')).toBe(true);
    expect(carriesOrder({ status: 'ON_WAY', courierId: 'c2' }, 'c1')).toBe(false);
    expect(carriesOrder({ status: 'DELIVERED', courierId: 'c1' }, 'c1')).toBe(false);
    expect(carriesOrder({ status: 'DONE', courierId: null }, 'c1')).toBe(false);
  });
});
