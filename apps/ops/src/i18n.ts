import { useMemo } from 'react';
import {
  contentLanguageOf,
  UI_LANGUAGES,
  type BoardColumn,
  type OrderStatus,
  type PaymentType,
  type ServiceType,
  type UiLanguage,
} from '@dasturxon/domain';
import type { ContentLanguage } from '@dasturxon/domain/contracts';
import { createTranslations, type Messages, type Translate } from '@dasturxon/i18n';

/*
 * The console's words, in the seven interface languages of the storefront (the shared binding of packages/i18n, on
 * Lingui): one PO catalogue per language in ./locales, compiled by the build, only the chosen language's loaded.
 * Russian is the default (most branches' staff read it); the content of the menu (LocalizedText) is picked with the
 * domain's pickText in the nearest content language.
 */

export const LANGS = UI_LANGUAGES;
export type Lang = UiLanguage;

const CATALOGUES = import.meta.glob<Messages>('./locales/*.po', { import: 'messages' });

const translations = createTranslations({
  load: (lang) => {
    const load = CATALOGUES[`./locales/${lang}.po`];
    return load ? load() : Promise.reject(new Error(`No translations for ${lang}`));
  },
});

/** Dates and times as the staff's language writes them. */
const LOCALES: Record<Lang, string> = { ru: 'ru-RU', uz: 'uz-Latn-UZ', eng: 'en-GB', ar: 'ar', kz: 'kk-KZ', tr: 'tr-TR', zh: 'zh-CN' };

export interface Translator {
  lang: Lang;
  /** The content language of LocalizedText (the domain's pickText). */
  content: ContentLanguage;
  locale: string;
  t: Translate;
  status(status: OrderStatus): string;
  action(status: OrderStatus): string;
  column(column: BoardColumn): string;
  service(type: ServiceType): string;
  payment(type: PaymentType): string;
  reason(reason: string): string;
  role(role: string): string;
}

/** The console's words in a language, through a `t` of that language; an id the catalogue lacks reads as `fallback`. */
export function translator(lang: Lang, t: Translate): Translator {
  const known = (id: string, fallback: string) => {
    const text = t(id);
    return text === id ? fallback : text;
  };
  return {
    lang,
    content: contentLanguageOf(lang),
    locale: LOCALES[lang],
    t,
    status: (s) => t(`orderStatus.${s}`),
    action: (s) => known(`orderAction.${s}`, t(`orderStatus.${s}`)),
    column: (c) => t(`boardColumn.${c}`),
    service: (s) => t(`serviceType.${s}`),
    // Online providers keep their own names.
    payment: (p) => known(`paymentType.${p}`, p.charAt(0) + p.slice(1).toLowerCase().replace(/_/g, ' ')),
    // Every cancel reason code of the domain's one catalogue (the customer's, the staff's, the system's); free text as written.
    reason: (r) => known(`cancelReason.${r}`, r),
    role: (r) => known(`role.${r}`, r),
  };
}

const LANG_KEY = 'dx-ops-lang';

/** The language chosen on this device (`en` was the console's own name for English before it spoke seven). */
export function storedLang(): Lang {
  const v = globalThis.localStorage?.getItem(LANG_KEY);
  const lang = v === 'en' ? 'eng' : v;
  return (LANGS as readonly string[]).includes(lang ?? '') ? (lang as Lang) : 'ru';
}

/** Loads the stored language before the console is drawn. */
export const startI18n = (lang: Lang): Promise<void> => translations.start(lang);

/** Switches the console (its catalogue fetched first) and remembers the choice on this device. */
export async function setLang(lang: Lang): Promise<void> {
  await translations.switchTo(lang);
  localStorage.setItem(LANG_KEY, lang);
}

export interface I18n extends Translator {
  setLang(lang: Lang): void;
}

/** The console's words in the language in force, re-rendering on a switch. */
export function useT(): I18n {
  const { t, language } = translations.useTranslation();
  return useMemo(() => ({ ...translator(language, t), setLang: (lang: Lang) => void setLang(lang) }), [t, language]);
}
