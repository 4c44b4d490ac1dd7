import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { merchantOrderSettings, merchantSettings, orders, users } from '@dasturxon/db';
import { DEMO } from '@dasturxon/db/seed';
import { AccountDeletionCheck, CashbackSummary, StaffOrder, User } from '@dasturxon/domain/contracts';
import { BACKENDS, brandCalls, oneInstance } from './harness.ts';

const T = DEMO.tezkor;
const CHILONZOR = T.branches.chilonzor; // open round the clock

// Issue 29's profile: the name asked once after the first login, the cashback card, and deleting the account.
describe.each(BACKENDS)('the profile on %s', (backend) => {
  const app = oneInstance(backend, 'dx-profile-', {
    ready: (t) =>
      t.database.db
        .insert(merchantOrderSettings)
        .values({ merchantId: T.id, cashbackPercent: 5 })
        .onConflictDoUpdate({ target: merchantOrderSettings.merchantId, set: { cashbackPercent: 5 } }),
  });
  const { call, customer, staffToken, placePickup: place } = brandCalls(app, { merchantId: T.id, net: 29, operator: '97' });
  const me = async (token: string) => User.parse((await call('GET', '/users/v1/users/me', token)).json());
  const placePickup = (token: string) => place(token, CHILONZOR, [{ productId: T.products.fries, count: 2 }]);
  const setStatus = (id: string, status: 'ON_WAY' | 'ATTACHED' | 'COOKING' | 'CLOSED') =>
    app.t.database.db.update(orders).set({ status }).where(eq(orders.id, id));

  describe('the name, asked once', () => {
    it('asks a new customer, and not again once they skipped, even at the next login', async () => {
      const c = await customer();
      expect((await me(c.token)).askName).toBe(true);
      const skipped = await call('PUT', `/users/v1/users/${c.id}`, c.token, { skipName: true });
      expect(skipped.statusCode, skipped.body).toBe(200);
      expect(User.parse(skipped.json())).toMatchObject({ askName: false, firstName: '' });
      app.t.clock.set(new Date(app.t.clock.now().getTime() + 120_000)); // past the resend wait
      const again = await customer(c.phone);
      expect((await me(again.token)).askName).toBe(false);
    });

    it('stops asking once a name is given, and the staff see that name on the order', async () => {
      const c = await customer();
      const named = await call('PUT', `/users/v1/users/${c.id}`, c.token, { firstName: 'Dilnoza' });
      expect(User.parse(named.json())).toMatchObject({ askName: false, firstName: 'Dilnoza' });
      // Clearing the name later does not bring the question back: it was answered.
      await call('PUT', `/users/v1/users/${c.id}`, c.token, { firstName: '' });
      expect((await me(c.token)).askName).toBe(false);
      await call('PUT', `/users/v1/users/${c.id}`, c.token, { firstName: 'Dilnoza' });
      const order = await placePickup(c.token);
      const staff = await staffToken(T.staffPhones.operator, T.staffPassword);
      const seen = await call('GET', `/ops/v1/orders/${order.id}`, staff);
      expect(seen.statusCode, seen.body).toBe(200);
      expect(StaffOrder.parse(seen.json()).customer.name).toBe('Dilnoza');
    });

    it('does not ask a customer who already had a name before the step existed', async () => {
      const c = await customer();
      await app.t.database.db.update(users).set({ firstName: 'Aziz' }).where(eq(users.id, c.id));
      expect((await me(c.token)).askName).toBe(false);
    });
  });

  describe('the cashback card', () => {
    it("answers the balance, what active orders will add, and the brand's percent; a completed order is no longer pending", async () => {
      const c = await customer();
      const empty = CashbackSummary.parse((await call('GET', '/users/v1/users/me/cashback', c.token)).json());
      expect(empty).toEqual({ balance: 0, pending: 0, pendingOrders: 0, percent: 5 });
      const first = await placePickup(c.token);
      const second = await placePickup(c.token);
      expect(first.cashbackEarned).toBeGreaterThan(0);
      const pending = CashbackSummary.parse((await call('GET', '/users/v1/users/me/cashback', c.token)).json());
      expect(pending).toEqual({ balance: 0, pending: first.cashbackEarned + second.cashbackEarned, pendingOrders: 2, percent: 5 });
      for (const to of ['ACCEPTED', 'COOKING', 'DONE'] as const) await app.t.app.moveOrder(T.id, first.id, { to, role: 'kitchen' });
      await app.t.app.moveOrder(T.id, first.id, { to: 'CLOSED', role: 'operator' });
      const after = CashbackSummary.parse((await call('GET', '/users/v1/users/me/cashback', c.token)).json());
      expect(after).toEqual({ balance: first.cashbackEarned, pending: second.cashbackEarned, pendingOrders: 1, percent: 5 });
    });

    it('answers 401 to a guest', async () => {
      expect((await call('GET', '/users/v1/users/me/cashback', null)).statusCode).toBe(401);
    });

    it("answers 403 FEATURE_OFF while the brand's balanceActive is off, and the card again once it is on", async () => {
      const c = await customer();
      const setBalance = (balanceActive: boolean) =>
        app.t.database.db.update(merchantSettings).set({ balanceActive }).where(eq(merchantSettings.merchantId, T.id));
      await setBalance(false);
      try {
        const off = await call('GET', '/users/v1/users/me/cashback', c.token);
        expect(off.statusCode).toBe(403);
        expect(off.json()).toMatchObject({ code: 'FEATURE_OFF' });
      } finally {
        await setBalance(true);
      }
      expect((await call('GET', '/users/v1/users/me/cashback', c.token)).statusCode).toBe(200);
    });
  });

  describe('deleting the account', () => {
    it('counts the active orders for the warning, refuses while a courier has one, and deletes once it is delivered', async () => {
      const c = await customer();
      const order = await placePickup(c.token);
      const check = async () => AccountDeletionCheck.parse((await call('GET', '/users/v1/users/me/deletion', c.token)).json());
      expect(await check()).toEqual({ activeOrders: 1, refused: false });

      for (const status of ['ATTACHED', 'ON_WAY'] as const) {
        await setStatus(order.id, status);
        expect(await check()).toEqual({ activeOrders: 1, refused: true });
        const refused = await call('DELETE', '/users/v1/users', c.token);
        expect([refused.statusCode, refused.json().code]).toEqual([409, 'ACCOUNT_ORDER_ON_WAY']);
        expect(refused.json().description.ru).toContain('в пути');
        // Nothing was erased: the account and its session still work.
        expect((await me(c.token)).phone).toBe(c.phone);
      }

      await setStatus(order.id, 'CLOSED');
      expect(await check()).toEqual({ activeOrders: 0, refused: false });
      expect((await call('DELETE', '/users/v1/users', c.token)).statusCode).toBe(204);
      expect((await call('GET', '/users/v1/users/me', c.token)).statusCode).toBe(401);
    });

    it('deletes with an order still being cooked (the client warned about it)', async () => {
      const c = await customer();
      const order = await placePickup(c.token);
      await setStatus(order.id, 'COOKING');
      expect((await call('DELETE', '/users/v1/users', c.token)).statusCode).toBe(204);
    });
  });
});
