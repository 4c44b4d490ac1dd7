import { and, asc, between, eq, inArray, sql } from 'drizzle-orm';
import {
  clickTransactions,
  orders,
  paymentAccounts,
  paymeTransactions,
  products,
  tableBillOrders,
  tableBills,
  tableSessions,
  uzumTransactions,
  type Db,
  type PaymentProvider,
} from '@dasturxon/db';

export type PaymentAccountRecord = typeof paymentAccounts.$inferSelect;
export type PaymeTransactionRecord = typeof paymeTransactions.$inferSelect;
export type ClickTransactionRecord = typeof clickTransactions.$inferSelect;
export type UzumTransactionRecord = typeof uzumTransactions.$inferSelect;

/**
 * The providers' accounts and transaction ledgers. Every query names the merchant, except the few the providers'
 * calls need before the brand is known (an order, a provider's transaction id, a caller's lookup digest), which
 * answer the brand to check the caller against. Takes a database or a transaction.
 */
/** A product's codes for a fiscal receipt. */
export interface FiscalCodes {
  code: string | null;
  packageCode: string | null;
  vatPercent: number;
}

export function createPaymentsRepository(db: Db) {
  return {
    async account(merchantId: string, provider: PaymentProvider): Promise<PaymentAccountRecord | null> {
      const [row] = await db
        .select()
        .from(paymentAccounts)
        .where(and(eq(paymentAccounts.merchantId, merchantId), eq(paymentAccounts.provider, provider), eq(paymentAccounts.isActive, true)));
      return row ?? null;
    },
    /** The accounts a caller's credential digest names (of every brand: a call that names no order). */
    async accountsByLookup(provider: PaymentProvider, lookup: string): Promise<PaymentAccountRecord[]> {
      return db
        .select()
        .from(paymentAccounts)
        .where(and(eq(paymentAccounts.provider, provider), eq(paymentAccounts.lookup, lookup), eq(paymentAccounts.isActive, true)));
    },
    async saveAccount(row: typeof paymentAccounts.$inferInsert): Promise<void> {
      await db
        .insert(paymentAccounts)
        .values(row)
        .onConflictDoUpdate({
          target: [paymentAccounts.merchantId, paymentAccounts.provider],
          set: { credentials: row.credentials, lookup: row.lookup, updatedAt: sql`now()` },
        });
    },

    /** The brand of an order, by its id alone (order ids are unique across brands): the providers name no brand. */
    async orderBrand(orderId: string): Promise<string | null> {
      const [row] = await db.select({ merchantId: orders.merchantId }).from(orders).where(eq(orders.id, orderId)).limit(1);
      return row?.merchantId ?? null;
    },
    /** The brand of a table's bill, by its id alone (a provider names it where it names an order; decision 021). */
    async billBrand(billId: string): Promise<string | null> {
      const [row] = await db.select({ merchantId: tableBills.merchantId }).from(tableBills).where(eq(tableBills.id, billId)).limit(1);
      return row?.merchantId ?? null;
    },
    /** A table's bill, locked, with the orders it covers (by id: the order they are locked in) and its session. */
    async billForPayment(merchantId: string, billId: string) {
      const [bill] = await db
        .select()
        .from(tableBills)
        .where(and(eq(tableBills.merchantId, merchantId), eq(tableBills.id, billId)))
        .for('update');
      if (!bill) return null;
      const lines = await db
        .select({ orderId: tableBillOrders.orderId, amount: tableBillOrders.amount })
        .from(tableBillOrders)
        .where(and(eq(tableBillOrders.merchantId, merchantId), eq(tableBillOrders.billId, billId)))
        .orderBy(asc(tableBillOrders.orderId));
      const [session] = await db
        .select()
        .from(tableSessions)
        .where(and(eq(tableSessions.merchantId, merchantId), eq(tableSessions.id, bill.sessionId)));
      return { bill, lines, session: session! };
    },
    async billUpdate(
      merchantId: string,
      billId: string,
      change: Partial<Pick<typeof tableBills.$inferSelect, 'status' | 'paidAt' | 'cancelledAt'>>,
    ): Promise<void> {
      await db
        .update(tableBills)
        .set(change)
        .where(and(eq(tableBills.merchantId, merchantId), eq(tableBills.id, billId)));
    },
    /** What a fiscal receipt names of an order's products: the IKPU (mxic) code, the package code and the VAT. */
    async fiscalCodes(merchantId: string, productIds: string[]): Promise<Map<string, FiscalCodes>> {
      if (!productIds.length) return new Map();
      const rows = await db
        .select({ id: products.id, code: products.mxicCode, packageCode: products.packageCode, vatPercent: products.vatPercent })
        .from(products)
        .where(and(eq(products.merchantId, merchantId), inArray(products.id, productIds)));
      return new Map(rows.map((r) => [r.id, { code: r.code, packageCode: r.packageCode, vatPercent: r.vatPercent }]));
    },

    // ── Payme ──
    /** The transactions with this Payme id, of every brand (a call that names only it). */
    async paymeByPaymeId(paymeId: string): Promise<PaymeTransactionRecord[]> {
      return db.select().from(paymeTransactions).where(eq(paymeTransactions.paymeId, paymeId));
    },
    async paymeFind(merchantId: string, paymeId: string, lock = false): Promise<PaymeTransactionRecord | null> {
      const query = db
        .select()
        .from(paymeTransactions)
        .where(and(eq(paymeTransactions.merchantId, merchantId), eq(paymeTransactions.paymeId, paymeId)));
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },
    /** The order's (or table bill's) created or performed transaction, if any (one at most: a one-time account). */
    async paymeLive(merchantId: string, payable: { kind: 'ORDER' | 'BILL'; id: string }): Promise<PaymeTransactionRecord | null> {
      const [row] = await db
        .select()
        .from(paymeTransactions)
        .where(
          and(
            eq(paymeTransactions.merchantId, merchantId),
            eq(payable.kind === 'BILL' ? paymeTransactions.billId : paymeTransactions.orderId, payable.id),
            inArray(paymeTransactions.state, [1, 2]),
          ),
        );
      return row ?? null;
    },
    async paymeInsert(row: typeof paymeTransactions.$inferInsert): Promise<PaymeTransactionRecord> {
      const [inserted] = await db.insert(paymeTransactions).values(row).returning();
      return inserted!;
    },
    async paymeUpdate(
      merchantId: string,
      id: string,
      change: Partial<Pick<PaymeTransactionRecord, 'state' | 'reason' | 'performTime' | 'cancelTime' | 'fiscalData'>>,
    ): Promise<void> {
      await db
        .update(paymeTransactions)
        .set(change)
        .where(and(eq(paymeTransactions.merchantId, merchantId), eq(paymeTransactions.id, id)));
    },
    /** GetStatement: by Payme's own time, both ends included, oldest first. */
    async paymeStatement(merchantIds: string[], from: number, to: number): Promise<PaymeTransactionRecord[]> {
      return db
        .select()
        .from(paymeTransactions)
        .where(and(inArray(paymeTransactions.merchantId, merchantIds), between(paymeTransactions.paymeTime, from, to)))
        .orderBy(asc(paymeTransactions.paymeTime), asc(paymeTransactions.createTime));
    },

    // ── Click ──
    async clickFind(merchantId: string, clickTransId: string, lock = false): Promise<ClickTransactionRecord | null> {
      const query = db
        .select()
        .from(clickTransactions)
        .where(and(eq(clickTransactions.merchantId, merchantId), eq(clickTransactions.clickTransId, clickTransId)));
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },
    async clickById(merchantId: string, id: number, lock = false): Promise<ClickTransactionRecord | null> {
      const query = db
        .select()
        .from(clickTransactions)
        .where(and(eq(clickTransactions.merchantId, merchantId), eq(clickTransactions.id, id)));
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },
    async clickInsert(row: typeof clickTransactions.$inferInsert): Promise<ClickTransactionRecord> {
      const [inserted] = await db.insert(clickTransactions).values(row).returning();
      return inserted!;
    },
    async clickUpdate(
      merchantId: string,
      id: number,
      change: Partial<Pick<ClickTransactionRecord, 'state' | 'clickError' | 'completedAt' | 'cancelledAt'>>,
    ): Promise<void> {
      await db
        .update(clickTransactions)
        .set(change)
        .where(and(eq(clickTransactions.merchantId, merchantId), eq(clickTransactions.id, id)));
    },

    // ── Uzum ──
    /** The transactions with this Uzum transId, of every brand (a call that names only it). */
    async uzumByTransId(transId: string): Promise<UzumTransactionRecord[]> {
      return db.select().from(uzumTransactions).where(eq(uzumTransactions.transId, transId));
    },
    async uzumFind(merchantId: string, transId: string, lock = false): Promise<UzumTransactionRecord | null> {
      const query = db
        .select()
        .from(uzumTransactions)
        .where(and(eq(uzumTransactions.merchantId, merchantId), eq(uzumTransactions.transId, transId)));
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },
    /** The order's (or table bill's) CREATED and CONFIRMED transactions (those that may hold it), locked. */
    async uzumLive(merchantId: string, payable: { kind: 'ORDER' | 'BILL'; id: string }): Promise<UzumTransactionRecord[]> {
      return db
        .select()
        .from(uzumTransactions)
        .where(
          and(
            eq(uzumTransactions.merchantId, merchantId),
            eq(payable.kind === 'BILL' ? uzumTransactions.billId : uzumTransactions.orderId, payable.id),
            inArray(uzumTransactions.state, ['CREATED', 'CONFIRMED']),
          ),
        )
        .orderBy(asc(uzumTransactions.transTime))
        .for('update');
    },
    async uzumInsert(row: typeof uzumTransactions.$inferInsert): Promise<UzumTransactionRecord> {
      const [inserted] = await db.insert(uzumTransactions).values(row).returning();
      return inserted!;
    },
    async uzumUpdate(
      merchantId: string,
      id: string,
      change: Partial<Pick<UzumTransactionRecord, 'state' | 'confirmTime' | 'reverseTime'>>,
    ): Promise<void> {
      await db
        .update(uzumTransactions)
        .set(change)
        .where(and(eq(uzumTransactions.merchantId, merchantId), eq(uzumTransactions.id, id)));
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
