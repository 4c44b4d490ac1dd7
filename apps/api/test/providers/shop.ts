import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import {
  cashbackEntries,
  clickTransactions,
  createSecretBox,
  DEV_PAYMENT_SECRETS_KEY,
  merchantSettings,
  notifications,
  orderEvents,
  orders,
  paymentAccounts,
  paymeTransactions,
  products,
  promoUses,
  sealPaymentAccount,
  users,
  uzumTransactions,
  type PaymentAccount,
} from '@dasturxon/db';
import { DEMO } from '@dasturxon/db/seed';
import { Order } from '@dasturxon/domain/contracts';
import { createTestApp, signInCustomer, type Backend, type TestApp, type TestAppOptions } from '../harness.ts';

/*
 * The shop side of the payment tests: a test app of the demo chain with its online payment types on, customers
 * signed in through the real login, orders placed through the real API, and reads of what the database holds.
 */

export const T = DEMO.tezkor;
const P = T.products;
export const CHILONZOR = T.branches.chilonzor;
/** Cola: not counted in the seed; tests give it a count. */
export const COUNTED = P.cola;

/** The sandbox accounts of the README, as the providers know them. */
export const SANDBOX = {
  payme: { key: 'tezkor-payme-test-key' },
  click: { serviceId: '10001', merchantId: '20001', secretKey: 'tezkor-click-secret' },
  uzum: { serviceId: 30001, login: 'tezkor-uzum', password: 'tezkor-uzum-pass' },
} as const;

/** Accounts the tests give the second demo brand, so a call can come with another brand's credentials. */
export const NAVBAHOR_ACCOUNTS = {
  payme: { key: 'navbahor-payme-key' },
  click: { serviceId: '10002', merchantId: '20002', secretKey: 'navbahor-click-secret' },
  uzum: { serviceId: 30002, login: 'navbahor-uzum', password: 'navbahor-uzum-pass' },
} as const;

export type PayType = 'PAYME' | 'CLICK' | 'UZUM' | 'CASH';

export interface Shop {
  t: TestApp;
  close(): Promise<void>;
  /** A new customer of the demo chain, signed in. */
  customer(merchantId?: string): Promise<{ token: string; id: string; merchant: string }>;
  /** A pickup order placed through the API (fries unless told), unpaid and CREATED for an online type. */
  order(
    payment: PayType,
    more?: { cartItems?: unknown[]; promoCode?: string; cashback?: number; customer?: Awaited<ReturnType<Shop['customer']>> },
  ): Promise<Order>;
  /** The order as stored. */
  orderRow(id: string): Promise<typeof orders.$inferSelect>;
  setStock(productId: string, count: number | null): Promise<void>;
  stockOf(productId: string): Promise<number | null>;
  setCashback(userId: string, amount: number): Promise<void>;
  cashbackOf(userId: string): Promise<number>;
  promoUsesOf(orderId: string): Promise<number>;
  /** Every provider transaction of an order, from the three ledgers. */
  /** What the customer was told of an order: its events (the live streams) and its notifications. */
  toldOf(orderId: string): Promise<{ events: number; notifications: number }>;
  /**
   * Time passing for a payment under way: runs `steps` with `after(ms)`, which sets the test's clock `ms` past where it
   * stood when called (`start`), then puts the clock back at the start, pass or fail.
   */
  overTime(steps: (after: (ms: number) => Date, start: Date) => Promise<void>): Promise<void>;
  ledgerOf(orderId: string): Promise<{
    payme: (typeof paymeTransactions.$inferSelect)[];
    click: (typeof clickTransactions.$inferSelect)[];
    uzum: (typeof uzumTransactions.$inferSelect)[];
  }>;
}

export async function openShop(backend: Backend, env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<Shop> {
  const dataDir = await mkdtemp(join(tmpdir(), 'dx-payments-'));
  const t = await createTestApp(backend, { DATA_DIR: dataDir, ...env }, options);
  const db = t.database.db;
  // Uzum is off for the demo's web channel; the payment tests take all three.
  await db
    .update(merchantSettings)
    .set({ paymeActive: true, clickActive: true, uzumActive: true, notificationsActive: true })
    .where(and(eq(merchantSettings.merchantId, T.id), eq(merchantSettings.channel, 'WEB')));
  const box = createSecretBox(env.PAYMENT_SECRETS_KEY ?? DEV_PAYMENT_SECRETS_KEY);
  const navbahor: PaymentAccount[] = [
    { provider: 'PAYME', credentials: { cashboxId: 'navbahor-cashbox', key: NAVBAHOR_ACCOUNTS.payme.key, testKey: '', testMode: false } },
    { provider: 'CLICK', credentials: { ...NAVBAHOR_ACCOUNTS.click, merchantUserId: '' } },
    { provider: 'UZUM', credentials: { ...NAVBAHOR_ACCOUNTS.uzum, serviceId: String(NAVBAHOR_ACCOUNTS.uzum.serviceId) } },
  ];
  await db.insert(paymentAccounts).values(navbahor.map((a) => sealPaymentAccount(box, DEMO.navbahor.id, a)));

  let serial = 0;
  const freshPhone = () => `+99894${String(1_000_000 + ++serial * 7919).slice(-7)}`;
  const freshIp = () => `10.14.${Math.floor(++serial / 250)}.${serial % 250}`;
  const customer = (merchantId: string = T.id) => signInCustomer(t, dataDir, { phone: freshPhone(), merchantId, ip: freshIp() });

  return {
    t,
    async close() {
      await t.close();
      await rm(dataDir, { recursive: true, force: true });
    },
    customer,
    async order(payment, more = {}) {
      const c = more.customer ?? (await customer());
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/orders/v1/orders',
        headers: { 'x-merchant-id': c.merchant, authorization: `Bearer ${c.token}` },
        remoteAddress: freshIp(),
        payload: {
          serviceType: 'PICK_UP',
          branchId: CHILONZOR,
          cartItems: more.cartItems ?? [{ productId: P.fries, count: 2 }],
          paymentType: payment,
          ...(more.promoCode ? { promoCode: more.promoCode } : {}),
          ...(more.cashback !== undefined ? { cashback: more.cashback } : {}),
        },
      });
      if (res.statusCode !== 201) throw new Error(`order: ${res.statusCode} ${res.body}`);
      return Order.parse(res.json());
    },
    async orderRow(id) {
      return (await db.select().from(orders).where(eq(orders.id, id)))[0]!;
    },
    async setStock(productId, count) {
      await db
        .update(products)
        .set({ count })
        .where(and(eq(products.merchantId, T.id), eq(products.id, productId)));
    },
    async stockOf(productId) {
      return (
        await db
          .select({ count: products.count })
          .from(products)
          .where(and(eq(products.merchantId, T.id), eq(products.id, productId)))
      )[0]!.count;
    },
    async setCashback(userId, amount) {
      await db.update(users).set({ cashback: amount }).where(eq(users.id, userId));
      await db.insert(cashbackEntries).values({ merchantId: T.id, userId, kind: 'OPENING', amount, balanceAfter: amount });
    },
    async cashbackOf(userId) {
      return (await db.select({ cashback: users.cashback }).from(users).where(eq(users.id, userId)))[0]!.cashback;
    },
    async promoUsesOf(orderId) {
      return Number(
        (
          await db
            .select({ n: sql<number>`count(*)` })
            .from(promoUses)
            .where(eq(promoUses.orderId, orderId))
        )[0]!.n,
      );
    },
    async overTime(steps) {
      const start = t.clock.now();
      try {
        await steps((ms) => {
          const at = new Date(start.getTime() + ms);
          t.clock.set(at);
          return at;
        }, start);
      } finally {
        t.clock.set(start);
      }
    },
    async toldOf(orderId) {
      const events = await db
        .select({ n: sql<number>`count(*)` })
        .from(orderEvents)
        .where(eq(orderEvents.orderId, orderId));
      const told = await db
        .select({ n: sql<number>`count(*)` })
        .from(notifications)
        .where(eq(notifications.orderId, orderId));
      return { events: Number(events[0]!.n), notifications: Number(told[0]!.n) };
    },
    async ledgerOf(orderId) {
      return {
        payme: await db.select().from(paymeTransactions).where(eq(paymeTransactions.orderId, orderId)),
        click: await db.select().from(clickTransactions).where(eq(clickTransactions.orderId, orderId)),
        uzum: await db.select().from(uzumTransactions).where(eq(uzumTransactions.orderId, orderId)),
      };
    },
  };
}

/** The order's total in tiyin, as every provider but Click counts it. */
export const tiyin = (order: { totalPrice: number }) => order.totalPrice * 100;
