import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_LINE_COUNT } from '../src/constants.ts';
import type { QuoteRequest } from '../src/contracts/quote.ts';
import { checkStock } from '../src/pricing.ts';
import { checkRoom } from '../src/room.ts';
import { quoteBasket, type QuoteCatalogue } from '../src/quote.ts';
import { type MenuQuoteProduct, quoteBranchOf, quoteFromMenu, quoteProductOfMenu } from '../src/quote-menu.ts';

// One branch open every day 09:00-23:00 in Tashkent; a burger with a required size and optional sauces, fries with a counted stock.
const BURGER = '00000000-0000-4000-8000-000000000001';
const FRIES = '00000000-0000-4000-8000-000000000002';
const SIZE = '00000000-0000-4000-8000-0000000000e1';
const SAUCE = '00000000-0000-4000-8000-0000000000e2';
const LARGE = '00000000-0000-4000-8000-0000000000a1';
const KETCHUP = '00000000-0000-4000-8000-0000000000a3';
const BRANCH = '00000000-0000-4000-8000-0000000000b1';
const CITY = '00000000-0000-4000-8000-0000000000c1';
const NOW = new Date('2025-03-14T09:30:00Z'); // 14:30 in Tashkent

const text = (s: string) => ({ uz: s, ru: s, eng: s });
const days = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
const hours = (type: 'DELIVERY' | 'PICK_UP') => ({
  type,
  days: days.map((weekName) => ({ weekName, open: '09:00', close: '23:00', extraOpen: null, extraClose: null, isDayOff: false })),
});

const menu: MenuQuoteProduct[] = [
  {
    id: BURGER,
    costPrice: 30_000,
    discount: 10,
    isAvailable: true,
    deliveryEnabled: true,
    count: null,
    productBranch: [],
    modificationGroups: [
      {
        id: SIZE,
        name: text('Size'),
        min: 1,
        max: 1,
        priority: 1,
        modifications: [{ id: LARGE, groupId: SIZE, name: text('Large'), image: '', price: 8000, priority: 1 }],
      },
      {
        id: SAUCE,
        name: text('Sauce'),
        min: 0,
        max: 2,
        priority: 2,
        modifications: [{ id: KETCHUP, groupId: SAUCE, name: text('Ketchup'), image: '', price: 2000, priority: 1 }],
      },
    ],
  },
  {
    id: FRIES,
    costPrice: 14_000,
    discount: 0,
    isAvailable: true,
    deliveryEnabled: true,
    count: 3,
    productBranch: [],
    modificationGroups: [],
  },
];

const branch: Parameters<typeof quoteBranchOf>[0] = {
  id: BRANCH,
  cityId: CITY,
  isActive: true,
  settings: {
    bookingEnabled: false,
    deliveryEnabled: true,
    dineinEnabled: false,
    expressEnabled: false,
    kitchenEnabled: true,
    payOfficeEnabled: false,
    pickupEnabled: true,
    storageEnabled: false,
    yandexEnabled: false,
  },
  workHours: [hours('DELIVERY'), hours('PICK_UP')],
  timeZone: 'Asia/Tashkent',
  latitude: 41.3,
  longitude: 69.25,
  deliveryPrice: 9000,
  deliveryMinAmount: 30_000,
};

const settings = {
  deliveryActive: true,
  pickupActive: true,
  dineInActive: false,
  shouldValidateDeliveryArea: true,
  promoActive: true,
  cashbackActive: true,
};

const request = (over: Partial<QuoteRequest> = {}): QuoteRequest => ({
  serviceType: 'DELIVERY',
  branchId: BRANCH,
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

describe('the storefront prices with the server quote function (quoteFromMenu)', () => {
  it('answers exactly what quoteBasket answers on the same catalogue', () => {
    const catalogue: QuoteCatalogue = {
      settings,
      products: new Map(menu.map((p) => [p.id, quoteProductOfMenu(p)])),
      branches: new Map([[BRANCH, quoteBranchOf(branch)]]),
      zones: [],
      serviceFees: [
        { cityId: null, isServiceFeeEnabled: true, isServiceFeeFreeAboveThreshold: false, serviceFeeThreshold: 0, serviceFeeAmount: 3000 },
      ],
    };
    const fresh = {
      products: new Map(menu.map((p) => [p.id, { count: p.count, active: true, isAvailable: true }])),
      promo: null,
      cashbackBalance: 0,
    };
    const server = quoteBasket(catalogue, fresh, request(), NOW).response;
    const storefront = quoteFromMenu(
      { products: menu, branches: [branch], settings, last: { promo: null, serviceFee: 3000 } },
      request(),
      NOW,
    ).response;
    expect(storefront).toEqual(server);
    // (30 000 + 8 000 + 2 000) × 2 = 80 000, −10 % = 72 000; fries 14 000; delivery 9 000; fee 3 000.
    expect(storefront).toMatchObject({
      productPrice: 94_000,
      productDiscount: 8000,
      deliveryPrice: 9000,
      serviceFee: 3000,
      totalPrice: 98_000,
      problems: [],
    });
  });

  it('reports the problems the server would: stock, a missing required choice, the delivery minimum', () => {
    const outcome = quoteFromMenu(
      { products: menu, branches: [branch], settings },
      request({
        cartItems: [
          { productId: BURGER, count: 1, modifications: [] },
          { productId: FRIES, count: 4, modifications: [] },
        ],
      }),
      NOW,
    );
    expect(outcome.response.problems.map((p) => p.code)).toEqual(['MODIFICATION_MIN', 'NOT_ENOUGH_PRODUCTS']);
    const small = quoteFromMenu(
      { products: menu, branches: [branch], settings },
      request({ cartItems: [{ productId: FRIES, count: 1, modifications: [] }] }),
      NOW,
    );
    expect(small.response.problems).toEqual([expect.objectContaining({ code: 'DELIVERY_MIN_AMOUNT', details: { minAmount: 30_000 } })]);
  });

  it('counts a promo only when the last server quote accepted that code, and never spends cashback', () => {
    const promo = {
      id: 'p1',
      code: 'WELCOME10',
      discountType: 'PERCENTAGE' as const,
      productDiscount: 10,
      deliveryDiscount: 0,
      minPrice: 0,
    };
    const input = { products: menu, branches: [branch], settings, last: { promo, serviceFee: 0 } };
    const applied = quoteFromMenu(input, request({ promoCode: 'welcome10', cashback: 5000 }), NOW).response;
    expect(applied.promo?.code).toBe('WELCOME10');
    expect(applied.promoProductDiscount).toBeGreaterThan(0);
    expect(applied.cashback).toBe(0);
    const other = quoteFromMenu(input, request({ promoCode: 'OTHER' }), NOW).response;
    expect(other.promo).toBeNull();
    expect(other.promoProductDiscount).toBe(0);
  });

  it("prices an address at its branch's delivery price (zones are the server's)", () => {
    const withAddress = quoteFromMenu(
      { products: menu, branches: [branch], settings },
      request({ address: { latitude: 41.3, longitude: 69.2 } } as Partial<QuoteRequest>),
      NOW,
    );
    expect(withAddress.response.deliveryPrice).toBe(9000);
    expect(withAddress.response.problems).toEqual([]);
  });

  it('leaves out a product the menu does not have, priced at nothing', () => {
    const outcome = quoteFromMenu(
      { products: menu, settings },
      request({ branchId: undefined, cartItems: [{ productId: '00000000-0000-4000-8000-00000000ffff', count: 2, modifications: [] }] }),
      NOW,
    );
    expect(outcome.response).toMatchObject({
      productPrice: 0,
      totalPrice: 0,
      problems: [expect.objectContaining({ code: 'PRODUCT_NOT_FOUND' })],
    });
  });
});

describe('checkRoom: may a line hold more units', () => {
  it('refuses what is not orderable, allows fewer always, and names the most a line may hold', () => {
    expect(checkRoom({ orderable: false, count: null }, 2, 0, 1)).toEqual({ ok: false, reason: 'UNAVAILABLE' });
    expect(checkRoom({ orderable: false, count: null }, 1, 0, 2)).toEqual({ ok: true });
    expect(checkRoom({ orderable: true, count: 5 }, 4, 2, 3)).toEqual({ ok: false, reason: 'NOT_ENOUGH', max: 3 });
    expect(checkRoom({ orderable: true, count: 5 }, 3, 2, 2)).toEqual({ ok: true });
    expect(checkRoom({ orderable: true, count: null }, MAX_LINE_COUNT + 1, 0, MAX_LINE_COUNT)).toEqual({
      ok: false,
      reason: 'NOT_ENOUGH',
      max: MAX_LINE_COUNT,
    });
  });

  it("agrees with the quote's stock rule (checkStock) for any stock and basket", () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 0, max: 50 }), { nil: null }),
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 1, max: 60 }),
        (stock, elsewhere, wanted) => {
          const room = checkRoom({ orderable: true, count: stock }, wanted, elsewhere, 0);
          const quoteRefuses =
            checkStock(
              [
                { productId: 'x', quantity: wanted },
                { productId: 'x', quantity: elsewhere },
              ],
              new Map([['x', stock]]),
            ).length > 0;
          expect(room.ok).toBe(!quoteRefuses);
        },
      ),
    );
  });
});
