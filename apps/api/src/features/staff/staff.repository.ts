import { and, count, desc, eq, gt, isNull, like, lt, max, min, ne, sql } from 'drizzle-orm';
import { staff, staffLoginFailures, staffSessions, type Db, type StaffRecord } from '@dasturxon/db';

export type StaffSessionRecord = typeof staffSessions.$inferSelect;
export type { StaffRecord };

/** Staff accounts, their sessions and failed logins. Every query names the brand. */
export function createStaffRepository(db: Db) {
  return {
    async byPhone(merchantId: string, phone: string): Promise<StaffRecord | null> {
      const [row] = await db
        .select()
        .from(staff)
        .where(and(eq(staff.merchantId, merchantId), eq(staff.phone, phone)))
        .limit(1);
      return row ?? null;
    },
    async byId(merchantId: string, id: string): Promise<StaffRecord | null> {
      const [row] = await db
        .select()
        .from(staff)
        .where(and(eq(staff.merchantId, merchantId), eq(staff.id, id)))
        .limit(1);
      return row ?? null;
    },
    async ofRole(merchantId: string, role: StaffRecord['role']): Promise<StaffRecord[]> {
      return db
        .select()
        .from(staff)
        .where(and(eq(staff.merchantId, merchantId), eq(staff.role, role), eq(staff.isActive, true)));
    },
    /** Wrong passwords since a time: for a number, from an address, from a network (a prefix of the address's spelling), or together. */
    async failures(merchantId: string, since: Date, by: { phone?: string; address?: string; networkPrefix?: string }): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(staffLoginFailures)
        .where(
          and(
            eq(staffLoginFailures.merchantId, merchantId),
            gt(staffLoginFailures.at, since),
            by.phone === undefined ? undefined : eq(staffLoginFailures.phone, by.phone),
            by.address === undefined ? undefined : eq(staffLoginFailures.clientIp, by.address),
            by.networkPrefix === undefined
              ? undefined
              : like(staffLoginFailures.clientIp, `${by.networkPrefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
          ),
        );
      return Number(row?.n ?? 0);
    },
    async addFailure(merchantId: string, phone: string, address: string, at: Date): Promise<void> {
      await db.insert(staffLoginFailures).values({ merchantId, phone, clientIp: address, at });
    },
    /** A right password from an address forgets that address's wrong ones for the number; the brand's older than `before` go. */
    async clearFailures(merchantId: string, phone: string, address: string, before: Date): Promise<void> {
      await db
        .delete(staffLoginFailures)
        .where(
          and(eq(staffLoginFailures.merchantId, merchantId), eq(staffLoginFailures.phone, phone), eq(staffLoginFailures.clientIp, address)),
        );
      await db.delete(staffLoginFailures).where(and(eq(staffLoginFailures.merchantId, merchantId), lt(staffLoginFailures.at, before)));
    },
    /** Wrong passwords since a time for the brand's staff members' numbers, per number and address, newest first. */
    async failuresOfStaff(merchantId: string, since: Date) {
      return db
        .select({
          staffId: staff.id,
          name: staff.name,
          phone: staff.phone,
          role: staff.role,
          address: staffLoginFailures.clientIp,
          count: count(),
          firstAt: min(staffLoginFailures.at),
          lastAt: max(staffLoginFailures.at),
        })
        .from(staffLoginFailures)
        .innerJoin(staff, and(eq(staff.merchantId, staffLoginFailures.merchantId), eq(staff.phone, staffLoginFailures.phone)))
        .where(and(eq(staffLoginFailures.merchantId, merchantId), gt(staffLoginFailures.at, since)))
        .groupBy(staff.id, staff.name, staff.phone, staff.role, staffLoginFailures.clientIp)
        .orderBy(desc(max(staffLoginFailures.at)))
        .limit(2000);
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
    /** Ends every live session of a member (a reset password, a disabled account), or all but one (their own new password). */
    async revokeAllOf(merchantId: string, staffId: string, at: Date, except?: string): Promise<void> {
      await db
        .update(staffSessions)
        .set({ revokedAt: at })
        .where(
          and(
            eq(staffSessions.merchantId, merchantId),
            eq(staffSessions.staffId, staffId),
            isNull(staffSessions.revokedAt),
            except === undefined ? undefined : ne(staffSessions.id, except),
          ),
        );
    },
    /** Sets a member's own new password when their hash is still the one checked; answers the member after, or null. */
    async setOwnPassword(merchantId: string, staffId: string, checkedHash: string, passwordHash: string): Promise<StaffRecord | null> {
      const [row] = await db
        .update(staff)
        .set({ passwordHash, mustChangePassword: false, version: sql`${staff.version} + 1` })
        .where(and(eq(staff.merchantId, merchantId), eq(staff.id, staffId), eq(staff.passwordHash, checkedHash)))
        .returning();
      return row ?? null;
    },
    async revoke(merchantId: string, sessionId: string, at: Date): Promise<void> {
      await db
        .update(staffSessions)
        .set({ revokedAt: at })
        .where(and(eq(staffSessions.merchantId, merchantId), eq(staffSessions.id, sessionId)));
    },
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
