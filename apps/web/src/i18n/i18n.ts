import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import { LANG_COOKIE, LANG_COOKIE_DAYS, type UiLanguage } from '@dasturxon/domain';
import { writeCookie } from '../lib/cookies.ts';
import { applyDocumentLanguage } from './languages.ts';
import { translate, type Messages, type TranslateValues } from './translate.ts';

/**
 * Each language is its own hashed JSON file; only the current language's file is fetched, and
 * another one only when the customer switches to it. (Our own few lines instead of i18next: see
 * docs/decisions/003-own-translation-module.md.)
 */
const MESSAGE_URLS = import.meta.glob<string>('./locales/*.json', { query: '?url', import: 'default', eager: true });
const pending = new Map<UiLanguage, Promise<Messages>>();
const loaded = new Map<UiLanguage, Messages>();

let current: UiLanguage = 'ru';
/** The language the page was first drawn in: what the server's markup says until React has taken all of it over. */
let first: UiLanguage | null = null;
const listeners = new Set<() => void>();

export function loadMessages(lang: UiLanguage): Promise<Messages> {
  let load = pending.get(lang);
  if (!load) {
    const url = MESSAGE_URLS[`./locales/${lang}.json`];
    if (!url) return Promise.reject(new Error(`No translations for ${lang}`));
    const once = () => fetch(url).then((r) => (r.ok ? (r.json() as Promise<Messages>) : Promise.reject(new Error(`${url}: ${r.status}`))));
    // Slow networks drop requests: one more try before the start fails.
    load = once().catch(once);
    load.then((m) => loaded.set(lang, m)).catch(() => pending.delete(lang));
    pending.set(lang, load);
  }
  return load;
}

function setLanguage(lang: UiLanguage, messages: Messages): void {
  loaded.set(lang, messages);
  first ??= lang;
  current = lang;
  applyDocumentLanguage(lang);
  for (const l of listeners) l();
}

export async function startI18n(lang: UiLanguage): Promise<void> {
  setLanguage(lang, await loadMessages(lang));
}

/** The language switcher: fetch the file if needed, switch, remember the choice in the `lang` cookie. */
export async function switchLanguage(lang: UiLanguage): Promise<void> {
  const messages = loaded.get(lang) ?? (await loadMessages(lang));
  writeCookie(LANG_COOKIE, lang, LANG_COOKIE_DAYS);
  setLanguage(lang, messages);
}

/**
 * The server renders many customers' pages at once, each in its own language, so there the language and
 * its messages come from this context instead of the module's state (apps/web/src/entry-server.tsx).
 */
export const ServerLanguageContext = createContext<{ lang: UiLanguage; messages: Messages } | null>(null);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => current;
// A part of the page still being taken over (its code arrived late) is drawn in the page's first language,
// as the server drew it, and then in the chosen one: never a mismatch when the customer switched meanwhile.
const hydrationSnapshot = () => first ?? current;

/** The interface language in force, re-rendering when it changes. */
export function useLanguage(): UiLanguage {
  const server = useContext(ServerLanguageContext);
  const client = useSyncExternalStore(subscribe, snapshot, hydrationSnapshot);
  return server?.lang ?? client;
}

/** Translation outside React (toasts, titles). */
export function t(key: string, values?: TranslateValues): string {
  return translate(loaded.get(current), current, key, values);
}

/** `const { t } = useTranslation()`: a `t` bound to the current language that re-renders on a switch. */
export function useTranslation(): { t: (key: string, values?: TranslateValues) => string; language: UiLanguage } {
  const server = useContext(ServerLanguageContext);
  const language = useLanguage();
  const messages = server?.messages ?? loaded.get(language);
  const bound = useCallback((key: string, values?: TranslateValues) => translate(messages, language, key, values), [messages, language]);
  return { t: bound, language };
}
