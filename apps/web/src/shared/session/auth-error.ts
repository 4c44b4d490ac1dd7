import { contentLanguageOf, type UiLanguage } from '@dasturxon/domain';
import { errorDescription, HttpError } from '../../lib/http.ts';

/** Codes of the login and account calls that the interface also says in its own words (`auth.errors.*`). */
const OWN_WORDS = new Set(['OTP_INVALID', 'OTP_TOO_EARLY', 'RATE_LIMITED', 'PHONE_INVALID', 'PHONE_TAKEN', 'SMS_NOT_SENT']);

/**
 * What the customer reads about a failed login or account call. The server describes errors in
 * the content languages (uz, ru, eng) and the storefront shows that text; an Arabic, Kazakh,
 * Turkish or Chinese interface would get Russian there, so for these calls' own errors it says
 * the same in the interface language.
 */
export function accountErrorText(error: unknown, lang: UiLanguage, t: (key: string) => string): string {
  const code = error instanceof HttpError ? error.code : null;
  // A number the brand does not send codes to (its countries, `details.countryCodes`): the field's own words say so.
  if (code === 'PHONE_INVALID' && (error as HttpError).body?.details?.problem === 'COUNTRY') return t('auth.validation.country');
  if (code && OWN_WORDS.has(code) && contentLanguageOf(lang) !== lang) return t(`auth.errors.${code}`);
  return errorDescription(error, lang) ?? t('errors.generic');
}
