import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@dasturxon/db';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import { createSmsSender, type SmsSenderOptions } from '../../sms/sms.sender.ts';
import type { MerchantsRepository } from '../merchants/index.ts';
import { createAuthService } from './auth.service.ts';
import { createOtpService } from './otp.service.ts';
import { createUsersService } from './users.service.ts';

export interface AuthFeatureDeps {
  db: Db;
  clock: Clock;
  config: Config;
  log: FastifyBaseLogger;
  merchants: MerchantsRepository;
  /** Told of each SMS sent or refused (metrics). */
  smsCounted?: SmsSenderOptions['counted'];
}

/**
 * The customer's identity: one-time codes by SMS, sessions, and the account (profile, phone change,
 * deletion). One feature, because the login creates the customer and the account's phone change
 * goes through the same codes; nothing outside it sees its repositories.
 */
export function createAuthFeature({ db, clock, config, log, merchants, smsCounted }: AuthFeatureDeps) {
  const sms = createSmsSender({
    db,
    clock,
    log,
    dataDir: config.DATA_DIR,
    eskizBaseUrl: config.ESKIZ_BASE_URL,
    playMobileBaseUrl: config.PLAY_MOBILE_BASE_URL,
    outboxAllowed: config.NODE_ENV !== 'production' || config.SMS_OUTBOX,
    ...(smsCounted ? { counted: smsCounted } : {}),
  });
  const otp = createOtpService({
    db,
    clock,
    sms,
    merchants,
    log,
    secret: config.AUTH_SECRET,
    limits: {
      perPhonePerHour: config.OTP_SENDS_PER_PHONE_PER_HOUR,
      perAddressPerHour: config.OTP_SENDS_PER_ADDRESS_PER_HOUR,
      perPhoneAllPerHour: config.OTP_SENDS_PER_PHONE_ALL_PER_HOUR,
      slowSeconds: config.OTP_SLOW_SECONDS,
      budgetPerHour: config.SMS_BUDGET_PER_HOUR,
      budgetPerDay: config.SMS_BUDGET_PER_DAY,
      reservePercent: config.SMS_RESERVE_PERCENT,
      networkPercent: config.SMS_NETWORK_PERCENT,
      challengeAfterPercent: config.SMS_CHALLENGE_AFTER_PERCENT,
      challengeBits: config.SMS_CHALLENGE_BITS,
    },
  });
  const auth = createAuthService({ db, clock, otp, sessionTtlDays: config.SESSION_TTL_DAYS });
  const users = createUsersService({ db, clock, otp });
  return { otp, auth, users, sms };
}

export type AuthFeature = ReturnType<typeof createAuthFeature>;
