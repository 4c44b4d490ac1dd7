import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { LANG_COOKIE, LANG_COOKIE_DAYS, type UiLanguage } from '@dasturxon/domain';
import { writeCookie } from '../lib/cookies.ts';
import { applyDocumentLanguage } from './languages.ts';

type Messages = Record<string, unknown>;

/**
 * Each language is its own hashed JSON file; only the current language's file is fetched, and
 * another one only when the customer switches to it.
 */
const MESSAGE_URLS = import.meta.glob<string>('./locales/*.json', { query: '?url', import: 'default', eager: true });
const pending = new Map<UiLanguage, Promise<Messages>>();

export function loadMessages(lang: UiLanguage): Promise<Messages> {
  let load = pending.get(lang);
  if (!load) {
    const url = MESSAGE_URLS[`./locales/${lang}.json`];
    if (!url) return Promise.reject(new Error(`No translations for ${lang}`));
    const once = () => fetch(url).then((r) => (r.ok ? (r.json() as Promise<Messages>) : Promise.reject(new Error(`${url}: ${r.status}`))));
    // Slow networks drop requests: one more try before the start fails.
    load = once().catch(once);
    load.catch(() => pending.delete(lang));
    pending.set(lang, load);
  }
  return load;
}

export async function startI18n(lang: UiLanguage): Promise<void> {
  const messages = await loadMessages(lang);
  await i18next.use(initReactI18next).init({
    lng: lang,
    resources: { [lang]: { translation: messages } },
    // Every language file has every key (checked by locales.test.ts), so no second file is fetched as a fallback.
    fallbackLng: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  applyDocumentLanguage(lang);
}

/** The language switcher: fetch the file if needed, switch, remember the choice in the `lang` cookie. */
export async function switchLanguage(lang: UiLanguage): Promise<void> {
  if (!i18next.hasResourceBundle(lang, 'translation')) {
    i18next.addResourceBundle(lang, 'translation', await loadMessages(lang));
  }
  writeCookie(LANG_COOKIE, lang, LANG_COOKIE_DAYS);
  await i18next.changeLanguage(lang);
  applyDocumentLanguage(lang);
}

/** The interface language in force, re-rendering when it changes. */
export function useLanguage(): UiLanguage {
  return useTranslation().i18n.language as UiLanguage;
}
