import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { diningTables, merchantSettings, orders, tableSessions } from '@dasturxon/db';
import { DEMO } from '@dasturxon/db/seed';
import { TABLE_SERVICE } from '@dasturxon/domain';
import { Floor, LoginResponse, Order, TableBill, TableLinkSheet, TableSeat, WaiterCall } from '@dasturxon/domain/contracts';
import { BACKENDS, brandCalls, listen, oneInstance, type TestApp } from './harness.ts';

/*
 * Issue 32, QR tables: a table's signed link opens the table's session, its guests order into one running bill (channel
 * QR, the seat's table, never the body's), call the waiter within the limits, and the staff's floor hears it live.
 */

const T = DEMO.tezkor;
const CHILONZOR = T.branches.chilonzor;
const YUNUSOBOD = T.branches.yunusobod;
const NOW = new Date('2030-03-14T08:00:00Z');

async function setFlags(t: TestApp, merchantId: string, flags: Partial<typeof merchantSettings.$inferInsert>) {
  await t.database.db
    .update(merchantSettings)
    .set(flags)
    .where(and(eq(merchantSettings.merchantId, merchantId), eq(merchantSettings.channel, 'WEB')));
}

describe.each(BACKENDS)('QR tables on %s', (backend) => {
  let base: string;
  const app = oneInstance(backend, 'dx-tables-', {
    ready: async (t) => {
      t.clock.set(NOW);
      base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    },
  });
  const { call, customer, staffToken, freshIp } = brandCalls(app, { merchantId: T.id, net: 34 });
  const navbahor = brandCalls(app, { merchantId: DEMO.navbahor.id, net: 35 });
  const staff = (role: keyof typeof T.staffPhones) => staffToken(T.staffPhones[role], T.staffPassword);

  /** A call with the seat header (and a token, if any). */
  const seated = (method: 'GET' | 'POST', url: string, seat: string | null, token: string | null, payload?: unknown, merchantId = T.id) =>
    app.t.app.inject({
      method,
      url: `/api${url}`,
      headers: {
        'x-merchant-id': merchantId,
        ...(seat ? { 'x-table-seat': seat } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      remoteAddress: freshIp(),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** The token of a table's link, as the staff's QR sheet prints it. */
  async function linkOf(name: string, branchId = CHILONZOR): Promise<string> {
    const res = await call('GET', `/ops/v1/floor/branches/${branchId}/qr`, await staff('waiter'));
    expect(res.statusCode).toBe(200);
    const sheet = TableLinkSheet.parse(res.json());
    const table = sheet.tables.find((t) => t.name === name);
    if (!table) throw new Error(`no table ${name}`);
    expect(table.url).toMatch(/^http:\/\/[^/]+\/t\/[0-9a-f-]{36}\.[A-Za-z0-9_-]{22}$/);
    return table.url.split('/t/')[1]!;
  }

  const open = async (link: string) => {
    const res = await call('POST', '/tables/v1/sessions', null, { link });
    expect(res.statusCode, res.body).toBe(200);
    return TableSeat.parse(res.json());
  };

  const dineIn = (token: string, seat: string | null, body: Record<string, unknown> = {}) =>
    seated('POST', '/orders/v1/orders', seat, token, {
      serviceType: 'DINE_IN',
      branchId: CHILONZOR,
      paymentType: 'CASH',
      cartItems: [{ productId: T.products.fries, count: 1 }],
      ...body,
    });

  it('prints a link per active table, and a genuine link opens the table; a forged or foreign one is refused', async () => {
    const link = await linkOf('3');
    const seat = await open(link);
    expect(seat.table.name).toBe('3');
    expect(seat.branch.id).toBe(CHILONZOR);
    expect(seat.hall.name.ru).toBe('Основной зал');
    // A second guest joins the same session.
    expect((await open(link)).sessionId).toBe(seat.sessionId);

    const [id, mac] = link.split('.') as [string, string];
    const other = await linkOf('4');
    const forged = [
      `${id}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`, // one character of the MAC changed
      `${other.split('.')[0]}.${mac}`, // table 3's MAC on table 4
      `${id}.AAAAAAAAAAAAAAAAAAAAAA`,
      'not-a-link',
      `${id}`,
    ];
    for (const bad of forged) {
      const res = await call('POST', '/tables/v1/sessions', null, { link: bad });
      expect(res.statusCode, bad).toBe(404);
      expect(res.json().code).toBe('TABLE_LINK_INVALID');
    }
    // Tezkor's genuine link on another brand's host (one that serves dine-in too) finds no table of that brand.
    await setFlags(app.t, DEMO.navbahor.id, { dineInActive: true });
    const foreign = await navbahor.call('POST', '/tables/v1/sessions', null, { link });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('TABLE_LINK_INVALID');
    // A table taken out of service: its printed code no longer opens it.
    await app.t.database.db
      .update(diningTables)
      .set({ active: false })
      .where(eq(diningTables.id, other.split('.')[0]!));
    expect((await call('POST', '/tables/v1/sessions', null, { link: other })).json().code).toBe('TABLE_LINK_INVALID');
    await app.t.database.db
      .update(diningTables)
      .set({ active: true })
      .where(eq(diningTables.id, other.split('.')[0]!));
  });

  it('takes two guests’ orders into one bill: channel QR, the seat’s table, never the body’s', async () => {
    const seat = await open(await linkOf('5'));
    const a = await customer();
    const first = await dineIn(a.token, seat.seat, { cartItems: [{ productId: T.products.fries, count: 2 }] });
    expect(first.statusCode, first.body).toBe(201);
    // A guest without a phone, ordering as the table's guest (the demo allows it).
    const guestRes = await seated('POST', '/tables/v1/guest', seat.seat, null);
    expect(guestRes.statusCode, guestRes.body).toBe(201);
    const guest = LoginResponse.parse(guestRes.json());
    expect(guest.user.phone ?? null).toBeNull();
    // The body names another table and hall: ignored.
    const second = await dineIn(guest.token, seat.seat, {
      cartItems: [{ productId: T.products.cola, count: 1 }],
      hallId: 'someone-elses-hall',
      tableId: 'table-99',
    });
    expect(second.statusCode, second.body).toBe(201);
    const ids = [Order.parse(first.json()).id, Order.parse(second.json()).id];
    // The order says its table (the customer's page, the kitchen ticket and the board read it).
    expect(Order.parse(first.json()).table).toEqual({ name: '5', hall: expect.objectContaining({ ru: 'Основной зал' }) });
    const operator = await staff('operator');
    const staffView = await call('GET', `/ops/v1/orders/${ids[1]}`, operator);
    expect(staffView.statusCode, staffView.body).toBe(200);
    expect(staffView.json().table).toMatchObject({ name: '5' });
    const rows = await app.t.database.db.select().from(orders).where(eq(orders.merchantId, T.id));
    for (const id of ids) {
      const row = rows.find((r) => r.id === id)!;
      expect(row).toMatchObject({
        channel: 'QR',
        serviceType: 'DINE_IN',
        branchId: CHILONZOR,
        tableId: seat.table.id,
        hallId: seat.hall.id,
      });
      expect(row.tableSessionId).toBe(seat.sessionId);
    }
    // The bill: both orders, the totals the domain adds up, each guest's own marked.
    const bill = TableBill.parse((await seated('GET', '/tables/v1/bill', seat.seat, a.token)).json());
    expect(bill.orders.map((o) => o.id)).toEqual(ids);
    expect(bill.orders.map((o) => o.mine)).toEqual([true, false]);
    const totals = rows.filter((r) => ids.includes(r.id)).reduce((s, r) => s + r.totalPrice, 0);
    expect(bill.totals).toEqual({ orders: 2, total: totals, paid: 0, due: totals });
    expect(bill.orders[0]!.lines[0]).toMatchObject({ count: 2 });

    // Without a seat, a dine-in order has no table, whatever its body says; the guest's session cannot order at all.
    const plain = await dineIn(a.token, null, { tableId: seat.table.id, hallId: seat.hall.id });
    expect(plain.statusCode, plain.body).toBe(201);
    const plainRow = (
      await app.t.database.db
        .select()
        .from(orders)
        .where(eq(orders.id, Order.parse(plain.json()).id))
    )[0]!;
    expect(plainRow).toMatchObject({ channel: 'WEB', tableId: null, hallId: null, tableSessionId: null });
    expect(Order.parse(plain.json()).table).toBeNull();
    const noSeat = await dineIn(guest.token, null);
    expect(noSeat.statusCode).toBe(409);
    expect(noSeat.json().code).toBe('TABLE_SESSION_ENDED');
    // At a table: dine-in, now, at the table's branch only.
    for (const body of [{ serviceType: 'PICK_UP' }, { branchId: YUNUSOBOD }]) {
      const res = await dineIn(a.token, seat.seat, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('TABLE_ORDER_INVALID');
    }
    // A forged seat is refused, and another brand's seat is not a seat here.
    const forgedSeat = `${seat.sessionId}.AAAAAAAAAAAAAAAAAAAAAA`;
    expect((await dineIn(a.token, forgedSeat)).json().code).toBe('TABLE_SESSION_ENDED');
    expect((await seated('GET', '/tables/v1/bill', seat.seat, null, undefined, DEMO.navbahor.id)).json().code).toBe('TABLE_SESSION_ENDED');
  });

  it('keeps a table to one open call of each kind and ten an hour; the staff take and close them', async () => {
    const seat = await open(await linkOf('6'));
    const waiter = await staff('waiter');
    const callWaiter = (kind: string, note?: string) =>
      seated('POST', '/tables/v1/calls', seat.seat, null, { kind, ...(note === undefined ? {} : { note }) });
    const first = await callWaiter('WAITER', '  two  more\nforks ');
    expect(first.statusCode, first.body).toBe(201);
    const made = WaiterCall.parse(first.json());
    expect(made).toMatchObject({ kind: 'WAITER', status: 'OPEN', note: 'two more forks' });
    // The same kind again while it is open: refused, even many at once (one row: the partial unique index).
    const burst = await Promise.all(Array.from({ length: 8 }, () => callWaiter('WAITER')));
    expect(burst.every((r) => r.statusCode === 409 && r.json().code === 'WAITER_CALL_OPEN')).toBe(true);
    expect((await callWaiter('BILL_CASH')).statusCode).toBe(201);
    expect((await callWaiter('BILL_CARD', 'x'.repeat(201))).json().code).toBe('WAITER_CALL_NOTE_TOO_LONG');

    // The floor shows both, oldest first, with the table.
    const floor = Floor.parse((await call('GET', '/ops/v1/floor', waiter)).json());
    const mine = floor.calls.filter((c) => c.tableId === seat.table.id);
    expect(mine.map((c) => c.kind)).toEqual(['WAITER', 'BILL_CASH']);
    expect(mine[0]).toMatchObject({ tableName: '6', takenBy: null });
    expect(floor.tables.some((t) => t.sessionId === seat.sessionId)).toBe(true);

    // Taken: the table reads "the waiter is coming"; taken twice: refused; closed: a new call of that kind may come.
    const taken = await call('POST', `/ops/v1/floor/calls/${made.id}/take`, waiter);
    expect(taken.json()).toMatchObject({ status: 'TAKEN' });
    expect((await call('POST', `/ops/v1/floor/calls/${made.id}/take`, await staff('operator'))).json().code).toBe(
      'WAITER_CALL_MOVE_INVALID',
    );
    const bill = TableBill.parse((await seated('GET', '/tables/v1/bill', seat.seat, null)).json());
    expect(bill.calls.find((c) => c.id === made.id)?.status).toBe('TAKEN');
    expect((await call('POST', `/ops/v1/floor/calls/${made.id}/close`, waiter)).json()).toMatchObject({ status: 'CLOSED' });
    expect((await call('POST', `/ops/v1/floor/calls/${made.id}/close`, waiter)).json().code).toBe('WAITER_CALL_MOVE_INVALID');
    expect((await callWaiter('WAITER')).statusCode).toBe(201);

    // The hour's limit: calls made and closed over and over stop at ten.
    let made2 = 3; // WAITER, BILL_CASH, WAITER
    const floorNow = async () => Floor.parse((await call('GET', '/ops/v1/floor', waiter)).json());
    while (made2 < TABLE_SERVICE.callsPerWindow) {
      for (const c of (await floorNow()).calls.filter((x) => x.tableId === seat.table.id))
        await call('POST', `/ops/v1/floor/calls/${c.id}/close`, waiter);
      expect((await callWaiter('WAITER')).statusCode).toBe(201);
      made2 += 1;
    }
    for (const c of (await floorNow()).calls.filter((x) => x.tableId === seat.table.id))
      await call('POST', `/ops/v1/floor/calls/${c.id}/close`, waiter);
    const limited = await callWaiter('WAITER');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('WAITER_CALL_RATE_LIMITED');
    // An hour on, the table may call again.
    app.t.clock.set(new Date(NOW.getTime() + 61 * 60_000));
    expect((await callWaiter('WAITER')).statusCode).toBe(201);
    app.t.clock.set(NOW);
  });

  it('tells the floor live, only to staff of that branch; closing the table ends its seats', async () => {
    const seat = await open(await linkOf('7'));
    const waiterToken = await staff('waiter');
    const floor = listen(`${base}/api/ops/v1/floor/stream`, { token: waiterToken, merchantId: T.id });
    await floor.open;
    const made = await seated('POST', '/tables/v1/calls', seat.seat, null, { kind: 'BILL_CARD' });
    expect(made.statusCode).toBe(201);
    const [nudge] = await floor.until(1);
    expect(nudge).toMatchObject({ event: 'floor' });
    expect(JSON.parse(nudge!.data)).toEqual({ branchId: CHILONZOR, sessionId: seat.sessionId, what: 'call' });

    // The kitchen has no floor; a customer neither.
    expect((await call('GET', '/ops/v1/floor', await staff('kitchen'))).statusCode).toBe(403);
    // The waiter has no board.
    expect((await call('GET', '/ops/v1/orders', waiterToken)).statusCode).toBe(403);

    const close = await call('POST', `/ops/v1/floor/tables/${seat.sessionId}/close`, waiterToken);
    expect(close.statusCode).toBe(204);
    await floor.until(2);
    expect(JSON.parse(floor.events[1]!.data)).toMatchObject({ what: 'table' });
    await floor.stop();
    const after = await seated('GET', '/tables/v1/bill', seat.seat, null);
    expect(after.statusCode).toBe(409);
    expect(after.json().code).toBe('TABLE_SESSION_ENDED');
    const c = await customer();
    expect((await dineIn(c.token, seat.seat)).json().code).toBe('TABLE_SESSION_ENDED');
    // The call it had is closed with it; the next guest opens a new session.
    const again = await open(await linkOf('7'));
    expect(again.sessionId).not.toBe(seat.sessionId);
    const [old] = await app.t.database.db.select().from(tableSessions).where(eq(tableSessions.id, seat.sessionId));
    expect(old!.closedAt).not.toBeNull();
  });

  it('ends a forgotten session by itself after 12 hours', async () => {
    const seat = await open(await linkOf('8'));
    app.t.clock.set(new Date(NOW.getTime() + TABLE_SERVICE.sessionHours * 3_600_000 + 1000));
    try {
      expect((await seated('GET', '/tables/v1/bill', seat.seat, null)).json().code).toBe('TABLE_SESSION_ENDED');
      const next = await open(await linkOf('8'));
      expect(next.sessionId).not.toBe(seat.sessionId);
    } finally {
      app.t.clock.set(NOW);
    }
  });

  it('answers FEATURE_OFF without dine-in, and TABLE_GUESTS_OFF where guests must log in', async () => {
    const link = await linkOf('T1');
    const seat = await open(link);
    await setFlags(app.t, T.id, { qrGuestOrders: false });
    const guest = await seated('POST', '/tables/v1/guest', seat.seat, null);
    expect(guest.statusCode).toBe(403);
    expect(guest.json().code).toBe('TABLE_GUESTS_OFF');
    expect((await open(link)).guestOrders).toBe(false);
    await setFlags(app.t, T.id, { qrGuestOrders: true, dineInActive: false });
    try {
      const off = await call('POST', '/tables/v1/sessions', null, { link });
      expect(off.statusCode).toBe(403);
      expect(off.json().code).toBe('FEATURE_OFF');
    } finally {
      await setFlags(app.t, T.id, { dineInActive: true });
    }
    expect((await open(link)).guestOrders).toBe(true);
  });
});
