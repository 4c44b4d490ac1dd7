import { z } from 'zod';
import { PaymentType } from './enums.ts';
import { OtpCodeInput, PhoneInput } from './auth.ts';

/*
 * The mini app's calls (issue 30; spec section 7, "Account and messaging login"; docs/telegram.md, "Mini app server").
 * `initData` is Telegram.WebApp.initData as Telegram gave it; 10 characters or fewer count as none (spec section 5)
 * and answer 401 TELEGRAM_INIT_DATA_MISSING, like an absent one.
 */

const RawSigned = z.string().max(8192);

export const TelegramInitDataInput = RawSigned.optional().describe('Telegram.WebApp.initData, unchanged (the raw query string)');

/** What the mini app needs before anything else; never a secret. */
export const WebbotSettingResponse = z.object({
  /** The brand's bot (without @), null when it has none. */
  botUsername: z.string().nullable(),
  /** https://t.me/<botUsername>: opens the bot's mini app; null without a bot. */
  miniAppLink: z.string().nullable(),
  /** The payment types the brand allows on the bot channel (botEnabled), in the catalogue's order. */
  paymentTypes: z.array(PaymentType),
  /** Whether a verified phone (a shared contact, or the SMS code) is needed to log in. */
  phoneRequired: z.boolean(),
  /** False: the brand has no bot and the bot channel is off. */
  botEnabled: z.boolean(),
});
export type WebbotSettingResponse = z.infer<typeof WebbotSettingResponse>;

/** `POST /webbot/v1/users/token`, `POST /webbot/v1/users/auth` and `POST /webbot/v1/users/logout`. */
export const WebbotInitDataRequest = z.strictObject({ initData: TelegramInitDataInput });
export type WebbotInitDataRequest = z.infer<typeof WebbotInitDataRequest>;

/**
 * `POST /webbot/v1/users/login`: initData and either the contact Telegram signed (the raw `requestContact` answer,
 * `contact=...&auth_date=...&hash=...`) or the phone and the code of the phone login.
 */
export const WebbotLoginRequest = z.union([
  z.strictObject({
    initData: TelegramInitDataInput,
    contact: RawSigned.describe('The raw answer of WebApp.requestContact (event.response), signed by Telegram'),
  }),
  z.strictObject({ initData: TelegramInitDataInput, phone: PhoneInput, code: OtpCodeInput }),
]);
export type WebbotLoginRequest = z.infer<typeof WebbotLoginRequest>;

/** `PUT /webbot/v1/users/logout`: also stores the bot's language (uz, ru, eng; anything else is stored as ru). */
export const WebbotLanguageRequest = z.strictObject({
  initData: TelegramInitDataInput,
  language: z.string().max(16).describe('uz, ru or eng; anything else is stored as ru'),
});
export type WebbotLanguageRequest = z.infer<typeof WebbotLanguageRequest>;
