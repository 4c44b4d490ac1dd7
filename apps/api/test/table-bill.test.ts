import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, tableBills } from '@dasturxon/db';
import { DEMO } from '@dasturxon/db/seed';
import { Floor, LoginResponse, Order, TableBill, TableBillCheckout, TableLinkSheet, TableSeat } from '@dasturxon/domain/contracts';
import { BACKENDS, brandCalls, oneInstance } from './harness.ts';
import { paymeProvider, type PaymeAnswer } from './providers/payme.ts';
import { NAVBAHOR_ACCOUNTS, SANDBOX } from './providers/shop.ts';

/*
 * Issue 32, the table's bill paid online as one payment (decision 021): a guest opens the bill of every unpaid order
 * of the table's session, Payme (played from its side against our real server) checks, creates and performs it, and
 * every covered order is paid in that one transaction; a stale amount, an order paid meanwhile, an ended session and
 * another brand's key are refused by the provider's checks.
 */

const T = DEMO.tezkor;
const CHILONZOR = T.branches.chilonzor;
const NOW = new Date('2030-03-14T08:00:00Z');
const errorOf = (a: PaymeAnswer) => a.body.error?.code;

describe.each(BACKENDS)("the table's bill paid as one payment on %s", (backend) => {
  const app = oneInstance(backend, 'dx-table-bill-', { ready: async (t) => t.clock.set(NOW) });
  const { call, customer, staffToken, freshIp } = brandCalls(app, { merchantId: T.id, net: 36 });
  const staff = (role: keyof typeof T.staffPhones) => staffToken(T.staffPhones[role], T.staffPassword);
  const payme = () => paymeProvider(app.t.app, SANDBOX.payme);
  const now = () => app.t.clock.now().getTime();

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

  /** A table's session, opened from its printed link. */
  async function sit(name: string): Promise<TableSeat> {
    const sheet = TableLinkSheet.parse((await call('GET', `/ops/v1/floor/branches/${CHILONZOR}/qr`, await staff('waiter'))).json());
    const link = sheet.tables.find((t) => t.name === name)!.url.split('/t/')[1]!;
    const res = await call('POST', '/tables/v1/sessions', null, { link });
    expect(res.statusCode, res.body).toBe(200);
    return TableSeat.parse(res.json());
  }

  async function guest(seat: string): Promise<string> {
    const res = await seated('POST', '/tables/v1/guest', seat, null);
    expect(res.statusCode, res.body).toBe(201);
    return LoginResponse.parse(res.json()).token;
  }

  async function order(token: string, seat: string, paymentType: 'CASH' | 'PAYME', count = 1): Promise<Order> {
    const res = await seated('POST', '/orders/v1/orders', seat, token, {
      serviceType: 'DINE_IN',
      branchId: CHILONZOR,
      paymentType,
      cartItems: [{ productId: T.products.fries, count }],
    });
    expect(res.statusCode, res.body).toBe(201);
    return Order.parse(res.json());
  }

  const openBill = (seat: string, provider = 'PAYME', merchantId = T.id) =>
    seated('POST', '/tables/v1/bill/pay', seat, null, { provider }, merchantId);
  async function billOf(seat: string): Promise<TableBillCheckout> {
    const res = await openBill(seat);
    expect(res.statusCode, res.body).toBe(200);
    return TableBillCheckout.parse(res.json());
  }
  const rowOf = async (id: string) =>
    (
      await app.t.database.db
        .select()
        .from(orders)
        .where(and(eq(orders.merchantId, T.id), eq(orders.id, id)))
    )[0]!;
  const billRow = async (id: string) => (await app.t.database.db.select().from(tableBills).where(eq(tableBills.id, id)))[0]!;

  it("pays a two-guest table's bill as one Payme payment: every covered order paid, a later order left out", async () => {
    const seat = await sit('6');
    const a = await customer();
    const cash = await order(a.token, seat.seat, 'CASH', 2);
    const online = await order(await guest(seat.seat), seat.seat, 'PAYME');
    expect(online.status).toBe('CREATED');

    const before = TableBill.parse((await seated('GET', '/tables/v1/bill', seat.seat, null)).json());
    expect(before.payWith).toEqual(['PAYME']);
    expect(before.paidOnline).toBeNull();
    const bill = await billOf(seat.seat);
    // The amount is the server's: the orders' totals, whatever anyone sends.
    expect(bill.total).toBe(cash.totalPrice + online.totalPrice);
    expect(bill.total).toBe(before.totals.due);
    expect(bill.amount).toBe(bill.total * 100);
    expect([...bill.orderIds].sort()).toEqual([cash.id, online.id].sort());
    expect(bill.returnUrl).toMatch(/\/table$/);
    const link = Buffer.from(decodeURIComponent(new URL(bill.url).pathname.slice(1)), 'base64').toString('utf8');
    expect(link).toContain(`ac.order_id=${bill.billId}`);
    expect(link).toContain(`a=${bill.amount}`);

    // An order placed after the bill was opened is not in it.
    const later = await order(a.token, seat.seat, 'CASH');

    const p = payme();
    expect((await p.checkPerform(bill.billId, bill.amount)).body.result).toMatchObject({ allow: true });
    const id = p.newId();
    const created = await p.create(id, bill.billId, bill.amount, now());
    expect(created.body.result, created.raw).toMatchObject({ state: 1 });
    // One live transaction per bill.
    expect(errorOf(await p.create(p.newId(), bill.billId, bill.amount, now()))).toBe(-31099);
    const performed = await p.perform(id);
    expect(performed.body.result, performed.raw).toMatchObject({ state: 2 });
    // A repeat answers the same and pays nothing twice.
    expect((await p.perform(id)).body.result).toEqual(performed.body.result);

    expect(await rowOf(online.id)).toMatchObject({ isPaid: true, status: 'OPEN', paymentType: 'PAYME' });
    expect(await rowOf(cash.id)).toMatchObject({ isPaid: true, status: 'OPEN', paymentType: 'PAYME' });
    expect(await rowOf(later.id)).toMatchObject({ isPaid: false, paymentType: 'CASH' });
    expect(await billRow(bill.billId)).toMatchObject({ status: 'PAID' });
    expect((await p.check(id)).body.result).toMatchObject({ state: 2 });
    const statement = await p.statement(now() - 60_000, now() + 60_000);
    expect(statement.body.result!.transactions).toEqual(
      expect.arrayContaining([expect.objectContaining({ id, account: { order_id: bill.billId } })]),
    );

    const after = TableBill.parse((await seated('GET', '/tables/v1/bill', seat.seat, null)).json());
    expect(after.totals.due).toBe(later.totalPrice);
    expect(after.paidOnline).toMatchObject({ billId: bill.billId, provider: 'PAYME', total: bill.total, orders: 2 });
    const floor = Floor.parse((await call('GET', '/ops/v1/floor', await staff('waiter'))).json());
    expect(floor.tables.find((t) => t.sessionId === seat.sessionId)?.paidOnline).toMatchObject({ billId: bill.billId, total: bill.total });

    // The bill once paid is not payable again; the rest is a new bill of the later order alone.
    expect(errorOf(await p.checkPerform(bill.billId, bill.amount))).toBe(-31052);
    expect((await billOf(seat.seat)).orderIds).toEqual([later.id]);
  });

  it('refunds every order of a paid bill at once, or none once the branch has taken one on', async () => {
    const seat = await sit('7');
    const first = await order(await guest(seat.seat), seat.seat, 'PAYME');
    const second = await order(await guest(seat.seat), seat.seat, 'PAYME');
    const bill = await billOf(seat.seat);
    const p = payme();
    const id = p.newId();
    await p.create(id, bill.billId, bill.amount, now());
    expect((await p.perform(id)).body.result).toMatchObject({ state: 2 });
    const refunded = await p.cancel(id, 5);
    expect(refunded.body.result, refunded.raw).toMatchObject({ state: -2 });
    for (const o of [first, second]) expect(await rowOf(o.id)).toMatchObject({ status: 'CANCELED', isPaid: false });
    expect(await billRow(bill.billId)).toMatchObject({ status: 'CANCELLED' });

    // Accepted by the branch: the refund is refused and nothing changes.
    const third = await order(await guest(seat.seat), seat.seat, 'PAYME');
    const fourth = await order(await guest(seat.seat), seat.seat, 'PAYME');
    const bill2 = await billOf(seat.seat);
    const id2 = p.newId();
    await p.create(id2, bill2.billId, bill2.amount, now());
    await p.perform(id2);
    await app.t.app.moveOrder(T.id, fourth.id, { to: 'ACCEPTED', role: 'kitchen' });
    expect(errorOf(await p.cancel(id2, 5))).toBe(-31007);
    expect(await rowOf(third.id)).toMatchObject({ status: 'OPEN', isPaid: true });
    expect(await billRow(bill2.billId)).toMatchObject({ status: 'PAID' });
  });

  it('refuses a stale amount, a bill one of whose orders was paid meanwhile, an ended session and another brand', async () => {
    const seat = await sit('8');
    const a = await guest(seat.seat);
    const mine = await order(a, seat.seat, 'PAYME');
    const theirs = await order(await guest(seat.seat), seat.seat, 'CASH');
    const bill = await billOf(seat.seat);
    const p = payme();

    // A stale amount (what was due before one of the orders): -31001, nothing written.
    expect(errorOf(await p.checkPerform(bill.billId, mine.totalPrice * 100))).toBe(-31001);
    expect(errorOf(await p.create(p.newId(), bill.billId, bill.amount + 100, now()))).toBe(-31001);

    // Another brand's cashbox key: -32504.
    const foreign = paymeProvider(app.t.app, NAVBAHOR_ACCOUNTS.payme);
    expect(errorOf(await foreign.checkPerform(bill.billId, bill.amount))).toBe(-32504);

    // The bill's transaction is created; then one covered order is paid on its own: the bill's perform is refused.
    const billTx = p.newId();
    expect((await p.create(billTx, bill.billId, bill.amount, now())).body.result).toMatchObject({ state: 1 });
    const own = p.newId();
    expect((await p.create(own, mine.id, mine.totalPrice * 100, now())).body.result).toMatchObject({ state: 1 });
    expect((await p.perform(own)).body.result).toMatchObject({ state: 2 });
    expect(errorOf(await p.perform(billTx))).toBe(-31008);
    expect((await p.check(billTx)).body.result).toMatchObject({ state: -1 });
    expect(await rowOf(mine.id)).toMatchObject({ isPaid: true, status: 'OPEN' });
    expect(await rowOf(theirs.id)).toMatchObject({ isPaid: false, paymentType: 'CASH' });
    expect(await billRow(bill.billId)).toMatchObject({ status: 'CANCELLED' });
    expect(errorOf(await p.checkPerform(bill.billId, bill.amount))).toBe(-31052);

    // A bill opened now covers what is left; once the staff close the table, Payme's check refuses it.
    const rest = await billOf(seat.seat);
    expect(rest.orderIds).toEqual([theirs.id]);
    const closed = await call('POST', `/ops/v1/floor/tables/${seat.sessionId}/close`, await staff('waiter'));
    expect(closed.statusCode, closed.body).toBeLessThan(300);
    expect(errorOf(await p.checkPerform(rest.billId, rest.amount))).toBe(-31052);
    expect(errorOf(await p.create(p.newId(), rest.billId, rest.amount, now()))).toBe(-31052);
    const ended = await openBill(seat.seat);
    expect(ended.statusCode).toBe(409);
    expect(ended.json().code).toBe('TABLE_SESSION_ENDED');
    expect(await rowOf(theirs.id)).toMatchObject({ isPaid: false });
  });

  it("opens no bill for another brand's seat, an empty table, or a provider the table cannot pay with", async () => {
    const seat = await sit('4');
    // Tezkor's seat under another brand: not a seat there.
    const foreign = await openBill(seat.seat, 'PAYME', DEMO.navbahor.id);
    expect(foreign.statusCode).toBe(409);
    expect(foreign.json().code).toBe('TABLE_SESSION_ENDED');
    const empty = await openBill(seat.seat);
    expect(empty.statusCode).toBe(409);
    expect(empty.json().code).toBe('TABLE_BILL_EMPTY');
    await order(await guest(seat.seat), seat.seat, 'CASH');
    const click = await openBill(seat.seat, 'CLICK');
    expect(click.statusCode).toBe(409);
    expect(click.json().code).toBe('PAYMENT_TYPE_NOT_ALLOWED');
  });
});
