import { ACTIVE_ORDER_STATUSES, type ContentLanguage, type Gender, type OrderStatus } from '@dasturxon/domain';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { addresses, favourites, merchantOrderSettings, orders, users, type Db } from '@dasturxon/db';

export type UserRecord = typeof users.$inferSelect;

/** The profile fields a customer edits. */
export interface UserPatch {
  firstName?: string;
  lastName?: string;
  email?: string | null;
  birthday?: string | null;
  gender?: Gender | null;
  /** Set once the name step after the login is answered or skipped. */
  nameAskedAt?: Date;
}

/**
 * Customers. A customer belongs to one merchant: every query names the merchant, and the same
 * phone at two merchants is two customers. Takes a database or a transaction.
 */
export function createUsersRepository(db: Db) {
  const first = <T>(rows: T[]): T | null => rows[0] ?? null;
  return {
    async findById(merchantId: string, id: string): Promise<UserRecord | null> {
      return first(
        await db
          .select()
          .from(users)
          .where(and(eq(users.merchantId, merchantId), eq(users.id, id)))
          .limit(1),
      );
    },
    async findByPhone(merchantId: string, phone: string): Promise<UserRecord | null> {
      return first(
        await db
          .select()
          .from(users)
          .where(and(eq(users.merchantId, merchantId), eq(users.phone, phone)))
          .limit(1),
      );
    },
    /** The customer with this phone, created when there is none (first login). */
    async findOrCreate(merchantId: string, phone: string, now: Date): Promise<{ user: UserRecord; created: boolean }> {
      const existing = await this.findByPhone(merchantId, phone);
      if (existing) return { user: existing, created: false };
      // The partial unique index (merchant_id, phone) settles a race with another first login.
      const [inserted] = await db.insert(users).values({ merchantId, phone, createdAt: now }).onConflictDoNothing().returning();
      if (inserted) return { user: inserted, created: true };
      const raced = await this.findByPhone(merchantId, phone);
      if (!raced) throw new Error('a customer with this phone vanished while being created');
      return { user: raced, created: false };
    },
    /** A table's guest (issue 32): no phone, role GUEST, not asked for a name. */
    async insertGuest(merchantId: string, now: Date): Promise<UserRecord> {
      const [inserted] = await db.insert(users).values({ merchantId, role: 'GUEST', nameAskedAt: now, createdAt: now }).returning();
      return inserted!;
    },
    /** The customer this brand's Telegram user logged in as (issue 30), if any. */
    async findByTelegram(merchantId: string, telegramUserId: string): Promise<UserRecord | null> {
      return first(
        await db
          .select()
          .from(users)
          .where(and(eq(users.merchantId, merchantId), eq(users.telegramUserId, telegramUserId)))
          .limit(1),
      );
    },
    /**
     * Links a Telegram user to the brand's customer with this phone (created when there is none): one customer per
     * brand and phone, whether they came by the web or by the bot. The Telegram user leaves any other customer of
     * the brand it was linked to (a new phone shared in the bot), so it names one customer at most. Run it in a
     * transaction.
     */
    async linkTelegram(
      merchantId: string,
      input: { telegramUserId: string; phone: string; firstName?: string; lastName?: string },
      now: Date,
    ): Promise<UserRecord> {
      await db
        .update(users)
        .set({ telegramUserId: null })
        .where(and(eq(users.merchantId, merchantId), eq(users.telegramUserId, input.telegramUserId), ne(users.phone, input.phone)));
      const { user } = await this.findOrCreate(merchantId, input.phone, now);
      // A name the customer has not given yet is taken from Telegram's profile; a name they gave is kept.
      const names = user.firstName || user.lastName ? {} : { firstName: input.firstName ?? '', lastName: input.lastName ?? '' };
      const [linked] = await db
        .update(users)
        .set({ telegramUserId: input.telegramUserId, ...names })
        .where(and(eq(users.merchantId, merchantId), eq(users.id, user.id)))
        .returning();
      if (!linked) throw new Error('a customer vanished while being linked to Telegram');
      return linked;
    },
    /** The language the brand's bot speaks to the customer in. */
    async setBotLanguage(merchantId: string, id: string, language: ContentLanguage): Promise<void> {
      await db
        .update(users)
        .set({ botLanguage: language })
        .where(and(eq(users.merchantId, merchantId), eq(users.id, id)));
    },
    async update(merchantId: string, id: string, patch: UserPatch & { phone?: string }): Promise<UserRecord | null> {
      if (Object.keys(patch).length === 0) return this.findById(merchantId, id);
      return first(
        await db
          .update(users)
          .set(patch)
          .where(and(eq(users.merchantId, merchantId), eq(users.id, id)))
          .returning(),
      );
    },
    /**
     * The customer's active orders: their status and the cashback they earn. `lock` takes their rows, so no move
     * of one (a courier taking it) slips between a deletion's look and its write.
     */
    async activeOrders(merchantId: string, userId: string, lock = false): Promise<{ status: OrderStatus; cashbackEarned: number }[]> {
      const query = db
        .select({ status: orders.status, cashbackEarned: orders.cashbackEarned })
        .from(orders)
        .where(and(eq(orders.merchantId, merchantId), eq(orders.userId, userId), inArray(orders.status, [...ACTIVE_ORDER_STATUSES])));
      return lock ? query.for('update') : query;
    },
    /** The brand's cashback percent (merchant_order_settings; 0 when the brand has none). */
    async cashbackPercent(merchantId: string): Promise<number> {
      const [row] = await db
        .select({ percent: merchantOrderSettings.cashbackPercent })
        .from(merchantOrderSettings)
        .where(eq(merchantOrderSettings.merchantId, merchantId))
        .limit(1);
      return row?.percent ?? 0;
    },
    /** Erases what identifies the customer and closes the account; the row stays for the merchant's orders. */
    async erase(merchantId: string, id: string, now: Date): Promise<void> {
      // Saved addresses say where the customer lives: they go with the account (the row is kept, so no cascade fires).
      await db.delete(addresses).where(and(eq(addresses.merchantId, merchantId), eq(addresses.userId, id)));
      // So do their favourites (issue 31): what they like says something about them, and nobody reads them any more.
      await db.delete(favourites).where(and(eq(favourites.merchantId, merchantId), eq(favourites.userId, id)));
      await db
        .update(users)
        .set({
          phone: null,
          firstName: '',
          lastName: '',
          email: null,
          birthday: null,
          image: null,
          gender: null,
          isActive: false,
          deletedAt: now,
        })
        .where(and(eq(users.merchantId, merchantId), eq(users.id, id)));
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
