import { describe, expect, it } from 'vitest';
import type { QuoteRequest } from '../src/contracts/quote.ts';
import {
  type FreshProduct,
  judgePromo,
  modificationIndex,
  type QuoteBranch,
  type QuoteCatalogue,
  type QuoteFresh,
  type QuoteProduct,
  type QuotePromoTerms,
  quoteBasket,
} from '../src/quote.ts';
import { sum } from '../src/money.ts';

// A small merchant, written out by hand: one branch in Tashkent open every day 09:00-23:00, one zone,
// a burger with a required size and optional sauces, fries with a counted stock, a service fee.
const BURGER = '00000000-0000-4000-8000-000000000001';
const FRIES = '00000000-0000-4000-8000-000000000002';
const HIDDEN = '00000000-0000-4000-8000-000000000003';
const SIZE = 'group-size';
const SAUCE = 'group-sauce';
const LARGE = '00000000-0000-4000-8000-0000000000a1';
const STANDARD = '00000000-0000-4000-8000-0000000000a2';
const KETCHUP = '00000000-0000-4000-8000-0000000000a3';
const BRANCH = '00000000-0000-4000-8000-0000000000b1';
const OTHER_BRANCH = '00000000-0000-4000-8000-0000000000b2';
const CITY = '00000000-0000-4000-8000-0000000000c1';
const ZONE = '00000000-0000-4000-8000-0000000000d1';

const days = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
const hours = (type: 'DELIVERY' | 'PICK_UP') => ({
  type,
  days: days.map((weekName) => ({ weekName, open: '09:00', close: '23:00', extraOpen: null, extraClose: null, isDayOff: false })),
});

const branch: QuoteBranch = {
  id: BRANCH,
  cityId: CITY,
  isActive: true,
  latitude: 41.3,
  longitude: 69.25,
  deliveryPrice: 9000,
  deliveryMinAmount: 30_000,
  settings: { deliveryEnabled: true, pickupEnabled: true, dineinEnabled: false },
  hours: [hours('DELIVERY'), hours('PICK_UP')],
  timeZone: 'Asia/Tashkent',
};

const product = (p: Partial<QuoteProduct> & Pick<QuoteProduct, 'id' | 'costPrice'>): QuoteProduct => ({
  discount: 0,
  active: true,
  isAvailable: true,
  deliveryEnabled: true,
  groups: [],
  modifications: [],
  branchEntries: new Map(),
  ...p,
});

const catalogue: QuoteCatalogue = {
  settings: {
    deliveryActive: true,
    pickupActive: true,
    dineInActive: false,
    shouldValidateDeliveryArea: true,
    promoActive: true,
    cashbackActive: true,
  },
  products: new Map(
    [
      product({
        id: BURGER,
        costPrice: 30_000,
        groups: [
          { id: SIZE, min: 1, max: 1 },
          { id: SAUCE, min: 0, max: 2 },
        ],
        modifications: [
          { id: LARGE, groupId: SIZE, price: 8000 },
          { id: STANDARD, groupId: SIZE, price: 0 },
          { id: KETCHUP, groupId: SAUCE, price: 2000 },
        ],
      }),
      product({ id: FRIES, costPrice: 14_000, discount: 50, branchEntries: new Map([[OTHER_BRANCH, { isActive: false }]]) }),
      product({ id: HIDDEN, costPrice: 5000, branchEntries: new Map([[BRANCH, { isActive: false }]]) }),
    ].map((p) => [p.id, p]),
  ),
  branches: new Map([[BRANCH, branch]]),
  zones: [
    {
      id: ZONE,
      cityId: CITY,
      name: 'Centre',
      color: '#E4002B',
      priority: 1,
      branchId: BRANCH,
      price: 12_000,
      bands: [],
      freeAbove: null,
      minOrderAmount: 0,
      area: [
        {
          outer: [
            [41.2, 69.1],
            [41.2, 69.4],
            [41.4, 69.4],
            [41.4, 69.1],
          ],
          holes: [],
        },
      ],
    },
  ],
  serviceFees: [
    { cityId: null, isServiceFeeEnabled: true, isServiceFeeFreeAboveThreshold: true, serviceFeeThreshold: 200_000, serviceFeeAmount: 3000 },
  ],
};

const promo: QuotePromoTerms = {
  id: '00000000-0000-4000-8000-0000000000e1',
  code: 'WELCOME10',
  discountType: 'PERCENTAGE',
  productDiscount: 10,
  deliveryDiscount: 0,
  minPrice: 50_000,
  isActive: true,
  startDate: null,
  endDate: null,
};

const state: FreshProduct = { count: null, active: true, isAvailable: true };
const fresh = (over: Partial<QuoteFresh> = {}): QuoteFresh => ({
  products: new Map([
    [BURGER, state],
    [FRIES, { ...state, count: 3 }],
    [HIDDEN, state],
  ]),
  promo: null,
  cashbackBalance: 0,
  ...over,
});

// Noon in Tashkent: the branch is open.
const NOON = new Date('2026-11-25T07:00:00Z');
const NIGHT = new Date('2026-11-25T20:00:00Z');

const request = (over: Partial<QuoteRequest> = {}): QuoteRequest => ({
  serviceType: 'DELIVERY',
  branchId: BRANCH,
  address: { latitude: 41.3, longitude: 69.2 },
  cartItems: [
    {
      productId: BURGER,
      count: 2,
      modifications: [
        { id: LARGE, count: 1 },
        { id: KETCHUP, count: 1 },
      ],
    },
    { productId: FRIES, count: 1, modifications: [] },
  ],
  ...over,
});

const codes = (r: ReturnType<typeof quoteBasket>) => r.problems.map((p) => p.code);

describe('quoteBasket', () => {
  it('prices a basket from the catalogue: lines with options, own discounts, the zone, the service fee', () => {
    const r = quoteBasket(catalogue, fresh(), request(), NOON);
    expect(r.problems).toEqual([]);
    // Burger 30 000 + large 8 000 + ketchup 2 000 = 40 000, twice; fries 14 000 at half price.
    expect(r.response).toMatchObject({
      productPrice: 94_000,
      productDiscount: 7000,
      deliveryPrice: 12_000,
      serviceFee: 3000,
      totalPrice: 102_000,
      productCount: 3,
    });
    expect(r.response.lines.map((l) => [l.gross, l.discount, l.net])).toEqual([
      [80_000, 0, 80_000],
      [14_000, 7000, 7000],
    ]);
    expect(r.zoneId).toBe(ZONE);
    expect(r.branch?.id).toBe(BRANCH);
  });

  it('answers an unknown product with zeros, left out of the totals, and says so', () => {
    const unknown = '00000000-0000-4000-8000-0000000000ff';
    const r = quoteBasket(
      catalogue,
      fresh(),
      request({
        cartItems: [
          { productId: unknown, count: 2, modifications: [] },
          { productId: FRIES, count: 1, modifications: [] },
        ],
      }),
      NOON,
    );
    expect(r.response.lines[0]).toMatchObject({ gross: 0, discount: 0, net: 0 });
    expect(r.response.productPrice).toBe(14_000);
    expect(r.problems[0]).toEqual({ code: 'PRODUCT_NOT_FOUND', productId: unknown });
  });

  it("takes stock and the product's switches from the fresh state, not from the catalogue", () => {
    const soldOut = fresh({
      products: new Map([
        [BURGER, { ...state, isAvailable: false }],
        [FRIES, { ...state, count: 0 }],
      ]),
    });
    const r = quoteBasket(catalogue, soldOut, request(), NOON);
    expect(r.problems).toContainEqual({ code: 'PRODUCT_NOT_AVAILABLE', productId: BURGER, details: { reason: 'SOLD_OUT' } });
    expect(r.problems).toContainEqual({ code: 'NOT_ENOUGH_PRODUCTS', productId: FRIES, details: { max: 0 } });
    // A product the catalogue knows but the database no longer has is not found.
    const gone = quoteBasket(catalogue, fresh({ products: new Map([[FRIES, state]]) }), request(), NOON);
    expect(gone.problems[0]).toEqual({ code: 'PRODUCT_NOT_FOUND', productId: BURGER });
  });

  it("hands out the catalogue's product with the switches of this moment, every field carried, never the kept object itself", () => {
    const burger = catalogue.products.get(BURGER)!;
    const indexed = { ...burger, modificationsById: modificationIndex(burger.modifications) };
    const switched = fresh({
      products: new Map([
        [BURGER, { count: 4, active: false, isAvailable: false }],
        [FRIES, state],
      ]),
    });
    for (const kept of [burger, indexed]) {
      const line = quoteBasket({ ...catalogue, products: new Map([...catalogue.products, [BURGER, kept]]) }, switched, request(), NOON)
        .lines[0]!;
      expect(line.product).toEqual({ ...kept, active: false, isAvailable: false });
      expect(line.product).not.toBe(kept);
    }
  });

  it('prices and checks the options the same with and without an index of them kept with the catalogue', () => {
    const indexedCatalogue: QuoteCatalogue = {
      ...catalogue,
      products: new Map([...catalogue.products].map(([id, p]) => [id, { ...p, modificationsById: modificationIndex(p.modifications) }])),
    };
    const baskets: QuoteRequest['cartItems'][] = [
      request().cartItems,
      [{ productId: BURGER, count: 1, modifications: [] }],
      [
        {
          productId: BURGER,
          count: 1,
          modifications: [
            { id: LARGE, count: 1 },
            { id: STANDARD, count: 1 },
            { id: KETCHUP, count: 3 },
          ],
        },
      ],
      [
        {
          productId: BURGER,
          count: 1,
          modifications: [
            { id: LARGE, count: 1 },
            { id: FRIES, count: 1 },
          ],
        },
      ],
    ];
    for (const cartItems of baskets) {
      const plain = quoteBasket(catalogue, fresh(), request({ cartItems }), NOON);
      const indexed = quoteBasket(indexedCatalogue, fresh(), request({ cartItems }), NOON);
      expect(indexed.response).toEqual(plain.response);
      expect(indexed.lines.map((l) => l.modifications)).toEqual(plain.lines.map((l) => l.modifications));
    }
  });

  it('sums the stock asked over every line of the product', () => {
    const r = quoteBasket(
      catalogue,
      fresh(),
      request({ cartItems: [1, 2].map(() => ({ productId: FRIES, count: 2, modifications: [] })) }),
      NOON,
    );
    expect(r.problems.filter((p) => p.code === 'NOT_ENOUGH_PRODUCTS')).toEqual([
      { code: 'NOT_ENOUGH_PRODUCTS', productId: FRIES, details: { max: 3 } },
    ]);
  });

  it('applies the branch exceptions and the options rules, each problem once', () => {
    const r = quoteBasket(
      catalogue,
      fresh(),
      request({
        cartItems: [
          { productId: HIDDEN, count: 1, modifications: [] },
          { productId: HIDDEN, count: 1, modifications: [] },
          { productId: BURGER, count: 1, modifications: [{ id: KETCHUP, count: 3 }] },
        ],
      }),
      NOON,
    );
    expect(r.problems).toEqual([
      { code: 'PRODUCT_NOT_AVAILABLE', productId: HIDDEN, details: { reason: 'NOT_AT_BRANCH' } },
      { code: 'MODIFICATION_MIN', productId: BURGER, details: { groupId: SIZE, min: 1, max: 1, line: 2 } },
      { code: 'MODIFICATION_MAX', productId: BURGER, details: { groupId: SAUCE, min: 0, max: 2, line: 2 } },
    ]);
  });

  it('reports a closed branch, an address out of every zone and a basket under the delivery minimum, and still prices it', () => {
    const r = quoteBasket(
      catalogue,
      fresh(),
      request({ address: { latitude: 40, longitude: 60 }, cartItems: [{ productId: FRIES, count: 1, modifications: [] }] }),
      NIGHT,
    );
    expect(codes(r)).toEqual(['BRANCH_CLOSED', 'OUT_OF_SERVICE_ZONE', 'DELIVERY_MIN_AMOUNT']);
    expect(r.response.productPrice).toBe(14_000);
    // Out of the zones, the branch's own delivery price stands.
    expect(r.response.deliveryPrice).toBe(9000);
  });

  it('judges the promo minimum on the products before the promo, and prices without an unusable promo', () => {
    const withPromo = quoteBasket(catalogue, fresh({ promo }), request({ promoCode: 'welcome10' }), NOON);
    expect(withPromo.promo?.id).toBe(promo.id);
    // 10 % of the products after their own discounts: 87 000 → 8 700.
    expect(withPromo.response.promoProductDiscount).toBe(8700);

    const small = quoteBasket(
      catalogue,
      fresh({ promo }),
      request({ promoCode: 'welcome10', cartItems: [{ productId: FRIES, count: 1, modifications: [] }] }),
      NOON,
    );
    expect(small.promo).toBeNull();
    expect(small.problems).toContainEqual({ code: 'PROMO_MIN_PRICE', details: { minPrice: 50_000 } });
    expect(small.response.promoProductDiscount).toBe(0);

    const off = quoteBasket(
      { ...catalogue, settings: { ...catalogue.settings, promoActive: false } },
      fresh({ promo }),
      request({ promoCode: 'welcome10' }),
      NOON,
    );
    expect(codes(off)).toEqual(['PROMO_NOT_ACTIVE']);
    expect(codes(quoteBasket(catalogue, fresh(), request({ promoCode: 'nope' }), NOON))).toEqual(['PROMO_NOT_FOUND']);
  });

  it('spends cashback only where the merchant runs it, at most the balance', () => {
    const r = quoteBasket(catalogue, fresh({ cashbackBalance: 5000 }), request({ cashback: 20_000 }), NOON);
    expect(r.response.cashback).toBe(5000);
    const off = quoteBasket(
      { ...catalogue, settings: { ...catalogue.settings, cashbackActive: false } },
      fresh({ cashbackBalance: 5000 }),
      request({ cashback: 20_000 }),
      NOON,
    );
    expect(off.response.cashback).toBe(0);
  });

  it('refuses a service type the merchant does not offer and a branch it does not have', () => {
    const r = quoteBasket(catalogue, fresh(), request({ serviceType: 'DINE_IN', branchId: OTHER_BRANCH, address: undefined }), NOON);
    expect(codes(r)).toEqual(['SERVICE_NOT_AVAILABLE', 'BRANCH_NOT_FOUND']);
    expect(r.response.deliveryPrice).toBe(0);
  });
});

describe('judgePromo', () => {
  const amount = sum(60_000);
  it('says why a promo cannot be used, the most basic reason first', () => {
    expect(judgePromo(null, { promoActive: true, now: NOON, productAmount: amount })).toEqual({
      ok: false,
      code: 'PROMO_NOT_FOUND',
      promo: null,
    });
    expect(judgePromo(promo, { promoActive: false, now: NOON, productAmount: amount })).toMatchObject({
      ok: false,
      code: 'PROMO_NOT_ACTIVE',
    });
    expect(judgePromo({ ...promo, endDate: NOON }, { promoActive: true, now: NOON, productAmount: amount })).toMatchObject({
      ok: false,
      code: 'PROMO_EXPIRED',
    });
    expect(judgePromo(promo, { promoActive: true, now: NOON, productAmount: sum(49_999) })).toMatchObject({
      ok: false,
      code: 'PROMO_MIN_PRICE',
    });
    expect(judgePromo(promo, { promoActive: true, now: NOON, productAmount: amount })).toEqual({ ok: true, promo });
  });

  it("judges a promo's limits against its uses", () => {
    const limited = { ...promo, totalLimit: 3, perCustomerLimit: 1 };
    const judge = (total: number, byCustomer: number | null) =>
      judgePromo(limited, { promoActive: true, now: NOON, productAmount: amount, uses: { total, byCustomer } });
    expect(judge(2, 0)).toEqual({ ok: true, promo: limited });
    expect(judge(3, 0)).toMatchObject({ ok: false, code: 'PROMO_LIMIT_REACHED' });
    expect(judge(2, 1)).toMatchObject({ ok: false, code: 'PROMO_CUSTOMER_LIMIT' });
  });
});

describe('a limited promo in the quote', () => {
  const limited = { ...promo, totalLimit: 1, perCustomerLimit: 1 };
  it('applies while a use is left, and prices without it once the uses are taken, naming the limit', () => {
    const free = quoteBasket(
      catalogue,
      fresh({ promo: limited, promoUses: { total: 0, byCustomer: 0 } }),
      request({ promoCode: 'welcome10' }),
      NOON,
    );
    expect(free.promo?.id).toBe(promo.id);
    expect(free.response.promoProductDiscount).toBe(8700);

    const usedUp = quoteBasket(
      catalogue,
      fresh({ promo: limited, promoUses: { total: 1, byCustomer: 0 } }),
      request({ promoCode: 'welcome10' }),
      NOON,
    );
    expect(usedUp.promo).toBeNull();
    expect(usedUp.problems).toContainEqual({ code: 'PROMO_LIMIT_REACHED', details: { limit: 1 } });
    expect(usedUp.response.promoProductDiscount).toBe(0);

    const mine = quoteBasket(
      catalogue,
      fresh({ promo: { ...limited, totalLimit: null }, promoUses: { total: 1, byCustomer: 1 } }),
      request({ promoCode: 'welcome10' }),
      NOON,
    );
    expect(mine.problems).toContainEqual({ code: 'PROMO_CUSTOMER_LIMIT', details: { limit: 1 } });
  });
});
