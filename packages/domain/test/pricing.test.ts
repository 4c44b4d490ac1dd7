import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sum, type Sum } from '../src/money.ts';
import {
  cashbackOf,
  checkModifications,
  checkPromo,
  checkStock,
  deliveryDiscountOf,
  deliveryPriceOf,
  type ModificationRules,
  priceBasket,
  type PricingInput,
  type PricingLine,
  type PricingPromo,
  type PricingServiceFee,
  priceLine,
  promoProductDiscountOf,
  serviceFeeOf,
  struckPrice,
} from '../src/pricing.ts';

const s = (n: number): Sum => sum(n);

const line = (costPrice: number, quantity = 1, discountPercent = 0, modifications: [count: number, price: number][] = []): PricingLine => ({
  costPrice: s(costPrice),
  quantity,
  discountPercent,
  modifications: modifications.map(([count, price]) => ({ count, price: s(price) })),
});

const basket = (lines: PricingLine[], rest: Partial<PricingInput> = {}): PricingInput => ({
  lines,
  serviceType: 'DELIVERY',
  deliveryPrice: s(0),
  ...rest,
});

const amountPromo = (product: number, delivery = 0): PricingPromo => ({
  discountType: 'AMOUNT',
  productDiscount: product,
  deliveryDiscount: delivery,
});
const percentPromo = (product: number, delivery = 0): PricingPromo => ({
  discountType: 'PERCENTAGE',
  productDiscount: product,
  deliveryDiscount: delivery,
});

const fee = (amount: number, threshold: number | null = null): PricingServiceFee => ({
  isServiceFeeEnabled: true,
  isServiceFeeFreeAboveThreshold: threshold !== null,
  serviceFeeThreshold: s(threshold ?? 0),
  serviceFeeAmount: s(amount),
});

describe('a line', () => {
  it('costs (cost price + Σ modification count × price) × quantity', () => {
    // (30 000 + 2 × 5 000 + 1 × 3 000) × 3
    expect(
      priceLine(
        line(30_000, 3, 0, [
          [2, 5_000],
          [1, 3_000],
        ]),
      ),
    ).toEqual({ gross: 129_000, discount: 0, net: 129_000 });
  });

  it('has its product discount applied to its modifications too', () => {
    expect(
      priceLine(
        line(30_000, 3, 10, [
          [2, 5_000],
          [1, 3_000],
        ]),
      ),
    ).toEqual({ gross: 129_000, discount: 12_900, net: 116_100 });
  });

  it('rounds its discount half up at .5', () => {
    expect(priceLine(line(15, 1, 10)).discount).toBe(2); // 1.5
    expect(priceLine(line(25, 1, 10)).discount).toBe(3); // 2.5
    expect(priceLine(line(5, 1, 10)).discount).toBe(1); // 0.5
    expect(priceLine(line(14, 1, 10)).discount).toBe(1); // 1.4
    expect(priceLine(line(12_345, 1, 50)).discount).toBe(6_173); // 6 172.5
  });

  it('rounds once per line, not once per unit', () => {
    // 3 × 15 = 45, 10% = 4.5 → 5; rounding per unit would give 3 × 2 = 6.
    expect(priceLine(line(15, 3, 10))).toEqual({ gross: 45, discount: 5, net: 40 });
  });

  it('is free at a 100% discount and never paid out above it', () => {
    expect(priceLine(line(10_000, 2, 100))).toEqual({ gross: 20_000, discount: 20_000, net: 0 });
    expect(priceLine(line(10_000, 2, 150))).toEqual({ gross: 20_000, discount: 20_000, net: 0 });
  });

  it('takes a free modification and a zero quantity', () => {
    expect(priceLine(line(10_000, 1, 0, [[3, 0]])).gross).toBe(10_000);
    expect(priceLine(line(10_000, 0, 10))).toEqual({ gross: 0, discount: 0, net: 0 });
  });

  it("refuses amounts that are not whole so'm and counts that are not whole", () => {
    expect(() => priceLine(line(100.5))).toThrow(RangeError);
    expect(() => priceLine(line(-100))).toThrow(RangeError);
    expect(() => priceLine(line(100, 1.5))).toThrow(RangeError);
    expect(() => priceLine(line(100, -1))).toThrow(RangeError);
    expect(() => priceLine(line(100, 1, 0, [[1, 0.5]]))).toThrow(RangeError);
    expect(() => priceLine(line(100, 1, 0, [[0.5, 100]]))).toThrow(RangeError);
    expect(() => priceLine(line(100, 1, -5))).toThrow(RangeError);
    expect(() => priceLine(line(100, 1, Number.NaN))).toThrow(RangeError);
  });
});

describe('the products of a basket', () => {
  it('add up line by line', () => {
    const b = priceBasket(
      basket([
        line(30_000, 3, 10, [
          [2, 5_000],
          [1, 3_000],
        ]),
        line(15, 3, 10),
        line(8_000, 2),
      ]),
    );
    expect(b.lines).toEqual([
      { gross: 129_000, discount: 12_900, net: 116_100 },
      { gross: 45, discount: 5, net: 40 },
      { gross: 16_000, discount: 0, net: 16_000 },
    ]);
    expect(b.productPrice).toBe(145_045);
    expect(b.productDiscount).toBe(12_905);
    expect(b.productCount).toBe(8);
    expect(b.totalDiscount).toBe(12_905);
    expect(b.totalPrice).toBe(132_140);
  });

  it('without a promo cost products plus delivery minus cashback (docs/spec-index.md section 4)', () => {
    const b = priceBasket(basket([line(50_000, 2)], { deliveryPrice: s(12_000), cashbackBalance: s(5_000), cashbackRequested: s(5_000) }));
    expect(b.totalPrice).toBe(100_000 + 12_000 - 5_000);
  });
});

describe('the promo product discount', () => {
  it('AMOUNT takes the amount off what the products cost after their own discounts', () => {
    expect(promoProductDiscountOf(amountPromo(20_000), s(116_100))).toBe(20_000);
    const b = priceBasket(
      basket(
        [
          line(30_000, 3, 10, [
            [2, 5_000],
            [1, 3_000],
          ]),
        ],
        { promo: amountPromo(20_000) },
      ),
    );
    expect(b.promoProductDiscount).toBe(20_000);
    expect(b.totalDiscount).toBe(12_900 + 20_000);
    expect(b.totalPrice).toBe(96_100);
  });

  it("AMOUNT is at most what is left after the products' own discounts", () => {
    expect(promoProductDiscountOf(amountPromo(200_000), s(116_100))).toBe(116_100);
    const b = priceBasket(basket([line(10_000, 1, 20)], { promo: amountPromo(50_000) }));
    expect(b.promoProductDiscount).toBe(8_000);
    expect(b.totalPrice).toBe(0);
  });

  it("PERCENTAGE is a percent of what is left after the products' own discounts", () => {
    expect(promoProductDiscountOf(percentPromo(10), s(116_100))).toBe(11_610);
    const b = priceBasket(basket([line(100_000, 1, 20)], { promo: percentPromo(10) }));
    expect(b.productDiscount).toBe(20_000);
    expect(b.promoProductDiscount).toBe(8_000); // 10% of 80 000, not of 100 000
    expect(b.totalPrice).toBe(72_000);
  });

  it('PERCENTAGE rounds half up once on the basket', () => {
    expect(promoProductDiscountOf(percentPromo(10), s(15))).toBe(2); // 1.5
    expect(promoProductDiscountOf(percentPromo(10), s(25))).toBe(3); // 2.5
    expect(promoProductDiscountOf(percentPromo(10), s(14))).toBe(1); // 1.4
    // Two lines of 15 are 30 before the promo: 10% is 3, not 2 + 2.
    expect(priceBasket(basket([line(15), line(15)], { promo: percentPromo(10) })).promoProductDiscount).toBe(3);
  });

  it('PERCENTAGE of 100 makes the products free and above 100 gives nothing more', () => {
    expect(promoProductDiscountOf(percentPromo(100), s(45_000))).toBe(45_000);
    expect(promoProductDiscountOf(percentPromo(250), s(45_000))).toBe(45_000);
  });

  it('is nothing without a promo or at zero', () => {
    expect(promoProductDiscountOf(null, s(45_000))).toBe(0);
    expect(promoProductDiscountOf(undefined, s(45_000))).toBe(0);
    expect(promoProductDiscountOf(amountPromo(0), s(45_000))).toBe(0);
    expect(promoProductDiscountOf(percentPromo(0), s(45_000))).toBe(0);
  });
});

describe('the delivery price', () => {
  it('is the given price for delivery', () => {
    expect(deliveryPriceOf('DELIVERY', s(12_000), 1)).toBe(12_000);
    expect(deliveryPriceOf('YANDEX_EATS', s(15_000), 1)).toBe(15_000);
    expect(deliveryPriceOf('EXPRESS_24', s(20_000), 1)).toBe(20_000);
  });

  it('is zero for pick-up and dine-in', () => {
    expect(deliveryPriceOf('PICK_UP', s(12_000), 1)).toBe(0);
    expect(deliveryPriceOf('DINE_IN', s(12_000), 1)).toBe(0);
    const b = priceBasket(basket([line(40_000)], { serviceType: 'PICK_UP', deliveryPrice: s(12_000), promo: amountPromo(0, 5_000) }));
    expect(b.deliveryPrice).toBe(0);
    expect(b.deliveryDiscount).toBe(0);
    expect(b.totalPrice).toBe(40_000);
  });

  it('is zero for an empty basket', () => {
    expect(deliveryPriceOf('DELIVERY', s(12_000), 0)).toBe(0);
    expect(priceBasket(basket([], { deliveryPrice: s(12_000) })).deliveryPrice).toBe(0);
  });
});

describe('the promo delivery discount', () => {
  it('AMOUNT takes the amount off the delivery', () => {
    expect(deliveryDiscountOf(amountPromo(0, 5_000), s(12_000))).toBe(5_000);
  });

  it('AMOUNT is at most the delivery price', () => {
    expect(deliveryDiscountOf(amountPromo(0, 20_000), s(12_000))).toBe(12_000);
  });

  it('PERCENTAGE is a percent of the delivery price, rounded half up', () => {
    expect(deliveryDiscountOf(percentPromo(0, 50), s(12_000))).toBe(6_000);
    expect(deliveryDiscountOf(percentPromo(0, 50), s(12_345))).toBe(6_173); // 6 172.5
    expect(deliveryDiscountOf(percentPromo(0, 10), s(15))).toBe(2); // 1.5
    expect(deliveryDiscountOf(percentPromo(0, 100), s(12_000))).toBe(12_000);
    expect(deliveryDiscountOf(percentPromo(0, 150), s(12_000))).toBe(12_000);
  });

  it('is nothing when delivery is free or there is no promo', () => {
    expect(deliveryDiscountOf(amountPromo(0, 5_000), s(0))).toBe(0);
    expect(deliveryDiscountOf(null, s(12_000))).toBe(0);
  });

  it('is apart from the product discount of the same promo', () => {
    const b = priceBasket(basket([line(100_000)], { deliveryPrice: s(12_000), promo: percentPromo(10, 50) }));
    expect(b.promoProductDiscount).toBe(10_000);
    expect(b.deliveryDiscount).toBe(6_000);
    expect(b.totalDiscount).toBe(16_000);
    // docs/spec-index.md section 4: products − promo discount + delivery net of its discount − cashback − product discount
    expect(b.totalPrice).toBe(100_000 - 10_000 + (12_000 - 6_000) - 0 - 0);
  });
});

describe('the service fee', () => {
  it('is the amount when enabled', () => {
    expect(serviceFeeOf(fee(3_000), s(50_000), 1)).toBe(3_000);
    const b = priceBasket(basket([line(50_000)], { serviceFee: fee(3_000) }));
    expect(b.serviceFee).toBe(3_000);
    expect(b.totalPrice).toBe(53_000);
  });

  it('is zero when off, missing or for an empty basket', () => {
    expect(serviceFeeOf({ ...fee(3_000), isServiceFeeEnabled: false }, s(50_000), 1)).toBe(0);
    expect(serviceFeeOf(null, s(50_000), 1)).toBe(0);
    expect(serviceFeeOf(fee(3_000), s(0), 0)).toBe(0);
    expect(priceBasket(basket([], { serviceFee: fee(3_000) })).totalPrice).toBe(0);
  });

  it('is waived from the threshold on, when the settings say so', () => {
    expect(serviceFeeOf(fee(3_000, 100_000), s(99_999), 1)).toBe(3_000);
    expect(serviceFeeOf(fee(3_000, 100_000), s(100_000), 1)).toBe(0);
    expect(serviceFeeOf(fee(3_000, 100_000), s(150_000), 1)).toBe(0);
  });

  it('compares the threshold with what is left to pay for the products, after the promo', () => {
    // 120 000 − 10% own discount = 108 000 ≥ 100 000: waived.
    expect(priceBasket(basket([line(120_000, 1, 10)], { serviceFee: fee(3_000, 100_000) })).serviceFee).toBe(0);
    // The promo takes 10 000 more: 98 000 < 100 000, so the fee is charged.
    expect(priceBasket(basket([line(120_000, 1, 10)], { serviceFee: fee(3_000, 100_000), promo: amountPromo(10_000) })).serviceFee).toBe(
      3_000,
    );
    // Delivery does not count towards the threshold.
    expect(priceBasket(basket([line(90_000)], { serviceFee: fee(3_000, 100_000), deliveryPrice: s(20_000) })).serviceFee).toBe(3_000);
  });

  it('applies whatever the service type', () => {
    expect(priceBasket(basket([line(10_000)], { serviceType: 'DINE_IN', serviceFee: fee(2_000) })).totalPrice).toBe(12_000);
  });
});

describe('cashback', () => {
  it('is at most the balance', () => {
    expect(cashbackOf(s(3_000), s(10_000), s(50_000), 1)).toBe(3_000);
  });

  it('is at most what is asked', () => {
    expect(cashbackOf(s(30_000), s(10_000), s(50_000), 1)).toBe(10_000);
  });

  it('is at most what is left to pay, delivery and fee included', () => {
    expect(cashbackOf(s(90_000), s(90_000), s(50_000), 1)).toBe(50_000);
    const b = priceBasket(
      basket([line(40_000)], {
        deliveryPrice: s(10_000),
        serviceFee: fee(2_000),
        cashbackBalance: s(100_000),
        cashbackRequested: s(100_000),
      }),
    );
    expect(b.cashback).toBe(52_000);
    expect(b.totalPrice).toBe(0);
  });

  it('is nothing for an empty basket, or when not asked for', () => {
    expect(cashbackOf(s(30_000), s(10_000), s(0), 0)).toBe(0);
    expect(priceBasket(basket([], { cashbackBalance: s(5_000), cashbackRequested: s(5_000) })).cashback).toBe(0);
    expect(priceBasket(basket([line(10_000)], { cashbackBalance: s(5_000) })).cashback).toBe(0);
  });

  it('is not a discount', () => {
    const b = priceBasket(basket([line(40_000)], { cashbackBalance: s(5_000), cashbackRequested: s(5_000) }));
    expect(b.totalDiscount).toBe(0);
    expect(b.totalPrice).toBe(35_000);
  });
});

describe('a whole basket', () => {
  it('puts every rule together', () => {
    const b = priceBasket({
      lines: [
        line(30_000, 3, 10, [
          [2, 5_000],
          [1, 3_000],
        ]),
        line(15, 3, 10),
      ],
      serviceType: 'DELIVERY',
      deliveryPrice: s(12_345),
      promo: percentPromo(10, 50),
      serviceFee: fee(3_000, 200_000),
      cashbackBalance: s(7_000),
      cashbackRequested: s(10_000),
    });
    expect(b).toEqual({
      lines: [
        { gross: 129_000, discount: 12_900, net: 116_100 },
        { gross: 45, discount: 5, net: 40 },
      ],
      productPrice: 129_045,
      productDiscount: 12_905,
      promoProductDiscount: 11_614, // 10% of 116 140
      deliveryPrice: 12_345,
      deliveryDiscount: 6_173, // 50% of 12 345 = 6 172.5
      serviceFee: 3_000, // 104 526 to pay for products is below 200 000
      cashback: 7_000, // the balance, less than asked
      totalDiscount: 12_905 + 11_614 + 6_173,
      totalPrice: 129_045 - 30_692 + 12_345 + 3_000 - 7_000,
      productCount: 6,
    });
  });

  it('is all zeros when empty', () => {
    expect(
      priceBasket({
        lines: [],
        serviceType: 'DELIVERY',
        deliveryPrice: s(12_000),
        promo: amountPromo(5_000, 5_000),
        serviceFee: fee(3_000),
        cashbackBalance: s(5_000),
        cashbackRequested: s(5_000),
      }),
    ).toEqual({
      lines: [],
      productPrice: 0,
      productDiscount: 0,
      promoProductDiscount: 0,
      deliveryPrice: 0,
      deliveryDiscount: 0,
      serviceFee: 0,
      cashback: 0,
      totalDiscount: 0,
      totalPrice: 0,
      productCount: 0,
    });
  });

  it('can cost more after a line is removed when that drops it below the free-fee threshold', () => {
    const input = basket([line(99_000), line(1_000)], { serviceFee: fee(3_000, 100_000) });
    expect(priceBasket(input).totalPrice).toBe(100_000);
    // Without the 1 000 line the fee comes back: 99 000 + 3 000.
    expect(priceBasket({ ...input, lines: input.lines.slice(0, 1) }).totalPrice).toBe(102_000);
    // The rise is never more than the fee itself.
    expect(priceBasket({ ...input, lines: input.lines.slice(1) }).totalPrice).toBe(4_000);
  });

  it('refuses a negative or fractional delivery price, balance or request', () => {
    expect(() => priceBasket(basket([line(1_000)], { deliveryPrice: -1 as Sum }))).toThrow(RangeError);
    expect(() => priceBasket(basket([line(1_000)], { deliveryPrice: 0.5 as Sum }))).toThrow(RangeError);
    expect(() => priceBasket(basket([line(1_000)], { cashbackBalance: -1 as Sum, cashbackRequested: s(0) }))).toThrow(RangeError);
    expect(() => priceBasket(basket([line(1_000)], { promo: amountPromo(10.5) }))).toThrow(RangeError);
    expect(() => priceBasket(basket([line(1_000)], { promo: percentPromo(-10) }))).toThrow(RangeError);
  });
});

describe('checkPromo', () => {
  const now = new Date('2024-06-15T12:00:00Z');
  const valid = {
    isActive: true,
    startDate: new Date('2024-06-01T00:00:00Z'),
    endDate: new Date('2024-07-01T00:00:00Z'),
    minPrice: s(50_000),
  };

  it('passes a valid promo', () => {
    expect(checkPromo(valid, { now, productAmount: s(60_000) })).toBeNull();
  });

  it('refuses a promo that is switched off', () => {
    expect(checkPromo({ ...valid, isActive: false }, { now, productAmount: s(60_000) })).toBe('PROMO_NOT_ACTIVE');
  });

  it('refuses a promo before its start, and takes it at the start', () => {
    expect(checkPromo(valid, { now: new Date('2024-05-31T23:59:59Z'), productAmount: s(60_000) })).toBe('PROMO_NOT_STARTED');
    expect(checkPromo(valid, { now: valid.startDate, productAmount: s(60_000) })).toBeNull();
  });

  it('refuses a promo from its end on', () => {
    expect(checkPromo(valid, { now: new Date('2024-06-30T23:59:59Z'), productAmount: s(60_000) })).toBeNull();
    expect(checkPromo(valid, { now: valid.endDate, productAmount: s(60_000) })).toBe('PROMO_EXPIRED');
  });

  it('refuses a basket below the minimum, and takes one at it', () => {
    expect(checkPromo(valid, { now, productAmount: s(49_999) })).toBe('PROMO_MIN_PRICE');
    expect(checkPromo(valid, { now, productAmount: s(50_000) })).toBeNull();
  });

  it('reads a missing start or end as open-ended', () => {
    const open = { ...valid, startDate: null, endDate: null };
    expect(checkPromo(open, { now: new Date('1990-01-01'), productAmount: s(50_000) })).toBeNull();
    expect(checkPromo(open, { now: new Date('2990-01-01'), productAmount: s(50_000) })).toBeNull();
  });

  it('checks in order: active, started, not expired, minimum', () => {
    const bad = {
      isActive: false,
      startDate: new Date('2024-07-01T00:00:00Z'),
      endDate: new Date('2024-06-01T00:00:00Z'),
      minPrice: s(1_000_000),
    };
    expect(checkPromo(bad, { now, productAmount: s(0) })).toBe('PROMO_NOT_ACTIVE');
    expect(checkPromo({ ...bad, isActive: true }, { now, productAmount: s(0) })).toBe('PROMO_NOT_STARTED');
    expect(checkPromo({ ...bad, isActive: true, startDate: null }, { now, productAmount: s(0) })).toBe('PROMO_EXPIRED');
    expect(checkPromo({ ...bad, isActive: true, startDate: null, endDate: null }, { now, productAmount: s(0) })).toBe('PROMO_MIN_PRICE');
  });

  describe('limits', () => {
    const limited = { ...valid, totalLimit: 1, perCustomerLimit: null };
    const at = (uses: { total: number; byCustomer: number | null }, promo: Parameters<typeof checkPromo>[0] = limited) =>
      checkPromo(promo, { now, productAmount: s(60_000), uses });

    it('takes a code with a total limit of 1 once: free while no order holds it, used up once one does', () => {
      expect(at({ total: 0, byCustomer: 0 })).toBeNull();
      expect(at({ total: 1, byCustomer: 0 })).toBe('PROMO_LIMIT_REACHED');
      expect(at({ total: 2, byCustomer: 0 })).toBe('PROMO_LIMIT_REACHED');
    });

    it('lets each customer use a code as often as the per-customer limit says, whatever the others did', () => {
      const perCustomer = { ...valid, totalLimit: null, perCustomerLimit: 2 };
      expect(at({ total: 40, byCustomer: 0 }, perCustomer)).toBeNull();
      expect(at({ total: 40, byCustomer: 1 }, perCustomer)).toBeNull();
      expect(at({ total: 40, byCustomer: 2 }, perCustomer)).toBe('PROMO_CUSTOMER_LIMIT');
      // A guest's own uses are not known: only the order (always signed in) judges them.
      expect(at({ total: 40, byCustomer: null }, perCustomer)).toBeNull();
    });

    it('gives a use back: a cancelled order no longer holds it, so the count falls and the code works again', () => {
      expect(at({ total: 1, byCustomer: 1 })).toBe('PROMO_LIMIT_REACHED');
      expect(at({ total: 0, byCustomer: 0 })).toBeNull();
    });

    it('judges no limit without uses, and none for a promo without limits', () => {
      expect(checkPromo(limited, { now, productAmount: s(60_000) })).toBeNull();
      expect(at({ total: 1_000_000, byCustomer: 1_000 }, valid)).toBeNull();
    });

    it('checks the limits after the dates and before the minimum: total first, then the customer', () => {
      const both = { ...valid, totalLimit: 5, perCustomerLimit: 1 };
      expect(checkPromo({ ...both, endDate: now }, { now, productAmount: s(0), uses: { total: 5, byCustomer: 1 } })).toBe('PROMO_EXPIRED');
      expect(checkPromo(both, { now, productAmount: s(0), uses: { total: 5, byCustomer: 1 } })).toBe('PROMO_LIMIT_REACHED');
      expect(checkPromo(both, { now, productAmount: s(0), uses: { total: 4, byCustomer: 1 } })).toBe('PROMO_CUSTOMER_LIMIT');
      expect(checkPromo(both, { now, productAmount: s(0), uses: { total: 4, byCustomer: 0 } })).toBe('PROMO_MIN_PRICE');
    });

    it('never lets more orders hold a code than its limit (property)', () => {
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 0, max: 60 }), (limit, taken) => {
          // Orders come one at a time (under the promo's lock), each judged on the uses before it.
          let total = taken;
          for (let i = 0; i < 70; i++) {
            if (checkPromo({ ...valid, totalLimit: limit }, { now, productAmount: s(60_000), uses: { total, byCustomer: 0 } }) === null)
              total++;
          }
          return total === Math.max(limit, taken);
        }),
      );
    });
  });

  it('is meant to take the products after their own discounts', () => {
    const b = priceBasket(basket([line(60_000, 1, 20)]));
    // 60 000 before, 48 000 after the product discount: below a 50 000 minimum.
    expect(checkPromo(valid, { now, productAmount: s(b.productPrice - b.productDiscount) })).toBe('PROMO_MIN_PRICE');
  });
});

describe('checkModifications', () => {
  const rules: ModificationRules = {
    productId: 'burger',
    groups: [
      { id: 'bread', min: 1, max: 1 },
      { id: 'sauce', min: 0, max: 3 },
    ],
    modifications: [
      { id: 'white', groupId: 'bread' },
      { id: 'black', groupId: 'bread' },
      { id: 'ketchup', groupId: 'sauce' },
      { id: 'mayo', groupId: 'sauce' },
    ],
  };

  it('finds nothing wrong within the bounds', () => {
    expect(checkModifications(rules, [{ id: 'white', count: 1 }])).toEqual([]);
    expect(
      checkModifications(rules, [
        { id: 'black', count: 1 },
        { id: 'ketchup', count: 2 },
        { id: 'mayo', count: 1 },
      ]),
    ).toEqual([]);
  });

  it('reports a group below its minimum', () => {
    expect(checkModifications(rules, [])).toEqual([
      { code: 'MODIFICATION_MIN', productId: 'burger', details: { groupId: 'bread', min: 1, max: 1 } },
    ]);
  });

  it('reports a group above its maximum, counting every piece', () => {
    expect(
      checkModifications(rules, [
        { id: 'white', count: 1 },
        { id: 'black', count: 1 },
      ]),
    ).toEqual([{ code: 'MODIFICATION_MAX', productId: 'burger', details: { groupId: 'bread', min: 1, max: 1 } }]);
    expect(
      checkModifications(rules, [
        { id: 'white', count: 1 },
        { id: 'ketchup', count: 4 },
      ]),
    ).toEqual([{ code: 'MODIFICATION_MAX', productId: 'burger', details: { groupId: 'sauce', min: 0, max: 3 } }]);
    expect(checkModifications(rules, [{ id: 'white', count: 2 }])).toEqual([
      { code: 'MODIFICATION_MAX', productId: 'burger', details: { groupId: 'bread', min: 1, max: 1 } },
    ]);
  });

  it("reports a modification that is not the product's", () => {
    expect(
      checkModifications(rules, [
        { id: 'white', count: 1 },
        { id: 'pizza-cheese', count: 1 },
      ]),
    ).toEqual([{ code: 'MODIFICATION_INVALID', productId: 'burger', details: { modificationId: 'pizza-cheese' } }]);
  });

  it('does not count an invalid modification towards any group', () => {
    expect(checkModifications(rules, [{ id: 'pizza-bread', count: 1 }])).toEqual([
      { code: 'MODIFICATION_INVALID', productId: 'burger', details: { modificationId: 'pizza-bread' } },
      { code: 'MODIFICATION_MIN', productId: 'burger', details: { groupId: 'bread', min: 1, max: 1 } },
    ]);
  });

  it('reports every group that is wrong, in group order', () => {
    expect(checkModifications(rules, [{ id: 'mayo', count: 5 }]).map((p) => p.code)).toEqual(['MODIFICATION_MIN', 'MODIFICATION_MAX']);
  });

  it('finds nothing wrong with a product without groups', () => {
    expect(checkModifications({ productId: 'tea', groups: [], modifications: [] }, [])).toEqual([]);
  });
});

describe('checkStock', () => {
  const stock = new Map<string, number | null>([
    ['plov', 5],
    ['tea', null],
    ['samsa', 0],
    ['broken', -2],
  ]);

  it('passes what the stock covers, up to the last piece', () => {
    expect(checkStock([{ productId: 'plov', quantity: 5 }], stock)).toEqual([]);
  });

  it('reports the maximum when more is asked', () => {
    expect(checkStock([{ productId: 'plov', quantity: 6 }], stock)).toEqual([
      { code: 'NOT_ENOUGH_PRODUCTS', productId: 'plov', details: { max: 5 } },
    ]);
    expect(checkStock([{ productId: 'samsa', quantity: 1 }], stock)).toEqual([
      { code: 'NOT_ENOUGH_PRODUCTS', productId: 'samsa', details: { max: 0 } },
    ]);
  });

  it('counts the same product across lines together, reporting it once', () => {
    const lines = [
      { productId: 'plov', quantity: 3 },
      { productId: 'tea', quantity: 10 },
      { productId: 'plov', quantity: 3 },
    ];
    expect(checkStock(lines, stock)).toEqual([{ code: 'NOT_ENOUGH_PRODUCTS', productId: 'plov', details: { max: 5 } }]);
  });

  it('does not count a product whose stock is null', () => {
    expect(checkStock([{ productId: 'tea', quantity: 999 }], stock)).toEqual([]);
  });

  it('leaves an unknown product to the caller', () => {
    expect(checkStock([{ productId: 'ghost', quantity: 1 }], stock)).toEqual([]);
  });

  it('never reports a negative maximum', () => {
    expect(checkStock([{ productId: 'broken', quantity: 1 }], stock)).toEqual([
      { code: 'NOT_ENOUGH_PRODUCTS', productId: 'broken', details: { max: 0 } },
    ]);
  });
});

describe('the price a card strikes through', () => {
  it('is the price before the product’s own discount, else an old price above the price, else none', () => {
    expect(struckPrice({ price: 9_000, costPrice: 10_000, discount: 10, oldPrice: 12_000 })).toBe(10_000);
    expect(struckPrice({ price: 28_000, costPrice: 28_000, discount: 0, oldPrice: 32_000 })).toBe(32_000);
    expect(struckPrice({ price: 28_000, costPrice: 28_000, discount: 0, oldPrice: 28_000 })).toBeNull();
    expect(struckPrice({ price: 28_000, costPrice: 28_000, discount: 0, oldPrice: null })).toBeNull();
    expect(struckPrice({ price: 28_000, costPrice: 28_000, discount: 0 })).toBeNull();
  });
});
