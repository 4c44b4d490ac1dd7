import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, demoId } from '@dasturxon/db/seed';
import { Order, QuoteResponse } from '@dasturxon/domain/contracts';
import { BACKENDS, countStatements, createTestApp, heard, signInCustomer, type TestApp, twoInstances } from './harness.ts';

/*
 * The storefront's quote prices from each brand's snapshot kept in memory (catalogue, stock, switches), dropped
 * when the database NOTIFYs a change of the brand: a trigger on every table the snapshot is read from, so every
 * writer is heard (migrations 0011_catalogue_changes and 0012_promo_changes, the brand's promos). A quote that
 * spends no cashback asks the database nothing, with a promo code or without. These tests count the database's
 * statements, and change the catalogue and the promos through each kind of writer.
 */

const T = DEMO.tezkor;
const P = T.products;
const TEZKOR = { 'x-merchant-id': T.id };
const BIG_STANDARD = demoId(`${T.sub}/product/big-tezkor/group/size/option/standard`);

type Line = { productId: string; count: number; modifications: { id: string; count: number }[] };
const plain = (productId: string, count = 1): Line => ({ productId, count, modifications: [] });
const big = (count: number): Line => ({ productId: P.lowStock, count, modifications: [{ id: BIG_STANDARD, count: 1 }] });
const pickup = (cartItems: Line[], extra: Record<string, unknown> = {}) => ({
  serviceType: 'PICK_UP',
  branchId: T.branches.chilonzor,
  cartItems,
  ...extra,
});

describe.each(BACKENDS)('the quote from the brand snapshot on %s', (backend) => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'dx-snapshot-'));
    t = await createTestApp(backend, { DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  async function quote(body: object, headers: Record<string, string> = TEZKOR): Promise<QuoteResponse> {
    const res = await t.app.inject({ method: 'POST', url: '/api/orders/v1/orders/quote', headers, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    return QuoteResponse.parse(res.json());
  }
  const stockProblem = (q: QuoteResponse) => q.problems.find((p) => p.code === 'NOT_ENOUGH_PRODUCTS' && p.productId === P.lowStock);

  it('asks the database nothing for a quote without cashback, with a promo code or without, once warm', async () => {
    const basket = pickup([big(2), plain(P.fries, 3), plain(P.cola)]);
    const warm = await quote(basket);
    expect(warm.problems).toEqual([]);
    await quote(pickup([plain(P.fries)], { promoCode: 'welcome10' }));
    const beyondAscii = pickup([plain(P.fries)], { promoCode: 'WELCOM\u041510' });
    await quote(beyondAscii);
    const counted = countStatements(t.database);
    try {
      for (let i = 0; i < 20; i++) expect(await quote(basket)).toEqual(warm);
      expect(counted.count()).toBe(0);
      const withPromo = await quote(pickup([plain(P.fries)], { promoCode: 'welcome10' }));
      expect(withPromo.promo?.id).toBe(DEMO.promos.welcome10.id);
      expect(withPromo.promoProductDiscount).toBe(1_400);
      expect((await quote(pickup([plain(P.fries)], { promoCode: 'NO-SUCH-CODE' }))).problems.map((p) => p.code)).toEqual([
        'PROMO_NOT_FOUND',
      ]);
      expect((await quote(pickup([plain(P.fries)], { promoCode: 'expired' }))).problems.map((p) => p.code)).toEqual(['PROMO_EXPIRED']);
      expect(counted.count()).toBe(0);
      // A code with a letter beyond ASCII (a Cyrillic Е) is looked up as the database's lower() folds it: one statement.
      expect((await quote(beyondAscii)).problems.map((p) => p.code)).toEqual(['PROMO_NOT_FOUND']);
      expect(counted.count()).toBe(1);
    } finally {
      counted.stop();
    }
  });

  it('hears every writer: an order taking stock, its cancel giving it back, a price set by hand in SQL', async () => {
    const basket = pickup([big(6)]);
    const before = stockProblem(await quote(basket));
    expect(before?.details).toEqual({ max: 5 });

    const c = await signInCustomer(t, dataDir, { phone: '+998951120001', merchantId: T.id, ip: '10.26.0.1' });
    const auth = { ...TEZKOR, authorization: `Bearer ${c.token}` };
    const placed = await t.app.inject({ method: 'POST', url: '/api/orders/v1/orders', headers: auth, payload: pickup([big(2)]) });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = Order.parse(placed.json());
    await heard(backend, async () => expect(stockProblem(await quote(basket))?.details).toEqual({ max: 3 }));

    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/orders/v1/orders/${order.id}/cancel`,
      headers: auth,
      payload: { reason: 'changed my mind' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await heard(backend, async () => expect(stockProblem(await quote(basket))?.details).toEqual({ max: 5 }));

    // No writer of ours at all: the table's trigger tells.
    const fries = pickup([plain(P.fries)]);
    expect((await quote(fries)).productPrice).toBe(14_000);
    await t.database.db.execute(sql`update products set cost_price = 16000 where id = ${P.fries}`);
    try {
      await heard(backend, async () => expect((await quote(fries)).productPrice).toBe(16_000));
      await t.database.db.execute(
        sql`insert into product_branches (merchant_id, product_id, branch_id, is_active) values (${T.id}, ${P.fries}, ${T.branches.chilonzor}, false)`,
      );
      await heard(backend, async () =>
        expect((await quote(fries)).problems).toContainEqual(
          expect.objectContaining({ code: 'PRODUCT_NOT_AVAILABLE', productId: P.fries }),
        ),
      );
    } finally {
      await t.database.db.execute(sql`delete from product_branches where product_id = ${P.fries} and branch_id = ${T.branches.chilonzor}`);
      await t.database.db.execute(sql`update products set cost_price = 14000 where id = ${P.fries}`);
    }
    await heard(backend, async () => expect(await quote(fries)).toMatchObject({ productPrice: 14_000, problems: [] }));
  });

  it('hears a promo changed or switched off by hand in SQL', async () => {
    const basket = pickup([plain(P.fries)], { promoCode: 'WELCOME10' });
    expect(await quote(basket)).toMatchObject({ promoProductDiscount: 1_400, problems: [] });
    try {
      await t.database.db.execute(sql`update promos set product_discount = 20 where id = ${DEMO.promos.welcome10.id}`);
      await heard(backend, async () => expect(await quote(basket)).toMatchObject({ promoProductDiscount: 2_800, problems: [] }));
      await t.database.db.execute(sql`update promos set is_active = false where id = ${DEMO.promos.welcome10.id}`);
      await heard(backend, async () =>
        expect(await quote(basket)).toMatchObject({
          promo: null,
          promoProductDiscount: 0,
          problems: [expect.objectContaining({ code: 'PROMO_NOT_ACTIVE' })],
        }),
      );
      await t.database.db.execute(
        sql`insert into promos (merchant_id, code, discount_type, product_discount) values (${T.id}, 'Snapshot5', 'PERCENTAGE', 5)`,
      );
      await heard(backend, async () =>
        expect(await quote(pickup([plain(P.fries)], { promoCode: 'SNAPSHOT5' }))).toMatchObject({
          promoProductDiscount: 700,
          problems: [],
        }),
      );
    } finally {
      await t.database.db.execute(sql`delete from promos where merchant_id = ${T.id} and code = 'Snapshot5'`);
      await t.database.db.execute(sql`update promos set product_discount = 10, is_active = true where id = ${DEMO.promos.welcome10.id}`);
    }
    await heard(backend, async () => expect(await quote(basket)).toMatchObject({ promoProductDiscount: 1_400, problems: [] }));
  });

  it("reads only a signed-in customer's cashback balance, in one statement beside the session's check, and none when no cashback is spent", async () => {
    const c = await signInCustomer(t, dataDir, { phone: '+998951120002', merchantId: T.id, ip: '10.26.0.2' });
    const auth = { ...TEZKOR, authorization: `Bearer ${c.token}` };
    await t.database.db.execute(sql`update users set cashback = 3000 where id = ${c.id}`);
    const spending = pickup([plain(P.fries)], { promoCode: 'WELCOME10', cashback: 5_000 });
    const notSpending = pickup([plain(P.fries)], { promoCode: 'WELCOME10' });
    await quote(spending, auth);
    await quote(notSpending, auth);
    // What a signed-in request costs without the quote asking anything: the session's check.
    const session = countStatements(t.database);
    try {
      expect(await quote(notSpending, auth)).toMatchObject({ cashback: 0, promoProductDiscount: 1_400, problems: [] });
    } finally {
      session.stop();
    }
    const counted = countStatements(t.database);
    try {
      expect(await quote(spending, auth)).toMatchObject({ cashback: 3_000, promoProductDiscount: 1_400, problems: [] });
      expect(counted.count()).toBe(session.count() + 1);
    } finally {
      counted.stop();
    }
    // The balance is the customer's own and read per quote: a change is seen at once, with nothing to hear.
    await t.database.db.execute(sql`update users set cashback = 1000 where id = ${c.id}`);
    expect(await quote(spending, auth)).toMatchObject({ cashback: 1_000, problems: [] });
  });
});

/** Two instances on one PostgreSQL: a change made on A reaches B's snapshot through the database. */
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('the brand snapshot across instances on PostgreSQL', () => {
  const pair = twoInstances('dx-snapshot-');

  it("quotes on B a product A's staff put on the stop-list, and off it again", async () => {
    const onB = async (body: object) =>
      QuoteResponse.parse(
        (await pair.b.app.inject({ method: 'POST', url: '/api/orders/v1/orders/quote', headers: TEZKOR, payload: body })).json(),
      );
    const basket = pickup([plain(P.fries)]);
    expect((await onB(basket)).problems).toEqual([]);
    const login = await pair.a.app.inject({
      method: 'POST',
      url: '/api/ops/v1/auth/login',
      headers: TEZKOR,
      payload: { phone: T.staffPhones.operator, password: T.staffPassword },
    });
    const token = (login.json() as { token: string }).token;
    const stop = (stopped: boolean) =>
      pair.a.app.inject({
        method: 'PUT',
        url: '/api/ops/v1/stop-list',
        headers: { ...TEZKOR, authorization: `Bearer ${token}` },
        payload: { branchId: T.branches.chilonzor, productId: P.fries, stopped },
      });
    expect((await stop(true)).statusCode).toBe(200);
    await heard('postgres', async () => expect((await onB(basket)).problems.map((p) => p.code)).toEqual(['PRODUCT_NOT_AVAILABLE']));
    expect((await stop(false)).statusCode).toBe(200);
    await heard('postgres', async () => expect((await onB(basket)).problems).toEqual([]));
  });
});
