import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, promos, users } from '@dasturxon/db';
import { DEMO, demoId } from '@dasturxon/db/seed';
import { Order, QuoteResponse } from '@dasturxon/domain/contracts';
import { createFreshReadMany, createQuoteRepository, type FreshAsk } from '../src/features/quote/quote.repository.ts';
import { BACKENDS, createTestApp, heard, signInCustomer, type TestApp, twoInstances } from './harness.ts';

/*
 * The storefront's quote reads the promo and the balance fresh for every quote that has them, through one
 * prepared statement that serves several quotes at once (quote.repository.ts `createFreshRead`); stock and switches
 * come from the brand's snapshot, dropped when the database tells of a change (`heard`: at once on PGlite, a moment
 * after the commit on PostgreSQL). These tests would fail if that read ever answered from anything kept, mixed up
 * the quotes it serves together, read inside another caller's transaction, or if a change were never heard.
 */

const T = DEMO.tezkor;
const N = DEMO.navbahor;
const P = T.products;
const TEZKOR = { 'x-merchant-id': T.id };
const BIG_STANDARD = demoId(`${T.sub}/product/big-tezkor/group/size/option/standard`);

type Line = { productId: string; count: number; modifications: { id: string; count: number }[] };
const plain = (productId: string, count = 1): Line => ({ productId, count, modifications: [] });
const big = (count: number): Line => ({ productId: P.lowStock, count, modifications: [{ id: BIG_STANDARD, count: 1 }] });
const pickup = (cartItems: Line[], promoCode?: string) => ({
  serviceType: 'PICK_UP',
  branchId: T.branches.chilonzor,
  cartItems,
  ...(promoCode ? { promoCode } : {}),
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(BACKENDS)("the quote's fresh read on %s", (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function quote(body: object, headers: Record<string, string> = TEZKOR): Promise<QuoteResponse> {
    const res = await t.app.inject({ method: 'POST', url: '/api/orders/v1/orders/quote', headers, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    return QuoteResponse.parse(res.json());
  }
  const codes = (q: QuoteResponse) => q.problems.map((p) => p.code);

  async function withProduct(id: string, change: Partial<typeof products.$inferInsert>, run: () => Promise<void>) {
    const [before] = await t.database.db.select().from(products).where(eq(products.id, id));
    await t.database.db.update(products).set(change).where(eq(products.id, id));
    try {
      await run();
    } finally {
      await t.database.db
        .update(products)
        .set({ count: before!.count, active: before!.active, isAvailable: before!.isAvailable })
        .where(eq(products.id, id));
    }
  }

  it('answers each of several asks read together exactly as it reads alone, and never across brands', async () => {
    const [customer] = await t.database.db.insert(users).values({ merchantId: T.id, phone: '+998901110001', cashback: 7000 }).returning();
    const [blocked] = await t.database.db
      .insert(users)
      .values({ merchantId: T.id, phone: '+998901110002', cashback: 9000, isActive: false })
      .returning();
    const [navbahorCustomer] = await t.database.db
      .insert(users)
      .values({ merchantId: N.id, phone: '+998901110001', cashback: 5000 })
      .returning();
    const [navbahorPromo] = await t.database.db
      .insert(promos)
      .values({ merchantId: N.id, code: 'Choy5', discountType: 'PERCENTAGE', productDiscount: 5, startDate: null, endDate: null })
      .returning();
    const asks: FreshAsk[] = [
      {
        merchantId: T.id,
        productIds: [P.fries, P.lowStock, P.outOfStock, N.products.plov, randomUUID()],
        promoCode: 'WeLcOmE10',
        userId: customer!.id,
      },
      { merchantId: N.id, productIds: [N.products.plov, N.products.greenTea, P.fries], promoCode: 'choy5', userId: navbahorCustomer!.id },
      { merchantId: N.id, productIds: [N.products.somsa], promoCode: 'welcome10', userId: customer!.id },
      { merchantId: T.id, productIds: [], promoCode: null, userId: blocked!.id },
      { merchantId: randomUUID(), productIds: [P.fries], promoCode: 'welcome10', userId: null },
      { merchantId: T.id, productIds: [P.cola], promoCode: 'no-such-code', userId: navbahorCustomer!.id },
    ];
    const together = await createFreshReadMany(t.database)(asks);
    const alone = await Promise.all(asks.map((ask) => createQuoteRepository(t.database.db).fresh(ask)));
    expect(together).toEqual(alone);

    const [tezkorAsk, navbahorAsk, crossAsk, blockedAsk, unknownMerchant, strangerAsk] = together;
    // Only the brand's own products, with their state now.
    expect([...tezkorAsk!.products.keys()].sort()).toEqual([P.fries, P.lowStock, P.outOfStock].sort());
    expect(tezkorAsk!.products.get(P.lowStock)).toEqual({ count: 5, active: true, isAvailable: true });
    expect(tezkorAsk!.products.get(P.outOfStock)?.count).toBe(0);
    expect(tezkorAsk!.promo?.id).toBe(DEMO.promos.welcome10.id);
    expect(tezkorAsk!.cashbackBalance).toBe(7000);
    expect([...navbahorAsk!.products.keys()].sort()).toEqual([N.products.plov, N.products.greenTea].sort());
    expect(navbahorAsk!.promo?.id).toBe(navbahorPromo!.id);
    expect(navbahorAsk!.cashbackBalance).toBe(5000);
    // Another brand's promo code and customer mean nothing here.
    expect(crossAsk!.promo).toBeNull();
    expect(crossAsk!.cashbackBalance).toBe(0);
    expect(strangerAsk!.promo).toBeNull();
    expect(strangerAsk!.cashbackBalance).toBe(0);
    expect(blockedAsk!.cashbackBalance).toBe(0);
    expect(unknownMerchant).toEqual({ products: new Map(), promo: null, cashbackBalance: 0 });
  });

  it('finds a promo code that needs quoting or escaping, in any letter case', async () => {
    const code = 'Ёлка "2026", {a\\b} o\'zbek';
    await t.database.db
      .insert(promos)
      .values({ merchantId: T.id, code, discountType: 'AMOUNT', productDiscount: 1000, startDate: null, endDate: null });
    const q = await quote(pickup([plain(P.fries, 2)], code.toLowerCase()));
    expect(q.promo?.code).toBe(code);
    expect(codes(q)).toEqual([]);
    expect(codes(await quote(pickup([plain(P.fries, 2)], code.replace('Ё', 'Е'))))).toContain('PROMO_NOT_FOUND');
  });

  it('sees stock, switches and the promo once the change is heard, also when quotes arrive together', async () => {
    const basket = pickup([big(2), plain(P.fries)], 'welcome10');
    expect(codes(await quote(basket))).toEqual([]);

    const many = (body: object, n = 12) => Promise.all(Array.from({ length: n }, () => quote(body)));
    await withProduct(P.lowStock, { count: 1 }, async () => {
      await heard(backend, async () => {
        for (const q of await many(basket))
          expect(q.problems).toContainEqual(
            expect.objectContaining({ code: 'NOT_ENOUGH_PRODUCTS', productId: P.lowStock, details: { max: 1 } }),
          );
      });
    });
    await heard(backend, async () => expect(codes(await quote(basket))).toEqual([]));
    await withProduct(P.fries, { isAvailable: false }, async () => {
      await heard(backend, async () => {
        for (const q of await many(basket)) expect(codes(q)).toEqual(['PRODUCT_NOT_AVAILABLE']);
      });
    });
    await withProduct(P.fries, { active: false }, async () => {
      await heard(backend, async () => expect(codes(await quote(basket))).toEqual(['PRODUCT_NOT_AVAILABLE']));
    });
    await heard(backend, async () => expect(codes(await quote(basket))).toEqual([]));

    const welcome = DEMO.promos.welcome10.id;
    await t.database.db.update(promos).set({ isActive: false }).where(eq(promos.id, welcome));
    try {
      await heard(backend, async () => {
        for (const q of await many(basket)) expect(codes(q)).toEqual(['PROMO_NOT_ACTIVE']);
      });
      await t.database.db
        .update(promos)
        .set({ isActive: true, endDate: new Date(t.clock.now().getTime() - 60_000) })
        .where(eq(promos.id, welcome));
      await heard(backend, async () => expect(codes(await quote(basket))).toEqual(['PROMO_EXPIRED']));
    } finally {
      await t.database.db
        .update(promos)
        .set({ isActive: true, endDate: new Date(t.clock.now().getTime() + 90 * 86_400_000) })
        .where(eq(promos.id, welcome));
    }
    await heard(backend, async () => expect(codes(await quote(basket))).toEqual([]));
  });

  it('gives each of many quotes arriving together its own answer: brands, baskets, codes and customers mixed', async () => {
    const bodies: { body: object; headers: Record<string, string> }[] = [
      { body: pickup([big(6)]), headers: TEZKOR },
      { body: pickup([plain(P.fries, 3)], 'minus15k'), headers: TEZKOR },
      { body: pickup([plain(P.cola)], 'OFF'), headers: TEZKOR },
      { body: pickup([plain(P.outOfStock)]), headers: TEZKOR },
      { body: pickup([plain(N.products.plov)]), headers: TEZKOR },
      {
        body: { serviceType: 'PICK_UP', branchId: N.branches.mirobod, cartItems: [plain(N.products.plov, 2), plain(N.products.greenTea)] },
        headers: { 'x-merchant-id': N.id },
      },
      {
        body: { serviceType: 'PICK_UP', branchId: N.branches.mirobod, cartItems: [plain(P.fries)], promoCode: 'welcome10' },
        headers: { 'x-merchant-id': N.id },
      },
    ];
    const alone: QuoteResponse[] = [];
    for (const b of bodies) alone.push(await quote(b.body, b.headers));
    const together = await Promise.all(Array.from({ length: 4 }, () => bodies.map((b) => quote(b.body, b.headers))).flat());
    together.forEach((q, i) => expect(q).toEqual(alone[i % bodies.length]));
    expect(codes(alone[0]!)).toContain('NOT_ENOUGH_PRODUCTS');
    expect(codes(alone[4]!)).toEqual(['PRODUCT_NOT_FOUND']);
    expect(codes(alone[6]!)).toEqual(expect.arrayContaining(['PRODUCT_NOT_FOUND', 'PROMO_NOT_FOUND']));
  });

  it("never reads inside another caller's transaction: an uncommitted change is not seen, a committed one is", async () => {
    const basket = pickup([big(2)]);
    expect(codes(await quote(basket))).toEqual([]);
    let during: Promise<QuoteResponse> | null = null;
    await t.database.db
      .transaction(async (tx) => {
        await tx.update(products).set({ count: 0 }).where(eq(products.id, P.lowStock));
        // On PGlite the quote waits for the transaction to end; on PostgreSQL it reads what is committed.
        during = quote(basket);
        await sleep(50);
        throw new Error('rolled back');
      })
      .catch((error: Error) => expect(error.message).toBe('rolled back'));
    expect(codes(await during!)).toEqual([]);
    await withProduct(P.lowStock, { count: 0 }, async () => {
      await heard(backend, async () => expect(codes(await quote(basket))).toEqual(['NOT_ENOUGH_PRODUCTS']));
    });
    await heard(backend, async () => expect(codes(await quote(basket))).toEqual([]));
  });

  it('sees a product switched off at the branch by its staff in the next quote', async () => {
    const basket = pickup([plain(P.fries)]);
    expect(codes(await quote(basket))).toEqual([]);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/ops/v1/auth/login',
      headers: TEZKOR,
      payload: { phone: T.staffPhones.operator, password: T.staffPassword },
    });
    const token = (login.json() as { token: string }).token;
    const stop = (stopped: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/ops/v1/stop-list',
        headers: { ...TEZKOR, authorization: `Bearer ${token}` },
        payload: { branchId: T.branches.chilonzor, productId: P.fries, stopped },
      });
    const off = await stop(true);
    try {
      expect(off.statusCode, off.body).toBe(200);
      expect(codes(await quote(basket))).toEqual(['PRODUCT_NOT_AVAILABLE']);
    } finally {
      expect((await stop(false)).statusCode).toBe(200);
    }
    expect(codes(await quote(basket))).toEqual([]);
  });
});

/**
 * Two instances on one PostgreSQL: stock, the stop-list and the brand's promos reach B's snapshot through the
 * database's NOTIFY, a moment after A's commit.
 */
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('the quote across instances on PostgreSQL', () => {
  const pair = twoInstances('dx-quote-');

  it('quotes on B the stock an order on A has just taken, and the promo A has just switched off', async () => {
    const onB = async (body: object) =>
      QuoteResponse.parse(
        (await pair.b.app.inject({ method: 'POST', url: '/api/orders/v1/orders/quote', headers: TEZKOR, payload: body })).json(),
      );
    const basket = pickup([big(1)], 'welcome10');
    // B has its catalogue in memory and its statement prepared.
    expect((await onB(basket)).problems).toEqual([]);

    const c = await signInCustomer(pair.a, pair.dataDir, { phone: '+998951110001', merchantId: T.id, ip: '10.17.0.1' });
    const placed = await pair.a.app.inject({
      method: 'POST',
      url: '/api/orders/v1/orders',
      headers: { ...TEZKOR, authorization: `Bearer ${c.token}` },
      payload: pickup([big(5)]),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    Order.parse(placed.json());
    await heard('postgres', async () =>
      expect((await onB(basket)).problems).toContainEqual(
        expect.objectContaining({ code: 'NOT_ENOUGH_PRODUCTS', productId: P.lowStock, details: { max: 0 } }),
      ),
    );

    await pair.a.database.db.update(promos).set({ isActive: false }).where(eq(promos.id, DEMO.promos.welcome10.id));
    await heard('postgres', async () =>
      expect((await onB(pickup([plain(P.fries)], 'welcome10'))).problems.map((p) => p.code)).toEqual(['PROMO_NOT_ACTIVE']),
    );
  });
});
