import { and, asc, desc, eq, gte, inArray, isNull } from 'drizzle-orm';
import { cardPayments, savedCards, type Db } from '@dasturxon/db';
import { readSettings } from '../merchants/index.ts';

export type SavedCardRecord = typeof savedCards.$inferSelect;
export type CardPaymentRecord = typeof cardPayments.$inferSelect;

/**
 * Saved cards and the payments made with them. Every query names the merchant, and the customer's reads name the
 * customer too. Takes a database or a transaction.
 */
export function createCardsRepository(db: Db) {
  const own = (merchantId: string, userId: string, id: string) =>
    and(eq(savedCards.merchantId, merchantId), eq(savedCards.userId, userId), eq(savedCards.id, id), isNull(savedCards.deletedAt));

  return {
    /** The brand's web `cardActive` (the storefront and the Telegram Mini App share the WEB row); the default without one. */
    async cardActive(merchantId: string): Promise<boolean> {
      return (await readSettings(db, merchantId)).cardActive;
    },

    /** One of the customer's cards that is not deleted, pending or verified. */
    async own(merchantId: string, userId: string, id: string, lock = false): Promise<SavedCardRecord | null> {
      const query = db
        .select()
        .from(savedCards)
        .where(own(merchantId, userId, id));
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },
    /** The customer's verified cards, newest first. */
    async verified(merchantId: string, userId: string): Promise<SavedCardRecord[]> {
      return db
        .select()
        .from(savedCards)
        .where(
          and(
            eq(savedCards.merchantId, merchantId),
            eq(savedCards.userId, userId),
            eq(savedCards.state, 'VERIFIED'),
            isNull(savedCards.deletedAt),
          ),
        )
        .orderBy(desc(savedCards.createdAt), desc(savedCards.id));
    },
    /** When the customer asked Click for a card since `since` (any state, deleted too), oldest first: the hourly limit. */
    async requestedSince(merchantId: string, userId: string, since: Date): Promise<Date[]> {
      const rows = await db
        .select({ at: savedCards.createdAt })
        .from(savedCards)
        .where(and(eq(savedCards.merchantId, merchantId), eq(savedCards.userId, userId), gte(savedCards.createdAt, since)))
        .orderBy(asc(savedCards.createdAt));
      return rows.map((r) => r.at);
    },
    async insert(row: typeof savedCards.$inferInsert): Promise<SavedCardRecord> {
      const [inserted] = await db.insert(savedCards).values(row).returning();
      return inserted!;
    },
    async verify(merchantId: string, id: string, at: Date): Promise<SavedCardRecord | null> {
      const [row] = await db
        .update(savedCards)
        .set({ state: 'VERIFIED', verifiedAt: at })
        .where(
          and(eq(savedCards.merchantId, merchantId), eq(savedCards.id, id), eq(savedCards.state, 'PENDING'), isNull(savedCards.deletedAt)),
        )
        .returning();
      return row ?? null;
    },
    async setWrongCodes(merchantId: string, id: string, wrongCodes: number): Promise<void> {
      await db
        .update(savedCards)
        .set({ wrongCodes })
        .where(and(eq(savedCards.merchantId, merchantId), eq(savedCards.id, id)));
    },
    /** The card is gone: its token is dropped, the row stays for the payments that name it. */
    async markDeleted(merchantId: string, id: string, at: Date): Promise<void> {
      await db
        .update(savedCards)
        .set({ deletedAt: at, token: '' })
        .where(and(eq(savedCards.merchantId, merchantId), eq(savedCards.id, id), isNull(savedCards.deletedAt)));
    },

    /** The order's card payment that is under way or done (one at most). */
    async livePayment(merchantId: string, orderId: string, lock = false): Promise<CardPaymentRecord | null> {
      const query = db
        .select()
        .from(cardPayments)
        .where(
          and(eq(cardPayments.merchantId, merchantId), eq(cardPayments.orderId, orderId), inArray(cardPayments.state, ['PENDING', 'PAID'])),
        );
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },
    async payment(merchantId: string, id: string, lock = false): Promise<CardPaymentRecord | null> {
      const query = db
        .select()
        .from(cardPayments)
        .where(and(eq(cardPayments.merchantId, merchantId), eq(cardPayments.id, id)));
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },
    async paymentsOf(merchantId: string, orderId: string): Promise<CardPaymentRecord[]> {
      return db
        .select()
        .from(cardPayments)
        .where(and(eq(cardPayments.merchantId, merchantId), eq(cardPayments.orderId, orderId)));
    },
    async insertPayment(row: typeof cardPayments.$inferInsert): Promise<CardPaymentRecord> {
      const [inserted] = await db.insert(cardPayments).values(row).returning();
      return inserted!;
    },
    async updatePayment(
      merchantId: string,
      id: string,
      change: Partial<Pick<CardPaymentRecord, 'state' | 'clickPaymentId' | 'paymentStatus' | 'clickError' | 'finishedAt'>>,
    ): Promise<void> {
      await db
        .update(cardPayments)
        .set(change)
        .where(and(eq(cardPayments.merchantId, merchantId), eq(cardPayments.id, id)));
    },
  };
}

export type CardsRepository = ReturnType<typeof createCardsRepository>;
