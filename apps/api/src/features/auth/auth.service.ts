import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '@dasturxon/db';
import { AppError, type ChannelType, type ContentLanguage } from '@dasturxon/domain';
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

/** A Telegram user whose signed data the caller has checked (features/telegram/init-data.ts). */
export interface TelegramIdentity {
  telegramUserId: string;
  firstName?: string;
  lastName?: string;
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

  async function newSession(tx: Db, merchantId: string, userId: string, channel: ChannelType): Promise<string> {
    const now = clock.now();
    const token = randomBytes(32).toString('base64url');
    await createAuthRepository(tx).insertSession({
      merchantId,
      userId,
      tokenHash: hashToken(token),
      channel,
      expiresAt: new Date(now.getTime() + ttl),
      createdAt: now,
    });
    return token;
  }

  /** The customer of a phone (created on the first login), linked to a Telegram user when one logs in, and their new session. */
  async function openFor(
    tx: Db,
    merchantId: string,
    phone: string,
    telegram: TelegramIdentity | undefined,
  ): Promise<{ ok: true; token: string; user: UserRecord } | { ok: false; error: AppError }> {
    const users = createUsersRepository(tx);
    const now = clock.now();
    const user = telegram
      ? await users.linkTelegram(merchantId, { ...telegram, phone }, now)
      : (await users.findOrCreate(merchantId, phone, now)).user;
    // An account the merchant closed stays closed; the code is spent all the same.
    if (!user.isActive) return { ok: false, error: new AppError('FORBIDDEN', { reason: 'ACCOUNT_DISABLED' }) };
    return { ok: true, token: await newSession(tx, merchantId, user.id, telegram ? 'TG' : 'WEB'), user };
  }

  return {
    /**
     * Checks the code and opens a session; the customer is created on their first login. With `telegram` (the mini
     * app's login with the phone and code) the Telegram user is linked to that customer and the session is the bot
     * channel's.
     */
    async login(
      merchant: MerchantRecord,
      phoneInput: string,
      code: string,
      clientIp: string,
      telegram?: TelegramIdentity,
    ): Promise<{ token: string; user: UserRecord }> {
      const phone = requirePhone(phoneInput);
      const outcome = await db.transaction(async (tx) => {
        const check = await otp.check(tx, { merchantId: merchant.id, phone, purpose: 'LOGIN', subject: '', code, clientIp });
        if (!check.ok) return { ok: false as const, error: invalidCode(check) };
        return openFor(tx, merchant.id, phone, telegram);
      });
      if (!outcome.ok) throw outcome.error;
      return { token: outcome.token, user: outcome.user };
    },

    /**
     * The mini app's login by a phone Telegram vouched for (a signed shared contact): the brand's customer with that
     * phone (created when new), linked to the Telegram user, with a session of the bot channel.
     */
    async loginTelegramPhone(
      merchant: MerchantRecord,
      phone: string,
      telegram: TelegramIdentity,
    ): Promise<{ token: string; user: UserRecord }> {
      const outcome = await db.transaction((tx) => openFor(tx, merchant.id, phone, telegram));
      if (!outcome.ok) throw outcome.error;
      return { token: outcome.token, user: outcome.user };
    },

    /** A session of the bot channel for the customer this Telegram user is linked to; 403 TELEGRAM_PHONE_REQUIRED when none is. */
    async loginTelegram(merchant: MerchantRecord, telegramUserId: string): Promise<{ token: string; user: UserRecord }> {
      return db.transaction(async (tx) => {
        const user = await createUsersRepository(tx).findByTelegram(merchant.id, telegramUserId);
        if (!user || user.deletedAt || !user.phone) throw new AppError('TELEGRAM_PHONE_REQUIRED');
        if (!user.isActive) throw new AppError('FORBIDDEN', { reason: 'ACCOUNT_DISABLED' });
        return { token: await newSession(tx, merchant.id, user.id, 'TG'), user };
      });
    },

    /**
     * A guest at a table (issue 32; where the brand's `qrGuestOrders` is on, checked by the caller): a customer without a
     * phone (role GUEST, never asked for a name), and their session of the QR channel. Such a session places orders only
     * with a live table seat (place-order's draft); the guest sees their orders as any customer does.
     */
    async openTableGuest(merchantId: string): Promise<{ token: string; user: UserRecord }> {
      return db.transaction(async (tx) => {
        const now = clock.now();
        const user = await createUsersRepository(tx).insertGuest(merchantId, now);
        return { token: await newSession(tx, merchantId, user.id, 'QR'), user };
      });
    },

    /**
     * Links the Telegram user to the signed-in customer (one customer per brand and phone) and makes their session the
     * bot channel's. A customer without a phone cannot be linked (TELEGRAM_PHONE_REQUIRED).
     */
    async attachTelegram(found: Authenticated, telegram: TelegramIdentity): Promise<UserRecord> {
      const { session, user } = found;
      if (!user.phone) throw new AppError('TELEGRAM_PHONE_REQUIRED');
      const phone = user.phone;
      return db.transaction(async (tx) => {
        const linked = await createUsersRepository(tx).linkTelegram(session.merchantId, { ...telegram, phone }, clock.now());
        await createAuthRepository(tx).setSessionChannel(session.merchantId, session.id, 'TG');
        return linked;
      });
    },

    /** Stores the language the brand's bot speaks to the customer in (uz, ru or eng). */
    async setBotLanguage(merchantId: string, userId: string, language: ContentLanguage): Promise<void> {
      await createUsersRepository(db).setBotLanguage(merchantId, userId, language);
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
