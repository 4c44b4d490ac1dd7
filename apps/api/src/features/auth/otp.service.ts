import { createHash, createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@dasturxon/db';
import {
  AppError,
  leadingZeroBits,
  networkOf,
  OTP_CODE_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_MAX_ATTEMPTS_ALL,
  OTP_RESEND_SECONDS,
  OTP_TTL_SECONDS,
  parsePhone,
  PHONE_COUNTRIES,
  phoneCountriesOf,
  proofInput,
  type OtpPurpose,
  type PhoneCountry,
  type ProofOfWork,
  type SendOtpResponse,
} from '@dasturxon/domain';
import type { Clock } from '../../clock.ts';
import { codeSmsText } from '../../sms/sms-text.ts';
import type { SmsSender } from '../../sms/sms.sender.ts';
import type { MerchantRecord } from '../../plugins/tenant.ts';
import type { MerchantsRepository } from '../merchants/index.ts';
import { createAuthRepository, type OtpCodeRecord, type SmsPolicy } from './auth.repository.ts';

const SECOND = 1000;
const HOUR = 3600 * SECOND;
const DAY = 24 * HOUR;
/** Codes are kept a day, past every window that counts them, then pruned. */
const KEEP_CODES = DAY;
/** Used when AUTH_SECRET is not set: codes are still salted by their id, only not secret-keyed. */
const FALLBACK_KEY = 'dasturxon/otp/v1';

export interface OtpLimits {
  /** Codes to one number asked for from one client address, an hour. */
  perPhonePerHour: number;
  /** Codes asked for from one client address, all numbers, an hour. */
  perAddressPerHour: number;
  /** Codes to one number from every address an hour; beyond it the number gets one code per slowSeconds. */
  perPhoneAllPerHour: number;
  slowSeconds: number;
  /** A brand's codes an hour and a day, unless the brand sets its own (merchants.sms_budget_per_*). */
  budgetPerHour: number;
  budgetPerDay: number;
  /** Under a flood (docs/decisions/004): the hourly budget's share kept for customers and order codes, in %. */
  reservePercent: number;
  /** The hourly budget's share one network may spend on new numbers, in %. */
  networkPercent: number;
  /** Past this share of the hourly budget spent, a login code needs a proof of work. */
  challengeAfterPercent: number;
  /** Its difficulty: leading zero bits of SHA-256. */
  challengeBits: number;
}

/** How long a challenge can be solved and sent back. */
const CHALLENGE_TTL_SECONDS = 120;
/** Codes one number may draw from the reserve an hour, of every purpose: a login and a few order confirmations. */
const RESERVE_PER_NUMBER = 3;

export interface OtpServiceDeps {
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
  /** As the customer typed it; checked against the countries the brand takes numbers from. */
  phone: string;
  purpose: OtpPurpose;
  /** Who may use the code: the customer changing their phone; empty for a login. */
  subject: string;
  clientIp: string;
  /** A solved challenge, when an earlier request was answered 428 CHALLENGE_REQUIRED. */
  proof?: ProofOfWork | undefined;
}

export interface CheckCodeInput {
  merchantId: string;
  phone: string;
  purpose: OtpPurpose;
  subject: string;
  code: string;
  /** Wrong tries are counted per address: a stranger's guesses never use up the owner's. */
  clientIp: string;
}

/** A code check: right, or wrong with the tries this address has left (null when no code is live). */
export type CodeCheck = { ok: true } | { ok: false; attemptsLeft: number | null };

/**
 * The E.164 form of what the customer typed, or 400 PHONE_INVALID saying why and which numbers are
 * taken: those of `accepted` (every country we know, or a brand's list), the first giving the example.
 */
export function requirePhone(input: string, accepted: readonly PhoneCountry[] = PHONE_COUNTRIES): string {
  const parsed = parsePhone(input);
  const problem = !parsed.ok ? parsed.problem : accepted.some((c) => c.iso === parsed.country) ? null : 'COUNTRY';
  if (problem || !parsed.ok) {
    throw new AppError('PHONE_INVALID', {
      field: 'body.phone',
      problem,
      example: accepted[0]?.example ?? PHONE_COUNTRIES[0]!.example,
      countryCodes: [...new Set(accepted.map((c) => `+${c.callingCode}`))],
    });
  }
  return parsed.e164;
}

/**
 * OTP_INVALID for a failed check, with the tries left when a code is still live; OTP_ATTEMPTS_EXHAUSTED when none
 * are left (the fifth wrong try): the customer is told the tries are over and may ask for a new code at once.
 */
export function invalidCode(check: { attemptsLeft: number | null }): AppError {
  if (check.attemptsLeft === 0) return new AppError('OTP_ATTEMPTS_EXHAUSTED', { attemptsLeft: 0 });
  return new AppError('OTP_INVALID', check.attemptsLeft === null ? undefined : { attemptsLeft: check.attemptsLeft });
}

type CodeRow = Pick<OtpCodeRecord, 'attempts' | 'triesByAddress' | 'clientIp' | 'usedAt' | 'expiresAt'>;

const triesOf = (row: CodeRow, address: string): number => row.triesByAddress[address] ?? 0;
/** The code's wrong tries from every address but the one it was sent for have reached the ceiling. */
const closedToOthers = (row: CodeRow): boolean => row.attempts - triesOf(row, row.clientIp) >= OTP_MAX_ATTEMPTS_ALL;
/** Whether this address may still enter the code (it may be expired or used: see usableBy). */
const openTo = (row: CodeRow, address: string): boolean =>
  triesOf(row, address) < OTP_MAX_ATTEMPTS && (row.clientIp === address || !closedToOthers(row));
const usableBy = (row: CodeRow, address: string, now: number): boolean =>
  row.usedAt === null && row.expiresAt.getTime() > now && openTo(row, address);

/**
 * One-time codes sent by SMS: issued under limits, stored only as an HMAC, checked once.
 * docs/decisions/004-phone-login-and-sms.md says what a stranger can and cannot do with them.
 *
 * Sending, per merchant and number: an address waits OTP_RESEND_SECONDS between its own codes of one purpose to a
 * number (429 OTP_TOO_EARLY). A code of the same purpose sent for another address a moment ago
 * (within that interval) is on its way to the phone and works for this address too: the answer is
 * 200 and nothing more is sent. An hour allows so many codes to a number from one address and so
 * many from one address in all (429 RATE_LIMITED); a number that got OTP_SENDS_PER_PHONE_ALL_PER_HOUR
 * codes from every address is slowed to one code per OTP_SLOW_SECONDS, never refused for the hour;
 * the brand's SMS budget an hour and a day is the last limit (429 RATE_LIMITED per 'brand').
 * Every 429 says in `details.retryAfterSeconds` how long to wait. Sending answers alike for a known
 * and an unknown number, except once a flood has spent the open part of the hour (underFlood): then
 * only the brand's customers and order codes draw on the reserve.
 *
 * Checking: every live code of the number and purpose is compared; each address has its own
 * OTP_MAX_ATTEMPTS wrong tries on a code, and OTP_MAX_ATTEMPTS_ALL wrong tries from the others close
 * it to all but the address it was sent for. A right code spends every live code of its kind.
 */
export function createOtpService(options: OtpServiceDeps) {
  const { db, clock, limits } = options;
  const key = options.secret ?? FALLBACK_KEY;
  /** When each brand's budget alert last went out, per window: one alert per window, not one per refusal. */
  const budgetAlerts = new Map<string, number>();

  const digest = (row: { id: string; merchantId: string; phone: string; purpose: string }, subject: string, code: string) =>
    createHmac('sha256', key).update([row.id, row.merchantId, row.phone, row.purpose, subject, code].join('\n')).digest();

  async function textFor(merchant: MerchantRecord, code: string): Promise<string> {
    const settings = await options.merchants.settings(merchant.id, 'WEB');
    return codeSmsText({
      template: settings.smsContent,
      code,
      brand: settings.brand.trim() || merchant.name,
      language: settings.mainLanguage,
    });
  }

  const secondsUntil = (at: number, now: number) => Math.max(1, Math.ceil((at - now) / SECOND));

  /** The nonces of challenges already answered, until they expire: a solution works once per instance. */
  const spentNonces = new Map<string, number>();
  const challengeSignature = (merchantId: string, phone: string, body: string) =>
    createHmac('sha256', key).update(`sms-challenge\n${merchantId}\n${phone}\n${body}`).digest('hex').slice(0, 32);

  /** A challenge for this brand and number: `expiresAt.bits.nonce.signature`, signed, so nothing is kept until it comes back. */
  function newChallenge(merchantId: string, phone: string, now: number): AppError {
    const body = `${now + CHALLENGE_TTL_SECONDS * SECOND}.${limits.challengeBits}.${randomBytes(16).toString('hex')}`;
    return new AppError('CHALLENGE_REQUIRED', {
      challenge: `${body}.${challengeSignature(merchantId, phone, body)}`,
      difficulty: limits.challengeBits,
      expiresInSeconds: CHALLENGE_TTL_SECONDS,
    });
  }

  /** Whether the proof answers a challenge we gave for this brand and number, still live, never used, with the work done. */
  function proofHolds(merchantId: string, phone: string, proof: ProofOfWork | undefined, now: number): boolean {
    if (!proof) return false;
    const parts = proof.challenge.split('.');
    if (parts.length !== 4) return false;
    const [expires, bits, nonce, signature] = parts as [string, string, string, string];
    const expected = Buffer.from(challengeSignature(merchantId, phone, `${expires}.${bits}.${nonce}`));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
    if (!(Number(expires) > now) || Number(bits) < limits.challengeBits || spentNonces.has(nonce)) return false;
    if (leadingZeroBits(createHash('sha256').update(proofInput(proof.challenge, proof.counter)).digest()) < Number(bits)) return false;
    for (const [spent, until] of spentNonces) if (until <= now) spentNonces.delete(spent);
    spentNonces.set(nonce, Number(expires));
    return true;
  }

  /** One warning per brand and hour when its codes start to need a proof of work: the brand is being flooded. */
  function alertFlood(merchantId: string, used: number, limit: number, now: number): void {
    const alertKey = `${merchantId}:flood`;
    const last = budgetAlerts.get(alertKey);
    if (last !== undefined && now - last < HOUR) return;
    budgetAlerts.set(alertKey, now);
    options.log.warn(
      { merchantId, used, limit, windowSeconds: HOUR / SECOND },
      "a brand's SMS budget is being spent fast: new login codes now need a proof of work, part of the budget is kept for its customers",
    );
  }

  function alertBudget(merchantId: string, window: 'hour' | 'day', windowMs: number, limit: number, now: number): void {
    const alertKey = `${merchantId}:${window}`;
    const last = budgetAlerts.get(alertKey);
    if (last !== undefined && now - last < windowMs) return;
    budgetAlerts.set(alertKey, now);
    options.log.error(
      { merchantId, window, windowSeconds: windowMs / SECOND, limit },
      "a brand's SMS budget is used up: login codes are refused until its window frees",
    );
  }

  /**
   * The hourly budget under a flood (docs/decisions/004, "Under a flood"). A reserve is kept for numbers with an
   * account at the brand and for order confirmations (signed-in customers), at most RESERVE_PER_NUMBER codes a
   * number; new numbers share the rest, each network at most its share; and past the challenge line every login
   * code needs a proof of work, known number or not, so the answer never tells a customer's number from another.
   */
  async function underFlood(
    repo: ReturnType<typeof createAuthRepository>,
    ask: { merchantId: string; phone: string; purpose: OtpPurpose; clientIp: string; proof: ProofOfWork | undefined },
    state: { used: number; limit: number; sent: OtpCodeRecord[]; now: number },
  ): Promise<void> {
    const { used, limit, now } = state;
    const open = limit - Math.ceil((limit * limits.reservePercent) / 100);
    const reserved = ask.purpose === 'ORDER' || (ask.purpose === 'LOGIN' && (await repo.isCustomer(ask.merchantId, ask.phone)));
    const since = new Date(now - HOUR);
    const refuse = (per: string, limitOf: number, oldest: Date | null) =>
      new AppError('RATE_LIMITED', {
        retryAfterSeconds: secondsUntil((oldest?.getTime() ?? now) + HOUR, now),
        per,
        limit: limitOf,
        windowSeconds: HOUR / SECOND,
      });

    if (used >= open) {
      if (!reserved) {
        const hour = await repo.sentSince(ask.merchantId, { merchant: true }, since);
        throw refuse('brand', open, hour.oldest);
      }
      if (state.sent.length >= RESERVE_PER_NUMBER) throw refuse('phone', RESERVE_PER_NUMBER, state.sent.at(-1)?.createdAt ?? null);
    }
    const network = networkOf(ask.clientIp);
    if (!reserved && network) {
      const share = Math.max(1, Math.ceil((limit * limits.networkPercent) / 100));
      const fromNetwork = await repo.sentFromNetwork(ask.merchantId, network, since);
      if (fromNetwork.count >= share) throw refuse('network', share, fromNetwork.oldest);
    }
    if (ask.purpose === 'LOGIN' && used >= Math.ceil((limit * limits.challengeAfterPercent) / 100) && limits.challengeAfterPercent < 100) {
      alertFlood(ask.merchantId, used, limit, now);
      if (!proofHolds(ask.merchantId, ask.phone, ask.proof, now)) throw newChallenge(ask.merchantId, ask.phone, now);
    }
  }

  /** The E.164 number, if the brand takes numbers of its country (merchants.sms_countries), else 400 PHONE_INVALID. */
  async function acceptedPhone(merchant: MerchantRecord, input: string): Promise<{ phone: string; policy: SmsPolicy | null }> {
    const policy = await createAuthRepository(db).smsPolicy(merchant.id);
    return { phone: requirePhone(input, phoneCountriesOf(policy?.countries)), policy };
  }

  return {
    acceptedPhone: async (merchant: MerchantRecord, input: string): Promise<string> => (await acceptedPhone(merchant, input)).phone,

    async send(input: SendCodeInput): Promise<SendOtpResponse> {
      const { merchant, purpose, subject, clientIp } = input;
      const { phone, policy } = await acceptedPhone(merchant, input.phone);
      const id = randomUUID();
      const code = randomInt(0, 10 ** OTP_CODE_LENGTH)
        .toString()
        .padStart(OTP_CODE_LENGTH, '0');
      const text = await textFor(merchant, code);

      const outcome = await db.transaction(async (tx): Promise<{ sent: true } | { sent: false; answer: SendOtpResponse }> => {
        const repo = createAuthRepository(tx);
        // Phone, then address, then brand, always in this order, so two requests never wait on each other in a circle.
        await repo.lock(`otp:${merchant.id}:phone:${phone}`);
        await repo.lock(`otp:${merchant.id}:address:${clientIp}`);
        const now = clock.now().getTime();

        const sent = await repo.codesSentTo(merchant.id, phone, new Date(now - HOUR));
        // Past the number-wide ceiling the number is slowed, not refused: a stranger with many
        // addresses can hold back its owner by one slow interval at most.
        const slowed = sent.length >= limits.perPhoneAllPerHour;
        const interval = (slowed ? limits.slowSeconds : OTP_RESEND_SECONDS) * SECOND;
        const recent = sent.filter((r) => r.createdAt.getTime() + interval > now);

        // The wait is per purpose: a customer who has just logged in can be sent the code that confirms their order.
        // A code of this address whose tries it has spent holds nothing: after the fifth wrong try a new code
        // goes out at once (the hourly ceilings below still count it).
        const spentHere = (r: OtpCodeRecord) => r.clientIp === clientIp && triesOf(r, clientIp) >= OTP_MAX_ATTEMPTS;
        const mine = recent.find((r) => r.clientIp === clientIp && r.purpose === purpose && !spentHere(r));
        if (mine) throw new AppError('OTP_TOO_EARLY', { retryAfterSeconds: secondsUntil(mine.createdAt.getTime() + interval, now) });

        // A code of this kind sent for another address holds the interval. While it still works for
        // this address it is on its way to the phone: the owner types it, nothing more is sent. A code
        // closed by strangers' guesses holds it only while the number is slowed, so the owner of an
        // unslowed number gets a code of their own at once (and nobody can close that one to them).
        const holder = recent.find(
          (r) => r.purpose === purpose && r.subject === subject && !spentHere(r) && (slowed || !closedToOthers(r)),
        );
        if (holder) {
          const freesAt = holder.createdAt.getTime() + interval;
          if (usableBy(holder, clientIp, now)) {
            return {
              sent: false,
              answer: {
                phone,
                codeLength: OTP_CODE_LENGTH,
                resendAfterSeconds: secondsUntil(freesAt, now),
                expiresInSeconds: secondsUntil(holder.expiresAt.getTime(), now),
              },
            };
          }
          throw new AppError('OTP_TOO_EARLY', { retryAfterSeconds: secondsUntil(freesAt, now) });
        }

        const since = new Date(now - HOUR);
        const fromHere = sent.filter((r) => r.clientIp === clientIp);
        const counts = [
          { per: 'phone', limit: limits.perPhonePerHour, count: fromHere.length, oldest: fromHere.at(-1)?.createdAt ?? null },
          { per: 'address', limit: limits.perAddressPerHour, ...(await repo.sentSince(merchant.id, { clientIp }, since)) },
        ];
        for (const { per, limit, count, oldest } of counts) {
          if (count >= limit) {
            const freesAt = (oldest?.getTime() ?? now) + HOUR;
            throw new AppError('RATE_LIMITED', { retryAfterSeconds: secondsUntil(freesAt, now), per, limit, windowSeconds: HOUR / SECOND });
          }
        }

        // The brand's budget: one lock per brand, taken last and only by a send that is otherwise allowed.
        await repo.lock(`otp:${merchant.id}:budget`);
        const hourLimit = policy?.budgetPerHour ?? limits.budgetPerHour;
        const budgets = [
          { window: 'hour', ms: HOUR, limit: hourLimit },
          { window: 'day', ms: DAY, limit: policy?.budgetPerDay ?? limits.budgetPerDay },
        ] as const;
        let usedThisHour = 0;
        for (const { window, ms, limit } of budgets) {
          const used = await repo.sentSince(merchant.id, { merchant: true }, new Date(now - ms));
          if (window === 'hour') usedThisHour = used.count;
          if (used.count >= limit) {
            alertBudget(merchant.id, window, ms, limit, now);
            const freesAt = (used.oldest?.getTime() ?? now) + ms;
            throw new AppError('RATE_LIMITED', {
              retryAfterSeconds: secondsUntil(freesAt, now),
              per: 'brand',
              limit,
              windowSeconds: ms / SECOND,
            });
          }
        }
        await underFlood(
          repo,
          { merchantId: merchant.id, phone, purpose, clientIp, proof: input.proof },
          { used: usedThisHour, limit: hourLimit, sent, now },
        );

        const row = { id, merchantId: merchant.id, phone, purpose };
        await repo.insertCode({
          ...row,
          subject,
          codeHash: digest(row, subject, code).toString('hex'),
          attempts: 0,
          triesByAddress: {},
          expiresAt: new Date(now + OTP_TTL_SECONDS * SECOND),
          clientIp,
          createdAt: new Date(now),
        });
        await repo.pruneCodes(merchant.id, new Date(now - KEEP_CODES));
        return { sent: true };
      });
      if (!outcome.sent) return outcome.answer;

      try {
        await options.sms.send(merchant, { to: phone, text });
      } catch (error) {
        options.log.error({ err: error, merchantId: merchant.id, gateway: merchant.smsGateway }, 'SMS with a code was not sent');
        // A code that never left must not hold back the next request, nor count against a limit.
        await createAuthRepository(db).deleteCode(merchant.id, id);
        throw new AppError('SMS_NOT_SENT');
      }
      return { phone, codeLength: OTP_CODE_LENGTH, resendAfterSeconds: OTP_RESEND_SECONDS, expiresInSeconds: OTP_TTL_SECONDS };
    },

    /**
     * Checks a code inside the caller's transaction, which must commit even when the code is
     * wrong: the wrong try is counted there. The live codes' rows stay locked until then, so two
     * checks of one code never both succeed and parallel guesses are counted one by one.
     */
    async check(tx: Db, input: CheckCodeInput): Promise<CodeCheck> {
      const repo = createAuthRepository(tx);
      const now = clock.now();
      const address = input.clientIp;
      const live = await repo.liveCodesForUpdate(input.merchantId, input.phone, input.purpose, input.subject, now);
      if (!live.length) return { ok: false, attemptsLeft: null };
      const open = live.filter((row) => openTo(row, address));
      if (!open.length) return { ok: false, attemptsLeft: 0 };

      const given = input.code.trim();
      // Every open code is compared, right or not, so the time taken says nothing about which matched.
      let right = false;
      for (const row of open) {
        const expected = Buffer.from(row.codeHash, 'hex');
        const candidate = digest(row, input.subject, given);
        if (expected.length === candidate.length && timingSafeEqual(expected, candidate)) right = true;
      }
      if (right) {
        // One use: the number's other live codes of this kind go with it.
        await repo.spendCodes(
          input.merchantId,
          live.map((row) => row.id),
          now,
        );
        return { ok: true };
      }

      let attemptsLeft = 0;
      for (const row of open) {
        const next = {
          ...row,
          attempts: row.attempts + 1,
          triesByAddress: { ...row.triesByAddress, [address]: triesOf(row, address) + 1 },
        };
        // Spent once nobody may enter it any more: its own address has used its tries and the others are shut out.
        const spent = triesOf(next, next.clientIp) >= OTP_MAX_ATTEMPTS && closedToOthers(next);
        await repo.updateCode(row.id, row.merchantId, {
          attempts: next.attempts,
          triesByAddress: next.triesByAddress,
          ...(spent ? { usedAt: now } : {}),
        });
        if (openTo(next, address)) attemptsLeft = Math.max(attemptsLeft, OTP_MAX_ATTEMPTS - triesOf(next, address));
      }
      return { ok: false, attemptsLeft };
    },
  };
}

export type OtpService = ReturnType<typeof createOtpService>;
