import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, staff } from '@dasturxon/db';
import { DEMO } from '@dasturxon/db/seed';
import { BACKENDS, brandCalls, listen as listenAt, oneInstance } from './harness.ts';

/*
 * Issue 26: an event stream ends with the session that opened it (a logout, on any instance, at once; an expired
 * session or a deactivated staff member at the next check), and a reconnect past what can be replayed is told to
 * reload its state (`event: reset`) instead of silently missing events.
 */

const T = DEMO.tezkor;
const CHILONZOR = T.branches.chilonzor;

describe.each(BACKENDS)('event streams and sessions on %s', (backend) => {
  let base: string;
  const app = oneInstance(backend, 'dx-live-sessions-', {
    ready: async (t) => {
      base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    },
  });
  const { call: api, customer, staffToken, placePickup: place } = brandCalls(app, { merchantId: T.id, net: 26 });
  const staffLogin = (role: keyof typeof T.staffPhones) => staffToken(T.staffPhones[role], T.staffPassword);
  const placePickup = (token: string) => place(token, CHILONZOR, [{ productId: T.products.fries, count: 1 }]);

  /** A stream of this server read in the background (harness `listen`). */
  const listen = (path: string, token: string, lastEventId: string | null = null) =>
    listenAt(`${base}/api${path}`, { token, merchantId: T.id, lastEventId });

  it("ends a customer's order stream when they log out, and only theirs", async () => {
    const [leaving, staying] = [await customer(), await customer()];
    const [mine, theirs] = [await placePickup(leaving.token), await placePickup(staying.token)];
    const a = listen(`/orders/v1/orders/${mine.id}/events`, leaving.token);
    const b = listen(`/orders/v1/orders/${theirs.id}/events`, staying.token);
    await Promise.all([a.open, b.open]);
    expect((await api('POST', '/users/v1/users/logout', leaving.token)).statusCode).toBeLessThan(300);
    // Ended by the logout itself, with a closing event; no check was asked for.
    expect(await a.end()).toBe(true);
    expect(a.events.at(-1)).toMatchObject({ event: 'end' });
    expect(JSON.parse(a.events.at(-1)!.data)).toEqual({ reason: 'SESSION_ENDED' });
    expect(b.ended()).toBe(false);
    // Reconnecting with the old token is refused.
    const again = await fetch(`${base}/api/orders/v1/orders/${mine.id}/events`, {
      headers: { authorization: `Bearer ${leaving.token}`, 'x-merchant-id': T.id },
    });
    expect(again.status).toBe(401);
    await b.stop();
  });

  it("ends a customer's stream when their session has expired, at the next check", async () => {
    const c = await customer();
    const order = await placePickup(c.token);
    const s = listen(`/orders/v1/orders/${order.id}/events`, c.token);
    await s.open;
    expect(await app.t.app.checkStreamSessions()).toBe(0);
    await app.t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(app.t.clock.now().getTime() - 1000) })
      .where(eq(sessions.userId, c.id));
    expect(await app.t.app.checkStreamSessions()).toBe(1);
    expect(await s.end()).toBe(true);
  });

  it("ends a staff member's board stream when they log out, and every stream of a member deactivated", async () => {
    const [operator, kitchen, admin] = [await staffLogin('operator'), await staffLogin('kitchen'), await staffLogin('admin')];
    const boards = [
      listen('/ops/v1/events', operator),
      listen('/ops/v1/events', kitchen),
      listen('/ops/v1/events', kitchen),
      listen('/ops/v1/events', admin),
    ];
    await Promise.all(boards.map((b) => b.open));
    expect((await api('POST', '/ops/v1/auth/logout', operator)).statusCode).toBeLessThan(300);
    expect(await boards[0]!.end()).toBe(true);
    expect(boards[0]!.events.at(-1)).toMatchObject({ event: 'end' });
    expect(boards.slice(1).map((b) => b.ended())).toEqual([false, false, false]);

    // Deactivated in the database (no one announces it): both of the kitchen's streams end at the next check.
    await app.t.database.db
      .update(staff)
      .set({ isActive: false })
      .where(and(eq(staff.merchantId, T.id), eq(staff.id, T.staff.kitchen)));
    try {
      expect(await app.t.app.checkStreamSessions()).toBe(2);
      expect(await boards[1]!.end()).toBe(true);
      expect(await boards[2]!.end()).toBe(true);
      expect(boards[3]!.ended()).toBe(false);
    } finally {
      await app.t.database.db
        .update(staff)
        .set({ isActive: true })
        .where(and(eq(staff.merchantId, T.id), eq(staff.id, T.staff.kitchen)));
    }
    await boards[3]!.stop();
  });

  it('tells a reconnect 1,101 events behind to reload (event: reset), then follows live; 5 behind are replayed', async () => {
    const kitchen = await staffLogin('kitchen');
    const c = await customer();
    const order = await placePickup(c.token);
    const first = listen('/ops/v1/events', kitchen);
    await first.open;
    expect(
      (await api('PUT', `/ops/v1/orders/${order.id}/status`, await staffLogin('operator'), { status: 'ACCEPTED', cookingTime: 10 }))
        .statusCode,
    ).toBe(200);
    const seen = (await first.until(1)).at(-1)!;
    await first.stop();

    // 1,101 of the brand's events written while the kitchen was away (the board's window is 1,000).
    const after = Number(seen.id);
    await app.t.database.db.execute(sql`
      insert into order_events (merchant_id, id, order_id, type, payload, at)
      select ${T.id}::uuid, ${after} + n, ${order.id}::uuid, 'order',
             jsonb_build_object('id', (${after} + n)::text, 'type', 'order', 'merchantId', ${T.id}::text, 'orderId', ${order.id}::text, 'number', ${order.number}::int,
                                'branchId', ${CHILONZOR}::text, 'status', 'ACCEPTED', 'courierStatus', '', 'position', null, 'at', now()::text,
                                'userId', ${c.id}::text, 'courierId', null, 'serviceType', 'PICK_UP'),
             now()
      from generate_series(1, 1101) n`);
    const back = listen('/ops/v1/events', kitchen, seen.id);
    const [reset] = await back.until(1);
    expect(reset).toMatchObject({ event: 'reset', id: String(after + 1101) });
    // Then live, from there.
    expect((await api('PUT', `/ops/v1/orders/${order.id}/status`, await staffLogin('operator'), { status: 'COOKING' })).statusCode).toBe(
      200,
    );
    const next = (await back.until(2))[1]!;
    expect(next.id).toBe(String(after + 1102));
    expect(JSON.parse(next.data)).toMatchObject({ orderId: order.id, status: 'COOKING' });
    await back.stop();

    // Within the window: the events themselves, no reset.
    const near = listen('/ops/v1/events', kitchen, String(after + 1097));
    const replayed = await near.until(5);
    expect(replayed.map((e) => e.event)).toEqual(['order', 'order', 'order', 'order', 'order']);
    await near.stop();

    // A number the brand never reached (another database's) is no place to resume from either.
    const ahead = listen('/ops/v1/events', kitchen, String(after + 50_000));
    expect((await ahead.until(1))[0]).toMatchObject({ event: 'reset', id: String(after + 1102) });
    await ahead.stop();
  });
});
