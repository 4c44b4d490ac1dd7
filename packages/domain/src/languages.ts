import type { ContentLanguage, LocalizedText, UiLanguage } from './contracts/languages.ts';

// Rules about languages, free of zod so the storefront's first screen can use them without the
// schema library; the schemas are in contracts/languages.ts.

export const CONTENT_LANGUAGES = ['ru', 'uz', 'eng'] as const;

/** Languages the interface speaks. `ar` is written right to left. */
export const UI_LANGUAGES = ['uz', 'ru', 'eng', 'ar', 'kz', 'tr', 'zh'] as const;

const RTL_LANGUAGES: readonly UiLanguage[] = ['ar'];
export const isRtl = (lang: UiLanguage): boolean => RTL_LANGUAGES.includes(lang);

/** The language a path segment may carry (docs/spec-index.md section 2). */
export const PATH_LANGUAGES = ['ru', 'uz'] as const;

/*
 * The one content-language rule. Content (names, descriptions, addresses) is written in ru, uz and eng.
 * uz and ru read themselves, then each other (the brand's own two languages), then eng; eng reads
 * itself, then ru, then uz. The interface languages without content of their own (ar, zh, tr, kz)
 * read English before Russian: their readers more often read English.
 */
const CONTENT_FALLBACK: Record<UiLanguage, readonly ContentLanguage[]> = {
  uz: ['uz', 'ru', 'eng'],
  ru: ['ru', 'uz', 'eng'],
  eng: ['eng', 'ru', 'uz'],
  ar: ['eng', 'ru', 'uz'],
  zh: ['eng', 'ru', 'uz'],
  tr: ['eng', 'ru', 'uz'],
  kz: ['eng', 'ru', 'uz'],
};

/** The content languages tried for an interface language, in order. */
export const contentFallbackOf = (lang: UiLanguage | ContentLanguage): readonly ContentLanguage[] =>
  CONTENT_FALLBACK[lang] ?? CONTENT_FALLBACK.ru;

/** The content language used first for an interface language: uz, ru, eng speak themselves; ar, zh, tr, kz read eng. */
export function contentLanguageOf(lang: UiLanguage | ContentLanguage): ContentLanguage {
  return contentFallbackOf(lang)[0] ?? 'ru';
}

/**
 * Picks the text for a language along its fallback (`contentFallbackOf`), so a customer never sees an
 * empty name while some language has one.
 */
export function pickText(text: LocalizedText | null | undefined, lang: UiLanguage | ContentLanguage): string {
  if (!text) return '';
  for (const l of contentFallbackOf(lang)) {
    const t = text[l];
    if (t && t.trim()) return t;
  }
  return '';
}

const HTML_LANG: Partial<Record<UiLanguage, string>> = { eng: 'en', kz: 'kk' };
/** The BCP 47 tag of a language: `<html lang>`, `lang` attributes and `hreflang` alternates. */
export const htmlLangOf = (lang: UiLanguage): string => HTML_LANG[lang] ?? lang;

/**
 * The language of the messaging app (spec section 4: "in the messaging app only uz, ru or eng are accepted, else ru"):
 * the brand's bot and the mini app speak uz, ru or eng, and anything else is ru. The mini app and the server both use it.
 */
export function messagingLanguageOf(value: string | null | undefined): ContentLanguage {
  return value === 'uz' || value === 'ru' || value === 'eng' ? value : 'ru';
}

/** The messaging language of a Telegram client's `language_code` (`uz`, `ru`, `en`, `en-US`…): uz, ru or eng, else null. */
export function languageOfTelegramCode(code: string | null | undefined): ContentLanguage | null {
  const base = (code ?? '').toLowerCase().split('-')[0];
  return base === 'uz' ? 'uz' : base === 'ru' ? 'ru' : base === 'en' ? 'eng' : null;
}
