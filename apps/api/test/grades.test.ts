import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grades, orderGrades } from '@dasturxon/db';
import { DEMO } from '@dasturxon/db/seed';
import { REGRADE_WINDOW_MS } from '@dasturxon/domain';
import { Order } from '@dasturxon/domain/contracts';
import { BACKENDS, createTestApp, signInCustomer, type TestApp } from './harness.ts';

const T = DEMO.tezkor;
const P = T.products;
const CHILONZOR = T.branches.chilonzor;

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
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: { 'x-merchant-id': T.id, 'accept-language': 'ru', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      remoteAddress: freshIp(),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const login = () => signInCustomer(t, dataDir, { phone: freshPhone(), merchantId: T.id, ip: freshIp() });
  const pickupOrder = async (token: string) => {
    const res = await call('POST', '/orders/v1/orders', token, {
      serviceType: 'PICK_UP',
      branchId: CHILONZOR,
      cartItems: [{ productId: P.fries, count: 2 }],
    });
    expect(res.statusCode).toBe(201);
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
});
