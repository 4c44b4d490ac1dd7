import { timingSafeEqual } from 'node:crypto';
import { isSignatureInvalidError, signData, validate3rd } from '@telegram-apps/init-data-node';
import { z } from 'zod';
import { AppError } from '@dasturxon/domain';

/*
 * Telegram Mini App data (docs/protocols.md section 4; docs/telegram.md, "Mini app server"): the one place the
 * server decides whether Telegram signed what a client sends, both `initData` and the raw `requestContact` answer.
 * The signature checks are @telegram-apps/init-data-node's: HMAC-SHA256 under the brand's bot token, or Ed25519 under
 * Telegram's public key when only the bot id is known. The age is measured here, against the server's clock (the
 * library would read Date.now()), and the fields are parsed here: the library's parser insists on a `signature`
 * field that first-party data signed before Bot API 8.0 (and every published vector) does not carry.
 */

/** spec section 5: initData of 10 characters or fewer is treated as missing. */
export const INIT_DATA_MIN_LENGTH = 11;

/** How the brand's data is checked: its bot token (first party), else its bot id and Telegram's key (third party). */
export type BotKey = { token: string } | { botId: number; testEnvironment?: boolean };

export interface InitDataOptions {
  now: Date;
  /** The oldest `auth_date` trusted, in seconds; 0 turns the age check off (the published vectors are from 2022). */
  maxAgeSeconds: number;
  /**
   * Other brands' bot tokens, asked only once a signature failed: data one of them signed is TELEGRAM_OTHER_BOT,
   * so a customer who opened the wrong brand's bot is told so rather than that the data is forged.
   */
  otherTokens?: () => Promise<readonly string[]>;
}

/** The Telegram user as Mini App data names them (its `user` field). */
export interface TelegramUser {
  /** Telegram's numeric id, kept as text (it may pass 2^53 one day; the database keeps text). */
  id: string;
  firstName: string;
  lastName: string;
  username: string | null;
  languageCode: string | null;
}

export interface CheckedInitData {
  /** Null when the data names no user (opened from an attachment menu of a chat, a forged-by-omission launch). */
  user: TelegramUser | null;
  authDate: Date;
  params: URLSearchParams;
}

/** The contact of a `requestContact` answer, once its signature is checked. */
export interface SharedContact {
  userId: string;
  phone: string;
  firstName: string;
  lastName: string;
}

const UserField = z.looseObject({
  id: z.number().int().positive(),
  first_name: z.string().max(256).default(''),
  last_name: z.string().max(256).optional(),
  username: z.string().max(64).optional(),
  language_code: z.string().max(35).optional(),
});

const ContactField = z.looseObject({
  user_id: z.number().int().positive(),
  phone_number: z.string().min(3).max(32),
  first_name: z.string().max(256).default(''),
  last_name: z.string().max(256).optional(),
});

function jsonField<T>(params: URLSearchParams, name: string, schema: z.ZodType<T>): T | null {
  const raw = params.get(name);
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new AppError('TELEGRAM_FIELD_MALFORMED', { field: name });
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new AppError('TELEGRAM_FIELD_MALFORMED', { field: name });
  return parsed.data;
}

/**
 * Whether a bot token signed the data (first party, protocols.md 4.1): the library's HMAC-SHA256 of the data-check
 * string (every field but `hash`, sorted by key, one `key=value` a line) compared with `hash` in constant time (the
 * library's own validate compares with !==, which tells a guesser how much of a forged hash was right).
 */
function signedBy(params: URLSearchParams, token: string): boolean {
  const given = Buffer.from(params.get('hash') ?? '', 'hex');
  const lines = [...params.entries()]
    .filter(([name]) => name !== 'hash')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`);
  const expected = Buffer.from(signData(lines.join('\n'), token), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Checks signed Mini App data and answers its parameters and signing time, or throws the refusal's 401 (each its own
 * code): TELEGRAM_INIT_DATA_MISSING, TELEGRAM_HASH_MISSING, TELEGRAM_FIELD_MALFORMED, TELEGRAM_SIGNATURE_INVALID,
 * TELEGRAM_OTHER_BOT, TELEGRAM_INIT_DATA_EXPIRED. The signature is checked before the age, so forged old data is
 * called forged.
 */
export async function checkSigned(
  raw: string | undefined | null,
  key: BotKey,
  options: InitDataOptions,
): Promise<{ params: URLSearchParams; authDate: Date }> {
  if (!raw || raw.trim().length < INIT_DATA_MIN_LENGTH) throw new AppError('TELEGRAM_INIT_DATA_MISSING');
  const params = new URLSearchParams(raw);
  const firstParty = 'token' in key;
  if (!params.get(firstParty ? 'hash' : 'signature'))
    throw new AppError('TELEGRAM_HASH_MISSING', { field: firstParty ? 'hash' : 'signature' });
  const authDateText = params.get('auth_date') ?? '';
  // The library reads it with parseInt, which takes "12abc"; Telegram writes whole seconds only.
  if (!/^\d{1,12}$/.test(authDateText)) throw new AppError('TELEGRAM_FIELD_MALFORMED', { field: 'auth_date' });
  const authDate = new Date(Number(authDateText) * 1000);
  let signed: boolean;
  try {
    if (firstParty) signed = signedBy(params, key.token);
    else signed = (await validate3rd(params, key.botId, { expiresIn: 0, test: key.testEnvironment ?? false }), true);
  } catch (error) {
    if (!isSignatureInvalidError(error)) throw new AppError('TELEGRAM_FIELD_MALFORMED', { field: 'signature' });
    signed = false;
  }
  if (!signed) {
    if (firstParty && options.otherTokens) {
      const others = await options.otherTokens();
      if (others.some((token) => token !== key.token && signedBy(params, token))) throw new AppError('TELEGRAM_OTHER_BOT');
    }
    throw new AppError('TELEGRAM_SIGNATURE_INVALID');
  }
  if (options.maxAgeSeconds > 0 && options.now.getTime() - authDate.getTime() > options.maxAgeSeconds * 1000) {
    throw new AppError('TELEGRAM_INIT_DATA_EXPIRED', { authDate: authDate.toISOString() });
  }
  return { params, authDate };
}

/** Checks `initData` (checkSigned) and reads its user; a user field that is not Telegram's answers TELEGRAM_FIELD_MALFORMED. */
export async function checkInitData(raw: string | undefined | null, key: BotKey, options: InitDataOptions): Promise<CheckedInitData> {
  const { params, authDate } = await checkSigned(raw, key, options);
  const user = jsonField(params, 'user', UserField);
  return {
    params,
    authDate,
    user: user
      ? {
          id: String(user.id),
          firstName: user.first_name,
          lastName: user.last_name ?? '',
          username: user.username ?? null,
          languageCode: user.language_code ?? null,
        }
      : null,
  };
}

/** The initData's user, or 401 TELEGRAM_USER_MISSING ("Telegram ID not found; restart the bot", spec section 8). */
export function requireTelegramUser(data: CheckedInitData): TelegramUser {
  if (!data.user) throw new AppError('TELEGRAM_USER_MISSING');
  return data.user;
}

/**
 * Checks the raw answer of `WebApp.requestContact` exactly like initData and reads its contact. Its `user_id` must be
 * `ownerId` (the initData's user): a contact counts only as the sharer's own (else 401 TELEGRAM_CONTACT_MISMATCH).
 */
export async function checkContact(raw: string, key: BotKey, ownerId: string, options: InitDataOptions): Promise<SharedContact> {
  const { params } = await checkSigned(raw, key, options);
  const contact = jsonField(params, 'contact', ContactField);
  if (!contact) throw new AppError('TELEGRAM_FIELD_MALFORMED', { field: 'contact' });
  if (String(contact.user_id) !== ownerId) throw new AppError('TELEGRAM_CONTACT_MISMATCH');
  return { userId: ownerId, phone: contact.phone_number, firstName: contact.first_name, lastName: contact.last_name ?? '' };
}
