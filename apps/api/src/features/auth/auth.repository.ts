import { and, desc, eq, gt, isNull, lt, min, sql } from 'drizzle-orm';
import { otpCodes, sessions, users, type Db } from '@dasturxon/db';
import type { UserRecord } from '../users/users.repository.ts';

export type OtpCodeRecord = typeof otpCodes.$inferSelect;
export type SessionRecord = typeof sessions.$inferSelect;

/** Counting sends by phone or by the caller's address. */
export type SendScope = { phone: string } | { clientIp: string };

/** One-time codes and sessions. Takes a database or a transaction; every query names the merchant. */
export function authRepository(db: Db) {
  const scopeFilter = (merchantId: string, scope: SendScope) =>
    'phone' in scope
      ? and(eq(otpCodes.merchantId, merchantId), eq(otpCodes.phone, scope.phone))
      : and(eq(otpCodes.merchantId, merchantId), eq(otpCodes.clientIp, scope.clientIp));

  return {
    /**
     * Serializes code requests for one key until the transaction ends. Row locks cannot do it:
     * the first request for a phone has no row to lock.
     */
    async lock(key: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    },
    async lastSentAt(merchantId: string, phone: string): Promise<Date | null> {
      const [row] = await db
        .select({ at: otpCodes.createdAt })
        .from(otpCodes)
        .where(and(eq(otpCodes.merchantId, merchantId), eq(otpCodes.phone, phone)))
        .orderBy(desc(otpCodes.createdAt))
        .limit(1);
      return row?.at ?? null;
    },
    /** How many codes went out in the window, and when the oldest of them did. */
    async sentSince(merchantId: string, scope: SendScope, since: Date): Promise<{ count: number; oldest: Date | null }> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int`, oldest: min(otpCodes.createdAt) })
        .from(otpCodes)
        .where(and(scopeFilter(merchantId, scope), gt(otpCodes.createdAt, since)));
      return { count: Number(row?.count ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
    },
    /** Spends every live code of this phone and purpose: only the newest code works. */
    async spendLive(merchantId: string, phone: string, purpose: string, now: Date): Promise<void> {
      await db
        .update(otpCodes)
        .set({ usedAt: now })
        .where(and(eq(otpCodes.merchantId, merchantId), eq(otpCodes.phone, phone), eq(otpCodes.purpose, purpose), isNull(otpCodes.usedAt)));
    },
    async insertCode(row: typeof otpCodes.$inferInsert): Promise<void> {
      await db.insert(otpCodes).values(row);
    },
    async deleteCode(merchantId: string, id: string): Promise<void> {
      await db.delete(otpCodes).where(and(eq(otpCodes.merchantId, merchantId), eq(otpCodes.id, id)));
    },
    /** Codes older than the longest window are of no use to anyone. */
    async pruneCodes(merchantId: string, before: Date): Promise<void> {
      await db.delete(otpCodes).where(and(eq(otpCodes.merchantId, merchantId), lt(otpCodes.createdAt, before)));
    },
    async deleteCodesOfPhone(merchantId: string, phone: string): Promise<void> {
      await db.delete(otpCodes).where(and(eq(otpCodes.merchantId, merchantId), eq(otpCodes.phone, phone)));
    },
    /**
     * The newest unspent code, locked until the transaction ends: a second check of the same code
     * waits here, then finds it spent.
     */
    async liveCodeForUpdate(merchantId: string, phone: string, purpose: string): Promise<OtpCodeRecord | null> {
      const [row] = await db
        .select()
        .from(otpCodes)
        .where(and(eq(otpCodes.merchantId, merchantId), eq(otpCodes.phone, phone), eq(otpCodes.purpose, purpose), isNull(otpCodes.usedAt)))
        .orderBy(desc(otpCodes.createdAt))
        .limit(1)
        .for('update');
      return row ?? null;
    },
    async updateCode(id: string, merchantId: string, set: { attempts?: number; usedAt?: Date }): Promise<void> {
      await db.update(otpCodes).set(set).where(and(eq(otpCodes.merchantId, merchantId), eq(otpCodes.id, id)));
    },

    async insertSession(row: typeof sessions.$inferInsert): Promise<SessionRecord> {
      const [inserted] = await db.insert(sessions).values(row).returning();
      return inserted!;
    },
    /** A live session of this merchant and its customer, who must still have an open account. */
    async liveSession(merchantId: string, tokenHash: string, now: Date): Promise<{ session: SessionRecord; user: UserRecord } | null> {
      const [row] = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, and(eq(users.id, sessions.userId), eq(users.merchantId, sessions.merchantId)))
        .where(
          and(
            eq(sessions.merchantId, merchantId),
            eq(sessions.tokenHash, tokenHash),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, now),
            isNull(users.deletedAt),
            eq(users.isActive, true),
          ),
        )
        .limit(1);
      return row ?? null;
    },
    async extendSession(merchantId: string, id: string, expiresAt: Date): Promise<void> {
      await db.update(sessions).set({ expiresAt }).where(and(eq(sessions.merchantId, merchantId), eq(sessions.id, id)));
    },
    async revokeSession(merchantId: string, id: string, now: Date): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.merchantId, merchantId), eq(sessions.id, id), isNull(sessions.revokedAt)));
    },
    async revokeSessionsOfUser(merchantId: string, userId: string, now: Date): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.merchantId, merchantId), eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },
  };
}

export type AuthRepository = ReturnType<typeof authRepository>;
