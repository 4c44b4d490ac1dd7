import { describe, expect, it } from 'vitest';
import { QuoteProblem, QuoteRequest, QuoteResponse } from '../src/contracts/quote.ts';
import { toQuoteProblem } from '../src/quote.ts';
import { ERROR_CATALOGUE } from '../src/errors.ts';
import * as contracts from '../src/contracts/index.ts';
import * as domain from '../src/index.ts';
import { sum } from '../src/money.ts';
import { priceBasket } from '../src/pricing.ts';

const PRODUCT = '0b6f6c1e-5a55-4c1b-9a53-6b0f1f7d2a01';
const MOD = '4d2c1f1e-7a55-4c1b-9a53-6b0f1f7d2a02';
const BRANCH = '9e8d7c6b-5a49-4c1b-9a53-6b0f1f7d2a03';

const request = (extra: Record<string, unknown> = {}) => ({
  cartItems: [{ productId: PRODUCT, count: 2, modifications: [{ id: MOD, count: 1 }] }],
  serviceType: 'DELIVERY',
  ...extra,
});

describe('QuoteRequest', () => {
  it('accepts a full request', () => {
    const full = request({ branchId: BRANCH, address: { latitude: 41.311321, longitude: 69.279223 }, promoCode: 'SPRING', cashback: 5000 });
    expect(QuoteRequest.parse(full)).toEqual(full);
  });

  it('accepts a minimal request and defaults the modifications', () => {
    expect(QuoteRequest.parse({ cartItems: [{ productId: PRODUCT, count: 1 }], serviceType: 'PICK_UP' })).toEqual({
      cartItems: [{ productId: PRODUCT, count: 1, modifications: [] }],
      serviceType: 'PICK_UP',
    });
  });

  it('accepts an empty basket, so the basket can show zeros', () => {
    expect(QuoteRequest.safeParse({ cartItems: [], serviceType: 'DELIVERY' }).success).toBe(true);
  });

  it('rejects unknown keys at every level, naming them', () => {
    const cases: [unknown, (string | number)[]][] = [
      [request({ totalPrice: 1 }), []],
      [{ ...request(), cartItems: [{ productId: PRODUCT, count: 1, price: 1 }] }, ['cartItems', 0]],
      [
        { ...request(), cartItems: [{ productId: PRODUCT, count: 1, modifications: [{ id: MOD, count: 1, price: 0 }] }] },
        ['cartItems', 0, 'modifications', 0],
      ],
      [request({ address: { latitude: 41, longitude: 69, street: 'x' } }), ['address']],
    ];
    for (const [body, path] of cases) {
      const result = QuoteRequest.safeParse(body);
      expect(result.success).toBe(false);
      const issue = result.error!.issues[0]!;
      expect(issue.code).toBe('unrecognized_keys');
      expect(issue.path).toEqual(path);
    }
  });

  it('bounds a line count to 1..999 whole units', () => {
    const withCount = (count: unknown) =>
      QuoteRequest.safeParse({ cartItems: [{ productId: PRODUCT, count }], serviceType: 'DELIVERY' }).success;
    expect(withCount(1)).toBe(true);
    expect(withCount(999)).toBe(true);
    for (const bad of [0, -1, 1000, 1.5, '2', null]) expect(withCount(bad), String(bad)).toBe(false);
  });

  it('asks a modification count of at least 1', () => {
    const withModCount = (count: unknown) =>
      QuoteRequest.safeParse({
        cartItems: [{ productId: PRODUCT, count: 1, modifications: [{ id: MOD, count }] }],
        serviceType: 'DELIVERY',
      }).success;
    expect(withModCount(1)).toBe(true);
    for (const bad of [0, -1, 1.5]) expect(withModCount(bad), String(bad)).toBe(false);
  });

  it('asks uuids for ids', () => {
    expect(QuoteRequest.safeParse({ cartItems: [{ productId: '42', count: 1 }], serviceType: 'DELIVERY' }).success).toBe(false);
    expect(
      QuoteRequest.safeParse({
        cartItems: [{ productId: PRODUCT, count: 1, modifications: [{ id: 'x', count: 1 }] }],
        serviceType: 'DELIVERY',
      }).success,
    ).toBe(false);
    expect(QuoteRequest.safeParse(request({ branchId: 'main' })).success).toBe(false);
  });

  it('knows the service types of the spec only', () => {
    for (const t of ['DELIVERY', 'PICK_UP', 'DINE_IN', 'YANDEX_EATS', 'EXPRESS_24'])
      expect(QuoteRequest.safeParse(request({ serviceType: t })).success, t).toBe(true);
    expect(QuoteRequest.safeParse(request({ serviceType: 'pickup' })).success).toBe(false);
    expect(QuoteRequest.safeParse({ cartItems: [] }).success).toBe(false);
  });

  it('asks whole, non-negative cashback', () => {
    expect(QuoteRequest.safeParse(request({ cashback: 0 })).success).toBe(true);
    expect(QuoteRequest.safeParse(request({ cashback: -1 })).success).toBe(false);
    expect(QuoteRequest.safeParse(request({ cashback: 10.5 })).success).toBe(false);
  });

  it('trims the promo code and refuses a blank one', () => {
    expect(QuoteRequest.parse(request({ promoCode: '  SPRING ' })).promoCode).toBe('SPRING');
    expect(QuoteRequest.safeParse(request({ promoCode: '   ' })).success).toBe(false);
  });

  it('asks real coordinates', () => {
    expect(QuoteRequest.safeParse(request({ address: { latitude: 91, longitude: 69 } })).success).toBe(false);
    expect(QuoteRequest.safeParse(request({ address: { latitude: 41 } })).success).toBe(false);
  });

  it('caps the number of lines', () => {
    const many = Array.from({ length: 101 }, () => ({ productId: PRODUCT, count: 1 }));
    expect(QuoteRequest.safeParse({ cartItems: many, serviceType: 'DELIVERY' }).success).toBe(false);
    expect(QuoteRequest.safeParse({ cartItems: many.slice(0, 100), serviceType: 'DELIVERY' }).success).toBe(true);
  });
});

describe('QuoteResponse', () => {
  it('describes what priceBasket computes', () => {
    const b = priceBasket({
      lines: [{ costPrice: sum(30_000), discountPercent: 10, quantity: 2, modifications: [{ count: 1, price: sum(5_000) }] }],
      serviceType: 'DELIVERY',
      deliveryPrice: sum(12_000),
      promo: { discountType: 'PERCENTAGE', productDiscount: 10, deliveryDiscount: 50 },
    });
    const { lines, ...totals } = b;
    const response = {
      ...totals,
      promo: { id: BRANCH, code: 'SPRING', discountType: 'PERCENTAGE', productDiscount: 10, deliveryDiscount: 50, minPrice: 0 },
      lines: lines.map((l) => ({ productId: PRODUCT, count: 2, modifications: [{ id: MOD, count: 1, price: 5_000 }], ...l })),
      problems: [toQuoteProblem({ code: 'NOT_ENOUGH_PRODUCTS', productId: PRODUCT, details: { max: 1 } })],
      eta: { kind: 'delivery', minMinutes: 35, maxMinutes: 45, at: '2026-11-28T08:45:00.000Z', overdue: false },
    };
    expect(QuoteResponse.parse(response)).toEqual(response);
  });

  it('takes no promo and no problems', () => {
    const { lines: _lines, ...zeros } = priceBasket({ lines: [], serviceType: 'PICK_UP', deliveryPrice: sum(0) });
    expect(QuoteResponse.safeParse({ ...zeros, promo: null, lines: [], problems: [], eta: null }).success).toBe(true);
  });

  it('refuses a fractional or negative amount', () => {
    const { lines: _lines, ...zeros } = priceBasket({ lines: [], serviceType: 'PICK_UP', deliveryPrice: sum(0) });
    expect(QuoteResponse.safeParse({ ...zeros, totalPrice: 1.5, promo: null, lines: [], problems: [], eta: null }).success).toBe(false);
    expect(QuoteResponse.safeParse({ ...zeros, cashback: -1, promo: null, lines: [], problems: [], eta: null }).success).toBe(false);
  });
});

describe('toQuoteProblem', () => {
  it('adds the customer text from the catalogue', () => {
    const p = toQuoteProblem({ code: 'MODIFICATION_MIN', productId: PRODUCT, details: { groupId: MOD, min: 1, max: 2 } });
    expect(p).toEqual({
      code: 'MODIFICATION_MIN',
      description: ERROR_CATALOGUE.MODIFICATION_MIN.description,
      productId: PRODUCT,
      details: { groupId: MOD, min: 1, max: 2 },
    });
    expect(QuoteProblem.safeParse(p).success).toBe(true);
  });

  it('leaves out what the problem does not have', () => {
    expect(toQuoteProblem({ code: 'PROMO_EXPIRED' })).toEqual({
      code: 'PROMO_EXPIRED',
      description: ERROR_CATALOGUE.PROMO_EXPIRED.description,
    });
  });
});

describe('the package entries', () => {
  it('exports the pricing engine and the quote from the rules entry, and no zod schema', () => {
    for (const name of [
      'priceBasket',
      'priceLine',
      'checkPromo',
      'checkModifications',
      'checkStock',
      'quoteBasket',
      'quoteFromMenu',
      'checkRoom',
      'toQuoteProblem',
    ]) {
      expect(domain, name).toHaveProperty(name);
    }
    const schemas = Object.entries(domain).filter(([, value]) => typeof value === 'object' && value !== null && '_zod' in value);
    expect(schemas.map(([name]) => name)).toEqual([]);
  });
  it('exports the schemas from the contracts entry', () => {
    for (const name of ['QuoteRequest', 'QuoteResponse', 'MerchantSettings', 'ErrorResponse', 'ServiceType'])
      expect(contracts, name).toHaveProperty(name);
  });
});
