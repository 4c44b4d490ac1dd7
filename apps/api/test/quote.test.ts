import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { merchants, merchantSettings, modificationGroups, modifications, products, sessions, users } from '@dasturxon/db';
import { DEMO, demoId } from '@dasturxon/db/seed';
import { ERROR_CATALOGUE, type ErrorCode } from '@dasturxon/domain';
import { QuoteResponse } from '@dasturxon/domain/contracts';
import { hashToken } from '../src/features/auth/auth.service.ts';
import { createCatalogueChanges } from '../src/features/catalogue/catalogue-changes.ts';
import { createEventHub } from '../src/features/live/event-hub.ts';
import { CATALOGUE_FRESH_MS, CATALOGUE_MAX_AGE_MS, createQuoteFeature } from '../src/features/quote/quote.service.ts';
import { createQuoteRepository, type Reader } from '../src/features/quote/quote.repository.ts';
import { BACKENDS, createTestApp, heard as heardOn, type TestApp } from './harness.ts';

const T = DEMO.tezkor;
const P = T.products;
const SIZE = T.modifiers.cheeseburger.size;
const SAUCES = T.modifiers.cheeseburger.sauces;
const TEZKOR = { 'x-merchant-id': T.id };

// Points checked against the demo zones: the Chilonzor zone (12 000 so'm), the centre zone
// (Shayxontohur, 20 000 so'm, no branch of its own) and a field outside every zone.
const IN_CHILONZOR = { latitude: 41.275696, longitude: 69.203921 };
const IN_CENTRE = { latitude: 41.33, longitude: 69.23 };
const NOWHERE = { latitude: 41.0, longitude: 69.0 };

type Item = { productId: string; count: number; modifications?: { id: string; count: number }[] };
const item = (productId: string, count = 1, modifications: [string, number][] = []): Item => ({
  productId,
  count,
  modifications: modifications.map(([id, n]) => ({ id, count: n })),
});
/** Every product keeps its own option rows: the id of a burger's option by the product's slug. */
const option = (slug: string, group: string, key: string) => demoId(`${T.sub}/product/${slug}/group/${group}/option/${key}`);
const SLUG: Record<string, string> = {
  [P.cheeseburger]: 'cheeseburger',
  [P.hamburger]: 'hamburger',
  [P.discounted]: 'double-cheeseburger',
  [P.lowStock]: 'big-tezkor',
  [P.outOfStock]: 'fish-burger',
};
/** A burger needs exactly one size (standard unless named); extras are [group, key, count]. */
const burger = (productId: string, count = 1, extra: [group: string, key: string, count: number][] = [], size = 'standard'): Item => {
  const slug = SLUG[productId]!;
  return item(productId, count, [[option(slug, 'size', size), 1], ...extra.map(([g, k, n]): [string, number] => [option(slug, g, k), n])]);
};

describe.each(BACKENDS)('the price quote on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (body: unknown, headers: Record<string, string> = TEZKOR) =>
    t.app.inject({ method: 'POST', url: '/api/orders/v1/orders/quote', headers, payload: body as Record<string, unknown> });

  async function quote(body: Record<string, unknown>, headers: Record<string, string> = TEZKOR): Promise<QuoteResponse> {
    const res = await post(body, headers);
    expect(res.statusCode, res.body).toBe(200);
    return QuoteResponse.parse(res.json());
  }

  const codes = (q: QuoteResponse) => q.problems.map((p) => p.code);
  const problem = (q: QuoteResponse, code: ErrorCode) => q.problems.find((p) => p.code === code);

  describe('amounts', () => {
    it('prices modifications: (cost price + Σ count × price) × quantity, for pickup without delivery', async () => {
      const q = await quote({
        serviceType: 'PICK_UP',
        branchId: T.branches.chilonzor,
        cartItems: [
          burger(
            P.cheeseburger,
            2,
            [
              ['sauces', 'cheese', 1],
              ['sauces', 'bbq', 2],
            ],
            'large',
          ),
          item(P.fries),
        ],
      });
      // Cheeseburger 29 000 + large 8 000 + cheese sauce 3 000 + 2 × bbq 2 500 = 45 000, × 2 = 90 000; fries 14 000.
      expect(q.lines).toEqual([
        {
          productId: P.cheeseburger,
          count: 2,
          modifications: [
            { id: SIZE.large, count: 1, price: 8000 },
            { id: SAUCES.cheese, count: 1, price: 3000 },
            { id: SAUCES.bbq, count: 2, price: 2500 },
          ],
          gross: 90_000,
          discount: 0,
          net: 90_000,
        },
        { productId: P.fries, count: 1, modifications: [], gross: 14_000, discount: 0, net: 14_000 },
      ]);
      // Service fee: 3 000 below 150 000 of products to pay.
      expect(q).toMatchObject({
        productPrice: 104_000,
        productDiscount: 0,
        promoProductDiscount: 0,
        deliveryPrice: 0,
        deliveryDiscount: 0,
        serviceFee: 3000,
        cashback: 0,
        totalDiscount: 0,
        totalPrice: 107_000,
        productCount: 3,
        promo: null,
        problems: [],
      });
    });

    it("discounts a product's modifications with it, and prices a delivery by the zone's tariff", async () => {
      const q = await quote({
        serviceType: 'DELIVERY',
        branchId: T.branches.chilonzor,
        address: IN_CENTRE,
        cartItems: [burger(P.discounted, 3, [['sauces', 'ketchup', 1]], 'xl'), item(P.fries, 2)],
      });
      // Double cheeseburger 42 000 + XL 14 000 + ketchup 2 000 = 58 000, × 3 = 174 000; 15 % of it = 26 100.
      expect(q.lines[0]).toMatchObject({ gross: 174_000, discount: 26_100, net: 147_900 });
      // Products 174 000 + 28 000 = 202 000, less 26 100 = 175 900 to pay: above 150 000, so no service fee.
      // Delivery: the centre zone's tariff, not the branch's own 12 000: 20 000, and the address is 6.4 km from the
      // chosen branch, so 2 started kilometres beyond 5 km at 1 500 each: 23 000.
      expect(q).toMatchObject({
        productPrice: 202_000,
        productDiscount: 26_100,
        deliveryPrice: 23_000,
        serviceFee: 0,
        totalDiscount: 26_100,
        totalPrice: 202_000 - 26_100 + 23_000,
        productCount: 5,
        problems: [],
      });
    });

    it('applies a percentage promo to the products after their own discounts, rounding half up', async () => {
      const q = await quote({
        serviceType: 'DELIVERY',
        branchId: T.branches.chilonzor,
        address: IN_CHILONZOR,
        promoCode: 'WELCOME10',
        cartItems: [burger(P.discounted, 1, [['sauces', 'bbq', 1]]), item(P.fries, 2)],
      });
      // Double cheeseburger 42 000 + bbq 2 500 = 44 500, 15 % off = 6 675; fries 2 × 14 000 = 28 000.
      // Products 72 500 − 6 675 = 65 825; 10 % of that is 6 582.5, which rounds up to 6 583.
      // To pay for products 59 242 < 150 000: service fee 3 000. Delivery in the Chilonzor zone: 12 000.
      expect(q).toMatchObject({
        productPrice: 72_500,
        productDiscount: 6675,
        promoProductDiscount: 6583,
        deliveryPrice: 12_000,
        deliveryDiscount: 0,
        serviceFee: 3000,
        totalDiscount: 6675 + 6583,
        totalPrice: 72_500 - 6675 - 6583 + 12_000 + 3000,
        problems: [],
      });
      expect(q.totalPrice).toBe(74_242);
      expect(q.promo).toEqual({
        id: DEMO.promos.welcome10.id,
        code: 'WELCOME10',
        discountType: 'PERCENTAGE',
        productDiscount: 10,
        deliveryDiscount: 0,
        minPrice: 0,
      });
    });

    it('applies an amount promo once the products reach its minimum', async () => {
      const q = await quote({
        serviceType: 'DELIVERY',
        branchId: T.branches.chilonzor,
        address: IN_CHILONZOR,
        promoCode: 'minus15k',
        cartItems: [
          burger(
            P.cheeseburger,
            2,
            [
              ['sauces', 'cheese', 1],
              ['sauces', 'bbq', 2],
            ],
            'large',
          ),
          item(P.fries),
        ],
      });
      // Products 104 000 ≥ 100 000: 15 000 off. To pay for products 89 000: service fee 3 000.
      expect(q).toMatchObject({
        productPrice: 104_000,
        productDiscount: 0,
        promoProductDiscount: 15_000,
        deliveryPrice: 12_000,
        deliveryDiscount: 0,
        serviceFee: 3000,
        totalDiscount: 15_000,
        totalPrice: 104_000 - 15_000 + 12_000 + 3000,
        problems: [],
      });
      expect(q.promo).toMatchObject({ code: 'MINUS15K', discountType: 'AMOUNT', productDiscount: 15_000, minPrice: 100_000 });
    });

    it('applies a delivery promo to the delivery only, never beyond its price', async () => {
      const q = await quote({
        serviceType: 'DELIVERY',
        branchId: T.branches.chilonzor,
        address: IN_CHILONZOR,
        promoCode: 'FREEDELIVERY',
        cartItems: [burger(P.cheeseburger, 2)],
      });
      // 2 × 29 000 = 58 000; delivery 12 000, all of it off (100 %); service fee 3 000.
      expect(q).toMatchObject({
        productPrice: 58_000,
        promoProductDiscount: 0,
        deliveryPrice: 12_000,
        deliveryDiscount: 12_000,
        serviceFee: 3000,
        totalDiscount: 12_000,
        totalPrice: 61_000,
        problems: [],
      });
    });

    it("takes the branch's own delivery price when the area is not validated and the address is in no zone", async () => {
      await setValidateArea(false);
      const restore = settled(CATALOGUE_MAX_AGE_MS);
      try {
        const q = await quote({
          serviceType: 'DELIVERY',
          branchId: T.branches.yunusobod,
          address: NOWHERE,
          cartItems: [burger(P.cheeseburger, 2)],
        });
        expect(q.deliveryPrice).toBe(15_000);
        // Yunusobod keeps 10:00-03:00, so whether it is open depends on when the test runs.
        expect(codes(q).filter((c) => c !== 'BRANCH_CLOSED')).toEqual([]);
      } finally {
        await setValidateArea(true);
        restore();
      }
    });

    it('gives one entry per line, in the order sent, the same product with other options on its own line', async () => {
      const q = await quote({
        serviceType: 'PICK_UP',
        branchId: T.branches.chilonzor,
        cartItems: [item(P.fries), burger(P.cheeseburger, 1, [], 'large'), burger(P.cheeseburger, 1, [], 'xl')],
      });
      expect(q.lines.map((l) => [l.productId, l.gross])).toEqual([
        [P.fries, 14_000],
        [P.cheeseburger, 37_000],
        [P.cheeseburger, 43_000],
      ]);
    });

    it('zeroes delivery, service fee and cashback for an empty basket', async () => {
      const q = await quote({ serviceType: 'DELIVERY', branchId: T.branches.chilonzor, address: IN_CENTRE, cartItems: [], cashback: 5000 });
      expect(q).toEqual({
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
        promo: null,
        lines: [],
        problems: [],
        eta: null,
      });
    });

    it('charges no delivery for pickup and dine-in, and judges no zone', async () => {
      for (const serviceType of ['PICK_UP', 'DINE_IN']) {
        const q = await quote({ serviceType, branchId: T.branches.chilonzor, address: NOWHERE, cartItems: [burger(P.cheeseburger, 2)] });
        expect(q.deliveryPrice, serviceType).toBe(0);
        expect(q.totalPrice, serviceType).toBe(58_000 + 3000);
        expect(q.problems, serviceType).toEqual([]);
      }
    });

    it('spends no cashback for a guest', async () => {
      const q = await quote({
        serviceType: 'PICK_UP',
        branchId: T.branches.chilonzor,
        cartItems: [burger(P.cheeseburger)],
        cashback: 10_000,
      });
      expect(q.cashback).toBe(0);
      expect(q.totalPrice).toBe(29_000 + 3000);
    });

    it("spends a signed-in customer's cashback through the call, and none for a token that is not valid", async () => {
      const [user] = await t.database.db.insert(users).values({ merchantId: T.id, phone: '+998901234500', cashback: 10_000 }).returning();
      const token = randomBytes(32).toString('base64url');
      await t.database.db.insert(sessions).values({
        merchantId: T.id,
        userId: user!.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(t.clock.now().getTime() + 30 * 24 * 3600 * 1000),
      });
      const body = { serviceType: 'PICK_UP', branchId: T.branches.chilonzor, cartItems: [burger(P.cheeseburger)], cashback: 50_000 };
      // 29 000 + service fee 3 000 = 32 000, less the whole balance of 10 000.
      expect(await quote(body, { ...TEZKOR, authorization: `Bearer ${token}` })).toMatchObject({ cashback: 10_000, totalPrice: 22_000 });
      expect(await quote({ ...body, cashback: 4000 }, { ...TEZKOR, authorization: `Bearer ${token}` })).toMatchObject({
        cashback: 4000,
        totalPrice: 28_000,
      });
      expect(await quote(body, { ...TEZKOR, authorization: `Bearer ${'x'.repeat(43)}` })).toMatchObject({
        cashback: 0,
        totalPrice: 32_000,
      });
      // The merchant's cashback switched off: nothing is spent.
      await t.database.db.update(merchantSettings).set({ cashbackActive: false }).where(eq(merchantSettings.merchantId, T.id));
      const restore = settled(CATALOGUE_MAX_AGE_MS);
      try {
        expect(await quote(body, { ...TEZKOR, authorization: `Bearer ${token}` })).toMatchObject({ cashback: 0, totalPrice: 32_000 });
      } finally {
        await t.database.db.update(merchantSettings).set({ cashbackActive: true }).where(eq(merchantSettings.merchantId, T.id));
        restore();
      }
    });

    it('follows the catalogue, not the client: a changed price shows in the next quote', async () => {
      const body = { serviceType: 'PICK_UP', branchId: T.branches.chilonzor, cartItems: [item(P.fries)] };
      expect((await quote(body)).productPrice).toBe(14_000);
      // A price changed by hand, nothing else touched: the table's trigger tells every instance.
      await t.database.db.update(products).set({ costPrice: 15_000 }).where(eq(products.id, P.fries));
      try {
        await heard(async () => expect((await quote(body)).productPrice).toBe(15_000));
      } finally {
        await t.database.db.update(products).set({ costPrice: 14_000 }).where(eq(products.id, P.fries));
      }
      await heard(async () => expect((await quote(body)).productPrice).toBe(14_000));
    });
  });

  describe('problems', () => {
    const pickup = (cartItems: Item[], extra: Record<string, unknown> = {}) =>
      quote({ serviceType: 'PICK_UP', branchId: T.branches.chilonzor, cartItems, ...extra });

    it("reports another brand's product as PRODUCT_NOT_FOUND and never prices it", async () => {
      const stranger = DEMO.navbahor.products.plov;
      const unknown = randomUUID();
      const q = await pickup([item(stranger, 2), burger(P.cheeseburger), item(unknown)]);
      expect(q.problems).toEqual([
        { code: 'PRODUCT_NOT_FOUND', productId: stranger, description: ERROR_CATALOGUE.PRODUCT_NOT_FOUND.description },
        { code: 'PRODUCT_NOT_FOUND', productId: unknown, description: ERROR_CATALOGUE.PRODUCT_NOT_FOUND.description },
      ]);
      expect(q.lines[0]).toEqual({ productId: stranger, count: 2, modifications: [], gross: 0, discount: 0, net: 0 });
      expect(q.lines[2]).toEqual({ productId: unknown, count: 1, modifications: [], gross: 0, discount: 0, net: 0 });
      // Only the cheeseburger counts.
      expect(q).toMatchObject({ productPrice: 29_000, productCount: 1, totalPrice: 32_000 });
    });

    it('reports PRODUCT_NOT_AVAILABLE for an inactive product, a sold-out one and one not sold at the branch, still pricing them', async () => {
      await t.database.db.update(products).set({ isAvailable: false }).where(eq(products.id, P.fries));
      try {
        const ask = () =>
          quote({
            serviceType: 'PICK_UP',
            branchId: T.branches.yunusobod,
            cartItems: [item(P.inactive), item(P.fries), item(P.onlySomeBranches), item(P.notInSamarkand)],
          });
        // Yunusobod keeps 10:00-03:00: whether it is open depends on when the test runs.
        const reasons = (q: QuoteResponse) =>
          q.problems.filter((p) => p.code !== 'BRANCH_CLOSED').map((p) => [p.code, p.productId, p.details?.reason]);
        await heard(async () => expect(reasons(await ask())).toContainEqual(['PRODUCT_NOT_AVAILABLE', P.fries, 'SOLD_OUT']));
        const q = await ask();
        expect(reasons(q)).toEqual([
          ['PRODUCT_NOT_AVAILABLE', P.inactive, 'INACTIVE'],
          ['PRODUCT_NOT_AVAILABLE', P.fries, 'SOLD_OUT'],
          ['PRODUCT_NOT_AVAILABLE', P.onlySomeBranches, 'NOT_AT_BRANCH'],
        ]);
        expect(problem(q, 'PRODUCT_NOT_AVAILABLE')!.description).toEqual(ERROR_CATALOGUE.PRODUCT_NOT_AVAILABLE.description);
        expect(q.productPrice).toBe(27_000 + 14_000 + 24_000 + 99_000);
      } finally {
        await t.database.db.update(products).set({ isAvailable: true }).where(eq(products.id, P.fries));
      }
      // The same products where they are sold.
      await heard(async () => {
        const there = await quote({
          serviceType: 'PICK_UP',
          branchId: T.branches.mirzoUlugbek,
          cartItems: [item(P.onlySomeBranches), item(P.fries)],
        });
        expect(there.problems.filter((p) => p.code !== 'BRANCH_CLOSED')).toEqual([]);
      });
      const samarkand = await quote({ serviceType: 'PICK_UP', branchId: T.branches.samarkand, cartItems: [item(P.notInSamarkand)] });
      expect(problem(samarkand, 'PRODUCT_NOT_AVAILABLE')).toMatchObject({
        productId: P.notInSamarkand,
        details: { reason: 'NOT_AT_BRANCH' },
      });
    });

    it('reports NOT_ENOUGH_PRODUCTS with the maximum, summing the lines of one product', async () => {
      const q = await pickup([burger(P.lowStock, 3), burger(P.lowStock, 3, [], 'large'), burger(P.outOfStock)]);
      expect(q.problems.map((p) => [p.code, p.productId, p.details])).toEqual([
        ['NOT_ENOUGH_PRODUCTS', P.lowStock, { max: 5 }],
        ['NOT_ENOUGH_PRODUCTS', P.outOfStock, { max: 0 }],
      ]);
      expect(problem(q, 'NOT_ENOUGH_PRODUCTS')!.description.uz).toBe('Mahsulot soni yetarlicha emas!');
      expect(codes(await pickup([burger(P.lowStock, 5)]))).toEqual([]);
    });

    it('reports MODIFICATION_MIN, MODIFICATION_MAX and MODIFICATION_INVALID with the group and the line', async () => {
      const madeUp = randomUUID();
      const q = await pickup([
        item(P.cheeseburger),
        item(P.cheeseburger, 1, [
          [SIZE.standard, 1],
          [SIZE.large, 1],
        ]),
        burger(P.cheeseburger, 1, [
          ['sauces', 'ketchup', 2],
          ['sauces', 'bbq', 2],
        ]),
        item(P.hamburger, 1, [
          [option('hamburger', 'size', 'standard'), 1],
          [SAUCES.ketchup, 1],
          [madeUp, 1],
        ]),
      ]);
      const group = (g: string, max: number, min: number) => ({ groupId: g, min, max });
      expect(q.problems.map((p) => [p.code, p.productId, p.details])).toEqual([
        ['MODIFICATION_MIN', P.cheeseburger, { ...group(SIZE.group, 1, 1), line: 0 }],
        ['MODIFICATION_MAX', P.cheeseburger, { ...group(SIZE.group, 1, 1), line: 1 }],
        ['MODIFICATION_MAX', P.cheeseburger, { ...group(SAUCES.group, 3, 0), line: 2 }],
        // The cheeseburger's ketchup is not the hamburger's, and the made-up id is nobody's.
        ['MODIFICATION_INVALID', P.hamburger, { modificationId: SAUCES.ketchup, line: 3 }],
        ['MODIFICATION_INVALID', P.hamburger, { modificationId: madeUp, line: 3 }],
      ]);
      // An invalid option is not priced: the hamburger line is its cost price with the standard size.
      expect(q.lines[3]).toMatchObject({
        gross: 26_000,
        modifications: [{ id: option('hamburger', 'size', 'standard'), count: 1, price: 0 }],
      });
    });

    it('reports DELIVERY_MIN_AMOUNT below the branch minimum, for delivery only', async () => {
      const q = await quote({
        serviceType: 'DELIVERY',
        branchId: T.branches.chilonzor,
        address: IN_CHILONZOR,
        cartItems: [item(P.fries, 3)],
      });
      expect(q.problems).toEqual([
        { code: 'DELIVERY_MIN_AMOUNT', description: ERROR_CATALOGUE.DELIVERY_MIN_AMOUNT.description, details: { minAmount: 50_000 } },
      ]);
      // 42 000 of fries still prices the delivery.
      expect(q).toMatchObject({ productPrice: 42_000, deliveryPrice: 12_000, totalPrice: 42_000 + 12_000 + 3000 });
      // The minimum is on the products after their own discounts: 2 × 34 000 with 25 % off is 51 000.
      const discounted = await quote({
        serviceType: 'DELIVERY',
        branchId: T.branches.chilonzor,
        address: IN_CHILONZOR,
        cartItems: [item(P.discounted25, 2, await requiredOptions(P.discounted25))],
      });
      expect(codes(discounted)).toEqual([]);
      expect(codes(await pickup([item(P.fries)]))).toEqual([]);
    });

    it('reports BRANCH_CLOSED outside its hours, on its day off, and for a service it does not offer', async () => {
      // Three cheeseburgers (87 000) pass Sergeli's delivery minimum of 60 000.
      const closed = await quote({
        serviceType: 'DELIVERY',
        branchId: T.branches.closedNow,
        address: IN_CHILONZOR,
        cartItems: [burger(P.cheeseburger, 3)],
      });
      expect(closed.problems).toEqual([
        {
          code: 'BRANCH_CLOSED',
          description: ERROR_CATALOGUE.BRANCH_CLOSED.description,
          details: { branchId: T.branches.closedNow, serviceType: 'DELIVERY', reason: 'HOURS' },
        },
      ]);
      const dayOff = await quote({ serviceType: 'PICK_UP', branchId: T.branches.dayOffToday, cartItems: [burger(P.cheeseburger)] });
      expect(problem(dayOff, 'BRANCH_CLOSED')!.details).toMatchObject({ reason: 'HOURS' });
      const noPickup = await quote({ serviceType: 'PICK_UP', branchId: T.branches.deliveryOnly, cartItems: [burger(P.cheeseburger)] });
      expect(problem(noPickup, 'BRANCH_CLOSED')!.details).toMatchObject({ reason: 'SERVICE_DISABLED' });
      // Round the clock: open whenever the test runs.
      expect(
        codes(await quote({ serviceType: 'PICK_UP', branchId: T.branches.roundTheClock, cartItems: [burger(P.cheeseburger)] })),
      ).toEqual([]);
    });

    it('reports SERVICE_NOT_AVAILABLE for a service type the brand has switched off', async () => {
      // Navbahor is pickup only.
      const nav = { 'x-merchant-id': DEMO.navbahor.id };
      const delivery = await quote({ serviceType: 'DELIVERY', cartItems: [item(DEMO.navbahor.products.plov)] }, nav);
      expect(problem(delivery, 'SERVICE_NOT_AVAILABLE')!.details).toEqual({ serviceType: 'DELIVERY' });
      const pickup = await quote({ serviceType: 'PICK_UP', cartItems: [item(DEMO.navbahor.products.plov)] }, nav);
      expect(problem(pickup, 'SERVICE_NOT_AVAILABLE')).toBeUndefined();
    });

    it('reports OUT_OF_SERVICE_ZONE for an address outside every zone, pricing the delivery at the branch price', async () => {
      const q = await quote({
        serviceType: 'DELIVERY',
        branchId: T.branches.chilonzor,
        address: NOWHERE,
        cartItems: [burger(P.cheeseburger, 2)],
      });
      expect(q.problems).toEqual([
        {
          code: 'OUT_OF_SERVICE_ZONE',
          description: ERROR_CATALOGUE.OUT_OF_SERVICE_ZONE.description,
          details: { latitude: 41, longitude: 69 },
        },
      ]);
      expect(q.deliveryPrice).toBe(12_000);
    });

    it("reports BRANCH_NOT_FOUND for another brand's branch or an unknown one", async () => {
      for (const branchId of [DEMO.navbahor.branches.mirobod, randomUUID()]) {
        const q = await pickup([burger(P.cheeseburger)], { branchId });
        expect(q.problems).toEqual([
          { code: 'BRANCH_NOT_FOUND', description: ERROR_CATALOGUE.BRANCH_NOT_FOUND.description, details: { branchId } },
        ]);
        expect(q.productPrice).toBe(29_000);
      }
    });

    it('reports an unusable promo and prices the basket without it', async () => {
      const cases: [string, ErrorCode, Record<string, unknown> | undefined][] = [
        ['NOPE', 'PROMO_NOT_FOUND', undefined],
        ['off', 'PROMO_NOT_ACTIVE', undefined],
        ['Soon', 'PROMO_NOT_STARTED', undefined],
        ['EXPIRED', 'PROMO_EXPIRED', undefined],
        ['MINUS15K', 'PROMO_MIN_PRICE', { minPrice: 100_000 }],
      ];
      for (const [promoCode, code, details] of cases) {
        const q = await pickup([burger(P.cheeseburger, 2)], { promoCode });
        expect(q.problems, promoCode).toEqual([{ code, description: ERROR_CATALOGUE[code].description, ...(details ? { details } : {}) }]);
        expect(q, promoCode).toMatchObject({ promo: null, promoProductDiscount: 0, totalDiscount: 0, totalPrice: 58_000 + 3000 });
      }
    });

    it("does not know one brand's promo code at another", async () => {
      const q = await quote(
        {
          serviceType: 'PICK_UP',
          branchId: DEMO.navbahor.branches.mirobod,
          cartItems: [item(DEMO.navbahor.products.plov)],
          promoCode: 'WELCOME10',
        },
        {
          'x-merchant-id': DEMO.navbahor.id,
        },
      );
      expect(codes(q)).toContain('PROMO_NOT_FOUND');
      expect(q.promo).toBeNull();
    });

    it('lists several problems at once, each with its ru, uz and eng description', async () => {
      const q = await quote({
        serviceType: 'DELIVERY',
        branchId: T.branches.closedNow,
        address: NOWHERE,
        promoCode: 'EXPIRED',
        cartItems: [item(P.cheeseburger), item(randomUUID())],
      });
      expect(codes(q)).toEqual([
        'BRANCH_CLOSED',
        'OUT_OF_SERVICE_ZONE',
        'MODIFICATION_MIN',
        'PRODUCT_NOT_FOUND',
        'DELIVERY_MIN_AMOUNT',
        'PROMO_EXPIRED',
      ]);
      for (const p of q.problems) expect(p.description).toEqual(ERROR_CATALOGUE[p.code].description);
    });
  });

  describe('the request', () => {
    const valid = { serviceType: 'PICK_UP', branchId: T.branches.chilonzor, cartItems: [item(P.fries)] };
    const fieldsOf = async (body: unknown) => {
      const res = await post(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      return (res.json().details.fields as { field: string }[]).map((f) => f.field);
    };

    it('refuses a price anywhere in the request, naming the field', async () => {
      expect(await fieldsOf({ ...valid, cartItems: [{ productId: P.fries, count: 1, price: 1 }] })).toEqual(['body.cartItems.0.price']);
      expect(
        await fieldsOf({
          ...valid,
          cartItems: [{ productId: P.cheeseburger, count: 1, modifications: [{ id: SIZE.large, count: 1, price: 0 }] }],
        }),
      ).toEqual(['body.cartItems.0.modifications.0.price']);
      expect(await fieldsOf({ ...valid, totalPrice: 1 })).toEqual(['body.totalPrice']);
      expect(await fieldsOf({ ...valid, deliveryPrice: 0 })).toEqual(['body.deliveryPrice']);
    });

    it('answers 400 for malformed bodies, naming the field', async () => {
      expect(await fieldsOf({ ...valid, cartItems: [{ productId: P.fries, count: 0 }] })).toEqual(['body.cartItems.0.count']);
      expect(await fieldsOf({ ...valid, cartItems: [{ productId: 'fries', count: 1 }] })).toEqual(['body.cartItems.0.productId']);
      expect(await fieldsOf({ ...valid, serviceType: 'TAXI' })).toEqual(['body.serviceType']);
      expect(await fieldsOf({ cartItems: [] })).toEqual(['body.serviceType']);
      expect(await fieldsOf({ ...valid, branchId: 'main' })).toEqual(['body.branchId']);
      expect(await fieldsOf({ ...valid, address: { latitude: 91, longitude: 69 } })).toEqual(['body.address.latitude']);
      expect(await fieldsOf({ ...valid, cashback: -1 })).toEqual(['body.cashback']);
      const broken = await t.app.inject({
        method: 'POST',
        url: '/api/orders/v1/orders/quote',
        headers: { ...TEZKOR, 'content-type': 'application/json' },
        payload: '{"cartItems": [',
      });
      expect(broken.statusCode).toBe(400);
      expect(broken.json().code).toBe('VALIDATION_FAILED');
    });

    it('answers 403 MERCHANT_BLOCKED for an inactive merchant and 404 for an unknown one', async () => {
      const blocked = await post(
        { serviceType: 'PICK_UP', cartItems: [item(DEMO.yopiq.products.shashlik)] },
        { 'x-merchant-id': DEMO.yopiq.id },
      );
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().code).toBe('MERCHANT_BLOCKED');
      const unknown = await post(valid, { 'x-merchant-id': randomUUID() });
      expect(unknown.statusCode).toBe(404);
    });

    it('finds the merchant from the host as well', async () => {
      const res = await post(valid, { host: `${T.sub}.localhost:3000` });
      expect(res.statusCode).toBe(200);
      expect(res.json().productPrice).toBe(14_000);
    });

    it('is described in the OpenAPI document with a tag and a summary', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      const op = doc.paths['/api/orders/v1/orders/quote'].post;
      expect(op.tags).toEqual(['orders']);
      expect(op.summary).toBeTruthy();
      expect(op.requestBody.content['application/json'].schema.additionalProperties).toBe(false);
    });
  });

  describe('the service', () => {
    const quoteFeature = () => createQuoteFeature({ db: t.database.db, clock: t.clock });
    const merchantRecord = async () => (await t.database.db.select().from(merchants).where(eq(merchants.id, T.id)))[0]!;
    const request = (cashback: number, cartItems: Item[] = [burger(P.cheeseburger, 2)]) => ({
      serviceType: 'PICK_UP' as const,
      branchId: T.branches.chilonzor,
      cartItems: cartItems.map((i) => ({ ...i, modifications: i.modifications ?? [] })),
      cashback,
    });

    it("spends a signed-in customer's cashback: at most the balance, what is asked and what is left to pay", async () => {
      const [user] = await t.database.db.insert(users).values({ merchantId: T.id, phone: '+998901112233', cashback: 20_000 }).returning();
      const { quotes } = quoteFeature();
      const merchant = await merchantRecord();
      const now = t.clock.now();
      // Basket 58 000 + service fee 3 000 = 61 000 to pay.
      const asked = (cashback: number, cartItems?: Item[]) =>
        quotes.quote(merchant, request(cashback, cartItems), { now, user: { id: user!.id } });
      expect((await asked(5000)).response).toMatchObject({ cashback: 5000, totalPrice: 56_000 });
      expect((await asked(50_000)).response).toMatchObject({ cashback: 20_000, totalPrice: 41_000 });
      // A small basket: fries 14 000 + fee 3 000 = 17 000, and no more is spent than that.
      expect((await asked(50_000, [item(P.fries)])).response).toMatchObject({ cashback: 17_000, totalPrice: 0 });
      expect((await asked(50_000, [])).response).toMatchObject({ cashback: 0, totalPrice: 0 });
      // Another brand's customer has no balance here.
      const [stranger] = await t.database.db
        .insert(users)
        .values({ merchantId: DEMO.navbahor.id, phone: '+998901112233', cashback: 20_000 })
        .returning();
      expect((await quotes.quote(merchant, request(5000), { now, user: { id: stranger!.id } })).response.cashback).toBe(0);
    });

    it('returns the resolved lines and the applied promo, for placing the order', async () => {
      const { quotes } = quoteFeature();
      const result = await quotes.quote(
        await merchantRecord(),
        {
          serviceType: 'DELIVERY',
          branchId: T.branches.chilonzor,
          address: IN_CENTRE,
          promoCode: 'welcome10',
          cartItems: [{ ...burger(P.cheeseburger, 2), modifications: [{ id: SIZE.large, count: 1 }] }],
        },
        { now: t.clock.now() },
      );
      expect(result.promo?.id).toBe(DEMO.promos.welcome10.id);
      expect(result.branch?.id).toBe(T.branches.chilonzor);
      expect(result.zoneId).toBe(T.zones.centre);
      expect(result.lines[0]).toMatchObject({
        index: 0,
        productId: P.cheeseburger,
        count: 2,
        product: { id: P.cheeseburger, costPrice: 29_000 },
      });
      expect(result.lines[0]!.modifications).toEqual([{ id: SIZE.large, groupId: SIZE.group, count: 1, price: 8000 }]);
      expect(result.breakdown.totalPrice).toBe(result.response.totalPrice);
    });

    it("prices from the brand's snapshot in memory while changes are heard: no query without a promo or cashback, one with", async () => {
      let selects = 0;
      const db = t.database.db;
      const counting = new Proxy(db, {
        get(target, prop, receiver) {
          if (prop === 'select') return (...args: Parameters<typeof db.select>) => (selects++, target.select(...args));
          if (prop === 'execute') return (...args: Parameters<typeof db.execute>) => (selects++, target.execute(...args));
          return Reflect.get(target, prop, receiver);
        },
      });
      let freshReads = 0;
      const fresh = createQuoteRepository(counting);
      const changes = createCatalogueChanges();
      const hub = createEventHub(t.database, t.app.log, [changes.listener]);
      await hub.start();
      let hubOpen = true;
      try {
        const { quotes } = createQuoteFeature({
          db: counting,
          clock: t.clock,
          changes,
          readFresh: (ask) => (freshReads++, fresh.fresh(ask)),
        });
        const merchant = await merchantRecord();
        const body = {
          serviceType: 'DELIVERY' as const,
          branchId: T.branches.chilonzor,
          address: IN_CHILONZOR,
          cartItems: [burger(P.cheeseburger, 2), item(P.lowStock)].map((i) => ({ ...i, modifications: i.modifications ?? [] })),
        };
        const first = await quotes.quote(merchant, body, { now: t.clock.now() });
        expect(selects).toBeGreaterThan(3);
        selects = 0;
        const again = await quotes.quote(merchant, body, { now: t.clock.now() });
        expect(again.response).toEqual(first.response);
        expect(selects).toBe(0);
        expect(freshReads).toBe(0);
        // A promo code, or cashback to spend: that alone is read, in one query.
        const [user] = await db.insert(users).values({ merchantId: T.id, phone: '+998901112299', cashback: 1000 }).returning();
        selects = 0;
        const withAll = await quotes.quote(
          merchant,
          { ...body, promoCode: 'welcome10', cashback: 500 },
          { now: t.clock.now(), user: { id: user!.id } },
        );
        expect(withAll.response).toMatchObject({ promo: { id: DEMO.promos.welcome10.id }, cashback: 500 });
        expect(selects).toBe(1);
        expect(
          (await quotes.quote(merchant, { ...body, cashback: 500 }, { now: t.clock.now(), user: { id: user!.id } })).response.cashback,
        ).toBe(500);
        expect(selects).toBe(2);
        // A signed-in customer who spends nothing: nothing is read.
        await quotes.quote(merchant, body, { now: t.clock.now(), user: { id: user!.id } });
        expect(selects).toBe(2);

        // Stock and sold-out are heard: an order taking the last ones shows in the next quote.
        const [low] = await db.select({ count: products.count }).from(products).where(eq(products.id, P.lowStock));
        await db.update(products).set({ count: 0 }).where(eq(products.id, P.lowStock));
        try {
          await heard(async () =>
            expect(codes((await quotes.quote(merchant, body, { now: t.clock.now() })).response)).toContain('NOT_ENOUGH_PRODUCTS'),
          );
        } finally {
          await db.update(products).set({ count: low!.count }).where(eq(products.id, P.lowStock));
        }
        await heard(async () =>
          expect(codes((await quotes.quote(merchant, body, { now: t.clock.now() })).response)).toEqual(codes(first.response)),
        );
        // Read again once, then kept again.
        selects = 0;
        await quotes.quote(merchant, body, { now: t.clock.now() });
        expect(selects).toBe(0);

        // Changes no longer heard: the basket's stock is read with every quote.
        hubOpen = false;
        await hub.close();
        const restore = settled(CATALOGUE_FRESH_MS);
        try {
          await quotes.quote(merchant, body, { now: t.clock.now() });
          selects = 0;
          freshReads = 0;
          await quotes.quote(merchant, body, { now: t.clock.now() });
          expect(freshReads).toBe(1);
        } finally {
          restore();
        }
      } finally {
        if (hubOpen) await hub.close();
      }
    });

    it('reads a fixed number of queries whatever the size of the basket', async () => {
      const { quotes } = quoteFeature();
      const merchant = await merchantRecord();
      const count = async (cartItems: Item[]) => {
        let selects = 0;
        const reader: Reader = {
          select: ((...args: Parameters<Reader['select']>) => {
            selects += 1;
            return t.database.db.select(...args);
          }) as Reader['select'],
          execute: ((...args: Parameters<Reader['execute']>) => {
            selects += 1;
            return t.database.db.execute(...args);
          }) as Reader['execute'],
        };
        const body = {
          serviceType: 'DELIVERY' as const,
          branchId: T.branches.chilonzor,
          address: IN_CHILONZOR,
          promoCode: 'WELCOME10',
          cartItems: cartItems.map((i) => ({ ...i, modifications: i.modifications ?? [] })),
        };
        await quotes.quoteWith(reader, merchant, body, { now: t.clock.now(), user: { id: randomUUID() } });
        return selects;
      };
      const one = await count([burger(P.cheeseburger)]);
      const ten = await count([
        burger(P.cheeseburger, 1, [['sauces', 'bbq', 1]]),
        burger(P.hamburger),
        burger(P.discounted),
        burger(P.lowStock),
        item(P.fries, 2),
        item(P.cola),
        item(P.onlySomeBranches),
        item(P.notInSamarkand),
        burger(P.cheeseburger, 1, [], 'xl'),
        item(randomUUID()),
      ]);
      expect(ten).toBe(one);
      expect(one).toBeLessThanOrEqual(12);
    });
  });

  const heard = (check: () => Promise<void>) => heardOn(backend, check);

  /**
   * Moves the clock past an age of the quote's kept catalogue, as time passes after an edit in the
   * merchant's tools (the version covers products; other edits show within CATALOGUE_MAX_AGE_MS).
   * Returns what puts the clock back; a clock put back makes the kept catalogue stale, so it is read again.
   */
  function settled(ms: number): () => void {
    const before = t.clock.now();
    t.clock.set(new Date(before.getTime() + ms + 1));
    return () => t.clock.set(before);
  }

  async function setValidateArea(value: boolean) {
    await t.database.db.update(merchantSettings).set({ shouldValidateDeliveryArea: value }).where(eq(merchantSettings.merchantId, T.id));
  }

  /** The first option of every required group of a product, read from the database. */
  async function requiredOptions(productId: string): Promise<[string, number][]> {
    const groups = await t.database.db.select().from(modificationGroups).where(eq(modificationGroups.productId, productId));
    const options = await t.database.db.select().from(modifications).where(eq(modifications.productId, productId));
    return groups
      .filter((g) => g.min > 0)
      .map((g) => {
        const first = options.filter((o) => o.groupId === g.id).sort((a, b) => a.price - b.price || a.priority - b.priority)[0]!;
        return [first.id, g.min] as [string, number];
      });
  }
});
