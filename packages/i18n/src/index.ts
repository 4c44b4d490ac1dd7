import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { createContext, createElement, useCallback, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { htmlLangOf, type UiLanguage } from '@dasturxon/domain';
import { applyDocumentLanguage } from './languages.ts';

/*
 * The one translation binding of the storefront and the console, on Lingui (docs/decisions/016-lingui-translations.md).
 * Each app keeps its catalogues as PO files (one per interface language, ICU MessageFormat, the dotted id as msgid);
 * the build compiles them (Lingui's Vite plugin), so what a page loads is one language's precompiled messages and
 * Lingui's small runtime, never a message parser.
 */

export type { Messages } from '@lingui/core';
export { LANGUAGE_MARKS, LANGUAGE_NAMES, applyDocumentLanguage, documentLanguage } from './languages.ts';

export type TranslateValues = Record<string, string | number>;
/** `t('basket.items', { count: 3 })`: the text of an id in one language, with its values filled in. */
export type Translate = (id: string, values?: TranslateValues) => string;

/**
 * A Lingui instance for one language and its compiled catalogue. It is never switched to another language
 * afterwards (a switch takes another instance), so one instance can serve any number of renders at once.
 */
export function createTranslator(lang: UiLanguage, messages: Messages): I18n {
  // Plural rules and number formats by the language's BCP 47 tag: `eng` and `kz` are not language tags.
  return setupI18n({ locale: lang, locales: [htmlLangOf(lang)], messages: { [lang]: messages } });
}

/** `t` of one instance. A missing id reads as the id (the catalogue tests fail first). */
export const translateWith =
  (i18n: I18n | undefined): Translate =>
  (id, values) =>
    i18n ? i18n._(id, values) : id;

export interface TranslationsOptions {
  /** One language's compiled catalogue: `() => import('./locales/ru.po')` through the app's bundler. */
  load: (lang: UiLanguage) => Promise<Messages>;
  /** The language before `start` (what `t` reads until then). */
  initial?: UiLanguage;
  /** Sets `<html lang dir>` on every change; off where there is no document. */
  documentLanguage?: boolean;
}

export interface Translations {
  /** The language's instance: its catalogue fetched once (and tried twice: slow networks drop requests). */
  load(lang: UiLanguage): Promise<I18n>;
  /** The first language of the page: loads it and makes it current. */
  start(lang: UiLanguage): Promise<void>;
  /** A switch: loads the language if needed, then redraws everything that translates in it. */
  switchTo(lang: UiLanguage): Promise<void>;
  /** The language in force in the browser. */
  current(): UiLanguage;
  /** Translation outside React (toasts, titles, notifications). */
  t: Translate;
  /** The interface language in force, re-rendering when it changes. */
  useLanguage(): UiLanguage;
  /** `const { t, language } = useTranslation()`: a `t` bound to the language in force that re-renders on a switch. */
  useTranslation(): { t: Translate; language: UiLanguage };
  /**
   * A server render's language: many pages render at once, each in its own language, so under this provider the
   * language and its instance come from the render's own tree, never from the module's state.
   */
  ServerTranslations(props: { lang: UiLanguage; i18n: I18n; children?: ReactNode }): ReactNode;
}

/** The binding of one app to its catalogues. */
export function createTranslations(options: TranslationsOptions): Translations {
  const pending = new Map<UiLanguage, Promise<I18n>>();
  const loaded = new Map<UiLanguage, I18n>();
  const listeners = new Set<() => void>();
  let current: UiLanguage = options.initial ?? 'ru';
  /** The language the page was first drawn in: what the server's markup says until React has taken all of it over. */
  let first: UiLanguage | null = null;
  const ServerContext = createContext<{ lang: UiLanguage; i18n: I18n } | null>(null);

  function load(lang: UiLanguage): Promise<I18n> {
    let loading = pending.get(lang);
    if (!loading) {
      const once = () => options.load(lang);
      loading = once()
        .catch(once)
        .then((messages) => {
          const i18n = createTranslator(lang, messages);
          loaded.set(lang, i18n);
          return i18n;
        });
      loading.catch(() => pending.delete(lang));
      pending.set(lang, loading);
    }
    return loading;
  }

  function use(lang: UiLanguage): void {
    first ??= lang;
    current = lang;
    if (options.documentLanguage !== false && typeof document !== 'undefined') applyDocumentLanguage(lang);
    for (const listener of listeners) listener();
  }

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  const snapshot = () => current;
  // A part of the page still being taken over (its code arrived late) is drawn in the page's first language, as the
  // server drew it, and then in the chosen one: never a mismatch when the customer switched meanwhile.
  const hydrationSnapshot = () => first ?? current;

  function useLanguage(): UiLanguage {
    const server = useContext(ServerContext);
    const client = useSyncExternalStore(subscribe, snapshot, hydrationSnapshot);
    return server?.lang ?? client;
  }

  return {
    load,
    async start(lang) {
      await load(lang);
      use(lang);
    },
    async switchTo(lang) {
      if (!loaded.has(lang)) await load(lang);
      use(lang);
    },
    current: () => current,
    t: (id, values) => translateWith(loaded.get(current))(id, values),
    useLanguage,
    useTranslation() {
      const server = useContext(ServerContext);
      const language = useLanguage();
      const i18n = server?.i18n ?? loaded.get(language);
      const t = useCallback<Translate>((id, values) => translateWith(i18n)(id, values), [i18n]);
      return { t, language };
    },
    ServerTranslations: ({ lang, i18n, children }) => createElement(ServerContext.Provider, { value: { lang, i18n } }, children),
  };
}

/**
 * The server's instances, one per language, made once from the catalogues compiled into the renderer: shared by every
 * render in that language, never switched.
 */
export function serverTranslators(catalogues: (lang: UiLanguage) => Messages | undefined): (lang: UiLanguage) => I18n {
  const made = new Map<UiLanguage, I18n>();
  return (lang) => {
    let i18n = made.get(lang);
    if (!i18n) {
      const messages = catalogues(lang);
      if (!messages) throw new Error(`No translations for ${lang}`);
      i18n = createTranslator(lang, messages);
      made.set(lang, i18n);
    }
    return i18n;
  };
}
