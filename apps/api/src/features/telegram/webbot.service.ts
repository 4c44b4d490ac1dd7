import { AppError, messagingLanguageOf, type ErrorCode, type PaymentType } from '@dasturxon/domain';
import type { LoginResponse, WebbotLoginRequest, WebbotSettingResponse } from '@dasturxon/domain/contracts';
import type { Clock } from '../../clock.ts';
import type { MerchantRecord } from '../../plugins/tenant.ts';
import { toUser, type AuthService, type Authenticated, type OtpService, type TelegramIdentity } from '../auth/index.ts';
import type { BotKeys } from './bot-keys.ts';
import { checkContact, checkInitData, requireTelegramUser, type BotKey, type InitDataOptions, type TelegramUser } from './init-data.ts';

export interface WebbotServiceDeps {
  auth: AuthService;
  otp: Pick<OtpService, 'acceptedPhone'>;
  keys: BotKeys;
  clock: Clock;
  /** TELEGRAM_INIT_DATA_MAX_AGE_SECONDS. */
  maxAgeSeconds: number;
  /** The payment types the brand takes on the bot channel (the orders feature's rule, botEnabled). */
  botPaymentTypes: (merchant: MerchantRecord) => Promise<PaymentType[]>;
}

/** What an order learns from the Mini App data it carries: its Telegram user, or why the data was refused. */
export type TelegramLaunch = { userId: string } | { refused: ErrorCode };

const identityOf = (user: TelegramUser): TelegramIdentity => ({
  telegramUserId: user.id,
  firstName: user.firstName,
  lastName: user.lastName,
});

/**
 * The mini app's login and session calls (spec section 7; docs/telegram.md, "Mini app server"). Each checks the
 * brand's Mini App data first (init-data.ts); a login links the Telegram user to the brand's customer with the phone
 * Telegram or the SMS code vouched for, so the web and the mini app share one customer per brand and phone.
 */
export function createWebbotService({ auth, otp, keys, clock, maxAgeSeconds, botPaymentTypes }: WebbotServiceDeps) {
  const optionsFor = (merchant: MerchantRecord): InitDataOptions => ({
    now: clock.now(),
    maxAgeSeconds,
    otherTokens: () => keys.otherTokens(merchant.id),
  });

  async function keyFor(merchant: MerchantRecord): Promise<BotKey> {
    const key = await keys.keyOf(merchant);
    if (!key) throw new AppError('TELEGRAM_BOT_OFF');
    return key;
  }

  /** The Telegram user of the brand's initData, or the refusal's 401. */
  async function telegramUser(merchant: MerchantRecord, initData: string | undefined): Promise<{ key: BotKey; user: TelegramUser }> {
    const key = await keyFor(merchant);
    return { key, user: requireTelegramUser(await checkInitData(initData, key, optionsFor(merchant))) };
  }

  /** A mini app login's answer: the name step is asked while the customer's name is still Telegram's (issue 29). */
  const answer = (login: { token: string; user: Parameters<typeof toUser>[0] }, telegram: TelegramUser): LoginResponse => ({
    token: login.token,
    user: toUser(login.user, telegram),
  });

  return {
    async setting(merchant: MerchantRecord): Promise<WebbotSettingResponse> {
      const key = await keys.keyOf(merchant);
      const username = key ? merchant.telegramBotUsername : null;
      return {
        botUsername: username,
        miniAppLink: username ? `https://t.me/${username}` : null,
        paymentTypes: key ? await botPaymentTypes(merchant) : [],
        // A customer is a phone at a brand: the mini app asks for it (a shared contact or the SMS code) once.
        phoneRequired: true,
        botEnabled: key !== null,
      };
    },

    /** `users/token`: a session for the Telegram user the brand already knows, else 403 TELEGRAM_PHONE_REQUIRED. */
    async token(merchant: MerchantRecord, initData: string | undefined): Promise<LoginResponse> {
      const { user } = await telegramUser(merchant, initData);
      return answer(await auth.loginTelegram(merchant, user.id), user);
    },

    /** `users/login`: initData with the contact Telegram signed, or with the phone and the code of the phone login. */
    async login(merchant: MerchantRecord, body: WebbotLoginRequest, clientIp: string): Promise<LoginResponse> {
      const { key, user } = await telegramUser(merchant, body.initData);
      if ('contact' in body) {
        const contact = await checkContact(body.contact, key, user.id, optionsFor(merchant));
        const phone = await otp.acceptedPhone(merchant, contact.phone.startsWith('+') ? contact.phone : `+${contact.phone}`);
        return answer(await auth.loginTelegramPhone(merchant, phone, identityOf(user)), user);
      }
      return answer(await auth.login(merchant, body.phone, body.code, clientIp, identityOf(user)), user);
    },

    /** `users/auth`: links the Telegram user to the signed-in customer; the same token, now the bot channel's. */
    async attach(merchant: MerchantRecord, found: Authenticated, bearer: string, initData: string | undefined): Promise<LoginResponse> {
      const { user } = await telegramUser(merchant, initData);
      return { token: bearer, user: toUser(await auth.attachTelegram(found, identityOf(user))) };
    },

    /**
     * `users/logout` (POST, PUT with the language): ends the session once the brand's initData is checked. A session
     * of a customer linked to another Telegram user is not this user's to end (401 UNAUTHORIZED).
     */
    async logout(merchant: MerchantRecord, found: Authenticated, initData: string | undefined, language?: string): Promise<void> {
      const { user } = await telegramUser(merchant, initData);
      if (found.user.telegramUserId && found.user.telegramUserId !== user.id) throw new AppError('UNAUTHORIZED');
      if (language !== undefined) await auth.setBotLanguage(merchant.id, found.user.id, messagingLanguageOf(language));
      await auth.logout(found.session);
    },
  };
}

export type WebbotService = ReturnType<typeof createWebbotService>;

/**
 * The Telegram user of the Mini App data an order carries: null without data or without a bot at the brand, the
 * refusal's code when the data does not check out (placing the order decides what that means for it).
 */
export function createTelegramLaunch({ keys, clock, maxAgeSeconds }: Pick<WebbotServiceDeps, 'keys' | 'clock' | 'maxAgeSeconds'>) {
  return async function launchOf(merchant: MerchantRecord, initData: string | undefined): Promise<TelegramLaunch | null> {
    if (!initData) return null;
    const key = await keys.keyOf(merchant);
    if (!key) return null;
    try {
      const data = await checkInitData(initData, key, {
        now: clock.now(),
        maxAgeSeconds,
        otherTokens: () => keys.otherTokens(merchant.id),
      });
      return { userId: requireTelegramUser(data).id };
    } catch (error) {
      if (error instanceof AppError) return { refused: error.code };
      throw error;
    }
  };
}
