import { enabledLanguages, type MerchantSettings, type UiLanguage } from '@dasturxon/domain';

// The languages' own names, switcher marks and `<html lang dir>` are shared with the console.
export { LANGUAGE_MARKS, LANGUAGE_NAMES } from '@dasturxon/i18n';

/** Telegram's mini app speaks only these (docs/spec-index.md section 4). */
const TELEGRAM_LANGUAGES: readonly UiLanguage[] = ['uz', 'ru', 'eng'];

/**
 * The languages the switcher offers: the merchant's enabled ones (only uz, ru, eng inside Telegram);
 * none when the merchant forces a language, since a choice would not be honoured.
 */
export function switchableLanguages(
  settings: Parameters<typeof enabledLanguages>[0] & Pick<MerchantSettings, 'forcedLanguage'>,
  inTelegram: boolean,
): UiLanguage[] {
  if (settings.forcedLanguage) return [];
  const enabled = enabledLanguages(settings);
  return inTelegram ? enabled.filter((l) => TELEGRAM_LANGUAGES.includes(l)) : enabled;
}
