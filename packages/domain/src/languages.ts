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
 * The one rule of which text a reader sees. Content (names, descriptions, addresses) is written in ru, uz and eng;
 * some data has more (a gazetteer's names, say). A reader reads the interface language itself where the text has it.
 * Then uz and ru read each other (the brand's own two languages), then eng; eng reads ru, then uz. The interface
 * languages without content of their own (ar, zh, tr, kz) read English before Russian (issue 29: their readers more
 * often read English), then Uzbek.
 */
const TEXT_FALLBACK: Record<UiLanguage, readonly UiLanguage[]> = {
  uz: ['uz', 'ru', 'eng'],
  ru: ['ru', 'uz', 'eng'],
  eng: ['eng', 'ru', 'uz'],
  ar: ['ar', 'eng', 'ru', 'uz'],
  zh: ['zh', 'eng', 'ru', 'uz'],
  tr: ['tr', 'eng', 'ru', 'uz'],
  kz: ['kz', 'eng', 'ru', 'uz'],
};

/** A text in any of the interface languages: content's `{ru, uz, eng}`, or data that has more (a gazetteer's names). */
export type TextByLanguage = Partial<Record<UiLanguage, string>>;

const isContentLanguage = (l: UiLanguage): l is ContentLanguage => (CONTENT_LANGUAGES as readonly string[]).includes(l);

/** The languages a text is read in for an interface language, in order: the language itself first. */
export const textFallbackOf = (lang: UiLanguage | ContentLanguage): readonly UiLanguage[] => TEXT_FALLBACK[lang] ?? TEXT_FALLBACK.ru;

/** The content languages (ru, uz, eng) tried for an interface language, in order (`textFallbackOf` without the others). */
export const contentFallbackOf = (lang: UiLanguage | ContentLanguage): readonly ContentLanguage[] =>
  textFallbackOf(lang).filter(isContentLanguage);

/** The content language used first for an interface language: uz, ru, eng speak themselves; ar, zh, tr, kz read eng. */
export function contentLanguageOf(lang: UiLanguage | ContentLanguage): ContentLanguage {
  return contentFallbackOf(lang)[0] ?? 'ru';
}

/**
 * The one function that picks a localized text: along `textFallbackOf`, the first language with text, so a customer
 * never sees an empty name while some language has one.
 */
export function pickText(text: LocalizedText | TextByLanguage | null | undefined, lang: UiLanguage | ContentLanguage): string {
  if (!text) return '';
  const byLanguage: TextByLanguage = text;
  for (const l of textFallbackOf(lang)) {
    const t = byLanguage[l];
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
