import { LANG_COOKIE, LANG_COOKIE_DAYS, type UiLanguage } from '@dasturxon/domain';
import { createTranslations, type Messages } from '@dasturxon/i18n';
import { writeCookie } from '../lib/cookies.ts';

/**
 * The storefront's translations: one PO catalogue per language (./locales/<lang>.po), compiled by the build into a file
 * of its own; only the current language's file is fetched, and another one only when the customer switches to it
 * (docs/decisions/016-lingui-translations.md).
 */
const CATALOGUES = import.meta.glob<Messages>('./locales/*.po', { import: 'messages' });

const translations = createTranslations({
  load: (lang) => {
    const load = CATALOGUES[`./locales/${lang}.po`];
    return load ? load() : Promise.reject(new Error(`No translations for ${lang}`));
  },
});

export const { useLanguage, useTranslation, t, ServerTranslations } = translations;

export async function startI18n(lang: UiLanguage): Promise<void> {
  await translations.start(lang);
}

/** The language switcher: fetch the catalogue if needed, remember the choice in the `lang` cookie, switch. */
export async function switchLanguage(lang: UiLanguage): Promise<void> {
  await translations.load(lang);
  writeCookie(LANG_COOKIE, lang, LANG_COOKIE_DAYS);
  await translations.switchTo(lang);
}
