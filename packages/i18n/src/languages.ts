import { htmlLangOf, isRtl, type UiLanguage } from '@dasturxon/domain';

/**
 * Each language by its own name, as language menus everywhere show them: a person looks for the
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

/** The short mark on a switcher button. */
export const LANGUAGE_MARKS: Record<UiLanguage, string> = { uz: 'UZ', ru: 'RU', eng: 'EN', ar: 'AR', kz: 'KZ', tr: 'TR', zh: 'ZH' };

/** `<html lang dir>` of a language: its BCP 47 tag, and Arabic turns the whole layout right to left. */
export function documentLanguage(lang: UiLanguage): { lang: string; dir: 'rtl' | 'ltr' } {
  return { lang: htmlLangOf(lang), dir: isRtl(lang) ? 'rtl' : 'ltr' };
}

/** Sets `<html lang dir>` for the interface language. */
export function applyDocumentLanguage(lang: UiLanguage, root: Pick<HTMLElement, 'lang' | 'dir'> = document.documentElement): void {
  const { lang: tag, dir } = documentLanguage(lang);
  root.lang = tag;
  root.dir = dir;
}
