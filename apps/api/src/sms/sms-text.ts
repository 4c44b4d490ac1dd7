import type { ContentLanguage } from '@dasturxon/domain';

/** Where the code goes in a merchant's `smsContent`. */
export const SMS_CODE_PLACEHOLDER = '{code}';
/** Where the brand's name goes, if the merchant wants it. */
export const SMS_BRAND_PLACEHOLDER = '{brand}';

/**
 * Texts for merchants that wrote none, in the merchant's main language. Short on purpose: a
 * Cyrillic SMS holds 70 characters, and a second part costs a second SMS.
 */
export const DEFAULT_SMS_TEMPLATES: Record<ContentLanguage, string> = {
  uz: '{brand}: tasdiqlash kodi {code}. Uni hech kimga bermang.',
  ru: '{brand}: код подтверждения {code}. Никому не сообщайте.',
  eng: '{brand}: your code is {code}. Do not share it.',
};

/**
 * The SMS that carries a code: the merchant's template with `{code}` and `{brand}` put in. A
 * template without `{code}` still gets the code, at the end, so a slip in the settings never
 * sends a message nobody can log in with.
 */
export function codeSmsText(input: {
  template: string | null | undefined;
  code: string;
  brand: string;
  language: ContentLanguage;
}): string {
  const template = input.template?.trim() || DEFAULT_SMS_TEMPLATES[input.language];
  const withBrand = template.split(SMS_BRAND_PLACEHOLDER).join(input.brand);
  return withBrand.includes(SMS_CODE_PLACEHOLDER) ? withBrand.split(SMS_CODE_PLACEHOLDER).join(input.code) : `${withBrand} ${input.code}`;
}

/** What a reservation's SMS tells (issue 32): the branch confirmed it, or cancelled it. */
export type ReservationNews = 'CONFIRMED' | 'CANCELLED';

const RESERVATION_TEMPLATES: Record<ReservationNews, Record<ContentLanguage, string>> = {
  CONFIRMED: {
    ru: '{brand}: стол на {when} ({guests} чел.) подтверждён. {branch}',
    uz: '{brand}: {when} uchun stol ({guests} kishi) tasdiqlandi. {branch}',
    eng: '{brand}: your table for {when} ({guests} people) is confirmed. {branch}',
  },
  CANCELLED: {
    ru: '{brand}: бронь на {when} отменена. {reason}',
    uz: '{brand}: {when} uchun bron bekor qilindi. {reason}',
    eng: '{brand}: your reservation for {when} is cancelled. {reason}',
  },
};

/** The SMS of a reservation's change, in the brand's main language; `when` is 'DD.MM HH:MM' on the branch's clock. */
export function reservationSmsText(input: {
  news: ReservationNews;
  language: ContentLanguage;
  brand: string;
  when: string;
  guests: number;
  branch: string;
  reason?: string | null;
}): string {
  const fields: Record<string, string> = {
    brand: input.brand,
    when: input.when,
    guests: String(input.guests),
    branch: input.branch,
    reason: input.reason ?? '',
  };
  return RESERVATION_TEMPLATES[input.news][input.language].replace(/\{(\w+)\}/g, (_, key: string) => fields[key] ?? '').trim();
}
