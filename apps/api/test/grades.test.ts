import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grades, merchantSettings, orderGrades, orders, products } from '@dasturxon/db';
import { DEMO, seedDemoGrades } from '@dasturxon/db/seed';
import { REGRADE_WINDOW_MS } from '@dasturxon/domain';
import { Order, ProductComments, StaffGrade, StaffGrades } from '@dasturxon/domain/contracts';
import { BACKENDS, createTestApp, signInCustomer, staffCaller, tezkorStaff, type TestApp } from './harness.ts';

const T = DEMO.tezkor;
const P = T.products;
const CHILONZOR = T.branches.chilonzor;
const N = DEMO.navbahor;

describe.each(BACKENDS)('order grades on %s', (backend) => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'dx-grades-'));
    t = await createTestApp(backend, { DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  let serial = 0;
  const freshPhone = () => `+99894${String(1_000_000 + ++serial * 7919).slice(-7)}`;
  const freshIp = () => `10.31.${Math.floor(++serial / 250)}.${serial % 250}`;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: unknown, merchantId: string = T.id) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: { 'x-merchant-id': merchantId, 'accept-language': 'ru', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      remoteAddress: freshIp(),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const login = () => signInCustomer(t, dataDir, { phone: freshPhone(), merchantId: T.id, ip: freshIp() });
  const pickupOrder = async (token: string, cartItems: { productId: string; count: number }[] = [{ productId: P.fries, count: 2 }]) => {
    const res = await call('POST', '/orders/v1/orders', token, {
      serviceType: 'PICK_UP',
      branchId: CHILONZOR,
      cartItems,
    });
    expect(res.statusCode, res.body).toBe(201);
    return Order.parse(res.json());
  };
  const complete = async (orderId: string) => {
    for (const to of ['ACCEPTED', 'COOKING', 'DONE'] as const) await t.app.moveOrder(T.id, orderId, { to, role: 'kitchen' });
    await t.app.moveOrder(T.id, orderId, { to: 'CLOSED', role: 'operator' });
  };

  it('grades a picked-up order and its products, changes it within a day, then is locked', async () => {
    const c = await login();
    const order = await pickupOrder(c.token);
    // Not completed yet: refused, with the customer's language.
    const early = await call('PUT', `/orders/v1/orders/${order.id}/grade`, c.token, { grade: 5 });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'GRADE_NOT_COMPLETED' });
    expect((await call('GET', `/orders/v1/orders/${order.id}/grade`, c.token)).json()).toMatchObject({ canGrade: false, grade: null });

    await complete(order.id);
    expect((await call('GET', `/orders/v1/orders/${order.id}/grade`, c.token)).json()).toMatchObject({ canGrade: true, grade: null });
    const first = await call('PUT', `/orders/v1/orders/${order.id}/grade`, c.token, {
      grade: 4,
      comment: '  Картошка горячая  ',
      products: [{ productId: P.fries, grade: 5 }],
    });
    expect(first.json()).not.toHaveProperty('code');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ grade: 4, comment: 'Картошка горячая', products: [{ productId: P.fries, grade: 5 }] });
    const [stored] = await t.database.db
      .select()
      .from(grades)
      .where(and(eq(grades.merchantId, T.id), eq(grades.productId, P.fries), eq(grades.userId, c.id)));
    expect(stored?.grade).toBe(5);

    // A product not in the order is refused and nothing changes.
    const stranger = await call('PUT', `/orders/v1/orders/${order.id}/grade`, c.token, {
      grade: 1,
      products: [{ productId: P.cola, grade: 1 }],
    });
    expect(stranger.statusCode).toBe(400);
    // Out of range and too long are refused.
    expect((await call('PUT', `/orders/v1/orders/${order.id}/grade`, c.token, { grade: 6 })).statusCode).toBe(400);
    expect((await call('PUT', `/orders/v1/orders/${order.id}/grade`, c.token, { grade: 3, comment: 'x'.repeat(501) })).statusCode).toBe(
      400,
    );

    // Changed within the day: one row, the new grade.
    const again = await call('PUT', `/orders/v1/orders/${order.id}/grade`, c.token, { grade: 2, comment: 'Остыла' });
    expect(again.json()).toMatchObject({ grade: 2, comment: 'Остыла', canGrade: true });
    const rows = await t.database.db.select().from(orderGrades).where(eq(orderGrades.orderId, order.id));
    expect(rows).toHaveLength(1);

    // A day later: locked.
    const real = t.clock.now();
    t.clock.set(new Date(rows[0]!.createdAt.getTime() + REGRADE_WINDOW_MS + 60_000));
    try {
      const late = await call('PUT', `/orders/v1/orders/${order.id}/grade`, c.token, { grade: 5 });
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({ code: 'GRADE_LOCKED' });
      expect((await call('GET', `/orders/v1/orders/${order.id}/grade`, c.token)).json()).toMatchObject({ canGrade: false, grade: 2 });
    } finally {
      t.clock.set(real);
    }
  });

  it("refuses someone else's order as not found, and a guest", async () => {
    const owner = await login();
    const other = await login();
    const order = await pickupOrder(owner.token);
    await complete(order.id);
    const res = await call('PUT', `/orders/v1/orders/${order.id}/grade`, other.token, { grade: 1, comment: 'spam' });
    expect(res.statusCode).toBe(404);
    expect((await call('GET', `/orders/v1/orders/${order.id}/grade`, other.token)).statusCode).toBe(404);
    expect((await call('PUT', `/orders/v1/orders/${order.id}/grade`, null, { grade: 1 })).statusCode).toBe(401);
    expect(await t.database.db.select().from(orderGrades).where(eq(orderGrades.orderId, order.id))).toEqual([]);
  });

  const commentsOn = async (on: boolean, merchantId = T.id) =>
    t.database.db
      .update(merchantSettings)
      .set({ productComment: on })
      .where(and(eq(merchantSettings.merchantId, merchantId), eq(merchantSettings.channel, 'WEB')));
  const averageOf = async (productId: string, merchantId = T.id, type = 'WEB') => {
    const res = await call('GET', `/products/v1/grade?type=${type}`, null, undefined, merchantId);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { productId: string; grade: number; count: number }[]).find((g) => g.productId === productId);
  };
  const comments = async (productId: string, page = 0, merchantId = T.id) =>
    call('GET', `/products/v1/${productId}/comments?page=${page}`, null, undefined, merchantId);

  it("averages the products' grades of order grades, shows the comments newest first, and the console hides one", async () => {
    const before = await averageOf(P.ketchup);
    const given: { grade: number; comment: string }[] = [
      { grade: 5, comment: 'Очень сочный лаваш' },
      { grade: 4, comment: 'Mazali, lekin biroz sovuq edi' },
      { grade: 2, comment: 'Гадость, повар — идиот' },
    ];
    const graded: string[] = [];
    for (const g of given) {
      const c = await login();
      const order = await pickupOrder(c.token, [{ productId: P.ketchup, count: 1 }]);
      await complete(order.id);
      const res = await call('PUT', `/orders/v1/orders/${order.id}/grade`, c.token, {
        grade: g.grade,
        comment: g.comment,
        products: [{ productId: P.ketchup, grade: g.grade }],
      });
      expect(res.statusCode, res.body).toBe(200);
      graded.push(order.id);
    }
    const after = await averageOf(P.ketchup);
    const count = (before?.count ?? 0) + 3;
    expect(after?.count).toBe(count);
    const sum = (before ? before.grade * before.count : 0) + 11;
    expect(after?.grade).toBeCloseTo(Math.round((sum / count) * 10) / 10, 1);
    // A source whose menu does not list the product answers without it.
    await t.database.db
      .update(products)
      .set({ systems: ['WEB'] })
      .where(eq(products.id, P.ketchup));
    try {
      expect(await averageOf(P.ketchup, T.id, 'QR')).toBeUndefined();
    } finally {
      await t.database.db
        .update(products)
        .set({ systems: ['WEB', 'TELEGRAM', 'QR', 'APP'] })
        .where(eq(products.id, P.ketchup));
    }

    // Comments: newest first, on with the flag.
    await commentsOn(true);
    const list = ProductComments.parse((await comments(P.ketchup)).json());
    expect(list.items.slice(0, 3).map((c) => c.comment)).toEqual(given.map((g) => g.comment).reverse());
    expect(list.items[0]).toMatchObject({ grade: 2 });

    // The console: newest first with the order number and branch; the operator sees, may not hide.
    const staff = await tezkorStaff(t);
    const board = StaffGrades.parse((await staff.operator('GET', '/ops/v1/grades')).json());
    const abusive = board.items[0]!;
    expect(abusive).toMatchObject({ orderId: graded[2], comment: 'Гадость, повар — идиот', branchId: CHILONZOR, hidden: false });
    expect(abusive.orderNumber).toBeGreaterThan(0);
    expect(abusive.branchName.ru).toBeTruthy();
    expect(abusive.products).toEqual([expect.objectContaining({ productId: P.ketchup, grade: 2 })]);
    expect((await staff.operator('PUT', `/ops/v1/grades/${abusive.id}/hidden`, { hidden: true })).statusCode).toBe(403);
    expect((await staff.kitchen('GET', '/ops/v1/grades')).statusCode).toBe(403);
    expect((await staffCaller(t, null, T.id)('GET', '/ops/v1/grades')).statusCode).toBe(401);

    // The owner hides it: gone from the storefront, kept with who hid it.
    const hid = await staff.owner('PUT', `/ops/v1/grades/${abusive.id}/hidden`, { hidden: true });
    expect(hid.statusCode, hid.body).toBe(200);
    expect(StaffGrade.parse(hid.json())).toMatchObject({ hidden: true, hiddenBy: 'Kamola Yusupova' });
    const [row] = await t.database.db.select().from(orderGrades).where(eq(orderGrades.id, abusive.id));
    expect(row).toMatchObject({ hidden: true, hiddenBy: T.staff.owner, comment: 'Гадость, повар — идиот' });
    const shown = ProductComments.parse((await comments(P.ketchup)).json()).items.map((c) => c.comment);
    expect(shown).not.toContain('Гадость, повар — идиот');
    expect(shown).toContain('Очень сочный лаваш');
    // Its grade still counts in the average.
    expect((await averageOf(P.ketchup))?.count).toBe(count);
    // The admin shows it again.
    const back = await staff.admin('PUT', `/ops/v1/grades/${abusive.id}/hidden`, { hidden: false });
    expect(back.json()).toMatchObject({ hidden: false, hiddenBy: null });
    expect(ProductComments.parse((await comments(P.ketchup)).json()).items[0]?.comment).toBe('Гадость, повар — идиот');

    // Off: no comments at all.
    await commentsOn(false);
    try {
      const off = await comments(P.ketchup);
      expect(off.statusCode).toBe(403);
      expect(off.json()).toMatchObject({ code: 'FEATURE_OFF' });
    } finally {
      await commentsOn(true);
    }
  });

  it('pages the comments and keeps each brand to itself', async () => {
    // Eleven comments on the cola: a page of ten, then one.
    for (let i = 0; i < 11; i++) {
      const c = await login();
      const order = await pickupOrder(c.token, [{ productId: P.cola, count: 1 }]);
      await complete(order.id);
      const res = await call('PUT', `/orders/v1/orders/${order.id}/grade`, c.token, {
        grade: 4,
        comment: `cola ${i}`,
        products: [{ productId: P.cola, grade: 4 }],
      });
      expect(res.statusCode).toBe(200);
    }
    const first = ProductComments.parse((await comments(P.cola)).json());
    expect(first.items).toHaveLength(10);
    expect(first.hasMore).toBe(true);
    const second = ProductComments.parse((await comments(P.cola, 1)).json());
    expect(second.hasMore).toBe(false);
    expect(new Set([...first.items, ...second.items].map((c) => c.comment)).size).toBe(first.items.length + second.items.length);
    // An order graded without a product grade for the cola leaves its comment off the cola.
    expect(first.items.every((c) => c.comment.startsWith('cola '))).toBe(true);

    // Another brand: none of Tezkor's grades, comments or averages.
    await commentsOn(true, N.id);
    const nb = await comments(P.cola, 0, N.id);
    expect(ProductComments.parse(nb.json()).items).toEqual([]);
    const nbGrades = (await call('GET', '/products/v1/grade', null, undefined, N.id)).json() as { productId: string }[];
    expect(nbGrades.some((g) => g.productId === P.cola)).toBe(false);
    // Tezkor's customer token at another brand is no customer there; Tezkor's staff token neither.
    const c = await login();
    const order = await pickupOrder(c.token);
    await complete(order.id);
    expect((await call('PUT', `/orders/v1/orders/${order.id}/grade`, c.token, { grade: 1 }, N.id)).statusCode).toBe(401);
    const staff = await tezkorStaff(t);
    const graded = StaffGrades.parse((await staff.owner('GET', '/ops/v1/grades')).json()).items[0]!;
    const tokenless = await t.app.inject({ method: 'GET', url: '/api/ops/v1/grades', headers: { 'x-merchant-id': N.id } });
    expect(tokenless.statusCode).toBe(401);
    expect(graded.orderId).not.toBe(order.id);
  });

  it("seeds Tezkor's graded orders once: averages from three grades, comments in ru and uz", async () => {
    const now = t.clock.now();
    await seedDemoGrades(t.database.db, { now });
    const countOrders = async () => (await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.merchantId, T.id))).length;
    const seeded = await countOrders();
    await seedDemoGrades(t.database.db, { now });
    expect(await countOrders()).toBe(seeded);
    const cheeseburger = await averageOf(P.cheeseburger);
    expect(cheeseburger?.count).toBeGreaterThanOrEqual(3);
    expect(cheeseburger?.grade).toBeGreaterThan(3.5);
    const list = ProductComments.parse((await comments(P.cheeseburger)).json()).items;
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list.some((c) => /[а-я]/i.test(c.comment))).toBe(true);
    expect(list.some((c) => /[ʻ'a-z]/i.test(c.comment) && !/[а-я]/i.test(c.comment))).toBe(true);
    // Newest first.
    const times = list.map((c) => c.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    // The console lists them with their order numbers, which the counter gave out.
    const staff = await tezkorStaff(t);
    const board = StaffGrades.parse((await staff.owner('GET', '/ops/v1/grades')).json());
    expect(new Set(board.items.map((g) => g.orderNumber)).size).toBe(board.items.length);
    // A new order after the seed takes the next number.
    const c = await login();
    const order = await pickupOrder(c.token);
    expect(order.number).toBeGreaterThan(Math.max(...board.items.map((g) => g.orderNumber)));
  });
});
