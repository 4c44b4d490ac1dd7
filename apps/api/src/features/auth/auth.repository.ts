import type { OtpPurpose } from '@dasturxon/domain';
import { and, asc, desc, eq, gt, inArray, isNull, lt, min, sql } from 'drizzle-orm';
import { merchants, otpCodes, sessions, users, type Db } from '@dasturxon/db';
import type { UserRecord } from './users.repository.ts';

export type OtpCodeRecord = typeof otpCodes.$inferSelect;
export type SessionRecord = typeof sessions.$inferSelect;

/** Counting sends: to a number, from an address, to a number from an address, or the whole brand's. */
export type SendScope = { phone: string; clientIp?: string } | { clientIp: string } | { merchant: true };

/** What a brand allows for codes by SMS, read fresh for every send so a change applies at once. */
export interface SmsPolicy {
  countries: string[];
  budgetPerHour: number | null;
  budgetPerDay: number | null;
}

/** One-time codes and sessions. Takes a database or a transaction; every query names the merchant. */
export function createAuthRepository(db: Db) {
  const scopeFilter = (merchantId: string, scope: SendScope) => {
    const filters = [eq(otpCodes.merchantId, merchantId)];
    if ('phone' in scope) filters.push(eq(otpCodes.phone, scope.phone));
    if ('clientIp' in scope && scope.clientIp !== undefined) filters.push(eq(otpCodes.clientIp, scope.clientIp));
    return and(...filters);
  };

  return {
    /**
     * Serializes code requests for one key until the transaction ends. Row locks cannot do it:
     * the first request for a phone has no row to lock.
     */
    async lock(key: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    },
    async smsPolicy(merchantId: string): Promise<SmsPolicy | null> {
      const [row] = await db
        .select({ countries: merchants.smsCountries, budgetPerHour: merchants.smsBudgetPerHour, budgetPerDay: merchants.smsBudgetPerDay })
        .from(merchants)
        .where(eq(merchants.id, merchantId))
        .limit(1);
      return row ?? null;
    },
    /** The codes sent to a number since a moment, of every purpose, newest first. */
    async codesSentTo(merchantId: string, phone: string, since: Date): Promise<OtpCodeRecord[]> {
      return db
        .select()
        .from(otpCodes)
        .where(and(eq(otpCodes.merchantId, merchantId), eq(otpCodes.phone, phone), gt(otpCodes.createdAt, since)))
        .orderBy(desc(otpCodes.createdAt), desc(otpCodes.id));
    },
    /** How many codes went out in the window, and when the oldest of them did. */
    async sentSince(merchantId: string, scope: SendScope, since: Date): Promise<{ count: number; oldest: Date | null }> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int`, oldest: min(otpCodes.createdAt) })
        .from(otpCodes)
        .where(and(scopeFilter(merchantId, scope), gt(otpCodes.createdAt, since)));
      return { count: Number(row?.count ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
    },
    /** Codes sent in the window to clients of one network (`a.b.c.0/24`, `x:y:z::/48`). */
    async sentFromNetwork(merchantId: string, network: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int`, oldest: min(otpCodes.createdAt) })
        .from(otpCodes)
        .where(
          and(eq(otpCodes.merchantId, merchantId), gt(otpCodes.createdAt, since), sql`${network}::inet >>= ${otpCodes.clientIp}::inet`),
        );
      return { count: Number(row?.count ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
    },
    /** Whether the number belongs to an open account of the brand: a customer who has logged in here before. */
    async isCustomer(merchantId: string, phone: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.merchantId, merchantId), eq(users.phone, phone), isNull(users.deletedAt), eq(users.isActive, true)))
        .limit(1);
      return row !== undefined;
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
     * The unspent, unexpired codes of a number, purpose and subject, oldest first, locked until the
     * transaction ends: a second check waits here, then sees what the first one wrote. Always locked
     * in the same order, so two checks never wait on each other in a circle.
     */
    async liveCodesForUpdate(merchantId: string, phone: string, purpose: OtpPurpose, subject: string, now: Date): Promise<OtpCodeRecord[]> {
      return db
        .select()
        .from(otpCodes)
        .where(
          and(
            eq(otpCodes.merchantId, merchantId),
            eq(otpCodes.phone, phone),
            eq(otpCodes.purpose, purpose),
            eq(otpCodes.subject, subject),
            isNull(otpCodes.usedAt),
            gt(otpCodes.expiresAt, now),
          ),
        )
        .orderBy(asc(otpCodes.createdAt), asc(otpCodes.id))
        .for('update');
    },
    async updateCode(
      id: string,
      merchantId: string,
      set: { attempts?: number; triesByAddress?: Record<string, number>; usedAt?: Date },
    ): Promise<void> {
      await db
        .update(otpCodes)
        .set(set)
        .where(and(eq(otpCodes.merchantId, merchantId), eq(otpCodes.id, id)));
    },
    /** Spends the codes given (a right code spends every live one of its number and purpose, as one use). */
    async spendCodes(merchantId: string, ids: string[], now: Date): Promise<void> {
      if (!ids.length) return;
      await db
        .update(otpCodes)
        .set({ usedAt: now })
        .where(and(eq(otpCodes.merchantId, merchantId), inArray(otpCodes.id, ids), isNull(otpCodes.usedAt)));
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
      await db
        .update(sessions)
        .set({ expiresAt })
        .where(and(eq(sessions.merchantId, merchantId), eq(sessions.id, id)));
    },
    async revokeSession(merchantId: string, id: string, now: Date): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.merchantId, merchantId), eq(sessions.id, id), isNull(sessions.revokedAt)));
    },
    /** Marks where a session is used from (a web session that logs in inside the mini app becomes the bot channel's). */
    async setSessionChannel(merchantId: string, id: string, channel: SessionRecord['channel']): Promise<void> {
      await db
        .update(sessions)
        .set({ channel })
        .where(and(eq(sessions.merchantId, merchantId), eq(sessions.id, id)));
    },
    async revokeSessionsOfUser(merchantId: string, userId: string, now: Date): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.merchantId, merchantId), eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
