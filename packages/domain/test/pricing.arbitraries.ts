import fc from 'fast-check';
import { SERVICE_TYPES } from '../src/enums.ts';
import { sum } from '../src/money.ts';
import type { PricingInput, PricingLine, PricingPromo, PricingServiceFee } from '../src/pricing.ts';

/* The baskets the pricing properties are checked over (pricing.properties, order-breakdown.properties). */

export const money = (max: number) => fc.integer({ min: 0, max }).map(sum);

// Whole percents as the catalogue stores them, now and then one with decimals.
export const percentArb = fc.oneof(
  { arbitrary: fc.integer({ min: 0, max: 100 }), weight: 9 },
  { arbitrary: fc.constantFrom(0.5, 12.5, 33.33, 99.99), weight: 1 },
);

export const lineArb: fc.Arbitrary<PricingLine> = fc.record({
  costPrice: money(2_000_000),
  discountPercent: fc.oneof(fc.constant(0), percentArb),
  quantity: fc.integer({ min: 1, max: 50 }),
  modifications: fc.array(fc.record({ count: fc.integer({ min: 1, max: 5 }), price: money(50_000) }), { maxLength: 4 }),
});

export const promoArb: fc.Arbitrary<PricingPromo> = fc.oneof(
  fc.record({
    discountType: fc.constant('AMOUNT' as const),
    productDiscount: fc.integer({ min: 0, max: 500_000 }),
    deliveryDiscount: fc.integer({ min: 0, max: 60_000 }),
  }),
  fc.record({ discountType: fc.constant('PERCENTAGE' as const), productDiscount: percentArb, deliveryDiscount: percentArb }),
);

export const feeArb = (cliff: boolean): fc.Arbitrary<PricingServiceFee> =>
  fc.record({
    isServiceFeeEnabled: fc.boolean(),
    isServiceFeeFreeAboveThreshold: cliff ? fc.boolean() : fc.constant(false),
    serviceFeeThreshold: money(1_000_000),
    serviceFeeAmount: money(20_000),
  });

export const inputArb = (options: { minLines?: number; cliff?: boolean } = {}): fc.Arbitrary<PricingInput> =>
  fc.record({
    lines: fc.array(lineArb, { minLength: options.minLines ?? 0, maxLength: 8 }),
    serviceType: fc.constantFrom(...SERVICE_TYPES),
    deliveryPrice: money(100_000),
    promo: fc.option(promoArb, { nil: null }),
    serviceFee: fc.option(feeArb(options.cliff ?? true), { nil: null }),
    cashbackBalance: money(500_000),
    cashbackRequested: money(500_000),
  });
