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
