import { pickText, type ContentLanguage, type UiLanguage } from '@dasturxon/domain';
import { asErrorBody, HttpError } from './http.ts';

/*
 * What a person reads of a failed call, from the error catalogue (packages/domain/src/errors.ts): the app's own words
 * for the code where it has them, else the server's description in the content language, else the app's message for
 * no network or anything else. The words are the app's: it hands in its translate function and its keys.
 */

/** The app's translate function, as the call sites use it: a key not known comes back as itself. */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

/** The catalogue code of a failed call (`HttpError`) or of an error body the server sent inside an answer (a quote's problem). */
export function errorCodeOf(error: unknown): string | null {
  const code = error instanceof HttpError ? error.code : asErrorBody(error)?.code;
  // Only a code's shape: a key the server could choose (`generic`, `a.b`) is never looked up.
  return typeof code === 'string' && /^[A-Z][A-Z0-9_]*$/.test(code) ? code : null;
}

/**
 * The server's description of a failed call in the content language of `lang`, along the domain's one fallback
 * (`pickText`: ar, zh, tr, kz read English before Russian), else null: the screen then shows its own message.
 */
export function errorDescription(error: unknown, lang: UiLanguage | ContentLanguage): string | null {
  const body = error instanceof HttpError ? error.body : asErrorBody(error);
  const description = body?.description;
  if (!description || typeof description !== 'object') return null;
  const strings = Object.fromEntries(Object.entries(description).filter(([, v]) => typeof v === 'string'));
  return pickText(strings, lang) || null;
}

export interface ErrorTextOptions {
  /** The interface language (or the content language itself). */
  lang: UiLanguage | ContentLanguage;
  t: Translate;
  /** The app's key for a catalogue code (`errors.OTP_INVALID`), tried before the server's description. */
  codeKey?: (code: string) => string;
  /** What is read when nothing else is said (no body, a time-out, an error not of a call). */
  fallbackKey: string;
  /** What is read when the call never reached the server (no network, a time-out); `fallbackKey` unless given. */
  networkKey?: string;
  /** What is read when the server did not answer in time; `networkKey` unless given. */
  timeoutKey?: string;
  /** What is read when the server failed without saying why (a 5xx without the catalogue's body); `fallbackKey` unless given. */
  serverKey?: string;
  /** Added when the server said how long to wait (a 429), with the seconds as `{s}`. */
  retryInKey?: string;
}

/** The text of a failed call (see the module's comment). */
export function errorText(error: unknown, options: ErrorTextOptions): string {
  const { t } = options;
  const code = options.codeKey ? errorCodeOf(error) : null;
  let text: string | null = null;
  if (code && options.codeKey) {
    const key = options.codeKey(code);
    const own = t(key);
    if (own !== key) text = own;
  }
  text ??= errorDescription(error, options.lang);
  if (text === null) {
    const kind = error instanceof HttpError ? error.kind : null;
    if (kind === 'timeout' && (options.timeoutKey ?? options.networkKey)) return t((options.timeoutKey ?? options.networkKey) as string);
    if (kind === 'network' && options.networkKey) return t(options.networkKey);
    if (kind === 'http' && options.serverKey && (error as HttpError).status >= 500) return t(options.serverKey);
    return t(options.fallbackKey);
  }
  const wait = error instanceof HttpError ? error.retryAfter : null;
  return wait && options.retryInKey ? `${text}. ${t(options.retryInKey, { s: wait })}` : text;
}
