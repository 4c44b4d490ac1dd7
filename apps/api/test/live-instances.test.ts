import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '@dasturxon/db/seed';
import { Order, StaffLoginResponse } from '@dasturxon/domain/contracts';
import { listen, signInCustomer, twoInstances } from './harness.ts';

const T = DEMO.tezkor;

/**
 * Two server instances on one PostgreSQL (issue 15): a status change made through one reaches a stream held by the
 * other, through LISTEN/NOTIFY; and the listening connection, once lost, comes back and catches up.
 */
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('live events across instances on PostgreSQL', () => {
  const pair = twoInstances('dx-live-');
  let baseB: string;
  beforeAll(async () => {
    baseB = await pair.b.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('delivers a move made on instance A to a customer and a board streaming from instance B, and resumes after a reconnect', async () => {
    const c = await signInCustomer(pair.a, pair.dataDir, { phone: '+998951234567', merchantId: T.id, ip: '10.16.0.1' });
    const placed = await pair.a.app.inject({
      method: 'POST',
      url: '/api/orders/v1/orders',
      headers: { 'x-merchant-id': T.id, authorization: `Bearer ${c.token}` },
      payload: { serviceType: 'PICK_UP', branchId: T.branches.chilonzor, cartItems: [{ productId: T.products.fries, count: 1 }] },
    });
    const order = Order.parse(placed.json());
    const login = await pair.a.app.inject({
      method: 'POST',
      url: '/api/ops/v1/auth/login',
      headers: { 'x-merchant-id': T.id },
      payload: { phone: T.staffPhones.operator, password: T.staffPassword },
    });
    const staffToken = StaffLoginResponse.parse(login.json()).token;

    /** A stream of instance B (harness `listen`); `until` answers the events' data. */
    const stream = (path: string, token: string, lastEventId: string | null = null) => {
      const s = listen(`${baseB}/api${path}`, { token, merchantId: T.id, lastEventId });
      const until = async (n: number) => (await s.until(n, 10_000)).map((e) => JSON.parse(e.data) as { status: string; orderId: string });
      return { ...s, until };
    };
    const mine = stream(`/orders/v1/orders/${order.id}/events`, c.token);
    const board = stream('/ops/v1/events', staffToken);
    await Promise.all([mine.open, board.open]);

    await pair.a.app.moveOrder(T.id, order.id, { to: 'ACCEPTED', role: 'operator' });
    expect((await mine.until(1)).map((e) => e.status)).toEqual(['ACCEPTED']);
    expect((await board.until(1)).filter((e) => e.orderId === order.id).map((e) => e.status)).toEqual(['ACCEPTED']);
    const last = mine.events[0]!.id;
    await mine.stop();

    // Instance B's listening connection is cut (as a failover would): it reconnects and reads what it missed.
    await pair.b.database.pool!.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
    );
    await pair.a.app.moveOrder(T.id, order.id, { to: 'COOKING', role: 'operator' });
    await pair.a.app.moveOrder(T.id, order.id, { to: 'DONE', role: 'operator' });
    expect((await board.until(3)).filter((e) => e.orderId === order.id).map((e) => e.status)).toEqual(['ACCEPTED', 'COOKING', 'DONE']);

    const again = stream(`/orders/v1/orders/${order.id}/events`, c.token, last);
    expect((await again.until(2)).map((e) => e.status)).toEqual(['COOKING', 'DONE']);
    await pair.a.app.moveOrder(T.id, order.id, { to: 'CLOSED', role: 'operator' });
    expect((await again.until(3)).map((e) => e.status)).toEqual(['COOKING', 'DONE', 'CLOSED']);
    await again.stop();
    await board.stop();
  });

  it('ends a board stream held by instance B when its staff member logs out through instance A (issue 26)', async () => {
    const login = await pair.a.app.inject({
      method: 'POST',
      url: '/api/ops/v1/auth/login',
      headers: { 'x-merchant-id': T.id },
      payload: { phone: T.staffPhones.admin, password: T.staffPassword },
    });
    const token = StaffLoginResponse.parse(login.json()).token;
    const board = listen(`${baseB}/api/ops/v1/events`, { token, merchantId: T.id });
    await board.open;
    const out = await pair.a.app.inject({
      method: 'POST',
      url: '/api/ops/v1/auth/logout',
      headers: { 'x-merchant-id': T.id, authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(204);
    expect(await board.end()).toBe(true);
    expect(board.events.at(-1)).toMatchObject({ event: 'end' });
    await board.stop();
  });
});
