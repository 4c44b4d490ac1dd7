import { and, asc, count, desc, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import {
  branches,
  cashbackEntries,
  clickTransactions,
  courierPositions,
  diningTables,
  halls,
  idempotencyKeys,
  merchantOrderSettings,
  modifications,
  notifications,
  orderCounters,
  orderLines,
  orders,
  orderStatusHistory,
  paymentMethods,
  paymeTransactions,
  products,
  promos,
  promoUses,
  users,
  uzumTransactions,
  type Db,
} from '@dasturxon/db';
import {
  ACTIVE_ORDER_STATUSES,
  DEFAULT_LEAD_TIME_MINUTES,
  FINAL_ORDER_STATUSES,
  type CashbackEntryKind,
  type PaymentInProgress,
  type PaymentMethodSettings,
} from '@dasturxon/domain';
import { createEventsRepository } from '../live/index.ts';
import { readSettings } from '../merchants/index.ts';

export type OrderRecord = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type OrderLineRecord = typeof orderLines.$inferSelect;
export type StatusEntryRecord = typeof orderStatusHistory.$inferSelect;
export type IdempotencyRecord = typeof idempotencyKeys.$inferSelect;

/** The settings an order is placed and cancelled under (the WEB row: the storefront and the Telegram Mini App share it). */
export interface OrderSettingsRecord {
  cashActive: boolean;
  terminalActive: boolean;
  paymeActive: boolean;
  clickActive: boolean;
  uzumActive: boolean;
  cancelOrderActive: boolean;
  cashbackActive: boolean;
  promoActive: boolean;
  receiverActive: boolean;
  deliveryActive: boolean;
  pickupActive: boolean;
  dineInActive: boolean;
  shouldValidateDeliveryArea: boolean;
  isSmsConfirmationRequiredPerOrder: boolean;
  leadTimeMinutes: number;
  unpaidCancelMinutes: number;
  cashbackPercent: number;
  methods: PaymentMethodSettings[];
}

const FLAG_KEYS = [
  'cashActive',
  'terminalActive',
  'paymeActive',
  'clickActive',
  'uzumActive',
  'cancelOrderActive',
  'cashbackActive',
  'promoActive',
  'receiverActive',
  'deliveryActive',
  'pickupActive',
  'dineInActive',
  'shouldValidateDeliveryArea',
  'isSmsConfirmationRequiredPerOrder',
] as const;

/**
 * Orders, their lines and history, the counters and the ledger. Every query names the merchant, and the
 * customer's reads name the customer too. Takes a database or a transaction.
 */
export function createOrdersRepository(db: Db) {
  const own = (merchantId: string, userId: string, id: string) =>
    and(eq(orders.merchantId, merchantId), eq(orders.userId, userId), eq(orders.id, id));

  return {
    /** The order events of this transaction (the live feature's table). */
    events: createEventsRepository(db),

    /** Whether the brand sends its customers messages about their orders (the WEB row's notificationsActive). */
    async notificationsActive(merchantId: string): Promise<boolean> {
      return (await readSettings(db, merchantId)).notificationsActive;
    },

    async insertNotification(row: typeof notifications.$inferInsert): Promise<void> {
      await db.insert(notifications).values(row);
    },

    async settings(merchantId: string): Promise<OrderSettingsRecord> {
      const web = await readSettings(db, merchantId);
      const [own] = await db.select().from(merchantOrderSettings).where(eq(merchantOrderSettings.merchantId, merchantId)).limit(1);
      const methods = await db
        .select({
          type: paymentMethods.type,
          isActive: paymentMethods.isActive,
          webEnabled: paymentMethods.webEnabled,
          botEnabled: paymentMethods.botEnabled,
          appEnabled: paymentMethods.appEnabled,
          qrEnabled: paymentMethods.qrEnabled,
          operatorEnabled: paymentMethods.operatorEnabled,
        })
        .from(paymentMethods)
        .where(eq(paymentMethods.merchantId, merchantId));
      const flags = Object.fromEntries(FLAG_KEYS.map((k) => [k, web[k]])) as { [K in (typeof FLAG_KEYS)[number]]: boolean };
      return {
        ...flags,
        leadTimeMinutes: own?.leadTimeMinutes ?? DEFAULT_LEAD_TIME_MINUTES,
        unpaidCancelMinutes: own?.unpaidCancelMinutes ?? 20,
        cashbackPercent: own?.cashbackPercent ?? 0,
        methods,
      };
    },

    /** The least product amount for delivery of each branch that is not deleted. */
    async deliveryMinAmounts(merchantId: string): Promise<Record<string, number>> {
      const rows = await db
        .select({ id: branches.id, min: branches.deliveryMinAmount })
        .from(branches)
        .where(and(eq(branches.merchantId, merchantId), eq(branches.deleted, false)));
      return Object.fromEntries(rows.map((r) => [r.id, r.min]));
    },

    /** The names and pictures of products and options, as an order's lines keep them. */
    async names(merchantId: string, productIds: string[], modificationIds: string[]) {
      const productRows = productIds.length
        ? await db
            .select({
              id: products.id,
              name: products.name,
              image: products.image,
              counted: sql<boolean>`${products.count} is not null`,
              mxicCode: products.mxicCode,
            })
            .from(products)
            .where(and(eq(products.merchantId, merchantId), inArray(products.id, productIds)))
        : [];
      const modificationRows = modificationIds.length
        ? await db
            .select({ id: modifications.id, name: modifications.name })
            .from(modifications)
            .where(and(eq(modifications.merchantId, merchantId), inArray(modifications.id, modificationIds)))
        : [];
      return { products: new Map(productRows.map((p) => [p.id, p])), modifications: new Map(modificationRows.map((m) => [m.id, m.name])) };
    },

    /**
     * Takes `quantity` from a counted product's stock when that much is left: one conditional statement, so
     * two orders for the last items cannot both get them (the second waits for the first's row lock, then
     * finds the count too low). False when there is not enough.
     */
    async takeStock(merchantId: string, productId: string, quantity: number): Promise<boolean> {
      const rows = await db
        .update(products)
        .set({ count: sql`${products.count} - ${quantity}` })
        .where(and(eq(products.merchantId, merchantId), eq(products.id, productId), sql`${products.count} >= ${quantity}`))
        .returning({ count: products.count });
      return rows.length > 0;
    },

    /** Gives stock back to a product that still counts it. */
    async returnStock(merchantId: string, productId: string, quantity: number): Promise<void> {
      await db
        .update(products)
        .set({ count: sql`${products.count} + ${quantity}` })
        .where(and(eq(products.merchantId, merchantId), eq(products.id, productId), sql`${products.count} is not null`));
    },

    /** The brand's next order number: its counter row, raised and read in one statement (held until commit). */
    async nextNumber(merchantId: string): Promise<number> {
      const [row] = await db
        .insert(orderCounters)
        .values({ merchantId, lastNumber: 1 })
        .onConflictDoUpdate({ target: orderCounters.merchantId, set: { lastNumber: sql`${orderCounters.lastNumber} + 1` } })
        .returning({ n: orderCounters.lastNumber });
      return row!.n;
    },

    /**
     * Moves a customer's cashback balance by `amount` and writes the ledger entry, unless the balance would
     * fall below zero: then nothing is written and null is answered.
     */
    async moveCashback(
      merchantId: string,
      userId: string,
      amount: number,
      kind: CashbackEntryKind,
      orderId: string,
      at: Date,
    ): Promise<number | null> {
      const [row] = await db
        .update(users)
        .set({ cashback: sql`${users.cashback} + ${amount}` })
        .where(and(eq(users.merchantId, merchantId), eq(users.id, userId), sql`${users.cashback} + ${amount} >= 0`))
        .returning({ balance: users.cashback });
      if (!row) return null;
      await db.insert(cashbackEntries).values({ merchantId, userId, orderId, kind, amount, balanceAfter: row.balance, createdAt: at });
      return row.balance;
    },

    async insertOrder(order: NewOrder): Promise<void> {
      await db.insert(orders).values(order);
    },
    async insertLines(lines: (typeof orderLines.$inferInsert)[]): Promise<void> {
      if (lines.length) await db.insert(orderLines).values(lines);
    },
    async insertStatus(entry: typeof orderStatusHistory.$inferInsert): Promise<void> {
      await db.insert(orderStatusHistory).values(entry);
    },
    /**
     * Locks the promo behind a code when it has a limit (per customer or in total), until the transaction ends: two
     * orders with the same limited code then take turns, and the second counts its uses only once the first has
     * committed (or rolled back) its own. A promo without limits is not locked: its orders need not wait on each other.
     */
    async lockLimitedPromo(merchantId: string, code: string): Promise<void> {
      await db
        .select({ id: promos.id })
        .from(promos)
        .where(
          and(
            eq(promos.merchantId, merchantId),
            sql`lower(${promos.code}) = lower(${code})`,
            sql`(${promos.totalLimit} is not null or ${promos.perCustomerLimit} is not null)`,
          ),
        )
        .for('no key update');
    },
    async insertPromoUse(use: typeof promoUses.$inferInsert): Promise<void> {
      await db.insert(promoUses).values(use);
    },
    async deletePromoUse(merchantId: string, orderId: string): Promise<void> {
      await db.delete(promoUses).where(and(eq(promoUses.merchantId, merchantId), eq(promoUses.orderId, orderId)));
    },

    async findKey(merchantId: string, userId: string, key: string): Promise<IdempotencyRecord | null> {
      const [row] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.merchantId, merchantId), eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      return row ?? null;
    },
    /** Records a key for the order just placed; false when another request holds it (it waits for that one's commit on PostgreSQL). */
    async claimKey(row: typeof idempotencyKeys.$inferInsert): Promise<boolean> {
      const inserted = await db.insert(idempotencyKeys).values(row).onConflictDoNothing().returning({ key: idempotencyKeys.key });
      return inserted.length > 0;
    },
    /** Forgets a key used before `before` (24 h ago): the same key then places a new order. */
    async dropExpiredKey(merchantId: string, userId: string, key: string, before: Date): Promise<void> {
      await db
        .delete(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.merchantId, merchantId),
            eq(idempotencyKeys.userId, userId),
            eq(idempotencyKeys.key, key),
            lt(idempotencyKeys.createdAt, before),
          ),
        );
    },

    /** The customer's own order, locked for a change when `lock` is set. */
    async findOwn(merchantId: string, userId: string, id: string, lock = false): Promise<OrderRecord | null> {
      const query = db
        .select()
        .from(orders)
        .where(own(merchantId, userId, id));
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },

    /** The customer's phone number (E.164), where a confirmation code is sent. */
    async phoneOf(merchantId: string, userId: string): Promise<string | null> {
      const [row] = await db
        .select({ phone: users.phone })
        .from(users)
        .where(and(eq(users.merchantId, merchantId), eq(users.id, userId)));
      return row?.phone ?? null;
    },

    /** An order of the brand by its id alone (the payment providers name no customer), locked when `lock` is set. */
    async findById(merchantId: string, id: string, lock = false): Promise<OrderRecord | null> {
      const query = db
        .select()
        .from(orders)
        .where(and(eq(orders.merchantId, merchantId), eq(orders.id, id)));
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },

    async linesOf(merchantId: string, orderIds: string[]): Promise<OrderLineRecord[]> {
      if (!orderIds.length) return [];
      return db
        .select()
        .from(orderLines)
        .where(and(eq(orderLines.merchantId, merchantId), inArray(orderLines.orderId, orderIds)))
        .orderBy(asc(orderLines.orderId), asc(orderLines.position));
    },
    async historyOf(merchantId: string, orderIds: string[]): Promise<StatusEntryRecord[]> {
      if (!orderIds.length) return [];
      return db
        .select()
        .from(orderStatusHistory)
        .where(and(eq(orderStatusHistory.merchantId, merchantId), inArray(orderStatusHistory.orderId, orderIds)))
        .orderBy(asc(orderStatusHistory.at), asc(sql`case when ${orderStatusHistory.fromStatus} is null then 0 else 1 end`));
    },
    async branchesOf(merchantId: string, ids: string[]) {
      const rows = !ids.length
        ? []
        : await db
            .select({
              id: branches.id,
              name: branches.name,
              address: branches.address,
              phone: branches.phone,
              latitude: branches.latitude,
              longitude: branches.longitude,
              prepMinutes: branches.prepMinutes,
            })
            .from(branches)
            .where(and(eq(branches.merchantId, merchantId), inArray(branches.id, ids)));
      return new Map(rows.map((b) => [b.id, b]));
    },

    /** These tables' names and their halls' (a dine-in order placed at a table, issue 32): kept as the tables are now. */
    async tablesOf(merchantId: string, ids: string[]) {
      const rows = !ids.length
        ? []
        : await db
            .select({ id: diningTables.id, name: diningTables.name, hall: halls.name })
            .from(diningTables)
            .innerJoin(halls, and(eq(halls.merchantId, diningTables.merchantId), eq(halls.id, diningTables.hallId)))
            .where(and(eq(diningTables.merchantId, merchantId), inArray(diningTables.id, ids)));
      return new Map(rows.map((t) => [t.id, t]));
    },

    /** The last positions of these couriers (the arrival estimate of an order on the way rides from there). */
    async courierPositionsOf(merchantId: string, courierIds: string[]) {
      const rows = !courierIds.length
        ? []
        : await db
            .select({ courierId: courierPositions.courierId, latitude: courierPositions.latitude, longitude: courierPositions.longitude })
            .from(courierPositions)
            .where(and(eq(courierPositions.merchantId, merchantId), inArray(courierPositions.courierId, courierIds)));
      return new Map(rows.map((p) => [p.courierId, p]));
    },

    /** A page of the customer's orders not hidden, newest first; `archive` keeps the finished ones only, `active` the others. */
    async listOwn(
      merchantId: string,
      userId: string,
      filter: { page: number; size: number; only: 'all' | 'archive' | 'active' },
    ): Promise<{ rows: OrderRecord[]; total: number }> {
      const where = and(
        eq(orders.merchantId, merchantId),
        eq(orders.userId, userId),
        isNull(orders.hiddenAt),
        filter.only === 'archive' ? inArray(orders.status, [...FINAL_ORDER_STATUSES]) : undefined,
        filter.only === 'active' ? inArray(orders.status, [...ACTIVE_ORDER_STATUSES]) : undefined,
      );
      const rows = await db
        .select()
        .from(orders)
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.number))
        .limit(filter.size)
        .offset(filter.page * filter.size);
      const [total] = await db.select({ n: count() }).from(orders).where(where);
      return { rows, total: Number(total?.n ?? 0) };
    },

    async setStatus(
      merchantId: string,
      id: string,
      change: Partial<
        Pick<
          OrderRecord,
          | 'status'
          | 'reason'
          | 'updatedAt'
          | 'isPaid'
          | 'payUntil'
          | 'courierId'
          | 'courierStatus'
          | 'operatorId'
          | 'acceptedAt'
          | 'readyAt'
          | 'deliveredAt'
          | 'cookingTime'
          | 'refundState'
          | 'refundStartedAt'
          | 'paymentType'
        >
      >,
    ): Promise<void> {
      await db
        .update(orders)
        .set(change)
        .where(and(eq(orders.merchantId, merchantId), eq(orders.id, id)));
    },

    /**
     * Orders whose timer is due, of every brand, oldest first: `open` the scheduled ones whose opening time has come,
     * `unpaid` the online ones not paid in time. Locked, skipping rows another instance's run holds, so each is moved once.
     */
    async dueOrders(kind: 'open' | 'unpaid', now: Date, limit: number): Promise<OrderRecord[]> {
      const where =
        kind === 'open'
          ? and(eq(orders.status, 'AT_TIME'), lte(orders.opensAt, now))
          : and(eq(orders.status, 'CREATED'), lte(orders.payUntil, now));
      return db
        .select()
        .from(orders)
        .where(where)
        .orderBy(asc(kind === 'open' ? orders.opensAt : orders.payUntil))
        .limit(limit)
        .for('update', { skipLocked: true });
    },

    /**
     * The provider transactions under way for an order (Payme state 1, Click PREPARED, Uzum CREATED), with when each
     * started: what the unpaid timer waits for (unpaidOrderDue, decision 008).
     */
    async paymentsInProgress(merchantId: string, orderId: string): Promise<PaymentInProgress[]> {
      // One after the other: the timer's transaction is one connection.
      const payme = await db
        .select({ at: paymeTransactions.createTime })
        .from(paymeTransactions)
        .where(and(eq(paymeTransactions.merchantId, merchantId), eq(paymeTransactions.orderId, orderId), eq(paymeTransactions.state, 1)));
      const click = await db
        .select({ at: clickTransactions.preparedAt })
        .from(clickTransactions)
        .where(
          and(
            eq(clickTransactions.merchantId, merchantId),
            eq(clickTransactions.orderId, orderId),
            eq(clickTransactions.state, 'PREPARED'),
          ),
        );
      const uzum = await db
        .select({ at: uzumTransactions.transTime })
        .from(uzumTransactions)
        .where(
          and(eq(uzumTransactions.merchantId, merchantId), eq(uzumTransactions.orderId, orderId), eq(uzumTransactions.state, 'CREATED')),
        );
      return [
        ...payme.map((r) => ({ provider: 'PAYME' as const, startedAt: r.at })),
        ...click.map((r) => ({ provider: 'CLICK' as const, startedAt: r.at.getTime() })),
        ...uzum.map((r) => ({ provider: 'UZUM' as const, startedAt: r.at })),
      ];
    },

    async hide(merchantId: string, userId: string, id: string, at: Date): Promise<void> {
      await db
        .update(orders)
        .set({ hiddenAt: at })
        .where(own(merchantId, userId, id));
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
