import { describe, expect, it } from 'vitest';
import { DEMO } from '@dasturxon/db/seed';
import { Order, QuoteResponse } from '@dasturxon/domain/contracts';
import { BACKENDS, brandCalls, oneInstance } from './harness.ts';

const T = DEMO.tezkor;
const P = T.products;
const CHILONZOR = T.branches.chilonzor; // open round the clock; the demo staff work here
const ADDRESS = { latitude: 41.2765, longitude: 69.2045 };
const FAR = { latitude: 41.33, longitude: 69.3 };

/** Issue 29: the arrival estimate of the quote and of the order as the customer reads it, moved by the kitchen and the courier. */
describe.each(BACKENDS)('arrival estimate on %s', (backend) => {
  const app = oneInstance(backend, 'dx-eta-');
  const { call: api, customer, staffToken } = brandCalls(app, { merchantId: T.id, net: 29 });
  const staff = (role: 'kitchen' | 'courier' | 'operator') => staffToken(T.staffPhones[role], T.staffPassword);
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
