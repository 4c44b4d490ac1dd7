import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, merchantSettings, notifications, orders, staff } from '@dasturxon/db';
import { DEMO } from '@dasturxon/db/seed';
import { canMove, ORDER_STATUSES } from '@dasturxon/domain';
import {
  CourierTracking,
  NotificationPage,
  Order,
  StaffLoginFailures,
  StaffLoginResponse,
  StaffOrder,
  StaffOrderList,
  StopList,
} from '@dasturxon/domain/contracts';
import { BACKENDS, createTestApp, lastSmsCode, listen as listenAt, openRoundTheClock, signInCustomer, type TestApp } from './harness.ts';

const T = DEMO.tezkor;
const P = T.products;
const CHILONZOR = T.branches.chilonzor; // open round the clock; the demo staff work here
const YUNUSOBOD = T.branches.yunusobod; // opened round the clock below, so a second branch takes orders at any hour of the run
const NEAR_CHILONZOR = { latitude: 41.2765, longitude: 69.2045 };
const PASSWORD = T.staffPassword;

describe.each(BACKENDS)('operations on %s', (backend) => {
  let t: TestApp;
  let dataDir: string;
  let base: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'dx-ops-'));
    t = await createTestApp(backend, { DATA_DIR: dataDir });
    await t.database.db.update(merchantSettings).set({ notificationsActive: true }).where(eq(merchantSettings.merchantId, T.id));
    await openRoundTheClock(t, T.id, YUNUSOBOD);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  let serial = 0;
  const freshIp = () => `10.15.${Math.floor(++serial / 250)}.${serial % 250}`;
  const freshPhone = () => `+99894${String(1_000_000 + ++serial * 7919).slice(-7)}`;

  const api = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    token: string | null,
    payload?: unknown,
    merchant: string = T.id,
    ip = freshIp(),
  ) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: { 'x-merchant-id': merchant, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      remoteAddress: ip,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const staffLogin = async (phone: string, merchant: string = T.id) => {
    const res = await api('POST', '/ops/v1/auth/login', null, { phone, password: PASSWORD }, merchant);
    expect(res.statusCode, res.body).toBe(200);
    return StaffLoginResponse.parse(res.json()).token;
  };
  const tokens = {} as Record<'admin' | 'operator' | 'kitchen' | 'courier', string>;
  beforeAll(async () => {
    for (const role of ['admin', 'operator', 'kitchen', 'courier'] as const) tokens[role] = await staffLogin(T.staffPhones[role]);
  });

  const customer = () => signInCustomer(t, dataDir, { phone: freshPhone(), merchantId: T.id, ip: freshIp() });
  const placeDelivery = async (c: { token: string }) => {
    const res = await api('POST', '/orders/v1/orders', c.token, {
      serviceType: 'DELIVERY',
      branchId: CHILONZOR,
      address: { ...NEAR_CHILONZOR, streetName: "Bunyodkor shoh ko'chasi", houseNumber: '12' },
      cartItems: [
        { productId: P.fries, count: 4 },
        { productId: P.cola, count: 2 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    return Order.parse(res.json());
  };
  const placePickup = async (c: { token: string }, branchId = CHILONZOR) => {
    const res = await api('POST', '/orders/v1/orders', c.token, {
      serviceType: 'PICK_UP',
      branchId,
      cartItems: [{ productId: P.fries, count: 2 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    return Order.parse(res.json());
  };
  const move = (token: string, id: string, body: Record<string, unknown>) => api('PUT', `/ops/v1/orders/${id}/status`, token, body);

  describe('staff login', () => {
    it('logs each demo role in, answers who they are, and refuses a wrong password with the same answer as an unknown number', async () => {
      const me = await api('GET', '/ops/v1/me', tokens.courier);
      expect(me.json()).toMatchObject({ role: 'courier', phone: T.staffPhones.courier, branchIds: [CHILONZOR] });
      const wrong = await api('POST', '/ops/v1/auth/login', null, { phone: T.staffPhones.admin, password: 'nope' });
      const unknown = await api('POST', '/ops/v1/auth/login', null, { phone: '+998900009999', password: PASSWORD });
      expect([wrong.statusCode, wrong.json().code]).toEqual([401, 'STAFF_LOGIN_FAILED']);
      expect([unknown.statusCode, unknown.json().code]).toEqual([401, 'STAFF_LOGIN_FAILED']);
      expect(wrong.json().description.ru).toBeTruthy();
    });

    /** A login from an address, with a device cookie when given; answers the reply. */
    const loginFrom = (ip: string, phone: string, password: string, extra: { device?: string; code?: string } = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/ops/v1/auth/login',
        headers: { 'x-merchant-id': T.id, ...(extra.device ? { cookie: `dx_staff_device=${extra.device}` } : {}) },
        remoteAddress: ip,
        payload: { phone, password, ...(extra.code ? { code: extra.code } : {}) },
      });
    const deviceOf = (res: { cookies: { name: string; value: string }[] }) => res.cookies.find((c) => c.name === 'dx_staff_device')?.value;

    it('stops the guesser (5 wrong from an address, 20 from its network) and never the member: 20 wrong from 4 addresses, the right password from elsewhere gets in', async () => {
      const phone = T.staffPhones.kitchen;
      for (const host of [1, 2, 3, 4]) {
        for (let i = 0; i < 5; i++) expect((await loginFrom(`10.60.1.${host}`, phone, `guess${host}-${i}`)).statusCode).toBe(401);
      }
      // The address that used its tries waits, even with the right password...
      const address = await loginFrom('10.60.1.1', phone, PASSWORD);
      expect([address.statusCode, address.json().code, address.json().details]).toEqual([
        429,
        'RATE_LIMITED',
        expect.objectContaining({ per: 'address', limit: 5 }),
      ]);
      // ...and so does every address of its network, for every number, in the error format with Retry-After.
      for (const other of [PASSWORD, 'guess']) {
        const network = await loginFrom('10.60.1.200', other === PASSWORD ? phone : T.staffPhones.operator, other);
        expect([network.statusCode, network.json().code, network.json().details?.per]).toEqual([429, 'RATE_LIMITED', 'network']);
        expect(Number(network.headers['retry-after'])).toBeGreaterThan(0);
        expect(network.json().description.ru).toBeTruthy();
      }
      // The member, from a fresh address on another network, gets in with the right password alone.
      const member = await loginFrom('10.60.2.7', phone, PASSWORD);
      expect(member.statusCode, member.body).toBe(200);
      StaffLoginResponse.parse(member.json());
    });

    it('takes an IPv6 network as its /48, however its addresses are spelled', async () => {
      const phone = T.staffPhones.admin;
      for (const host of ['2001:db8:7:1::1', '2001:DB8:7:2:0:0:0:1', '2001:0db8:0007:3::1', '2001:db8:7:4::1']) {
        for (let i = 0; i < 5; i++) expect((await loginFrom(host, phone, `v6-${i}`)).statusCode).toBe(401);
      }
      const same = await loginFrom('2001:db8:7:ffff::9', phone, PASSWORD);
      expect([same.statusCode, same.json().details?.per]).toEqual([429, 'network']);
      expect((await loginFrom('2001:db8:8::1', phone, PASSWORD)).statusCode).toBe(200);
    });

    it('keeps a member in under a guess spread over many networks: from a known device at once, elsewhere with the code sent by SMS', async () => {
      const phone = T.staffPhones.courier;
      // An earlier login on this device leaves its signed cookie (httpOnly, only for the login calls).
      const earlier = await loginFrom('10.61.0.1', phone, PASSWORD);
      expect(earlier.statusCode).toBe(200);
      const cookie = earlier.cookies.find((c) => c.name === 'dx_staff_device');
      expect(cookie).toMatchObject({ httpOnly: true, path: '/api/ops/v1/auth', sameSite: 'Strict' });
      const device = cookie!.value;
      expect(device).toContain(T.staff.courier);

      // 50 wrong passwords from ten networks, none of them past its own limits.
      for (let n = 0; n < 10; n++) {
        for (let i = 0; i < 5; i++) expect((await loginFrom(`10.62.${n}.1`, phone, `wide${n}-${i}`)).statusCode).toBe(401);
      }
      // The known device gets in with the password alone (and a wrong password there is still wrong).
      expect((await loginFrom('10.63.0.1', phone, 'wrong', { device })).statusCode).toBe(401);
      const known = await loginFrom('10.63.0.2', phone, PASSWORD, { device });
      expect(known.statusCode, known.body).toBe(200);
      // A device cookie that is not this member's proof (altered, or nothing) is not known: the code is asked for.
      const forged = device.slice(0, -1) + (device.endsWith('A') ? 'B' : 'A');
      for (const other of [forged, undefined]) {
        const asked = await loginFrom('10.64.0.1', phone, PASSWORD, other ? { device: other } : {});
        expect([asked.statusCode, asked.json().code, asked.json().details?.codeLength]).toEqual([428, 'STAFF_CODE_REQUIRED', 6]);
      }
      const code = await lastSmsCode(dataDir, phone, T.id);
      const wrongCode = await loginFrom('10.64.0.1', phone, PASSWORD, { code: code === '000000' ? '111111' : '000000' });
      expect([wrongCode.statusCode, wrongCode.json().code]).toEqual([400, 'OTP_INVALID']);
      // A wrong password with the right code is still refused, as any wrong password.
      expect((await loginFrom('10.64.0.1', phone, 'wrong', { code })).statusCode).toBe(401);
      const withCode = await loginFrom('10.64.0.1', phone, PASSWORD, { code });
      expect(withCode.statusCode, withCode.body).toBe(200);
      // That device is known from now on.
      expect((await loginFrom('10.65.0.1', phone, PASSWORD, { device: deviceOf(withCode)! })).statusCode).toBe(200);
    });

    it("shows the brand's admin the failed logins per member and network, never an address; other roles get 403", async () => {
      const res = await api('GET', '/ops/v1/auth/failures', tokens.admin);
      expect(res.statusCode, res.body).toBe(200);
      const { content } = StaffLoginFailures.parse(res.json());
      const kitchen = content.find((m) => m.staff.id === T.staff.kitchen);
      expect(kitchen?.attempts).toEqual([expect.objectContaining({ network: '10.60.1.0/24', count: 20 })]);
      const courier = content.find((m) => m.staff.id === T.staff.courier);
      expect(courier?.attempts.filter((a) => a.network.startsWith('10.62.')).map((a) => a.count)).toEqual(Array(10).fill(5));
      const admin = content.find((m) => m.staff.id === T.staff.admin);
      expect(admin?.attempts).toEqual(expect.arrayContaining([expect.objectContaining({ network: '2001:db8:7::/48', count: 20 })]));
      expect(res.body).not.toMatch(/10\.6[0-5]\.\d+\.[1-9]|2001:db8:7:[1-4]/i);
      // A number with no account is nobody's to show.
      expect(content.every((m) => Object.values(T.staff).includes(m.staff.id))).toBe(true);
      for (const role of ['kitchen', 'operator', 'courier'] as const) {
        const refused = await api('GET', '/ops/v1/auth/failures', tokens[role]);
        expect([refused.statusCode, refused.json().code]).toEqual([403, 'FORBIDDEN']);
      }
    });

    it("refuses a customer's token, no token, another brand's host and a role the call is not for", async () => {
      const c = await customer();
      expect((await api('GET', '/ops/v1/orders', c.token)).statusCode).toBe(401);
      expect((await api('GET', '/ops/v1/orders', null)).statusCode).toBe(401);
      expect((await api('GET', '/ops/v1/me', tokens.admin, undefined, DEMO.navbahor.id)).statusCode).toBe(401);
      const figures = await api('GET', '/ops/v1/figures', tokens.courier);
      expect([figures.statusCode, figures.json().code]).toEqual([403, 'FORBIDDEN']);
      // ...and a staff token is not a customer's.
      expect((await api('GET', `/orders/v1/orders/user/${c.id}/active`, tokens.admin)).statusCode).toBe(401);
      const logout = await api('POST', '/ops/v1/auth/logout', await staffLogin(T.staffPhones.operator));
      expect(logout.statusCode).toBe(204);
    });
  });

  describe('moves by role', () => {
    it('runs a delivery from the board to the door: accept with a cooking time, cook, ready, the courier takes it, rides, delivers; operator closes', async () => {
      const c = await customer();
      const order = await placeDelivery(c);
      const board = StaffOrderList.parse((await api('GET', '/ops/v1/orders?status=OPEN', tokens.operator)).json());
      expect(board.content.map((o) => o.id)).toContain(order.id);
      const fresh = board.content.find((o) => o.id === order.id)!;
      expect(fresh.next).toEqual(expect.arrayContaining(['ACCEPTED', 'CANCELED']));
      expect(fresh.customer.phone).toBe(c.phone);

      // The courier cannot accept it, nor see it before it is ready.
      expect((await move(tokens.courier, order.id, { status: 'ACCEPTED' })).statusCode).toBe(404);
      const accepted = StaffOrder.parse((await move(tokens.kitchen, order.id, { status: 'ACCEPTED', cookingTime: 15 })).json());
      expect(accepted).toMatchObject({ status: 'ACCEPTED', cookingTime: 15 });
      expect(accepted.acceptedTime).toBeTruthy();
      expect(accepted.history.at(-1)).toMatchObject({ from: 'OPEN', to: 'ACCEPTED', role: 'kitchen', staff: { id: T.staff.kitchen } });
      // The kitchen may not cancel once accepted; only an operator may, and with a reason.
      expect((await move(tokens.kitchen, order.id, { status: 'CANCELED', reason: 'OUT_OF_STOCK' })).json().code).toBe(
        'ORDER_STATUS_CONFLICT',
      );
      expect((await move(tokens.operator, order.id, { status: 'CANCELED' })).json().code).toBe('REJECT_REASON_REQUIRED');
      expect((await move(tokens.kitchen, order.id, { status: 'COOKING' })).statusCode).toBe(200);
      const ready = StaffOrder.parse((await move(tokens.kitchen, order.id, { status: 'DONE' })).json());
      expect(ready.readyTime).toBeTruthy();
      // The kitchen does not hand a delivery over at the counter.
      expect((await move(tokens.kitchen, order.id, { status: 'CLOSED' })).statusCode).toBe(409);

      // Ready and unattached: the courier sees it and takes it.
      const courierBoard = StaffOrderList.parse((await api('GET', '/ops/v1/orders', tokens.courier)).json());
      expect(courierBoard.content.map((o) => o.id)).toContain(order.id);
      const taken = StaffOrder.parse((await move(tokens.courier, order.id, { status: 'ATTACHED' })).json());
      expect(taken).toMatchObject({ status: 'ATTACHED', courier: { id: T.staff.courier }, courierStatus: 'PERFORMER_FOUND' });
      expect(
        (await api('PUT', '/ops/v1/courier/position', tokens.courier, { latitude: 41.2761, longitude: 69.2041, heading: 90 })).statusCode,
      ).toBe(204);
      expect((await move(tokens.courier, order.id, { status: 'ON_WAY' })).json()).toMatchObject({
        status: 'ON_WAY',
        courierStatus: 'PERFORMER_PICKUPED',
      });

      const tracking = CourierTracking.parse((await api('GET', `/deliveries/v1/delivery/courier/${order.id}`, c.token)).json());
      expect(tracking).toMatchObject({
        status: 'ON_WAY',
        courier: { name: 'Jasur Tursunov' },
        position: { latitude: 41.2761, longitude: 69.2041 },
        address: NEAR_CHILONZOR,
      });
      // Another customer cannot track it.
      const other = await customer();
      expect((await api('GET', `/deliveries/v1/delivery/courier/${order.id}`, other.token)).statusCode).toBe(404);

      const delivered = StaffOrder.parse((await move(tokens.courier, order.id, { status: 'DELIVERED' })).json());
      expect(delivered.deliveredAt).toBeTruthy();
      expect(delivered.isPaid).toBe(true);
      expect((await move(tokens.courier, order.id, { status: 'CLOSED' })).statusCode).toBe(409);
      expect((await move(tokens.operator, order.id, { status: 'CLOSED' })).json().status).toBe('CLOSED');

      // The customer's notifications: one per move that was not theirs and changed what they read (the courier
      // taking the ready order did not: it still reads "ready"), newest first, unread until read.
      const page = NotificationPage.parse((await api('GET', '/notifications/v1/notifications', c.token)).json());
      // (The test's clock stands still, so they share one time: their order among themselves is not asserted.)
      expect(page.content.map((n) => n.status).sort()).toEqual(['ACCEPTED', 'CLOSED', 'COOKING', 'DELIVERED', 'DONE', 'ON_WAY']);
      expect(page.unread).toBe(6);
      expect((await api('POST', '/notifications/v1/notifications/read', c.token, {})).statusCode).toBe(204);
      expect(NotificationPage.parse((await api('GET', '/notifications/v1/notifications', c.token)).json()).unread).toBe(0);
      expect(NotificationPage.parse((await api('GET', '/notifications/v1/notifications', other.token)).json()).totalElements).toBe(0);
    });

    it('allows each role exactly the moves the order table gives it, for a delivery and a pickup, and answers 409 for every other', async () => {
      const c = await customer();
      const cases: { order: Order; serviceType: 'DELIVERY' | 'PICK_UP' }[] = [
        { order: await placeDelivery(c), serviceType: 'DELIVERY' },
        { order: await placePickup(c), serviceType: 'PICK_UP' },
      ];
      const mismatches: string[] = [];
      for (const { order, serviceType } of cases) {
        for (const role of ['operator', 'kitchen', 'courier'] as const) {
          for (const from of ORDER_STATUSES) {
            for (const to of ORDER_STATUSES) {
              // The order is put in `from` (attached to the demo courier, so the courier sees it), then moved as the role.
              await t.database.db
                .update(orders)
                .set({ status: from, courierId: T.staff.courier, isPaid: false })
                .where(eq(orders.id, order.id));
              const res = await move(tokens[role], order.id, { status: to, reason: 'OTHER', cookingTime: 10, courierId: T.staff.courier });
              const allowed = canMove(from, to, role, serviceType);
              if (allowed ? res.statusCode !== 200 : res.statusCode !== 409 || res.json().code !== 'ORDER_STATUS_CONFLICT') {
                mismatches.push(`${serviceType} ${role} ${from}→${to}: ${res.statusCode}`);
              }
            }
          }
        }
      }
      expect(mismatches).toEqual([]);
    });

    it("lets an operator attach a courier of the branch, refuses one who does not work there, and keeps couriers off each other's orders", async () => {
      const c = await customer();
      const order = await placeDelivery(c);
      for (const status of ['ACCEPTED', 'COOKING', 'DONE'])
        expect((await move(tokens.operator, order.id, { status })).statusCode).toBe(200);
      const [elsewhere] = await t.database.db
        .insert(staff)
        .values({
          merchantId: T.id,
          phone: freshPhone(),
          name: 'Far Courier',
          role: 'courier',
          branchIds: [YUNUSOBOD],
          passwordHash: await hashPassword(PASSWORD),
        })
        .returning();
      const refused = await move(tokens.operator, order.id, { status: 'ATTACHED', courierId: elsewhere!.id });
      expect([refused.statusCode, refused.json().code]).toEqual([409, 'COURIER_NOT_FOUND']);
      expect((await move(tokens.operator, order.id, { status: 'ATTACHED', courierId: T.staff.courier })).statusCode).toBe(200);
      const farToken = await staffLogin(elsewhere!.phone);
      expect((await move(farToken, order.id, { status: 'ON_WAY' })).statusCode).toBe(404);
      const couriers = (await api('GET', '/ops/v1/couriers', tokens.admin)).json().content as { id: string; activeOrders: number }[];
      expect(couriers.find((x) => x.id === T.staff.courier)!.activeOrders).toBeGreaterThanOrEqual(1);
      // Handed back: ready for another courier, with nobody attached.
      const back = StaffOrder.parse((await move(tokens.courier, order.id, { status: 'DONE' })).json());
      expect(back).toMatchObject({ status: 'DONE', courier: null });
    });

    it("shows a kitchen only its branch's orders and refuses every staff call on another brand's order", async () => {
      const c = await customer();
      const there = await placePickup(c, YUNUSOBOD);
      // The kitchen works at Chilonzor only; the operator at Chilonzor and Yunusobod.
      expect(StaffOrderList.parse((await api('GET', '/ops/v1/orders', tokens.kitchen)).json()).content.map((o) => o.id)).not.toContain(
        there.id,
      );
      expect((await api('GET', `/ops/v1/orders/${there.id}`, tokens.kitchen)).statusCode).toBe(404);
      expect((await move(tokens.kitchen, there.id, { status: 'ACCEPTED' })).statusCode).toBe(404);
      expect((await api('GET', `/ops/v1/orders/${there.id}`, tokens.operator)).statusCode).toBe(200);

      // A staff member of another brand, on their own brand's host: nothing of Tezkor's exists for them.
      await t.database.db.insert(staff).values({
        merchantId: DEMO.navbahor.id,
        phone: '+998900000001',
        name: 'Navbahor admin',
        role: 'admin',
        branchIds: [],
        passwordHash: await hashPassword(PASSWORD),
      });
      const theirs = await staffLogin('+998900000001', DEMO.navbahor.id);
      const as = (method: 'GET' | 'PUT', url: string, body?: unknown) => api(method, url, theirs, body, DEMO.navbahor.id);
      expect((await as('GET', `/ops/v1/orders/${there.id}`)).statusCode).toBe(404);
      expect((await as('PUT', `/ops/v1/orders/${there.id}/status`, { status: 'ACCEPTED' })).statusCode).toBe(404);
      expect(StaffOrderList.parse((await as('GET', '/ops/v1/orders')).json()).content).toEqual([]);
      expect((await as('GET', `/ops/v1/stop-list?branchId=${CHILONZOR}`)).statusCode).toBe(404);
      expect((await as('PUT', '/ops/v1/stop-list', { branchId: CHILONZOR, productId: P.fries, stopped: true })).statusCode).toBe(404);
      expect((await as('PUT', '/ops/v1/delivery-pause', { branchId: CHILONZOR, minutes: 30 })).statusCode).toBe(404);
      expect((await as('GET', '/ops/v1/figures')).json().branches.map((b: { branchId: string }) => b.branchId)).toEqual([
        DEMO.navbahor.branches.mirobod,
      ]);
      // Their token on Tezkor's host is no token at all.
      expect((await api('GET', '/ops/v1/orders', theirs)).statusCode).toBe(401);
    });
  });

  describe('stop-list', () => {
    it('takes a product and a modification out at a branch at once: the menu greys the product, the quote refuses both; back on, they return', async () => {
      const quote = (cartItems: unknown[]) =>
        api('POST', '/orders/v1/orders/quote', null, { serviceType: 'PICK_UP', branchId: CHILONZOR, cartItems });
      const menuFries = async () => {
        const doc = (await api('GET', `/products/v1/overalls?branchId=${CHILONZOR}`, null)).json() as {
          products: { id: string; isAvailableAtBranch: boolean; isOrderable: boolean }[];
        };
        const fries = doc.products.find((p) => p.id === P.fries)!;
        return { isAvailableAtBranch: fries.isAvailableAtBranch, isOrderable: fries.isOrderable };
      };
      expect((await quote([{ productId: P.fries, count: 1 }])).json().problems).toEqual([]);
      const before = await menuFries();
      expect(before).toEqual({ isAvailableAtBranch: true, isOrderable: true });

      const stopped = StopList.parse(
        (await api('PUT', '/ops/v1/stop-list', tokens.kitchen, { branchId: CHILONZOR, productId: P.fries, stopped: true })).json(),
      );
      expect(stopped.products.find((p) => p.id === P.fries)!.stopped).toBe(true);
      expect((await quote([{ productId: P.fries, count: 1 }])).json().problems.map((p: { code: string }) => p.code)).toContain(
        'PRODUCT_NOT_AVAILABLE',
      );
      expect(await menuFries()).toEqual({ isAvailableAtBranch: false, isOrderable: false });

      const size = T.modifiers.cheeseburger.size;
      await api('PUT', '/ops/v1/stop-list', tokens.kitchen, { branchId: CHILONZOR, modificationId: size.large, stopped: true });
      const withLarge = await quote([{ productId: P.cheeseburger, count: 1, modifications: [{ id: size.large, count: 1 }] }]);
      expect(withLarge.json().problems.map((p: { code: string }) => p.code)).toContain('MODIFICATION_NOT_AVAILABLE');
      expect(
        (await quote([{ productId: P.cheeseburger, count: 1, modifications: [{ id: size.standard, count: 1 }] }])).json().problems,
      ).toEqual([]);
      // The branch's menu and product page leave it out; the menu without a branch still lists it.
      type Doc = { products: { id: string; modificationGroups: { modifications: { id: string }[] }[] }[] };
      const sizesIn = (doc: Doc) =>
        doc.products.find((p) => p.id === P.cheeseburger)!.modificationGroups.flatMap((g) => g.modifications.map((m) => m.id));
      expect(sizesIn((await api('GET', `/products/v1/overalls?branchId=${CHILONZOR}`, null)).json() as Doc)).not.toContain(size.large);
      expect(sizesIn((await api('GET', '/products/v1/overalls', null)).json() as Doc)).toContain(size.large);
      const page = (await api('GET', `/products/v1/${P.cheeseburger}?branchId=${CHILONZOR}`, null)).json() as Doc['products'][number];
      expect(page.modificationGroups.flatMap((g) => g.modifications.map((m) => m.id))).not.toContain(size.large);

      await api('PUT', '/ops/v1/stop-list', tokens.kitchen, { branchId: CHILONZOR, productId: P.fries, stopped: false });
      await api('PUT', '/ops/v1/stop-list', tokens.kitchen, { branchId: CHILONZOR, modificationId: size.large, stopped: false });
      expect((await quote([{ productId: P.fries, count: 1 }])).json().problems).toEqual([]);
      expect(
        (await quote([{ productId: P.cheeseburger, count: 1, modifications: [{ id: size.large, count: 1 }] }])).json().problems,
      ).toEqual([]);
      expect(sizesIn((await api('GET', `/products/v1/overalls?branchId=${CHILONZOR}`, null)).json() as Doc)).toContain(size.large);
      expect(await menuFries()).toEqual(before);
    });

    it("pauses a branch's delivery: delivery quotes there say PAUSED, pickup still works; resuming ends it", async () => {
      const quote = (serviceType: string) =>
        api('POST', '/orders/v1/orders/quote', null, {
          serviceType,
          branchId: CHILONZOR,
          ...(serviceType === 'DELIVERY' ? { address: NEAR_CHILONZOR } : {}),
          cartItems: [{ productId: P.fries, count: 5 }],
        });
      const paused = StopList.parse(
        (await api('PUT', '/ops/v1/delivery-pause', tokens.operator, { branchId: CHILONZOR, minutes: 30 })).json(),
      );
      expect(paused.deliveryPausedUntil).toBeTruthy();
      expect((await api('PUT', '/ops/v1/delivery-pause', tokens.kitchen, { branchId: CHILONZOR, minutes: 30 })).statusCode).toBe(403);
      const problems = (await quote('DELIVERY')).json().problems as { code: string; details: { reason: string } }[];
      expect(problems[0]).toMatchObject({ code: 'BRANCH_CLOSED', details: { reason: 'PAUSED' } });
      expect((await quote('PICK_UP')).json().problems).toEqual([]);
      expect(
        StopList.parse((await api('PUT', '/ops/v1/delivery-pause', tokens.operator, { branchId: CHILONZOR, minutes: 0 })).json())
          .deliveryPausedUntil,
      ).toBeNull();
      expect((await quote('DELIVERY')).json().problems).toEqual([]);
    });
  });

  describe('live events', () => {
    /** Reads a stream of this server in the background (harness `listen`), collecting its events until stopped. */
    const listen = (path: string, token: string, lastEventId?: string) =>
      listenAt(`${base}/api${path}`, { token, merchantId: T.id, lastEventId: lastEventId ?? null });

    it("streams the customer's own order and the board, and a reconnect with Last-Event-ID gets what it missed", async () => {
      const c = await customer();
      const order = await placeDelivery(c);
      const mine = listen(`/orders/v1/orders/${order.id}/events`, c.token);
      const board = listen('/ops/v1/events', tokens.operator);
      await Promise.all([mine.open, board.open]);
      await move(tokens.operator, order.id, { status: 'ACCEPTED', cookingTime: 10 });
      const seen = await mine.until(1);
      expect(JSON.parse(seen[0]!.data)).toMatchObject({ orderId: order.id, status: 'ACCEPTED', type: 'order' });
      expect(JSON.parse(seen[0]!.data)).not.toHaveProperty('userId');
      expect((await board.until(1)).some((e) => JSON.parse(e.data).orderId === order.id)).toBe(true);
      const lastId = seen[0]!.id!;
      await mine.stop();

      // Missed while away: COOKING and DONE.
      await move(tokens.operator, order.id, { status: 'COOKING' });
      await move(tokens.operator, order.id, { status: 'DONE' });
      const back = listen(`/orders/v1/orders/${order.id}/events`, c.token, lastId);
      const replayed = await back.until(2);
      expect(replayed.map((e) => JSON.parse(e.data).status)).toEqual(['COOKING', 'DONE']);
      await move(tokens.operator, order.id, { status: 'ATTACHED', courierId: T.staff.courier });
      expect((await back.until(3)).map((e) => JSON.parse(e.data).status)).toEqual(['COOKING', 'DONE', 'ATTACHED']);
      await back.stop();
      await board.stop();

      // Another customer's stream of this order is refused.
      const other = await customer();
      const refused = await fetch(`${base}/api/orders/v1/orders/${order.id}/events`, {
        headers: { authorization: `Bearer ${other.token}`, 'x-merchant-id': T.id },
      });
      expect(refused.status).toBe(404);
    });

    it('lets one session hold 20 streams at once, answers the next 429, and takes one again once a stream closes', async () => {
      const c = await customer();
      const order = await placePickup(c);
      const streams = Array.from({ length: 20 }, () => listen(`/orders/v1/orders/${order.id}/events`, c.token));
      await Promise.all(streams.map((s) => s.open));
      const url = `${base}/api/orders/v1/orders/${order.id}/events`;
      const headers = { authorization: `Bearer ${c.token}`, 'x-merchant-id': T.id };
      const refused = await fetch(url, { headers });
      expect([refused.status, ((await refused.json()) as { code: string }).code]).toEqual([429, 'RATE_LIMITED']);
      // Another session of another customer is not held back by this one.
      const other = await customer();
      const theirs = listen(`/orders/v1/orders/${(await placePickup(other)).id}/events`, other.token);
      await theirs.open;
      await theirs.stop();
      await streams[0]!.stop();
      for (let i = 0; i < 50; i++) {
        const again = await fetch(url, { headers, signal: AbortSignal.timeout(2000) }).catch(() => null);
        if (again?.status === 200) {
          await again.body?.cancel();
          break;
        }
        expect(i).toBeLessThan(49);
        await new Promise((r) => setTimeout(r, 20));
      }
      await Promise.all(streams.slice(1).map((s) => s.stop()));
    });

    it("keeps another branch's orders off a kitchen's board stream", async () => {
      const c = await customer();
      const kitchen = listen('/ops/v1/events', tokens.kitchen);
      await kitchen.open;
      const there = await placePickup(c, YUNUSOBOD);
      const here = await placePickup(c, CHILONZOR);
      const seen = await kitchen.until(1);
      await new Promise((r) => setTimeout(r, 150));
      const ids = seen.map((e) => JSON.parse(e.data).orderId);
      expect(ids).toContain(here.id);
      expect(ids).not.toContain(there.id);
      await kitchen.stop();
    });

    it('counts the day per branch: orders, cancelled, revenue and the average times', async () => {
      const figures = (await api('GET', '/ops/v1/figures', tokens.admin)).json() as {
        branches: { branchId: string; orders: number; revenue: number; acceptedToReadyMinutes: number | null }[];
      };
      const chilonzor = figures.branches.find((b) => b.branchId === CHILONZOR)!;
      expect(chilonzor.orders).toBeGreaterThan(0);
      expect(chilonzor.revenue).toBeGreaterThan(0);
      expect(chilonzor.acceptedToReadyMinutes).not.toBeNull();
    });

    it('writes a notification with a pending Telegram message for an order placed from Telegram', async () => {
      const c = await customer();
      const order = await placePickup(c);
      await t.database.db.update(orders).set({ telegramChatId: '777000' }).where(eq(orders.id, order.id));
      await move(tokens.operator, order.id, { status: 'ACCEPTED' });
      const [row] = await t.database.db.select().from(notifications).where(eq(notifications.orderId, order.id));
      expect(row).toMatchObject({ status: 'ACCEPTED', telegramChatId: '777000', telegramState: 'PENDING' });
    });
  });
});
