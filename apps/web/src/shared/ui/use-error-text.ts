import { useCallback } from 'react';
import type { UiLanguage } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { errorText as catalogueText, type Translate } from '@dasturxon/client';

/**
 * What the customer reads about an error, in the interface language: the interface's own words for
 * its code (`errors.<CODE>`, every code of the domain's catalogue in every language), else the server's
 * description in the content language nearest to it (a code newer than this build), else the
 * words for what happened without a reason: no connection (`errors.offline`), the server did not answer in time
 * (`errors.timeout`), the server failed (`errors.server`); else the fallback (`errors.generic`). The lookup is the
 * client package's (`errorText`); the words are the storefront's.
 */
export function errorText(error: unknown, lang: UiLanguage, t: Translate, fallbackKey = 'errors.generic'): string {
  return catalogueText(error, {
    lang,
    t,
    codeKey: (code) => `errors.${code}`,
    fallbackKey,
    networkKey: 'errors.offline',
    timeoutKey: 'errors.timeout',
    serverKey: 'errors.server',
  });
}

/** `const errorText = useErrorText()`, then `errorText(error)` wherever a failed call is shown. */
export function useErrorText(): (error: unknown, fallbackKey?: string) => string {
  const { t, language } = useTranslation();
  return useCallback((error: unknown, fallbackKey?: string) => errorText(error, language, t, fallbackKey), [language, t]);
}
