import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sum } from '../src/money.ts';
import { type PriceBreakdown, priceBasket, type PricingInput } from '../src/pricing.ts';
import { inputArb, lineArb, money } from './pricing.arbitraries.ts';

const amountsOf = (b: PriceBreakdown): number[] => [
  b.productPrice,
  b.productDiscount,
  b.promoProductDiscount,
  b.deliveryPrice,
  b.deliveryDiscount,
  b.serviceFee,
  b.cashback,
  b.totalDiscount,
  b.totalPrice,
  b.productCount,
  ...b.lines.flatMap((l) => [l.gross, l.discount, l.net]),
];

describe('priceBasket, for any basket', () => {
  it('never asks a negative total', () => {
    fc.assert(
      fc.property(inputArb(), (input) => {
        expect(priceBasket(input).totalPrice).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("gives every amount as a whole, non-negative number of so'm", () => {
    fc.assert(
      fc.property(inputArb(), (input) => {
        for (const a of amountsOf(priceBasket(input))) {
          expect(Number.isSafeInteger(a)).toBe(true);
          expect(a).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('never discounts the delivery by more than its price', () => {
    fc.assert(
      fc.property(inputArb(), (input) => {
        const b = priceBasket(input);
        expect(b.deliveryDiscount).toBeLessThanOrEqual(b.deliveryPrice);
      }),
    );
  });

  it('adds the parts up to the total', () => {
    fc.assert(
      fc.property(inputArb(), (input) => {
        const b = priceBasket(input);
        const parts = b.productPrice - b.totalDiscount + b.deliveryPrice + b.serviceFee - b.cashback;
        // Every discount is capped by what it discounts and cashback by what is left, so the parts are never below 0.
        expect(parts).toBeGreaterThanOrEqual(0);
        expect(b.totalPrice).toBe(parts);
        expect(b.totalDiscount).toBe(b.productDiscount + b.promoProductDiscount + b.deliveryDiscount);
        expect(b.productPrice).toBe(b.lines.reduce((t, l) => t + l.gross, 0));
        expect(b.productDiscount).toBe(b.lines.reduce((t, l) => t + l.discount, 0));
        expect(b.productCount).toBe(input.lines.reduce((t, l) => t + l.quantity, 0));
        for (const l of b.lines) expect(l.net).toBe(l.gross - l.discount);
      }),
    );
  });

  it('never discounts the products by more than they cost', () => {
    fc.assert(
      fc.property(inputArb(), (input) => {
        const b = priceBasket(input);
        expect(b.productDiscount + b.promoProductDiscount).toBeLessThanOrEqual(b.productPrice);
        for (const l of b.lines) expect(l.discount).toBeLessThanOrEqual(l.gross);
      }),
    );
  });

  it('spends cashback within the balance, the request and what is to pay', () => {
    fc.assert(
      fc.property(inputArb(), (input) => {
        const b = priceBasket(input);
        expect(b.cashback).toBeLessThanOrEqual(input.cashbackBalance ?? 0);
        expect(b.cashback).toBeLessThanOrEqual(input.cashbackRequested ?? 0);
        expect(b.cashback).toBeLessThanOrEqual(b.productPrice - b.totalDiscount + b.deliveryPrice + b.serviceFee);
      }),
    );
  });

  it('charges no delivery for pick-up and dine-in', () => {
    fc.assert(
      fc.property(inputArb(), fc.constantFrom('PICK_UP' as const, 'DINE_IN' as const), (input, serviceType) => {
        const b = priceBasket({ ...input, serviceType });
        expect(b.deliveryPrice).toBe(0);
        expect(b.deliveryDiscount).toBe(0);
      }),
    );
  });

  it('is all zeros for an empty basket, whatever else is given', () => {
    fc.assert(
      fc.property(inputArb(), (input) => {
        const b = priceBasket({ ...input, lines: [] });
        expect(amountsOf(b).every((a) => a === 0)).toBe(true);
      }),
    );
  });

  it('is the same whatever the order of the lines', () => {
    fc.assert(
      fc.property(inputArb(), fc.infiniteStream(fc.nat()), (input, randoms) => {
        const shuffled = [...input.lines];
        for (let i = shuffled.length - 1; i > 0; i--) {
          const j = randoms.next().value % (i + 1);
          [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
        }
        const { lines: _a, ...a } = priceBasket(input);
        const { lines: _b, ...b } = priceBasket({ ...input, lines: shuffled });
        expect(b).toEqual(a);
      }),
    );
  });

  it('changes nothing with a zero promo, by amount or by percent', () => {
    fc.assert(
      fc.property(inputArb(), fc.constantFrom('AMOUNT' as const, 'PERCENTAGE' as const), (input, discountType) => {
        const without = priceBasket({ ...input, promo: null });
        expect(priceBasket({ ...input, promo: { discountType, productDiscount: 0, deliveryDiscount: 0 } })).toEqual(without);
      }),
    );
  });

  it('never costs more when the customer asks for more cashback', () => {
    fc.assert(
      fc.property(inputArb(), money(500_000), (input, more) => {
        const asked = priceBasket(input);
        const askedMore = priceBasket({ ...input, cashbackRequested: sum((input.cashbackRequested ?? 0) + more) });
        expect(askedMore.totalPrice).toBeLessThanOrEqual(asked.totalPrice);
      }),
    );
  });
});

describe('removing a line, with promo, fee settings and cashback held fixed', () => {
  const withRemoval = (cliff: boolean) =>
    inputArb({ minLines: 1, cliff }).chain((input) => fc.tuple(fc.constant(input), fc.nat({ max: input.lines.length - 1 })));
  const remove = (input: PricingInput, index: number): PricingInput => ({ ...input, lines: input.lines.filter((_, i) => i !== index) });

  it('never raises the total when the fee has no free-above-threshold cliff', () => {
    fc.assert(
      fc.property(withRemoval(false), ([input, index]) => {
        expect(priceBasket(remove(input, index)).totalPrice).toBeLessThanOrEqual(priceBasket(input).totalPrice);
      }),
      { numRuns: 500 },
    );
  });

  it('raises the total by at most the service fee when the basket drops below the free-fee threshold', () => {
    fc.assert(
      fc.property(withRemoval(true), ([input, index]) => {
        const before = priceBasket(input);
        const after = priceBasket(remove(input, index));
        expect(after.totalPrice).toBeLessThanOrEqual(before.totalPrice + (input.serviceFee?.serviceFeeAmount ?? 0));
        if (after.totalPrice > before.totalPrice) {
          // The only way up: the fee was waived before and is charged after.
          expect(before.serviceFee).toBe(0);
          expect(after.serviceFee).toBeGreaterThan(0);
        }
      }),
      { numRuns: 500 },
    );
  });
});

/**
 * An independent model of the rules in exact integer arithmetic (BigInt, no floating point, no
 * `percentOf`), for whole percents: half up is floor((2·a·p + 100) / 200).
 */
function referenceTotal(input: PricingInput): bigint {
  const pct = (a: bigint, p: number) => (2n * a * BigInt(p) + 100n) / 200n;
  const min = (...xs: bigint[]) => xs.reduce((m, x) => (x < m ? x : m));
  let products = 0n;
  let count = 0n;
  for (const l of input.lines) {
    const unit = l.modifications.reduce((t, m) => t + BigInt(m.count) * BigInt(m.price), BigInt(l.costPrice));
    const gross = unit * BigInt(l.quantity);
    products += gross - min(gross, pct(gross, l.discountPercent));
    count += BigInt(l.quantity);
  }
  if (count === 0n) return 0n;
  const promo = input.promo;
  const promoProducts = !promo
    ? 0n
    : min(products, promo.discountType === 'AMOUNT' ? BigInt(promo.productDiscount) : pct(products, promo.productDiscount));
  const delivery = input.serviceType === 'PICK_UP' || input.serviceType === 'DINE_IN' ? 0n : BigInt(input.deliveryPrice);
  const promoDelivery = !promo
    ? 0n
    : min(delivery, promo.discountType === 'AMOUNT' ? BigInt(promo.deliveryDiscount) : pct(delivery, promo.deliveryDiscount));
  const toPay = products - promoProducts;
  const f = input.serviceFee;
  const fee =
    !f || !f.isServiceFeeEnabled || (f.isServiceFeeFreeAboveThreshold && toPay >= BigInt(f.serviceFeeThreshold))
      ? 0n
      : BigInt(f.serviceFeeAmount);
  const left = toPay + delivery - promoDelivery + fee;
  return left - min(BigInt(input.cashbackBalance ?? 0), BigInt(input.cashbackRequested ?? 0), left);
}

describe('priceBasket against an exact integer model', () => {
  it('gives the same total for whole percents', () => {
    const wholeLine = lineArb.chain((l) => fc.integer({ min: 0, max: 100 }).map((discountPercent) => ({ ...l, discountPercent })));
    const wholePromo = fc.oneof(
      fc.record({
        discountType: fc.constant('AMOUNT' as const),
        productDiscount: fc.integer({ min: 0, max: 500_000 }),
        deliveryDiscount: fc.integer({ min: 0, max: 60_000 }),
      }),
      fc.record({
        discountType: fc.constant('PERCENTAGE' as const),
        productDiscount: fc.integer({ min: 0, max: 100 }),
        deliveryDiscount: fc.integer({ min: 0, max: 100 }),
      }),
    );
    const input = inputArb().chain((i) =>
      fc.record({ lines: fc.array(wholeLine, { maxLength: 8 }), promo: fc.option(wholePromo, { nil: null }) }).map((r) => ({ ...i, ...r })),
    );
    fc.assert(
      fc.property(input, (i) => {
        expect(BigInt(priceBasket(i).totalPrice)).toBe(referenceTotal(i));
      }),
      { numRuns: 1000 },
    );
  });
});
