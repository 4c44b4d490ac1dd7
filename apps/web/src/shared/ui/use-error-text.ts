import { useCallback } from 'react';
import type { UiLanguage } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import { asErrorBody, errorDescription, HttpError } from '../../lib/http.ts';

type Translate = (key: string) => string;

/** The catalogue code of a failed call (`HttpError`) or of an error body the server sent inside an answer (a quote's problem). */
export function errorCodeOf(error: unknown): string | null {
  const code = error instanceof HttpError ? error.code : asErrorBody(error)?.code;
  return typeof code === 'string' && /^[A-Z][A-Z0-9_]*$/.test(code) ? code : null;
}

/**
 * What the customer reads about an error, in the interface language: the interface's own words for
 * its code (`errors.<CODE>`, every code of the domain's catalogue in every language), else the server's
 * description in the content language nearest to it (a code newer than this build), else the
 * fallback (`errors.generic`: no network, a timeout, an answer without a body).
 */
export function errorText(error: unknown, lang: UiLanguage, t: Translate, fallbackKey = 'errors.generic'): string {
  const code = errorCodeOf(error);
  if (code) {
    const key = `errors.${code}`;
    const own = t(key);
    if (own !== key) return own;
  }
  return errorDescription(error, lang) ?? t(fallbackKey);
}

/** `const errorText = useErrorText()`, then `errorText(error)` wherever a failed call is shown. */
export function useErrorText(): (error: unknown, fallbackKey?: string) => string {
  const { t, language } = useTranslation();
  return useCallback((error: unknown, fallbackKey?: string) => errorText(error, language, t, fallbackKey), [language, t]);
}
