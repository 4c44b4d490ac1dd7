import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '@dasturxon/db/seed';
import { Order, QuoteResponse, StaffLoginResponse } from '@dasturxon/domain/contracts';
import { BACKENDS, createTestApp, signInCustomer, type TestApp } from './harness.ts';

const T = DEMO.tezkor;
const P = T.products;
const CHILONZOR = T.branches.chilonzor; // open round the clock; the demo staff work here
const ADDRESS = { latitude: 41.2765, longitude: 69.2045 };
const FAR = { latitude: 41.33, longitude: 69.3 };

/** Issue 29: the arrival estimate of the quote and of the order as the customer reads it, moved by the kitchen and the courier. */
describe.each(BACKENDS)('arrival estimate on %s', (backend) => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'dx-eta-'));
    t = await createTestApp(backend, { DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  let serial = 0;
  const freshIp = () => `10.29.${Math.floor(++serial / 250)}.${serial % 250}`;
  const api = (method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: { 'x-merchant-id': T.id, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      remoteAddress: freshIp(),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const staff = async (role: 'kitchen' | 'courier' | 'operator') => {
    const res = await api('POST', '/ops/v1/auth/login', null, { phone: T.staffPhones[role], password: T.staffPassword });
    return StaffLoginResponse.parse(res.json()).token;
  };
  const customer = () =>
    signInCustomer(t, dataDir, { phone: `+99893${String(1_000_000 + ++serial * 7919).slice(-7)}`, merchantId: T.id, ip: freshIp() });
  const read = async (token: string, id: string) => Order.parse((await api('GET', `/orders/v1/orders/${id}`, token)).json());
  const move = async (token: string, id: string, body: Record<string, unknown>) => {
    const res = await api('PUT', `/ops/v1/orders/${id}/status`, token, body);
    expect(res.statusCode, res.body).toBe(200);
  };

  it('quotes a delivery as a range that grows with the distance and a pickup as "ready at"', async () => {
    const quote = async (body: Record<string, unknown>) =>
      QuoteResponse.parse(
        (
          await api('POST', '/orders/v1/orders/quote', null, {
            cartItems: [{ productId: P.fries, count: 1 }],
            branchId: CHILONZOR,
            ...body,
          })
        ).json(),
      );
    const near = (await quote({ serviceType: 'DELIVERY', address: ADDRESS })).eta!;
    const far = (await quote({ serviceType: 'DELIVERY', address: FAR })).eta!;
    expect(near).toMatchObject({ kind: 'delivery', overdue: false });
    expect(near.maxMinutes - near.minMinutes).toBe(10);
    expect(near.minMinutes % 5).toBe(0);
    expect(far.minMinutes).toBeGreaterThan(near.minMinutes);
    const pickup = (await quote({ serviceType: 'PICK_UP' })).eta!;
    expect(pickup.kind).toBe('pickup');
    expect(new Date(pickup.at).getUTCMinutes() % 5).toBe(0);
    // No address yet: no distance to ride, no estimate.
    expect((await quote({ serviceType: 'DELIVERY' })).eta).toBeNull();
  });

  it("moves the order's estimate with the kitchen's cooking time and the courier's position, and drops it once delivered", async () => {
    const [kitchen, courier] = [await staff('kitchen'), await staff('courier')];
    const c = await customer();
    const placed = await api('POST', '/orders/v1/orders', c.token, {
      serviceType: 'DELIVERY',
      branchId: CHILONZOR,
      address: { ...ADDRESS, streetName: "Bunyodkor shoh ko'chasi", houseNumber: '12' },
      cartItems: [
        { productId: P.fries, count: 4 },
        { productId: P.cola, count: 2 },
      ],
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = Order.parse(placed.json());
    expect(order.eta).toMatchObject({ kind: 'delivery', overdue: false });

    await move(kitchen, order.id, { status: 'ACCEPTED', cookingTime: 120 });
    const accepted = (await read(c.token, order.id)).eta!;
    expect(accepted.minMinutes).toBeGreaterThanOrEqual(order.eta!.minMinutes + 90);

    await move(kitchen, order.id, { status: 'COOKING' });
    await move(kitchen, order.id, { status: 'DONE' });
    await move(courier, order.id, { status: 'ATTACHED' });
    await move(courier, order.id, { status: 'ON_WAY' });
    const riding = (await read(c.token, order.id)).eta!;
    expect(riding.maxMinutes).toBeLessThan(accepted.minMinutes);
    // The courier reports from far away, then at the door: the estimate follows.
    const report = (p: typeof ADDRESS) => api('PUT', '/ops/v1/courier/position', courier, { ...p, heading: null, accuracy: 10 });
    expect((await report(FAR)).statusCode).toBe(204);
    const away = (await read(c.token, order.id)).eta!;
    expect((await report(ADDRESS)).statusCode).toBe(204);
    const door = (await read(c.token, order.id)).eta!;
    expect(door).toMatchObject({ minMinutes: 5, maxMinutes: 10 });
    expect(away.minMinutes).toBeGreaterThan(door.minMinutes);

    await move(courier, order.id, { status: 'DELIVERED' });
    expect((await read(c.token, order.id)).eta).toBeNull();
  });
});
