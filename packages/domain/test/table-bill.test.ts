import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ORDER_STATUSES,
  tableBillCover,
  tableBillPaymentType,
  tableBillProviders,
  tableBillRefusal,
  tableBillSettlement,
  tableBillTotals,
  type OrderStatus,
  type TableBillCandidate,
} from '../src/index.ts';

const order = (id: string, total: number, over: Partial<TableBillCandidate> = {}): TableBillCandidate => ({
  id,
  total,
  isPaid: false,
  status: 'OPEN',
  ...over,
});

describe("the table's bill paid as one payment (decision 021)", () => {
  it('covers the orders not paid and not cancelled, by id, and sums their totals', () => {
    const cover = tableBillCover([
      order('c', 30_000),
      order('a', 12_500, { status: 'CREATED' }),
      order('b', 9_000, { isPaid: true }),
      order('d', 7_000, { status: 'CANCELED' }),
      order('e', 0),
    ]);
    expect(cover.lines).toEqual([
      { orderId: 'a', amount: 12_500 },
      { orderId: 'c', amount: 30_000 },
    ]);
    expect(cover.total).toBe(42_500);
    expect(tableBillCover([order('x', 1, { isPaid: true })])).toEqual({ lines: [], total: 0 });
  });

  it("covers exactly what the bill's totals say is due (property)", () => {
    const candidate = fc.record({
      id: fc.uuid(),
      total: fc.integer({ min: 0, max: 5_000_000 }),
      isPaid: fc.boolean(),
      status: fc.constantFrom(...(ORDER_STATUSES as readonly OrderStatus[])),
    });
    fc.assert(
      fc.property(fc.uniqueArray(candidate, { selector: (o) => o.id, maxLength: 12 }), (orders) => {
        const cover = tableBillCover(orders);
        const totals = tableBillTotals(
          orders.map((o) => ({ total: o.total, paidAmount: o.isPaid ? o.total : 0, cancelled: o.status === 'CANCELED' })),
        );
        expect(cover.total).toBe(totals.due);
        // Once paid, the same orders leave nothing to cover.
        expect(tableBillCover(orders.map((o) => ({ ...o, isPaid: true }))).lines).toEqual([]);
      }),
    );
  });

  it('refuses a bill that is over, of an ended session, or one of whose orders changed; an order added later does not matter', () => {
    const orders = [order('a', 100), order('b', 200)];
    const bill = { status: 'OPEN' as const, lines: tableBillCover(orders).lines };
    expect(tableBillRefusal({ bill, sessionOpen: true, orders })).toBeNull();
    expect(tableBillRefusal({ bill, sessionOpen: true, orders: [...orders, order('c', 300)] })).toBeNull();
    expect(tableBillRefusal({ bill: { ...bill, status: 'PAID' }, sessionOpen: true, orders })).toBe('TABLE_BILL_NOT_OPEN');
    expect(tableBillRefusal({ bill: { ...bill, status: 'CANCELLED' }, sessionOpen: true, orders })).toBe('TABLE_BILL_NOT_OPEN');
    expect(tableBillRefusal({ bill, sessionOpen: false, orders })).toBe('TABLE_SESSION_ENDED');
    const changed: TableBillCandidate[][] = [
      [order('a', 100, { isPaid: true }), order('b', 200)],
      [order('a', 100), order('b', 200, { status: 'CANCELED' })],
      [order('a', 150), order('b', 200)],
      [order('a', 100)],
    ];
    for (const now of changed) expect(tableBillRefusal({ bill, sessionOpen: true, orders: now })).toBe('TABLE_BILL_CHANGED');
  });

  it("settles an order waiting for its own online payment by the lifecycle's move, one to pay at the table by marking it", () => {
    expect(tableBillSettlement({ paymentType: 'PAYME', isPaid: false, status: 'CREATED' })).toBe('MOVE');
    expect(tableBillSettlement({ paymentType: 'CASH', isPaid: false, status: 'OPEN' })).toBe('MARK');
    expect(tableBillSettlement({ paymentType: 'TERMINAL', isPaid: false, status: 'COOKING' })).toBe('MARK');
    expect(tableBillPaymentType('PAYME')).toBe('PAYME');
    expect(tableBillPaymentType('CLICK')).toBe('CLICK');
  });

  it('is paid with the providers whose API pays a bill, where the QR channel takes them', () => {
    expect(tableBillProviders(['CASH', 'PAYME', 'CLICK', 'UZUM'])).toEqual(['PAYME', 'CLICK', 'UZUM']);
    expect(tableBillProviders(['CASH', 'UZUM'])).toEqual(['UZUM']);
    expect(tableBillProviders(['CASH', 'TERMINAL'])).toEqual([]);
  });
});
