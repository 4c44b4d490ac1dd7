import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '@dasturxon/db';
import { AppError } from '@dasturxon/domain';
import type { Clock } from '../../clock.ts';
import type { MerchantRecord } from '../../plugins/tenant.ts';
import { createUsersRepository, type UserRecord } from './users.repository.ts';
import { announceSessionsEnded } from '../live/index.ts';
import { createAuthRepository, type SessionRecord } from './auth.repository.ts';
import { invalidCode, requirePhone, type OtpService } from './otp.service.ts';

const DAY = 24 * 60 * 60 * 1000;
/** base64url of 32 random bytes is 43 characters; anything far from that is not one of ours. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32,128}$/;

/** Tokens are stored as their SHA-256: a copy of the database opens no session. */
export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

export interface Authenticated {
  user: UserRecord;
  session: SessionRecord;
}

export interface AuthServiceDeps {
  db: Db;
  clock: Clock;
  otp: OtpService;
  sessionTtlDays: number;
}

/**
 * Logins and sessions. A session is bound to one merchant and one customer; its token is 32 random
 * bytes the client keeps. Sessions slide: one used in the second half of its life is extended, so
 * a regular customer stays logged in while a forgotten device falls out.
 */
export function createAuthService(options: AuthServiceDeps) {
  const { db, clock, otp } = options;
  const ttl = options.sessionTtlDays * DAY;

  return {
    /** Checks the code and opens a session; the customer is created on their first login. */
    async login(
      merchant: MerchantRecord,
      phoneInput: string,
      code: string,
      clientIp: string,
    ): Promise<{ token: string; user: UserRecord }> {
      const phone = requirePhone(phoneInput);
      const outcome = await db.transaction(async (tx) => {
        const check = await otp.check(tx, { merchantId: merchant.id, phone, purpose: 'LOGIN', subject: '', code, clientIp });
        if (!check.ok) return { ok: false as const, error: invalidCode(check) };
        const now = clock.now();
        const { user } = await createUsersRepository(tx).findOrCreate(merchant.id, phone, now);
        // An account the merchant closed stays closed; the code is spent all the same.
        if (!user.isActive) return { ok: false as const, error: new AppError('FORBIDDEN', { reason: 'ACCOUNT_DISABLED' }) };
        const token = randomBytes(32).toString('base64url');
        await createAuthRepository(tx).insertSession({
          merchantId: merchant.id,
          userId: user.id,
          tokenHash: hashToken(token),
          expiresAt: new Date(now.getTime() + ttl),
          createdAt: now,
        });
        return { ok: true as const, token, user };
      });
      if (!outcome.ok) throw outcome.error;
      return { token: outcome.token, user: outcome.user };
    },

    /** The live session of a bearer token at this merchant, or null (unknown, expired, revoked, another merchant's, closed account). */
    async authenticate(merchantId: string, token: string): Promise<Authenticated | null> {
      if (!TOKEN_SHAPE.test(token)) return null;
      const now = clock.now();
      const repo = createAuthRepository(db);
      const found = await repo.liveSession(merchantId, hashToken(token), now);
      if (!found) return null;
      if (found.session.expiresAt.getTime() - now.getTime() < ttl / 2) {
        const expiresAt = new Date(now.getTime() + ttl);
        await repo.extendSession(merchantId, found.session.id, expiresAt);
        found.session.expiresAt = expiresAt;
      }
      return found;
    },

    /** Whether a session is still live (its event streams end when it is not); it is not extended by asking. */
    async isLive(session: SessionRecord): Promise<boolean> {
      return (await createAuthRepository(db).liveSession(session.merchantId, session.tokenHash, clock.now())) !== null;
    },

    async logout(session: SessionRecord): Promise<void> {
      await createAuthRepository(db).revokeSession(session.merchantId, session.id, clock.now());
      // Its open event streams end, on whichever instance holds them.
      await announceSessionsEnded(db, session.merchantId);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
