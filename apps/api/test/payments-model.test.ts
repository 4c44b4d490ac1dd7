import fc from 'fast-check';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStatusHistory } from '@dasturxon/db';
import { BACKENDS } from './harness.ts';
import { clickAmount, clickProvider, type ClickProvider } from './providers/click.ts';
import { paymeProvider, type PaymeProvider } from './providers/payme.ts';
import { COUNTED, openShop, SANDBOX, T, tiyin, type Shop } from './providers/shop.ts';
import { uzumProvider, type UzumProvider } from './providers/uzum.ts';

/*
 * The ledger against the order, under any interleaving of repeated provider calls: a run places one order, picks
 * its provider, and sends batches of that provider's calls over a few transactions of its (each batch at once,
 * calls repeated freely, in any order). Whatever happened, the order is paid at most once, it is paid exactly when
 * one transaction of the ledger holds the money, a refund has cancelled it and given back its stock, promo use and
 * cashback, and every answer about a transaction names the time it first got.
 */

type Provider = 'PAYME' | 'CLICK' | 'UZUM';
type Call =
  | { op: 'create' | 'perform' | 'check'; tx: number }
  | { op: 'cancel'; tx: number; reason: 3 | 5 }
  | { op: 'prepare'; tx: number }
  | { op: 'complete'; tx: number; error: 0 | -5017 }
  | { op: 'uzum-create' | 'confirm' | 'reverse' | 'status'; tx: number };

/** Mostly the first transaction, so that runs reach perform, refund and repeats; sometimes a second or third. */
const tx = fc.oneof(
  { weight: 5, arbitrary: fc.constant(0) },
  { weight: 1, arbitrary: fc.constant(1) },
  { weight: 1, arbitrary: fc.constant(2) },
);
const op = <T extends string | number>(...weighted: [T, number][]) =>
  fc.oneof(...weighted.map(([value, weight]) => ({ weight, arbitrary: fc.constant(value) })));
const CALLS: Record<Provider, fc.Arbitrary<Call>> = {
  PAYME: fc.oneof(
    { weight: 7, arbitrary: fc.record({ op: op<'create' | 'perform' | 'check'>(['create', 3], ['perform', 3], ['check', 1]), tx }) },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('cancel' as const), tx, reason: fc.constantFrom(3 as const, 5 as const) }) },
  ),
  CLICK: fc.oneof(
    { weight: 1, arbitrary: fc.record({ op: fc.constant('prepare' as const), tx }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('complete' as const), tx, error: op<0 | -5017>([0, 3], [-5017, 1]) }) },
  ),
  UZUM: fc.record({
    op: op<'uzum-create' | 'confirm' | 'reverse' | 'status'>(['uzum-create', 3], ['confirm', 3], ['reverse', 1], ['status', 1]),
    tx,
  }),
};
const run = fc.constantFrom<Provider>('PAYME', 'CLICK', 'UZUM').chain((provider) =>
  fc.record({
    provider: fc.constant(provider),
    batches: fc.array(fc.array(CALLS[provider], { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 10 }),
  }),
);

describe.each(BACKENDS)('payments model on %s', (backend) => {
  let shop: Shop;
  let payme: PaymeProvider;
  let click: ClickProvider;
  let uzum: UzumProvider;
  let customer: Awaited<ReturnType<Shop['customer']>>;

  beforeAll(async () => {
    shop = await openShop(backend);
    payme = paymeProvider(shop.t.app, SANDBOX.payme);
    click = clickProvider(shop.t.app, SANDBOX.click);
    uzum = uzumProvider(shop.t.app, SANDBOX.uzum, shop.t.clock);
    customer = await shop.customer();
    await shop.setCashback(customer.id, 10_000_000);
    await shop.setStock(COUNTED, 100_000);
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('pays an order at most once, and the ledger always agrees with the order', async () => {
    await fc.assert(
      fc.asyncProperty(run, async ({ provider, batches }) => {
        const [stock, cashback] = [await shop.stockOf(COUNTED), await shop.cashbackOf(customer.id)];
        const order = await shop.order(provider, {
          customer,
          cartItems: [
            { productId: COUNTED, count: 1 },
            { productId: T.products.fries, count: 2 },
          ],
          promoCode: 'WELCOME10',
          cashback: 1000,
        });
        const ids = [payme.newId(), payme.newId(), payme.newId()];
        const clickIds = [click.newTransId(), click.newTransId(), click.newTransId()];
        const prepared = new Map<number, number>();
        /** The first time each transaction was answered with, per kind: every later answer must name the same. */
        const times = new Map<string, number>();
        const same = (key: string, value: unknown) => {
          if (typeof value !== 'number') return;
          if (!times.has(key)) times.set(key, value);
          expect([key, value]).toEqual([key, times.get(key)]);
        };

        const send = async (call: Call) => {
          switch (call.op) {
            case 'create': {
              const a = await payme.create(ids[call.tx]!, order.id, tiyin(order), shop.t.clock.now().getTime());
              expect(a.status).toBe(200);
              same(`create_time ${call.tx}`, a.body.result?.create_time);
              return;
            }
            case 'perform':
              same(`perform_time ${call.tx}`, (await payme.perform(ids[call.tx]!)).body.result?.perform_time);
              return;
            case 'cancel':
              same(`cancel_time ${call.tx}`, (await payme.cancel(ids[call.tx]!, call.reason)).body.result?.cancel_time);
              return;
            case 'check': {
              const r = (await payme.check(ids[call.tx]!)).body.result;
              if (r) for (const k of ['create_time', 'perform_time', 'cancel_time'] as const) if (r[k]) same(`${k} ${call.tx}`, r[k]);
              return;
            }
            case 'prepare': {
              const a = await click.prepare({ orderId: order.id, amount: clickAmount(order.totalPrice), clickTransId: clickIds[call.tx]! });
              if (a.body.merchant_prepare_id) {
                same(`prepare ${call.tx}`, a.body.merchant_prepare_id);
                prepared.set(call.tx, a.body.merchant_prepare_id);
              }
              return;
            }
            case 'complete': {
              const a = await click.complete({
                orderId: order.id,
                amount: clickAmount(order.totalPrice),
                clickTransId: clickIds[call.tx]!,
                merchantPrepareId: prepared.get(call.tx) ?? 999_999_999,
                error: call.error,
              });
              expect([0, -4, -6, -9]).toContain(a.body.error);
              return;
            }
            case 'uzum-create':
              same(`transTime ${call.tx}`, (await uzum.create(ids[call.tx]!, order.id, tiyin(order))).body.transTime);
              return;
            case 'confirm':
              same(`confirmTime ${call.tx}`, (await uzum.confirm(ids[call.tx]!)).body.confirmTime);
              return;
            case 'reverse':
              same(`reverseTime ${call.tx}`, (await uzum.reverse(ids[call.tx]!)).body.reverseTime);
              return;
            case 'status': {
              const b = (await uzum.status(ids[call.tx]!)).body;
              for (const k of ['transTime', 'confirmTime', 'reverseTime'] as const) if (b[k]) same(`${k} ${call.tx}`, b[k]);
              return;
            }
          }
        };

        for (const batch of batches) {
          await Promise.all(batch.map(send));
          // Time moves on between batches: a repeat answering with the time of the repeat would show.
          shop.t.clock.set(new Date(shop.t.clock.now().getTime() + 1000));
        }

        const row = await shop.orderRow(order.id);
        const ledger = await shop.ledgerOf(order.id);
        const holding =
          ledger.payme.filter((t) => t.state === 2).length +
          ledger.click.filter((t) => t.state === 'COMPLETED').length +
          ledger.uzum.filter((t) => t.state === 'CONFIRMED').length;
        const refunded =
          ledger.payme.filter((t) => t.state === -2).length +
          ledger.click.filter((t) => t.state === 'CANCELLED' && t.completedAt !== null).length +
          ledger.uzum.filter((t) => t.state === 'REVERSED' && t.confirmTime !== null).length;
        const paidMoves = await shop.t.database.db
          .select()
          .from(orderStatusHistory)
          .where(
            and(eq(orderStatusHistory.orderId, order.id), eq(orderStatusHistory.role, 'payment'), eq(orderStatusHistory.toStatus, 'OPEN')),
          );

        expect(holding).toBeLessThanOrEqual(1);
        expect(refunded).toBeLessThanOrEqual(1);
        expect(paidMoves.length).toBeLessThanOrEqual(1);
        expect(paidMoves.length).toBe(holding + refunded);
        expect(row.isPaid).toBe(holding === 1);
        expect(row.status).toBe(holding === 1 ? 'OPEN' : refunded === 1 ? 'CANCELED' : 'CREATED');
        // What the order held: taken while it lives, all back once refunded.
        const back = row.status === 'CANCELED';
        expect([await shop.stockOf(COUNTED), await shop.cashbackOf(customer.id), await shop.promoUsesOf(order.id)]).toEqual(
          back ? [stock, cashback, 0] : [stock! - 1, cashback - 1000, 1],
        );
        // At most one created or performed Payme transaction at any time (a one-time account).
        expect(ledger.payme.filter((t) => t.state === 1 || t.state === 2).length).toBeLessThanOrEqual(1);
      }),
      { numRuns: backend === 'postgres' ? 40 : 30 },
    );
  }, 240_000);
});
