import type { ContentLanguage, UiLanguage } from './contracts/languages.ts';
import { PATH_LANGUAGES, UI_LANGUAGES } from './languages.ts';

const PAGE_SEGMENTS = ['1', '2'] as const;
export type PathLanguage = (typeof PATH_LANGUAGES)[number];
export type PageSegment = (typeof PAGE_SEGMENTS)[number];

export interface PathRewrite {
  /** The path to go to when something was stripped, else null. */
  redirectTo: string | null;
  lang: PathLanguage | null;
  page: PageSegment | null;
}

/**
 * Spec section 2: a leading language segment (ru, uz) and a leading page segment (1, 2) are
 * removed from the path, remembered, and the visitor is sent to what remains (query and hash kept).
 */
export function rewritePath(pathname: string, search = '', hash = ''): PathRewrite {
  const segments = pathname.split('/').filter(Boolean);
  let lang: PathLanguage | null = null;
  let page: PageSegment | null = null;
  for (;;) {
    const first = segments[0];
    if (lang === null && (PATH_LANGUAGES as readonly string[]).includes(first ?? '')) {
      lang = first as PathLanguage;
      segments.shift();
    } else if (page === null && (PAGE_SEGMENTS as readonly string[]).includes(first ?? '')) {
      page = first as PageSegment;
      segments.shift();
    } else break;
  }
  if (lang === null && page === null) return { redirectTo: null, lang, page };
  return { redirectTo: `/${segments.join('/')}${search}${hash}`, lang, page };
}

/** True for an address the storefront may navigate to: same-origin paths only, never `javascript:` or another site. */
export function isSafeInternalPath(target: string): boolean {
  const t = target.trim();
  if (!t.startsWith('/') || t.startsWith('//') || t.startsWith('/\\')) return false;
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u001f]/.test(t);
}

const ALIASES: Record<string, UiLanguage> = { en: 'eng', kk: 'kz', 'uz-latn': 'uz', 'zh-cn': 'zh' };

export function normalizeLanguage(value: string | null | undefined): UiLanguage | null {
  if (!value) return null;
  const v = value.trim().toLowerCase();
  const alias = ALIASES[v];
  if (alias) return alias;
  return (UI_LANGUAGES as readonly string[]).includes(v) ? (v as UiLanguage) : null;
}

/**
 * Spec section 4, language selection, with the old client's hard-coded merchant lists turned into
 * settings: a forced language wins; then the visitor's own choice (cookie or path segment) when the
 * merchant offers it; then the merchant's main language; then ru. Inside Telegram only uz, ru and
 * eng are spoken.
 */
export function resolveLanguage(input: {
  forcedLanguage?: ContentLanguage | null;
  chosen?: string | null;
  mainLanguage?: ContentLanguage | null;
  enabled: readonly UiLanguage[];
  inTelegram?: boolean;
}): UiLanguage {
  const offered = (l: UiLanguage) => input.enabled.length === 0 || input.enabled.includes(l);
  let lang: UiLanguage;
  if (input.forcedLanguage) lang = input.forcedLanguage;
  else {
    const chosen = normalizeLanguage(input.chosen);
    if (chosen && offered(chosen)) lang = chosen;
    else if (input.mainLanguage) lang = input.mainLanguage;
    else lang = 'ru';
  }
  if (input.inTelegram && lang !== 'uz' && lang !== 'ru' && lang !== 'eng') return 'ru';
  return lang;
}

/** The interface languages a merchant offers, from its `*LangActive` flags. */
export function enabledLanguages(settings: {
  uzLangActive: boolean;
  ruLangActive: boolean;
  engLangActive: boolean;
  arLangActive: boolean;
  kzLangActive: boolean;
  trLangActive: boolean;
  zhLangActive: boolean;
}): UiLanguage[] {
  const all: [UiLanguage, boolean][] = [
    ['uz', settings.uzLangActive],
    ['ru', settings.ruLangActive],
    ['eng', settings.engLangActive],
    ['ar', settings.arLangActive],
    ['kz', settings.kzLangActive],
    ['tr', settings.trLangActive],
    ['zh', settings.zhLangActive],
  ];
  return all.filter(([, on]) => on).map(([l]) => l);
}
