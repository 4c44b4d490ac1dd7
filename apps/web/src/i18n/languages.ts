import { enabledLanguages, htmlLangOf, isRtl, type MerchantSettings, type UiLanguage } from '@dasturxon/domain';

/**
 * Each language by its own name, as language menus everywhere show them: a customer looks for the
 * word they can read, so these are the same whatever the interface language is.
 */
export const LANGUAGE_NAMES: Record<UiLanguage, string> = {
  uz: 'O‘zbekcha',
  ru: 'Русский',
  eng: 'English',
  ar: 'العربية',
  kz: 'Қазақша',
  tr: 'Türkçe',
  zh: '中文',
};

/** The short mark on the switcher button. */
export const LANGUAGE_MARKS: Record<UiLanguage, string> = { uz: 'UZ', ru: 'RU', eng: 'EN', ar: 'AR', kz: 'KZ', tr: 'TR', zh: 'ZH' };

/** `<html lang dir>`: Arabic turns the whole layout right to left. */
export function applyDocumentLanguage(lang: UiLanguage): void {
  const root = document.documentElement;
  root.lang = htmlLangOf(lang);
  root.dir = isRtl(lang) ? 'rtl' : 'ltr';
}

/** Telegram's mini app speaks only these (docs/spec-index.md section 4). */
const TELEGRAM_LANGUAGES: readonly UiLanguage[] = ['uz', 'ru', 'eng'];

/**
 * The languages the switcher offers: the merchant's enabled ones (only uz, ru, eng inside Telegram);
 * none when the merchant forces a language, since a choice would not be honoured.
 */
export function switchableLanguages(settings: Parameters<typeof enabledLanguages>[0] & Pick<MerchantSettings, 'forcedLanguage'>, inTelegram: boolean): UiLanguage[] {
  if (settings.forcedLanguage) return [];
  const enabled = enabledLanguages(settings);
  return inTelegram ? enabled.filter((l) => TELEGRAM_LANGUAGES.includes(l)) : enabled;
}
