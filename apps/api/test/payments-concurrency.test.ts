import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStatusHistory } from '@dasturxon/db';
import { BACKENDS } from './harness.ts';
import { clickAmount, clickProvider } from './providers/click.ts';
import { paymeProvider } from './providers/payme.ts';
import { openShop, SANDBOX, tiyin, type Shop } from './providers/shop.ts';

/*
 * A provider repeating a call many times at once (its retries crossing ours) on PostgreSQL, where the calls
 * really run side by side; PGlite runs one transaction at a time, so there they would prove nothing.
 */
const CALLS = 100;

describe.each(BACKENDS)('payments under concurrency on %s', (backend) => {
  let shop: Shop;
  beforeAll(async () => {
    if (backend === 'postgres') shop = await openShop(backend);
  });
  afterAll(async () => {
    await shop?.close();
  });
  const paymentMoves = (orderId: string) =>
    shop.t.database.db
      .select()
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.role, 'payment')));

  it.skipIf(backend !== 'postgres')(
    `${CALLS} PerformTransaction at once for one transaction: one perform, every answer the same`,
    async () => {
      const payme = paymeProvider(shop.t.app, SANDBOX.payme);
      const order = await shop.order('PAYME');
      const id = payme.newId();
      expect((await payme.create(id, order.id, tiyin(order), shop.t.clock.now().getTime())).body.result).toMatchObject({ state: 1 });
      const answers = await Promise.all(Array.from({ length: CALLS }, () => payme.perform(id)));
      expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
      expect(new Set(answers.map((a) => JSON.stringify(a.body.result)))).toHaveProperty('size', 1);
      expect(answers[0]!.body.result).toMatchObject({ state: 2, perform_time: shop.t.clock.now().getTime() });
      expect(await shop.orderRow(order.id)).toMatchObject({ status: 'OPEN', isPaid: true });
      expect(await paymentMoves(order.id)).toHaveLength(1);
      expect((await shop.ledgerOf(order.id)).payme).toMatchObject([{ state: 2 }]);
    },
    120_000,
  );

  it.skipIf(backend !== 'postgres')(
    `${CALLS} CreateTransaction at once with new ids for one order: one transaction, the others -31099`,
    async () => {
      const payme = paymeProvider(shop.t.app, SANDBOX.payme);
      const order = await shop.order('PAYME');
      const answers = await Promise.all(
        Array.from({ length: CALLS }, () => payme.create(payme.newId(), order.id, tiyin(order), shop.t.clock.now().getTime())),
      );
      expect(answers.filter((a) => a.body.result?.state === 1)).toHaveLength(1);
      expect(answers.filter((a) => a.body.error?.code === -31099)).toHaveLength(CALLS - 1);
      expect((await shop.ledgerOf(order.id)).payme).toHaveLength(1);
    },
    120_000,
  );

  it.skipIf(backend !== 'postgres')(
    `${CALLS} Click Complete at once for one payment: one completes, the others answer -4 Already paid`,
    async () => {
      const click = clickProvider(shop.t.app, SANDBOX.click);
      const order = await shop.order('CLICK');
      const call = { orderId: order.id, amount: clickAmount(order.totalPrice), clickTransId: click.newTransId() };
      const prepared = await click.prepare(call);
      expect(prepared.body.error).toBe(0);
      const answers = await Promise.all(
        Array.from({ length: CALLS }, () => click.complete({ ...call, merchantPrepareId: prepared.body.merchant_prepare_id! })),
      );
      expect(answers.filter((a) => a.body.error === 0)).toHaveLength(1);
      expect(answers.filter((a) => a.body.error === -4)).toHaveLength(CALLS - 1);
      expect(await shop.orderRow(order.id)).toMatchObject({ status: 'OPEN', isPaid: true });
      expect(await paymentMoves(order.id)).toHaveLength(1);
    },
    120_000,
  );

  it.skipIf(backend !== 'postgres')(
    `${CALLS} Click payments of one order (each prepared) completing at once: the order is paid once, the rest refused`,
    async () => {
      const click = clickProvider(shop.t.app, SANDBOX.click);
      const order = await shop.order('CLICK');
      const attempts = [];
      for (let i = 0; i < CALLS; i++) {
        const call = { orderId: order.id, amount: clickAmount(order.totalPrice), clickTransId: click.newTransId() };
        attempts.push({ ...call, merchantPrepareId: (await click.prepare(call)).body.merchant_prepare_id! });
      }
      const answers = await Promise.all(attempts.map((a) => click.complete(a)));
      expect(answers.filter((a) => a.body.error === 0)).toHaveLength(1);
      expect(answers.filter((a) => a.body.error === -4)).toHaveLength(CALLS - 1);
      const ledger = (await shop.ledgerOf(order.id)).click;
      expect(ledger.filter((t) => t.state === 'COMPLETED')).toHaveLength(1);
      expect(await paymentMoves(order.id)).toHaveLength(1);
    },
    120_000,
  );
});
