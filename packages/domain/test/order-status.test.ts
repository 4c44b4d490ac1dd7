import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, SERVICE_TYPES, type OrderStatus, type ServiceType } from '../src/enums.ts';
import {
  ACTIVE_ORDER_STATUSES,
  canMove,
  completesOrder,
  courierHasOrder,
  initialStatus,
  isActiveStatus,
  isOnlinePayment,
  isTerminalStatus,
  moveProblem,
  customerSeesMove,
  STATUS_LABELS,
  statusLabel,
  nextStatuses,
  ORDER_MOVES,
  ORDER_ROLES,
  WITH_COURIER_STATUSES,
  type OrderRole,
} from '../src/order-status.ts';
import { isDeliveryService } from '../src/quote-rules.ts';

/*
 * Decision 008's table written out again, by hand, as the only moves there are: "from>to" → the roles
 * allowed, for orders delivered to an address (D) and collected at the branch (C). Every other triple of
 * (from, to, role) must be refused, for every service type.
 */
const D = 'D';
const C = 'C';
const EXPECTED: Record<string, { roles: OrderRole[]; for: ('D' | 'C')[] }> = {
  'CREATED>OPEN': { roles: ['payment'], for: [D, C] },
  'CREATED>AT_TIME': { roles: ['payment'], for: [D, C] },
  'CREATED>CANCELED': { roles: ['customer', 'operator', 'payment', 'system'], for: [D, C] },
  'AT_TIME>OPEN': { roles: ['system', 'operator'], for: [D, C] },
  'AT_TIME>CANCELED': { roles: ['customer', 'operator', 'payment'], for: [D, C] },
  'OPEN>ACCEPTED': { roles: ['operator', 'kitchen'], for: [D, C] },
  'OPEN>CANCELED': { roles: ['customer', 'operator', 'payment'], for: [D, C] },
  'ACCEPTED>COOKING': { roles: ['operator', 'kitchen'], for: [D, C] },
  'ACCEPTED>CANCELED': { roles: ['operator'], for: [D, C] },
  'COOKING>DONE': { roles: ['operator', 'kitchen'], for: [D, C] },
  'COOKING>CANCELED': { roles: ['operator'], for: [D, C] },
  'DONE>CANCELED': { roles: ['operator'], for: [D, C] },
  'DONE>CLOSED': { roles: ['operator', 'kitchen'], for: [C] },
  'DONE>ATTACHED': { roles: ['operator', 'courier'], for: [D] },
  'ATTACHED>DONE': { roles: ['operator', 'courier'], for: [D] },
  'ATTACHED>ON_WAY': { roles: ['operator', 'courier'], for: [D] },
  'ATTACHED>CANCELED': { roles: ['operator'], for: [D] },
  'ON_WAY>DELIVERED': { roles: ['operator', 'courier'], for: [D] },
  'ON_WAY>CANCELED': { roles: ['operator'], for: [D] },
  'DELIVERED>CLOSED': { roles: ['operator', 'system'], for: [D] },
};

const kindOf = (s: ServiceType) => (s === 'PICK_UP' || s === 'DINE_IN' ? C : D);
const expected = (from: OrderStatus, to: OrderStatus, role: OrderRole, service: ServiceType) => {
  const row = EXPECTED[`${from}>${to}`];
  return Boolean(row && row.for.includes(kindOf(service)) && row.roles.includes(role));
};

const cases = ORDER_STATUSES.flatMap((from) =>
  ORDER_STATUSES.flatMap((to) => ORDER_ROLES.flatMap((role) => SERVICE_TYPES.map((service) => ({ from, to, role, service })))),
);

describe('the order status table (decision 008)', () => {
  it(`judges every one of the ${cases.length} (from, to, role, service type) as the decision says`, () => {
    const wrong = cases.filter((c) => canMove(c.from, c.to, c.role, c.service) !== expected(c.from, c.to, c.role, c.service));
    expect(wrong).toEqual([]);
  });

  it.each(Object.entries(EXPECTED))('allows %s to exactly its roles', (pair, row) => {
    const [from, to] = pair.split('>') as [OrderStatus, OrderStatus];
    const service: ServiceType = row.for.includes(D) ? 'DELIVERY' : 'PICK_UP';
    for (const role of ORDER_ROLES) expect([pair, role, canMove(from, to, role, service)]).toEqual([pair, role, row.roles.includes(role)]);
  });

  it('lets pickup and dine-in skip the courier states, and keeps delivery out of the counter handover', () => {
    for (const s of ['PICK_UP', 'DINE_IN'] as const) {
      expect(canMove('DONE', 'ATTACHED', 'operator', s)).toBe(false);
      expect(canMove('DONE', 'CLOSED', 'operator', s)).toBe(true);
      expect(nextStatuses('DONE', 'operator', s).sort()).toEqual(['CANCELED', 'CLOSED']);
    }
    for (const s of ['DELIVERY', 'YANDEX_EATS', 'EXPRESS_24'] as const) {
      expect(canMove('DONE', 'CLOSED', 'operator', s)).toBe(false);
      expect(nextStatuses('DONE', 'operator', s).sort()).toEqual(['ATTACHED', 'CANCELED']);
      expect(nextStatuses('ATTACHED', 'courier', s).sort()).toEqual(['DONE', 'ON_WAY']);
    }
  });

  it('lets the customer cancel only before the branch accepts', () => {
    for (const from of ORDER_STATUSES) {
      expect([from, canMove(from, 'CANCELED', 'customer', 'DELIVERY')]).toEqual([from, ['CREATED', 'AT_TIME', 'OPEN'].includes(from)]);
    }
    expect(nextStatuses('OPEN', 'customer', 'PICK_UP')).toEqual(['CANCELED']);
  });

  it('names both states, the role and the service type in a refusal', () => {
    expect(moveProblem('DELIVERED', 'OPEN', 'operator', 'DELIVERY')).toEqual({
      code: 'ORDER_STATUS_CONFLICT',
      details: { from: 'DELIVERED', to: 'OPEN', role: 'operator', serviceType: 'DELIVERY' },
    });
    expect(moveProblem('OPEN', 'ACCEPTED', 'kitchen', 'DINE_IN')).toBeNull();
  });

  it('never moves an order out of CLOSED or CANCELED, nor to CREATED, nor to where it is', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ORDER_STATUSES),
        fc.constantFrom(...ORDER_STATUSES),
        fc.constantFrom(...ORDER_ROLES),
        fc.constantFrom(...SERVICE_TYPES),
        (from, to, role, s) => {
          if (from === 'CLOSED' || from === 'CANCELED' || to === 'CREATED' || from === to) expect(canMove(from, to, role, s)).toBe(false);
        },
      ),
    );
    expect(isTerminalStatus('CLOSED')).toBe(true);
    expect(isTerminalStatus('CANCELED')).toBe(true);
    expect(isTerminalStatus('DELIVERED')).toBe(false);
  });

  it('reaches CLOSED from every status but CANCELED, for every service type', () => {
    for (const s of SERVICE_TYPES) {
      const seen = new Set<OrderStatus>(['CLOSED']);
      let grew = true;
      while (grew) {
        grew = false;
        for (const from of ORDER_STATUSES) {
          if (seen.has(from)) continue;
          if (ORDER_STATUSES.some((to) => seen.has(to) && ORDER_ROLES.some((r) => canMove(from, to, r, s)))) {
            seen.add(from);
            grew = true;
          }
        }
      }
      expect([s, [...seen].sort()]).toEqual([
        s,
        ORDER_STATUSES.filter((x) => x !== 'CANCELED')
          .filter((x) => kindOf(s) === D || !['ATTACHED', 'ON_WAY', 'DELIVERED'].includes(x))
          .sort(),
      ]);
    }
  });

  it('calls active every order not CLOSED, DELIVERED or CANCELED', () => {
    for (const s of ORDER_STATUSES) expect([s, isActiveStatus(s)]).toEqual([s, !['CLOSED', 'DELIVERED', 'CANCELED'].includes(s)]);
    expect(ACTIVE_ORDER_STATUSES).toHaveLength(8);
  });

  it('places an online-paid order CREATED, a scheduled one AT_TIME, the rest OPEN', () => {
    expect(initialStatus({ paymentType: 'CASH', scheduled: false })).toBe('OPEN');
    expect(initialStatus({ paymentType: 'TERMINAL', scheduled: true })).toBe('AT_TIME');
    expect(initialStatus({ paymentType: 'PAYME', scheduled: true })).toBe('CREATED');
    expect(initialStatus({ paymentType: 'CLICK', scheduled: false })).toBe('CREATED');
    expect(['CASH', 'TERMINAL', 'OTHER'].map((t) => isOnlinePayment(t as 'CASH'))).toEqual([false, false, false]);
    expect(['CLICK', 'PAYME', 'UZUM', 'PAYNET', 'RAHMAT', 'PAYZE', 'CLICK_MINI_APP'].every((t) => isOnlinePayment(t as 'CASH'))).toBe(true);
  });

  it('completes an order once: on reaching the customer by any allowed move, never by a cancel or after DELIVERED', () => {
    const completing = ORDER_MOVES.filter((m) => completesOrder(m.from, m.to)).map((m) => `${m.from}>${m.to}`);
    expect(completing.sort()).toEqual(['DONE>CLOSED', 'ON_WAY>DELIVERED']);
    expect(completesOrder('DELIVERED', 'CLOSED')).toBe(false);
    expect(ORDER_STATUSES.some((s) => completesOrder(s, 'CANCELED'))).toBe(false);
  });
});

describe('status labels (docs/spec-index.md section 4)', () => {
  it('gives every status one of the nine customer-facing labels', () => {
    expect(Object.keys(STATUS_LABELS).sort()).toEqual([...ORDER_STATUSES].sort());
    expect(new Set(Object.values(STATUS_LABELS))).toEqual(
      new Set(['created', 'open', 'accepted', 'cooking', 'done', 'onWay', 'delivered', 'cancelled', 'closed']),
    );
  });

  it('reads each status as the spec names it', () => {
    expect(ORDER_STATUSES.map((s) => [s, statusLabel(s)])).toEqual(
      expect.arrayContaining([
        ['CREATED', 'created'],
        ['AT_TIME', 'created'],
        ['OPEN', 'open'],
        ['ACCEPTED', 'accepted'],
        ['COOKING', 'cooking'],
        ['DONE', 'done'],
        ['ATTACHED', 'done'],
        ['ON_WAY', 'onWay'],
        ['DELIVERED', 'delivered'],
        ['CLOSED', 'closed'],
        ['CANCELED', 'cancelled'],
      ]),
    );
  });

  it('tells the customer of a move only when the label they read changes', () => {
    expect(customerSeesMove('COOKING', 'DONE')).toBe(true);
    expect(customerSeesMove('DONE', 'ATTACHED')).toBe(false);
    expect(customerSeesMove('ATTACHED', 'DONE')).toBe(false);
    expect(customerSeesMove('ATTACHED', 'ON_WAY')).toBe(true);
    expect(customerSeesMove('AT_TIME', 'CREATED')).toBe(false);
  });
});

describe('a courier has the order', () => {
  it('from the move that attaches a courier until the order is delivered: ATTACHED and ON_WAY, nothing else', () => {
    expect(ORDER_STATUSES.filter(courierHasOrder).sort()).toEqual(['ATTACHED', 'ON_WAY']);
    expect([...WITH_COURIER_STATUSES].sort()).toEqual(['ATTACHED', 'ON_WAY']);
  });

  it('agrees with the table: a courier moves an order they have, and otherwise only takes one (ATTACHED)', () => {
    for (const s of SERVICE_TYPES.filter(isDeliveryService)) {
      for (const status of ORDER_STATUSES) {
        const moves = nextStatuses(status, 'courier', s);
        if (courierHasOrder(status)) expect([status, moves.length > 0]).toEqual([status, true]);
        else expect([status, moves.filter((to) => to !== 'ATTACHED')]).toEqual([status, []]);
      }
    }
  });
});
