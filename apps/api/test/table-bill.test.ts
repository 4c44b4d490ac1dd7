import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { merchantSettings, orders, tableBills } from '@dasturxon/db';
import { DEMO } from '@dasturxon/db/seed';
import { Floor, LoginResponse, Order, TableBill, TableBillCheckout, TableLinkSheet, TableSeat } from '@dasturxon/domain/contracts';
import { BACKENDS, brandCalls, oneInstance } from './harness.ts';
import { clickAmount, clickProvider } from './providers/click.ts';
import { paymeProvider, type PaymeAnswer } from './providers/payme.ts';
import { NAVBAHOR_ACCOUNTS, SANDBOX } from './providers/shop.ts';
import { uzumProvider } from './providers/uzum.ts';

/*
 * Issue 32, the table's bill paid online as one payment (decision 021): a guest opens the bill of every unpaid order
 * of the table's session, Payme (played from its side against our real server) checks, creates and performs it, and
 * every covered order is paid in that one transaction; a stale amount, an order paid meanwhile, an ended session and
 * another brand's key are refused by the provider's checks. Click (Prepare/Complete, merchant_trans_id the bill's id)
 * and Uzum (check/create/confirm/reverse/status, params.orderId the bill's id) pay it through the same path.
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
  const click = () => clickProvider(app.t.app, SANDBOX.click);
  const uzum = () => uzumProvider(app.t.app, SANDBOX.uzum, app.t.clock);
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

  async function order(token: string, seat: string, paymentType: 'CASH' | 'PAYME' | 'CLICK' | 'UZUM', count = 1): Promise<Order> {
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
  async function billOf(seat: string, provider = 'PAYME'): Promise<TableBillCheckout> {
    const res = await openBill(seat, provider);
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
  const setUzum = async (on: boolean) =>
    app.t.database.db
      .update(merchantSettings)
      .set({ uzumActive: on })
      .where(and(eq(merchantSettings.merchantId, T.id), eq(merchantSettings.channel, 'WEB')));
  const billRow = async (id: string) => (await app.t.database.db.select().from(tableBills).where(eq(tableBills.id, id)))[0]!;

  it("pays a two-guest table's bill as one Payme payment: every covered order paid, a later order left out", async () => {
    const seat = await sit('6');
    const a = await customer();
    const cash = await order(a.token, seat.seat, 'CASH', 2);
    const online = await order(await guest(seat.seat), seat.seat, 'PAYME');
    expect(online.status).toBe('CREATED');

    const before = TableBill.parse((await seated('GET', '/tables/v1/bill', seat.seat, null)).json());
    expect(before.payWith).toEqual(['PAYME', 'CLICK', 'UZUM']);
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
    // Uzum turned off for the brand: the table is not offered it and cannot open a bill with it.
    await setUzum(false);
    try {
      const bill = TableBill.parse((await seated('GET', '/tables/v1/bill', seat.seat, null)).json());
      expect(bill.payWith).toEqual(['PAYME', 'CLICK']);
      const off = await openBill(seat.seat, 'UZUM');
      expect(off.statusCode).toBe(409);
      expect(off.json().code).toBe('PAYMENT_TYPE_NOT_ALLOWED');
    } finally {
      await setUzum(true);
    }
  });

  it("pays a two-guest table's bill as one Click payment (Prepare, Complete), and a Complete with Click's error refunds all", async () => {
    const seat = await sit('3');
    const cash = await order(await guest(seat.seat), seat.seat, 'CASH', 2);
    const online = await order(await guest(seat.seat), seat.seat, 'CLICK');
    expect(online.status).toBe('CREATED');
    const bill = await billOf(seat.seat, 'CLICK');
    expect(bill.total).toBe(cash.totalPrice + online.totalPrice);
    expect(bill.amount).toBe(bill.total * 100);
    // Click's payment button names the bill where it names an order, for the bill's sums.
    const url = new URL(bill.url);
    expect(url.searchParams.get('transaction_param')).toBe(bill.billId);
    expect(url.searchParams.get('amount')).toBe(clickAmount(bill.total));
    expect(url.searchParams.get('service_id')).toBe(SANDBOX.click.serviceId);
    expect(url.searchParams.get('return_url')).toMatch(/\/table$/);

    const c = click();
    // A stale amount (one order's): -2, nothing written.
    expect(
      (await c.prepare({ orderId: bill.billId, amount: clickAmount(online.totalPrice), clickTransId: c.newTransId() })).body.error,
    ).toBe(-2);
    // Another brand's key does not sign for it.
    const foreign = clickProvider(app.t.app, NAVBAHOR_ACCOUNTS.click);
    expect(
      (await foreign.prepare({ orderId: bill.billId, amount: clickAmount(bill.total), clickTransId: c.newTransId() })).body.error,
    ).toBe(-1);

    const trans = c.newTransId();
    const call = { orderId: bill.billId, amount: clickAmount(bill.total), clickTransId: trans };
    const prepared = await c.prepare(call);
    expect(prepared.body.error, JSON.stringify(prepared.body)).toBe(0);
    const prepareId = prepared.body.merchant_prepare_id!;
    // A repeated Prepare answers the same payment.
    expect((await c.prepare(call)).body).toMatchObject({ error: 0, merchant_prepare_id: prepareId });
    const completed = await c.complete({ ...call, merchantPrepareId: prepareId });
    expect(completed.body.error, JSON.stringify(completed.body)).toBe(0);

    expect(await rowOf(online.id)).toMatchObject({ isPaid: true, status: 'OPEN', paymentType: 'CLICK' });
    expect(await rowOf(cash.id)).toMatchObject({ isPaid: true, status: 'OPEN', paymentType: 'CLICK' });
    expect(await billRow(bill.billId)).toMatchObject({ status: 'PAID' });
    const after = TableBill.parse((await seated('GET', '/tables/v1/bill', seat.seat, null)).json());
    expect(after.totals.due).toBe(0);
    expect(after.paidOnline).toMatchObject({ billId: bill.billId, provider: 'CLICK', total: bill.total, orders: 2 });
    // Paid once: a repeat Complete and another attempt's Prepare say "already paid".
    expect((await c.complete({ ...call, merchantPrepareId: prepareId })).body.error).toBe(-4);
    expect((await c.prepare({ ...call, clickTransId: c.newTransId() })).body.error).toBe(-4);

    // Click cancels the completed payment: every covered order is cancelled and unpaid, the bill cancelled.
    const refunded = await c.complete({ ...call, merchantPrepareId: prepareId, error: -5017 });
    expect(refunded.body.error, JSON.stringify(refunded.body)).toBe(-9);
    for (const o of [cash, online]) expect(await rowOf(o.id)).toMatchObject({ status: 'CANCELED', isPaid: false });
    expect(await billRow(bill.billId)).toMatchObject({ status: 'CANCELLED' });
  });

  it('refuses a Click Complete of a bill one of whose orders was paid meanwhile, and a refund once the branch took one on', async () => {
    const seat = await sit('5');
    const mine = await order(await guest(seat.seat), seat.seat, 'CLICK');
    const theirs = await order(await guest(seat.seat), seat.seat, 'CASH');
    const bill = await billOf(seat.seat, 'CLICK');
    const c = click();
    const call = { orderId: bill.billId, amount: clickAmount(bill.total), clickTransId: c.newTransId() };
    const prepared = await c.prepare(call);
    expect(prepared.body.error).toBe(0);
    // The guest pays their own order with Click meanwhile.
    const own = { orderId: mine.id, amount: clickAmount(mine.totalPrice), clickTransId: c.newTransId() };
    const ownPrepared = await c.prepare(own);
    expect((await c.complete({ ...own, merchantPrepareId: ownPrepared.body.merchant_prepare_id! })).body.error).toBe(0);
    // The bill's Complete is refused (Click gives the money back), nothing paid twice.
    expect((await c.complete({ ...call, merchantPrepareId: prepared.body.merchant_prepare_id! })).body.error).toBe(-9);
    expect(await rowOf(mine.id)).toMatchObject({ isPaid: true, paymentType: 'CLICK' });
    expect(await rowOf(theirs.id)).toMatchObject({ isPaid: false, paymentType: 'CASH' });
    expect(await billRow(bill.billId)).toMatchObject({ status: 'CANCELLED' });
    expect((await c.prepare({ ...call, clickTransId: c.newTransId() })).body.error).toBe(-9);

    // What is left is a new bill; paid, then one order accepted by the branch: Click's cancel is refused, nothing changes.
    const rest = await billOf(seat.seat, 'CLICK');
    expect(rest.orderIds).toEqual([theirs.id]);
    const restCall = { orderId: rest.billId, amount: clickAmount(rest.total), clickTransId: c.newTransId() };
    const restPrepared = await c.prepare(restCall);
    const restId = restPrepared.body.merchant_prepare_id!;
    expect((await c.complete({ ...restCall, merchantPrepareId: restId })).body.error).toBe(0);
    await app.t.app.moveOrder(T.id, theirs.id, { to: 'ACCEPTED', role: 'kitchen' });
    expect((await c.complete({ ...restCall, merchantPrepareId: restId, error: -5017 })).body.error).toBe(-4);
    expect(await rowOf(theirs.id)).toMatchObject({ isPaid: true, status: 'ACCEPTED' });
    expect(await billRow(rest.billId)).toMatchObject({ status: 'PAID' });
  });

  it("pays a two-guest table's bill as one Uzum payment (check, create, confirm, status), and a reverse refunds all", async () => {
    const seat = await sit('T1');
    const cash = await order(await guest(seat.seat), seat.seat, 'CASH', 2);
    const online = await order(await guest(seat.seat), seat.seat, 'UZUM');
    const bill = await billOf(seat.seat, 'UZUM');
    expect(bill.total).toBe(cash.totalPrice + online.totalPrice);
    const url = new URL(bill.url);
    expect(url.searchParams.get('orderId')).toBe(bill.billId);
    expect(url.searchParams.get('amount')).toBe(String(bill.amount));

    const u = uzum();
    const checked = await u.check(bill.billId);
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    expect(checked.body.data).toEqual({ orderId: { value: bill.billId }, amount: { value: String(bill.amount) } });
    // A stale amount: 10011, nothing written.
    expect((await u.create(u.newTransId(), bill.billId, online.totalPrice * 100)).body.errorCode).toBe('10011');
    // Another brand's login: 10001.
    const foreign = uzumProvider(app.t.app, NAVBAHOR_ACCOUNTS.uzum, app.t.clock);
    expect((await foreign.check(bill.billId)).body.errorCode).toBe('10001');

    const trans = u.newTransId();
    const created = await u.create(trans, bill.billId, bill.amount);
    expect(created.body, JSON.stringify(created.body)).toMatchObject({ status: 'CREATED', amount: bill.amount });
    // One live transaction per bill.
    expect((await u.create(u.newTransId(), bill.billId, bill.amount)).body.errorCode).toBe('10008');
    const confirmed = await u.confirm(trans);
    expect(confirmed.body, JSON.stringify(confirmed.body)).toMatchObject({ status: 'CONFIRMED' });
    expect(await rowOf(online.id)).toMatchObject({ isPaid: true, status: 'OPEN', paymentType: 'UZUM' });
    expect(await rowOf(cash.id)).toMatchObject({ isPaid: true, status: 'OPEN', paymentType: 'UZUM' });
    expect(await billRow(bill.billId)).toMatchObject({ status: 'PAID' });
    expect((await u.status(trans)).body).toMatchObject({ status: 'CONFIRMED' });
    expect((await u.confirm(trans)).body.errorCode).toBe('10016');
    expect((await u.check(bill.billId)).body.errorCode).toBe('10008');

    const reversed = await u.reverse(trans);
    expect(reversed.body, JSON.stringify(reversed.body)).toMatchObject({ status: 'REVERSED' });
    for (const o of [cash, online]) expect(await rowOf(o.id)).toMatchObject({ status: 'CANCELED', isPaid: false });
    expect(await billRow(bill.billId)).toMatchObject({ status: 'CANCELLED' });
  });

  it('refuses an Uzum confirm of a bill one of whose orders was paid meanwhile, and a reverse once the branch took one on', async () => {
    const seat = await sit('T2');
    const mine = await order(await guest(seat.seat), seat.seat, 'UZUM');
    const theirs = await order(await guest(seat.seat), seat.seat, 'CASH');
    const bill = await billOf(seat.seat, 'UZUM');
    const u = uzum();
    const trans = u.newTransId();
    expect((await u.create(trans, bill.billId, bill.amount)).body).toMatchObject({ status: 'CREATED' });
    // The guest pays their own order with Uzum meanwhile.
    const own = u.newTransId();
    expect((await u.create(own, mine.id, mine.totalPrice * 100)).body).toMatchObject({ status: 'CREATED' });
    expect((await u.confirm(own)).body).toMatchObject({ status: 'CONFIRMED' });
    // The bill's confirm is refused: the money is not taken, nothing paid twice, the bill cancelled.
    expect((await u.confirm(trans)).body.errorCode).toBe('10009');
    expect((await u.status(trans)).body).toMatchObject({ status: 'FAILED' });
    expect(await rowOf(mine.id)).toMatchObject({ isPaid: true, paymentType: 'UZUM' });
    expect(await rowOf(theirs.id)).toMatchObject({ isPaid: false, paymentType: 'CASH' });
    expect(await billRow(bill.billId)).toMatchObject({ status: 'CANCELLED' });
    expect((await u.check(bill.billId)).body.errorCode).toBe('10009');

    const rest = await billOf(seat.seat, 'UZUM');
    expect(rest.orderIds).toEqual([theirs.id]);
    const restTrans = u.newTransId();
    await u.create(restTrans, rest.billId, rest.amount);
    expect((await u.confirm(restTrans)).body).toMatchObject({ status: 'CONFIRMED' });
    await app.t.app.moveOrder(T.id, theirs.id, { to: 'ACCEPTED', role: 'kitchen' });
    expect((await u.reverse(restTrans)).body.errorCode).toBe('10017');
    expect(await rowOf(theirs.id)).toMatchObject({ isPaid: true, status: 'ACCEPTED' });
    expect(await billRow(rest.billId)).toMatchObject({ status: 'PAID' });
  });
});
