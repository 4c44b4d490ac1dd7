import { and, count, eq, gt, isNull, lt } from 'drizzle-orm';
import { staff, staffLoginFailures, staffSessions, type Db, type StaffRecord } from '@dasturxon/db';

export type StaffSessionRecord = typeof staffSessions.$inferSelect;
export type { StaffRecord };

/** Staff accounts, their sessions and failed logins. Every query names the brand. */
export function createStaffRepository(db: Db) {
  return {
    async byPhone(merchantId: string, phone: string): Promise<StaffRecord | null> {
      const [row] = await db.select().from(staff).where(and(eq(staff.merchantId, merchantId), eq(staff.phone, phone))).limit(1);
      return row ?? null;
    },
    async byId(merchantId: string, id: string): Promise<StaffRecord | null> {
      const [row] = await db.select().from(staff).where(and(eq(staff.merchantId, merchantId), eq(staff.id, id))).limit(1);
      return row ?? null;
    },
    async ofRole(merchantId: string, role: StaffRecord['role']): Promise<StaffRecord[]> {
      return db.select().from(staff).where(and(eq(staff.merchantId, merchantId), eq(staff.role, role), eq(staff.isActive, true)));
    },
    async failures(merchantId: string, phone: string, since: Date, clientIp?: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(staffLoginFailures)
        .where(
          and(
            eq(staffLoginFailures.merchantId, merchantId),
            eq(staffLoginFailures.phone, phone),
            gt(staffLoginFailures.at, since),
            clientIp === undefined ? undefined : eq(staffLoginFailures.clientIp, clientIp),
          ),
        );
      return Number(row?.n ?? 0);
    },
    async addFailure(merchantId: string, phone: string, clientIp: string, at: Date): Promise<void> {
      await db.insert(staffLoginFailures).values({ merchantId, phone, clientIp, at });
    },
    async clearFailures(merchantId: string, phone: string, clientIp: string, before: Date): Promise<void> {
      await db
        .delete(staffLoginFailures)
        .where(and(eq(staffLoginFailures.merchantId, merchantId), eq(staffLoginFailures.phone, phone), eq(staffLoginFailures.clientIp, clientIp)));
      await db.delete(staffLoginFailures).where(and(eq(staffLoginFailures.merchantId, merchantId), lt(staffLoginFailures.at, before)));
    },
    async insertSession(row: typeof staffSessions.$inferInsert): Promise<void> {
      await db.insert(staffSessions).values(row);
    },
    /** The live session of a token's hash with its staff member (active), or null. */
    async session(merchantId: string, tokenHash: string, now: Date): Promise<{ session: StaffSessionRecord; staff: StaffRecord } | null> {
      const [row] = await db
        .select({ session: staffSessions, staff })
        .from(staffSessions)
        .innerJoin(staff, and(eq(staff.merchantId, staffSessions.merchantId), eq(staff.id, staffSessions.staffId)))
        .where(
          and(
            eq(staffSessions.merchantId, merchantId),
            eq(staffSessions.tokenHash, tokenHash),
            isNull(staffSessions.revokedAt),
            gt(staffSessions.expiresAt, now),
            eq(staff.isActive, true),
          ),
        )
        .limit(1);
      return row ?? null;
    },
    async revoke(merchantId: string, sessionId: string, at: Date): Promise<void> {
      await db.update(staffSessions).set({ revokedAt: at }).where(and(eq(staffSessions.merchantId, merchantId), eq(staffSessions.id, sessionId)));
    },
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
