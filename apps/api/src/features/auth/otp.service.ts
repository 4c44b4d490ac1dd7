import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@dasturxon/db';
import {
  AppError,
  ContentLanguage,
  OTP_CODE_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_SECONDS,
  OTP_TTL_SECONDS,
  parsePhone,
  PHONE_COUNTRIES,
  type OtpPurpose,
  type SendOtpResponse,
} from '@dasturxon/domain';
import type { Clock } from '../../clock.ts';
import { codeSmsText } from '../../sms/sms-text.ts';
import type { SmsSender } from '../../sms/sms.sender.ts';
import type { MerchantRecord, MerchantsRepository } from '../merchants/merchants.repository.ts';
import { authRepository } from './auth.repository.ts';

const SECOND = 1000;
const HOUR = 3600 * SECOND;
/** Codes are kept a day, past every window that counts them, then pruned. */
const KEEP_CODES = 24 * HOUR;
/** Used when AUTH_SECRET is not set: codes are still salted by their id, only not secret-keyed. */
const FALLBACK_KEY = 'dasturxon/otp/v1';

export interface OtpLimits {
  perPhonePerHour: number;
  perAddressPerHour: number;
}

export interface OtpServiceOptions {
  db: Db;
  clock: Clock;
  sms: SmsSender;
  merchants: MerchantsRepository;
  log: FastifyBaseLogger;
  limits: OtpLimits;
  secret?: string | undefined;
}

export interface SendCodeInput {
  merchant: MerchantRecord;
  /** E.164. */
  phone: string;
  purpose: OtpPurpose;
  /** Who may use the code: the customer changing their phone; empty for a login. */
  subject: string;
  clientIp: string;
}

export interface CheckCodeInput {
  merchantId: string;
  phone: string;
  purpose: OtpPurpose;
  subject: string;
  code: string;
}

/** A code check: right, or wrong with the tries left on the live code (null when none is live). */
export type CodeCheck = { ok: true } | { ok: false; attemptsLeft: number | null };

/** The E.164 form of what the customer typed, or 400 PHONE_INVALID saying why and what is accepted. */
export function requirePhone(input: string): string {
  const parsed = parsePhone(input);
  if (!parsed.ok) {
    throw new AppError('PHONE_INVALID', {
      field: 'body.phone',
      problem: parsed.problem,
      example: '+998 90 123 45 67',
      countryCodes: [...new Set(PHONE_COUNTRIES.map((c) => `+${c.callingCode}`))],
    });
  }
  return parsed.e164;
}

/** OTP_INVALID for a failed check, with the tries left when a code is still live. */
export function invalidCode(check: { attemptsLeft: number | null }): AppError {
  return new AppError('OTP_INVALID', check.attemptsLeft === null ? undefined : { attemptsLeft: check.attemptsLeft });
}

/**
 * One-time codes sent by SMS: issued under limits, stored only as an HMAC, checked once.
 *
 * Limits, per merchant: one code per number every OTP_RESEND_SECONDS (429 OTP_TOO_EARLY), and so
 * many codes an hour per number and per client address (429 RATE_LIMITED); both answers say in
 * `details.retryAfterSeconds` how long to wait. A new code spends the older ones of its purpose.
 * Sending never looks at customers, so it answers alike for a known and an unknown number.
 */
export function createOtpService(options: OtpServiceOptions) {
  const { db, clock, limits } = options;
  const key = options.secret ?? FALLBACK_KEY;

  const digest = (row: { id: string; merchantId: string; phone: string; purpose: string }, subject: string, code: string) =>
    createHmac('sha256', key).update([row.id, row.merchantId, row.phone, row.purpose, subject, code].join('\n')).digest();

  async function textFor(merchant: MerchantRecord, code: string): Promise<string> {
    const settings = await options.merchants.settings(merchant.id, 'WEB');
    const language = ContentLanguage.safeParse(settings?.mainLanguage);
    return codeSmsText({
      template: settings?.smsContent,
      code,
      brand: settings?.brand?.trim() || merchant.name,
      language: language.success ? language.data : 'uz',
    });
  }

  const secondsUntil = (at: number, now: number) => Math.max(1, Math.ceil((at - now) / SECOND));

  return {
    async send(input: SendCodeInput): Promise<SendOtpResponse> {
      const { merchant, phone, purpose, subject, clientIp } = input;
      const id = randomUUID();
      const code = randomInt(0, 10 ** OTP_CODE_LENGTH)
        .toString()
        .padStart(OTP_CODE_LENGTH, '0');
      const text = await textFor(merchant, code);

      await db.transaction(async (tx) => {
        const repo = authRepository(tx);
        // Phone before address, always in this order, so two requests never wait on each other in a circle.
        await repo.lock(`otp:${merchant.id}:phone:${phone}`);
        await repo.lock(`otp:${merchant.id}:address:${clientIp}`);
        const now = clock.now().getTime();

        const last = await repo.lastSentAt(merchant.id, phone);
        if (last && last.getTime() + OTP_RESEND_SECONDS * SECOND > now) {
          throw new AppError('OTP_TOO_EARLY', { retryAfterSeconds: secondsUntil(last.getTime() + OTP_RESEND_SECONDS * SECOND, now) });
        }
        const since = new Date(now - HOUR);
        const scopes = [
          { scope: { phone }, per: 'phone', limit: limits.perPhonePerHour },
          { scope: { clientIp }, per: 'address', limit: limits.perAddressPerHour },
        ] as const;
        for (const { scope, per, limit } of scopes) {
          const sent = await repo.sentSince(merchant.id, scope, since);
          if (sent.count >= limit) {
            const freesAt = (sent.oldest?.getTime() ?? now) + HOUR;
            throw new AppError('RATE_LIMITED', { retryAfterSeconds: secondsUntil(freesAt, now), per, limit, windowSeconds: HOUR / SECOND });
          }
        }

        await repo.spendLive(merchant.id, phone, purpose, new Date(now));
        const row = { id, merchantId: merchant.id, phone, purpose };
        await repo.insertCode({
          ...row,
          codeHash: digest(row, subject, code).toString('hex'),
          attempts: 0,
          expiresAt: new Date(now + OTP_TTL_SECONDS * SECOND),
          clientIp,
          createdAt: new Date(now),
        });
        await repo.pruneCodes(merchant.id, new Date(now - KEEP_CODES));
      });

      try {
        await options.sms.send(merchant, { to: phone, text });
      } catch (error) {
        options.log.error({ err: error, merchantId: merchant.id, gateway: merchant.smsGateway }, 'SMS with a code was not sent');
        // A code that never left must not hold back the next request, nor count against a limit.
        await authRepository(db).deleteCode(merchant.id, id);
        throw new AppError('SMS_NOT_SENT');
      }
      return { phone, codeLength: OTP_CODE_LENGTH, resendAfterSeconds: OTP_RESEND_SECONDS, expiresInSeconds: OTP_TTL_SECONDS };
    },

    /**
     * Checks a code inside the caller's transaction, which must commit even when the code is
     * wrong: the wrong try is counted there. The live code's row stays locked until then, so two
     * checks of one code never both succeed.
     */
    async check(tx: Db, input: CheckCodeInput): Promise<CodeCheck> {
      const repo = authRepository(tx);
      const now = clock.now();
      const row = await repo.liveCodeForUpdate(input.merchantId, input.phone, input.purpose);
      if (!row) return { ok: false, attemptsLeft: null };
      if (row.expiresAt.getTime() <= now.getTime() || row.attempts >= OTP_MAX_ATTEMPTS) {
        await repo.updateCode(row.id, row.merchantId, { usedAt: now });
        return { ok: false, attemptsLeft: null };
      }
      const expected = Buffer.from(row.codeHash, 'hex');
      const given = digest(row, input.subject, input.code.trim());
      if (expected.length === given.length && timingSafeEqual(expected, given)) {
        await repo.updateCode(row.id, row.merchantId, { usedAt: now });
        return { ok: true };
      }
      const attempts = row.attempts + 1;
      const spent = attempts >= OTP_MAX_ATTEMPTS;
      await repo.updateCode(row.id, row.merchantId, spent ? { attempts, usedAt: now } : { attempts });
      return { ok: false, attemptsLeft: OTP_MAX_ATTEMPTS - attempts };
    },
  };
}

export type OtpService = ReturnType<typeof createOtpService>;
