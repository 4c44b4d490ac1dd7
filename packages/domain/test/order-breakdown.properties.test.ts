import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { breakdownSum, orderBreakdown } from '../src/order-breakdown.ts';
import { sum } from '../src/money.ts';
import { priceBasket } from '../src/pricing.ts';
import { isDeliveryService } from '../src/quote-rules.ts';
import { inputArb } from './pricing.arbitraries.ts';

describe('the order breakdown (the console order page, ticket, courier card, receipt and the storefront)', () => {
  it('adds up to the total for every basket the pricing engine prices', () => {
    fc.assert(
      fc.property(inputArb(), (input) => {
        const priced = priceBasket(input);
        const breakdown = orderBreakdown(priced, isDeliveryService(input.serviceType));
        expect(breakdownSum(breakdown)).toBe(priced.totalPrice);
        expect(breakdown.total).toBe(priced.totalPrice);
        // The products line is what the order's lines show (before their discounts), line by line.
        expect(breakdown.lines[0]).toEqual({ kind: 'products', amount: priced.lines.reduce((s, l) => s + l.gross, 0) });
        // Every amount that is not zero has its line: nothing charged goes unexplained.
        const kinds = breakdown.lines.map((l) => l.kind);
        if (priced.serviceFee > 0) expect(kinds).toContain('serviceFee');
        if (priced.cashback > 0) expect(kinds).toContain('cashback');
        if (priced.promoProductDiscount > 0) expect(kinds).toContain('promo');
        if (priced.productDiscount > 0) expect(kinds).toContain('discount');
        if (priced.deliveryPrice > 0) expect(kinds).toContain('delivery');
      }),
      { numRuns: 2000 },
    );
  });

  it("shows the issue's order: lines 116 000 + 31 000, delivery 12 000 and the service fee 3 000 make 162 000", () => {
    const priced = priceBasket({
      lines: [
        { costPrice: sum(58_000), discountPercent: 0, quantity: 2, modifications: [] },
        { costPrice: sum(31_000), discountPercent: 0, quantity: 1, modifications: [] },
      ],
      serviceType: 'DELIVERY',
      deliveryPrice: sum(12_000),
      serviceFee: {
        isServiceFeeEnabled: true,
        isServiceFeeFreeAboveThreshold: false,
        serviceFeeThreshold: sum(0),
        serviceFeeAmount: sum(3_000),
      },
    });
    const { lines, total } = orderBreakdown(priced, true);
    expect(lines).toEqual([
      { kind: 'products', amount: 147_000 },
      { kind: 'delivery', amount: 12_000, before: 12_000 },
      { kind: 'serviceFee', amount: 3_000 },
    ]);
    expect(total).toBe(162_000);
  });

  it('keeps a free delivery line for a delivered order and none for a pick-up', () => {
    const amounts = {
      productPrice: 10,
      productDiscount: 0,
      promoProductDiscount: 0,
      deliveryPrice: 0,
      deliveryDiscount: 0,
      serviceFee: 0,
      cashback: 0,
      totalPrice: 10,
    };
    expect(orderBreakdown(amounts, true).lines.map((l) => l.kind)).toEqual(['products', 'delivery']);
    expect(orderBreakdown(amounts, false).lines.map((l) => l.kind)).toEqual(['products']);
  });
});
