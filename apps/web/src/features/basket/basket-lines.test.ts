import { describe, expect, it } from 'vitest';
import { quoteFromMenu, type Product, type QuoteProblem, type QuotePromo } from '@dasturxon/domain';
import {
  addableInOneTap,
  checkAdd,
  checkoutBlocked,
  checkQuantity,
  chosenModifications,
  defaultBranchId,
  modificationsLabel,
  planQuote,
  recommendations,
  sortProblems,
  type BasketLineLike,
} from './basket-lines.ts';
import { localLinePrice } from './basket-line-price.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const text = (ru: string, eng = ru) => ({ ru, uz: ru, eng });

function product(n: number, over: Partial<Product> = {}): Product {
  return {
    id: id(n),
    categoryId: id(900),
    groupId: null,
    name: text(`Товар ${n}`, `Product ${n}`),
    description: text(''),
    image: '',
    gallery: [],
    costPrice: 10_000,
    discount: 0,
    oldPrice: null,
    price: 10_000,
    additionalPrice: 0,
    unit: 'COUNT',
    type: 'NONE',
    count: null,
    amount: null,
    calorie: null,
    measure: null,
    priority: n,
    labels: [],
    tags: [],
    timeCookingMin: null,
    timeCookingMax: null,
    isAvailable: true,
    deliveryEnabled: true,
    enabledEats: false,
    eatsPrice: null,
    enabledExpress: false,
    expressPrice: null,
    isCartRecommendation: false,
    systems: ['WEB'],
    productBranch: [],
    modificationGroups: [],
    inStock: true,
    isAvailableAtBranch: true,
    isOrderable: true,
    favourite: false,
    ...over,
  };
}

/** A burger: a required size (standard 0, large 8 000) and up to 3 sauces (ketchup 2 000, cheese 3 000). */
const burger = product(1, {
  costPrice: 29_000,
  price: 29_000,
  modificationGroups: [
    {
      id: id(10),
      name: text('Размер', 'Size'),
      min: 1,
      max: 1,
      priority: 0,
      modifications: [
        { id: id(11), groupId: id(10), name: text('Стандарт', 'Standard'), image: '', price: 0, priority: 0 },
        { id: id(12), groupId: id(10), name: text('Большой', 'Large'), image: '', price: 8_000, priority: 1 },
      ],
    },
    {
      id: id(20),
      name: text('Соусы', 'Sauces'),
      min: 0,
      max: 3,
      priority: 1,
      modifications: [
        { id: id(21), groupId: id(20), name: text('Кетчуп', 'Ketchup'), image: '', price: 2_000, priority: 0 },
        { id: id(22), groupId: id(20), name: text('Сырный', 'Cheese'), image: '', price: 3_000, priority: 1 },
      ],
    },
  ],
});
const fries = product(2, { costPrice: 14_000, price: 14_000, isCartRecommendation: true });
const cake = product(3, { costPrice: 20_000, price: 20_000, count: 5 });
const discounted = product(4, { costPrice: 42_000, price: 35_700, discount: 15 });
const soldOut = product(5, { count: 0, inStock: false, isOrderable: false, isCartRecommendation: true });
const sauce = product(6, { costPrice: 3_000, price: 3_000, isCartRecommendation: true });

const line = (p: Product, count: number, modifications: { id: string; count: number }[] = []): BasketLineLike => ({
  key: `${p.id}|${modifications.map((m) => `${m.id}:${m.count}`).join(',')}`,
  productId: p.id,
  count,
  modifications,
});

const products = new Map([burger, fries, cake, discounted, soldOut, sauce].map((p) => [p.id, p]));

describe('line names and prices', () => {
  it('names the chosen options in the group order, with counts above one', () => {
    const mods = [
      { id: id(22), count: 2 },
      { id: id(12), count: 1 },
    ];
    expect(modificationsLabel(burger, mods, 'eng')).toBe('Large, Cheese ×2');
    // ar reads English content before Russian (the domain's contentFallbackOf).
    expect(modificationsLabel(burger, mods, 'ar')).toBe('Large, Cheese ×2');
    expect(chosenModifications(burger, [{ id: id(99), count: 1 }], 'ru')).toEqual([]);
  });

  it('prices a line as the domain engine does: options count, the discount covers them', () => {
    expect(
      localLinePrice(
        line(burger, 2, [
          { id: id(12), count: 1 },
          { id: id(21), count: 2 },
        ]),
        burger,
      ),
    ).toEqual({ gross: 82_000, discount: 0, net: 82_000 });
    expect(localLinePrice(line(discounted, 1), discounted)).toEqual({ gross: 42_000, discount: 6_300, net: 35_700 });
    expect(localLinePrice(line(burger, 1), undefined)).toEqual({ gross: 0, discount: 0, net: 0 });
  });
});

describe('the local estimate: the domain quote over the loaded menu (quoteFromMenu) for the request the basket makes', () => {
  const settings = {
    deliveryActive: true,
    pickupActive: true,
    dineInActive: false,
    shouldValidateDeliveryArea: true,
    promoActive: true,
    cashbackActive: false,
  };
  const estimate = (
    lines: BasketLineLike[],
    options: Parameters<typeof planQuote>[1],
    last: { promo: QuotePromo | null; serviceFee: number } | null,
  ) =>
    quoteFromMenu({ products: products.values(), settings, last }, planQuote(lines, options).request, new Date('2025-03-14T09:30:00Z'))
      .response;

  it('adds the lines and keeps the last service fee', () => {
    const lines = [line(burger, 1, [{ id: id(12), count: 1 }]), line(discounted, 2)];
    const e = estimate(lines, { serviceType: 'PICK_UP' }, { promo: null, serviceFee: 3_000 });
    expect(e.productPrice).toBe(37_000 + 84_000);
    expect(e.productDiscount).toBe(12_600);
    expect(e.serviceFee).toBe(3_000);
    expect(e.totalPrice).toBe(121_000 - 12_600 + 3_000);
    expect(e.lines.map((l) => l.net)).toEqual([37_000, 84_000 - 12_600]);
  });

  it('applies the promo the last quote accepted, and leaves out lines whose product is not on the menu', () => {
    const promo: QuotePromo = {
      id: id(700),
      code: 'WELCOME10',
      discountType: 'PERCENTAGE',
      productDiscount: 10,
      deliveryDiscount: 0,
      minPrice: 0,
    };
    const lines = [line(fries, 2), line(product(77), 1)];
    const e = estimate(lines, { serviceType: 'PICK_UP', promoCode: 'welcome10' }, { promo, serviceFee: 0 });
    expect(e.productPrice).toBe(28_000);
    expect(e.promoProductDiscount).toBe(2_800);
    expect(e.deliveryPrice).toBe(0);
    expect(e.totalPrice).toBe(25_200);
    // Before any answer, a typed code counts for nothing: only the server judges a code.
    expect(estimate(lines, { serviceType: 'PICK_UP', promoCode: 'welcome10' }, null).promoProductDiscount).toBe(0);
  });
});

describe('the quote request', () => {
  it('carries ids and counts only, in basket order, with the branch and the promo code', () => {
    const lines = [line(burger, 2, [{ id: id(12), count: 1 }]), line(fries, 1)];
    const plan = planQuote(lines, { serviceType: 'DELIVERY', branchId: id(500), promoCode: ' welcome10 ' });
    expect(plan.request).toEqual({
      cartItems: [
        { productId: id(1), count: 2, modifications: [{ id: id(12), count: 1 }] },
        { productId: id(2), count: 1, modifications: [] },
      ],
      serviceType: 'DELIVERY',
      branchId: id(500),
      promoCode: 'welcome10',
    });
    expect(plan.lineOf).toEqual([0, 1]);
  });

  it('leaves out damaged lines and keeps counts within the contract, remembering which line each item is', () => {
    const lines: BasketLineLike[] = [
      { key: 'x', productId: 'not-a-uuid', count: 1, modifications: [] },
      line(fries, 5000, [{ id: 'bad', count: 1 }]),
    ];
    const plan = planQuote(lines, { serviceType: 'PICK_UP', branchId: 'nope', promoCode: '  ' });
    expect(plan.request).toEqual({ cartItems: [{ productId: id(2), count: 999, modifications: [] }], serviceType: 'PICK_UP' });
    expect(plan.lineOf).toEqual([1]);
  });

  it('is quoted at the main branch when none is chosen, else the first one switched on', () => {
    const b = (n: number, isMain: boolean, isActive = true) => ({ id: id(n), isMain, isActive });
    expect(defaultBranchId([b(1, false), b(2, true), b(3, false)])).toBe(id(2));
    expect(defaultBranchId([b(1, false, false), b(2, true, false), b(3, false)])).toBe(id(3));
    expect(defaultBranchId([])).toBeNull();
    expect(defaultBranchId(undefined)).toBeNull();
  });
});

describe('what may be added', () => {
  it('refuses more than the stock over all lines of a product, with the most this line may hold', () => {
    const a = line(cake, 2, [{ id: id(1), count: 1 }]);
    const b = line(cake, 3);
    expect(checkQuantity([a, b], b.key, 3, cake)).toEqual({ ok: true });
    expect(checkQuantity([a, b], b.key, 4, cake)).toEqual({ ok: false, reason: 'NOT_ENOUGH', max: 3 });
    expect(checkQuantity([line(cake, 5)], line(cake, 5).key, 6, cake)).toEqual({ ok: false, reason: 'NOT_ENOUGH', max: 5 });
    expect(checkAdd([a, b], cake)).toEqual({ ok: false, reason: 'NOT_ENOUGH', max: 0 });
    expect(checkAdd([a], cake, 3)).toEqual({ ok: true });
  });

  it('refuses more of an unavailable product, but always lets a count go down', () => {
    const l = line(soldOut, 2);
    expect(checkQuantity([l], l.key, 3, soldOut)).toEqual({ ok: false, reason: 'UNAVAILABLE' });
    expect(checkQuantity([l], l.key, 3, undefined)).toEqual({ ok: false, reason: 'UNAVAILABLE' });
    expect(checkQuantity([l], l.key, 1, soldOut)).toEqual({ ok: true });
    expect(checkAdd([], soldOut)).toEqual({ ok: false, reason: 'UNAVAILABLE' });
  });

  it('lets an uncounted stock grow up to the line limit', () => {
    const l = line(fries, 998);
    expect(checkQuantity([l], l.key, 999, fries)).toEqual({ ok: true });
    expect(checkQuantity([l], l.key, 1000, fries)).toEqual({ ok: false, reason: 'NOT_ENOUGH', max: 999 });
  });
});

describe('recommendations', () => {
  it('are the recommended, orderable products not already in the basket', () => {
    expect(recommendations([burger, fries, soldOut, sauce], [line(sauce, 1)]).map((p) => p.id)).toEqual([fries.id]);
    expect(recommendations(undefined, [])).toEqual([]);
  });

  it('go in with one tap only when no option must be chosen', () => {
    expect(addableInOneTap(fries)).toBe(true);
    expect(addableInOneTap(burger)).toBe(false);
  });
});

const problem = (code: QuoteProblem['code'], over: Partial<QuoteProblem> = {}): QuoteProblem => ({
  code,
  description: text(code),
  ...over,
});

describe('the problems of a quote', () => {
  const lines = [line(burger, 1), line(cake, 6), line(cake, 1, [{ id: id(21), count: 1 }]), line(fries, 1)];
  // The request left out nothing here, but item 1 of the request is line 1, and so on.
  const lineOf = [0, 1, 2, 3];

  it('go on the lines they name: options by item index, products on every line of theirs', () => {
    const sorted = sortProblems(
      [
        problem('MODIFICATION_MIN', { productId: burger.id, details: { line: 0, groupId: id(10), min: 1, max: 1 } }),
        problem('NOT_ENOUGH_PRODUCTS', { productId: cake.id, details: { max: 5 } }),
        problem('PRODUCT_NOT_AVAILABLE', { productId: fries.id, details: { reason: 'SOLD_OUT' } }),
      ],
      lines,
      lineOf,
    );
    expect([...sorted.byLine.keys()]).toEqual([lines[0]!.key, lines[1]!.key, lines[2]!.key, lines[3]!.key]);
    expect(sorted.byLine.get(lines[2]!.key)?.[0]?.details).toEqual({ max: 5 });
    expect(sorted.general).toEqual([]);
    expect(checkoutBlocked(sorted, { pickupActive: true, dineInActive: false })).toBe(true);
  });

  it('keep the promo, the delivery minimum and the rest apart; a stale branch id is not the customer’s problem', () => {
    const sorted = sortProblems(
      [
        problem('PROMO_EXPIRED'),
        problem('DELIVERY_MIN_AMOUNT', { details: { minAmount: 50_000 } }),
        problem('BRANCH_CLOSED', { details: { reason: 'HOURS' } }),
        problem('BRANCH_NOT_FOUND', { details: { branchId: id(1) } }),
      ],
      lines,
      lineOf,
    );
    expect(sorted.promo?.code).toBe('PROMO_EXPIRED');
    expect(sorted.deliveryMin).toEqual({ minAmount: 50_000 });
    expect(sorted.general.map((p) => p.code)).toEqual(['BRANCH_CLOSED']);
    expect(sorted.byLine.size).toBe(0);
  });

  it('stop the checkout for lines and promo codes; the delivery minimum only where pickup is not offered', () => {
    const none = sortProblems([], lines, lineOf);
    expect(checkoutBlocked(none, { pickupActive: true, dineInActive: false })).toBe(false);
    const promo = sortProblems([problem('PROMO_MIN_PRICE', { details: { minPrice: 100_000 } })], lines, lineOf);
    expect(checkoutBlocked(promo, { pickupActive: true, dineInActive: false })).toBe(true);
    const minimum = sortProblems([problem('DELIVERY_MIN_AMOUNT', { details: { minAmount: 50_000 } })], lines, lineOf);
    expect(checkoutBlocked(minimum, { pickupActive: true, dineInActive: false })).toBe(false);
    expect(checkoutBlocked(minimum, { pickupActive: false, dineInActive: false })).toBe(true);
    const closed = sortProblems([problem('BRANCH_CLOSED')], lines, lineOf);
    expect(checkoutBlocked(closed, { pickupActive: false, dineInActive: false })).toBe(false);
  });
});
