import type { Gender } from '@dasturxon/domain';
import { and, eq } from 'drizzle-orm';
import { addresses, users, type Db } from '@dasturxon/db';

export type UserRecord = typeof users.$inferSelect;

/** The profile fields a customer edits. */
export interface UserPatch {
  firstName?: string;
  lastName?: string;
  email?: string | null;
  birthday?: string | null;
  gender?: Gender | null;
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
    /** Erases what identifies the customer and closes the account; the row stays for the merchant's orders. */
    async erase(merchantId: string, id: string, now: Date): Promise<void> {
      // Saved addresses say where the customer lives: they go with the account (the row is kept, so no cascade fires).
      await db.delete(addresses).where(and(eq(addresses.merchantId, merchantId), eq(addresses.userId, id)));
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
