import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cashbackEntries,
  catalogueVersions,
  idempotencyKeys,
  merchants,
  merchantSettings,
  orderCounters,
  orderLines,
  orders,
  products,
  promoUses,
  users,
  workHours,
} from '@dasturxon/db';
import { DEMO } from '@dasturxon/db/seed';
import type { OrderRequest } from '@dasturxon/domain';
import type { CatalogueChanges } from '../src/features/catalogue/catalogue-changes.ts';
import { placeOrder, type PlaceOrderDeps, type PlaceOutcome } from '../src/features/orders/place-order/index.ts';
import { createQuoteFeature } from '../src/features/quote/quote.service.ts';
import { BACKENDS, createTestApp, type TestApp } from './harness.ts';

const T = DEMO.tezkor;
const P = T.products;
const CHILONZOR = T.branches.chilonzor; // open round the clock

/**
 * Catalogue changes as an instance sees them before a change's NOTIFY reaches it (on PostgreSQL it comes a moment
 * after the commit, from any instance): changes are heard, and nothing is heard of this brand. The kept snapshot is
 * then trusted as it is, so only the order's own check can tell it is stale.
 */
const notYetHeard = (): CatalogueChanges => ({
  listener: { channel: 'dx_catalogue', received: () => {}, heard: () => {}, lost: () => {} },
  mark: () => 0,
  unchanged: () => true,
  follow: () => {},
  hearing: () => true,
});

/** A request as the route hands it over (the contract's defaults filled in). */
const requestOf = (more: Partial<OrderRequest> = {}): OrderRequest => ({
  serviceType: 'PICK_UP',
  branchId: CHILONZOR,
  cartItems: [{ productId: P.fries, count: 2, modifications: [] }],
  paymentType: 'CASH',
  orderDevice: 'CLIENT_WEB',
  comment: '',
  courierComment: '',
  receiver: null,
  sendCheque: false,
  sendChequePhone: null,
  later: false,
  ...more,
});

describe.each(BACKENDS)('placing an order, step by step, on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.database.db;
  let serial = 0;
  /** A customer of the brand, written directly (the login is not what is tested here). */
  const customer = async (cashback = 0) => {
    const [row] = await db()
      .insert(users)
      .values({ merchantId: T.id, phone: `+99890${String(4_000_000 + ++serial).padStart(7, '0')}`, cashback })
      .returning();
    if (cashback > 0)
      await db()
        .insert(cashbackEntries)
        .values({ merchantId: T.id, userId: row!.id, kind: 'OPENING', amount: cashback, balanceAfter: cashback });
    return { merchantId: T.id, id: row!.id };
  };
  const merchant = async () => (await db().select().from(merchants).where(eq(merchants.id, T.id)))[0]!;

  /**
   * The steps' collaborators as app.ts wires them, over a quote service whose snapshot this instance has not heard
   * change; `from` records where each order's catalogue came from, and `kept` how often the snapshot was taken.
   */
  const placing = (changes: CatalogueChanges = notYetHeard()) => {
    const { quotes } = createQuoteFeature({ db: db(), clock: t.clock, changes });
    const seen = { from: [] as string[], kept: 0, checked: 0 };
    const deps: PlaceOrderDeps = {
      db: db(),
      quotes: {
        servingBranch: quotes.servingBranch,
        priceWith: quotes.priceWith,
        keptForOrder: async (merchantId) => (seen.kept++, quotes.keptForOrder(merchantId)),
        catalogueForOrder: async (...args) => {
          const found = await quotes.catalogueForOrder(...args);
          seen.from.push(found.from);
          return found;
        },
      },
      codes: {
        check: async () => {
          seen.checked++;
          return { ok: true };
        },
      },
    };
    return { quotes, deps, seen };
  };
  const place = async (
    deps: PlaceOrderDeps,
    who: { merchantId: string; id: string },
    body: OrderRequest,
    key?: string,
  ): Promise<PlaceOutcome> =>
    placeOrder(deps, {
      customer: who,
      merchant: await merchant(),
      body,
      options: { scheduled: false, idempotencyKey: key, clientIp: '10.27.0.1' },
      now: t.clock.now(),
    });
  const orderOf = async (outcome: PlaceOutcome) => {
    expect(outcome.kind).toBe('placed');
    return (
      await db()
        .select()
        .from(orders)
        .where(eq(orders.id, (outcome as { orderId: string }).orderId))
    )[0]!;
  };
  const priceOf = async (id: string) =>
    (await db().select({ costPrice: products.costPrice }).from(products).where(eq(products.id, id)))[0]!.costPrice;
  const versionOf = async () =>
    (await db().select().from(catalogueVersions).where(eq(catalogueVersions.merchantId, T.id)))[0]?.version ?? null;
  /** Every row an order writes, counted for the brand (or the customer's ledger), to see that nothing was half-written. */
  const written = async (userId: string) => ({
    orders: Number((await db().select({ n: count() }).from(orders).where(eq(orders.merchantId, T.id)))[0]!.n),
    lines: Number((await db().select({ n: count() }).from(orderLines).where(eq(orderLines.merchantId, T.id)))[0]!.n),
    counter: (await db().select().from(orderCounters).where(eq(orderCounters.merchantId, T.id)))[0]?.lastNumber ?? 0,
    ledger: Number((await db().select({ n: count() }).from(cashbackEntries).where(eq(cashbackEntries.userId, userId)))[0]!.n),
    balance: (await db().select({ b: users.cashback }).from(users).where(eq(users.id, userId)))[0]!.b,
    promoUses: Number((await db().select({ n: count() }).from(promoUses).where(eq(promoUses.userId, userId)))[0]!.n),
    keys: Number((await db().select({ n: count() }).from(idempotencyKeys).where(eq(idempotencyKeys.userId, userId)))[0]!.n),
    stock: (await db().select({ count: products.count }).from(products).where(eq(products.id, P.cola)))[0]!.count,
  });

  it('moves the brand catalogue version for what a price is drawn from, and not for stock alone', async () => {
    const before = await versionOf();
    await db().update(products).set({ count: 40 }).where(eq(products.id, P.cola));
    await db().update(products).set({ count: 41 }).where(eq(products.id, P.cola));
    expect(await versionOf()).toEqual(before);
    // An update that changes nothing moves nothing either.
    const cola = await priceOf(P.cola);
    await db().update(products).set({ costPrice: cola }).where(eq(products.id, P.cola));
    expect(await versionOf()).toEqual(before);
    await db()
      .update(products)
      .set({ costPrice: cola + 100 })
      .where(eq(products.id, P.cola));
    const afterProduct = await versionOf();
    expect(afterProduct).not.toBeNull();
    expect(afterProduct).not.toEqual(before);
    await db().update(products).set({ costPrice: cola, count: null }).where(eq(products.id, P.cola));
    const restored = await versionOf();
    expect(restored).not.toEqual(afterProduct);
    // A branch's hours, another table the trigger hears: a new version again.
    const [hours] = await db().select().from(workHours).where(eq(workHours.branchId, CHILONZOR)).limit(1);
    const sameDay = and(eq(workHours.branchId, CHILONZOR), eq(workHours.type, hours!.type), eq(workHours.weekName, hours!.weekName));
    await db().update(workHours).set({ isDayOff: !hours!.isDayOff }).where(sameDay);
    expect(await versionOf()).not.toEqual(restored);
    await db().update(workHours).set({ isDayOff: hours!.isDayOff }).where(sameDay);
  });

  it('prices from the kept snapshot while its version holds, and from the transaction once a price changed unheard', async () => {
    const { quotes, deps, seen } = placing();
    const who = await customer();
    const first = await orderOf(await place(deps, who, requestOf()));
    expect(seen.from).toEqual(['snapshot']);
    const fries = await priceOf(P.fries);
    await db()
      .update(products)
      .set({ costPrice: fries + 1000 })
      .where(eq(products.id, P.fries));
    try {
      // The storefront's quote still shows the old price: the snapshot is stale and this instance does not know it.
      const quoted = await quotes.quote(await merchant(), requestOf(), { now: t.clock.now() });
      expect(quoted.breakdown.totalPrice).toBe(first.totalPrice);
      const second = await orderOf(await place(deps, who, requestOf()));
      expect(seen.from).toEqual(['snapshot', 'transaction']);
      expect(second.totalPrice).toBe(first.totalPrice + 2 * 1000);
      const [line] = await db().select().from(orderLines).where(eq(orderLines.orderId, second.id));
      expect(line!.unitPrice).toBe(fries + 1000);
    } finally {
      await db().update(products).set({ costPrice: fries }).where(eq(products.id, P.fries));
    }
  });

  it('keeps pricing from the snapshot after an order took counted stock', async () => {
    const { deps, seen } = placing();
    const who = await customer();
    await db().update(products).set({ count: 10 }).where(eq(products.id, P.cola));
    try {
      const cola = requestOf({ cartItems: [{ productId: P.cola, count: 3, modifications: [] }] });
      await orderOf(await place(deps, who, cola));
      await orderOf(await place(deps, who, cola));
      expect(seen.from).toEqual(['snapshot', 'snapshot']);
      expect((await written(who.id)).stock).toBe(4);
      // The snapshot says 10 are left; the transaction takes what is there.
      const refused = await place(deps, who, requestOf({ cartItems: [{ productId: P.cola, count: 5, modifications: [] }] }));
      expect(refused).toMatchObject({ kind: 'refused', error: { code: 'NOT_ENOUGH_PRODUCTS' } });
      expect((await written(who.id)).stock).toBe(4);
    } finally {
      await db().update(products).set({ count: null }).where(eq(products.id, P.cola));
    }
  });

  it('serves orders the kept snapshot after a stock change was heard, and reads it again once an order finds it stale', async () => {
    let changeHeard = false;
    const { quotes, deps, seen } = placing({ ...notYetHeard(), unchanged: () => !changeHeard });
    const who = await customer();
    const first = await quotes.keptForOrder(T.id);
    // Stock taken by an order is heard as a change of the brand: quotes read the snapshot again, orders need not.
    changeHeard = true;
    expect(await quotes.keptForOrder(T.id)).toBe(first);
    const fries = await priceOf(P.fries);
    await db()
      .update(products)
      .set({ costPrice: fries + 500 })
      .where(eq(products.id, P.fries));
    try {
      const stale = await orderOf(await place(deps, who, requestOf()));
      changeHeard = false;
      const again = await quotes.keptForOrder(T.id);
      expect(again).not.toBe(first);
      expect(again.version).not.toEqual(first.version);
      const fresh = await orderOf(await place(deps, who, requestOf()));
      expect(seen.from).toEqual(['transaction', 'snapshot']);
      expect(fresh.totalPrice).toBe(stale.totalPrice);
      expect(fresh.productPrice).toBe(2 * (fries + 500));
    } finally {
      await db().update(products).set({ costPrice: fries }).where(eq(products.id, P.fries));
    }
  });

  it('refuses a product stopped since the snapshot, judged in the transaction, and writes nothing', async () => {
    const { deps, seen } = placing();
    const who = await customer(5000);
    await db().update(products).set({ count: 10 }).where(eq(products.id, P.cola));
    await place(deps, who, requestOf()); // the snapshot is kept from here on
    const before = await written(who.id);
    await db().update(products).set({ isAvailable: false }).where(eq(products.id, P.fries));
    try {
      const body = requestOf({
        cartItems: [
          { productId: P.cola, count: 2, modifications: [] },
          { productId: P.fries, count: 1, modifications: [] },
        ],
        promoCode: 'WELCOME10',
        cashback: 1000,
      });
      const outcome = await place(deps, who, body, 'stopped-product-key');
      expect(outcome).toMatchObject({ kind: 'refused', error: { code: 'PRODUCT_NOT_AVAILABLE', details: { productId: P.fries } } });
      expect(await written(who.id)).toEqual(before);
      expect(seen.from.at(-1)).toBe('transaction');
    } finally {
      await db().update(products).set({ isAvailable: true }).where(eq(products.id, P.fries));
      await db().update(products).set({ count: null }).where(eq(products.id, P.cola));
    }
  });

  it('answers a repeated Idempotency-Key with the first order, writing nothing and reading no catalogue', async () => {
    const { deps, seen } = placing();
    const who = await customer();
    const first = await place(deps, who, requestOf(), 'repeat-key-0001');
    expect(first.kind).toBe('placed');
    const after = await written(who.id);
    const kept = seen.kept;
    const again = await place(deps, who, requestOf(), 'repeat-key-0001');
    expect(again).toEqual({ kind: 'duplicate', orderId: (first as { orderId: string }).orderId });
    expect(await written(who.id)).toEqual(after);
    expect(seen.kept).toBe(kept);
    // Another body under the same key is refused, and places nothing either.
    const other = await place(deps, who, requestOf({ comment: 'another' }), 'repeat-key-0001');
    expect(other).toMatchObject({ kind: 'refused', error: { code: 'IDEMPOTENCY_KEY_REUSED' } });
    expect(await written(who.id)).toEqual(after);
  });

  it('asks for the brand’s confirmation once everything would go through, and keeps nothing it wrote', async () => {
    const { deps, seen } = placing();
    const who = await customer(5000);
    await db().update(products).set({ count: 10 }).where(eq(products.id, P.cola));
    const setConfirming = (on: boolean) =>
      db()
        .update(merchantSettings)
        .set({ isSmsConfirmationRequiredPerOrder: on })
        .where(and(eq(merchantSettings.merchantId, T.id), eq(merchantSettings.channel, 'WEB')));
    await setConfirming(true);
    try {
      const before = await written(who.id);
      const body = requestOf({
        cartItems: [
          { productId: P.cola, count: 2, modifications: [] },
          { productId: P.fries, count: 2, modifications: [] },
        ],
        promoCode: 'WELCOME10',
        cashback: 1000,
      });
      const outcome = await place(deps, who, body, 'confirm-key-0001');
      expect(outcome).toMatchObject({ kind: 'needs-confirmation', subject: expect.stringMatching(/^[0-9a-f]{64}$/) });
      // Stock, the number, the order and its lines, the cashback spent, the promo use, the key: none of it kept.
      expect(await written(who.id)).toEqual(before);
      expect(seen.checked).toBe(0);
      // With a code (checked by the login's service in the app; accepted here), the same body is placed, everything written.
      const placed = await placeOrder(deps, {
        customer: who,
        merchant: await merchant(),
        body: { ...body, confirmationCode: '123456' },
        options: { scheduled: false, idempotencyKey: 'confirm-key-0001', clientIp: '10.27.0.1' },
        now: t.clock.now(),
      });
      expect(placed.kind).toBe('placed');
      expect(seen.checked).toBe(1);
      const after = await written(who.id);
      expect(after).toMatchObject({
        orders: before.orders + 1,
        counter: before.counter + 1,
        stock: 8,
        promoUses: 1,
        keys: 1,
        balance: 4000,
        ledger: before.ledger + 1,
      });
    } finally {
      await setConfirming(false);
      await db().update(products).set({ count: null }).where(eq(products.id, P.cola));
    }
  });
});
