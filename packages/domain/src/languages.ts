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

const CONTENT_FALLBACK: readonly ContentLanguage[] = ['ru', 'uz', 'eng'];

/** The content language used for an interface language: uz, ru, eng speak themselves; the rest read ru first. */
export function contentLanguageOf(lang: UiLanguage | ContentLanguage): ContentLanguage {
  return lang === 'uz' || lang === 'ru' || lang === 'eng' ? lang : 'ru';
}

/**
 * Picks the text for a language. When that language has no text it falls back ru → uz → eng,
 * so a customer never sees an empty name while some language has one.
 */
export function pickText(text: LocalizedText | null | undefined, lang: UiLanguage | ContentLanguage): string {
  if (!text) return '';
  const own = text[contentLanguageOf(lang)];
  if (own && own.trim()) return own;
  for (const l of CONTENT_FALLBACK) {
    const t = text[l];
    if (t && t.trim()) return t;
  }
  return '';
}

const HTML_LANG: Partial<Record<UiLanguage, string>> = { eng: 'en', kz: 'kk' };
/** The BCP 47 tag of a language: `<html lang>`, `lang` attributes and `hreflang` alternates. */
export const htmlLangOf = (lang: UiLanguage): string => HTML_LANG[lang] ?? lang;
