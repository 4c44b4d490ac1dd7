import { describe, expect, it } from 'vitest';
import { errorBody, ERROR_CATALOGUE, UI_LANGUAGES } from '@dasturxon/domain';
import { errorCodeOf, errorDescription, errorText, type Translate } from '../src/error-text.ts';
import { HttpError } from '../src/http.ts';

/** Messages with an app's own words for some codes, as its `t` reads them: a missing key comes back as itself. */
const own: Record<string, string> = {
  'errors.OTP_INVALID': 'رمز غير صحيح',
  'errors.generic': 'generic',
  'error.text': 'page',
  networkError: 'offline',
  retryIn: 'again in {s} s',
};
const t: Translate = (key, values) => (own[key] ?? key).replace(/\{(\w+)\}/g, (_, name: string) => String(values?.[name] ?? ''));
/** The storefront's way: its own words per code, else the server's, else the generic message. */
const storefront = { t, codeKey: (code: string) => `errors.${code}`, fallbackKey: 'errors.generic' };
/** The console's way: the server's words, a network message of its own, and the wait a 429 asked for. */
const console = { t, fallbackKey: 'errors.generic', networkKey: 'networkError', retryInKey: 'retryIn' };

describe('the text of an error', () => {
  const refused = new HttpError('http', 400, errorBody('OTP_INVALID'), '');

  it("is the app's own words for the code, in every language", () => {
    for (const lang of UI_LANGUAGES) expect(errorText(refused, { ...storefront, lang })).toBe('رمز غير صحيح');
  });

  it("is the server's description in the nearest content language for a code the app does not know", () => {
    const newer = new HttpError(
      'http',
      409,
      { code: 'SOMETHING_NEW', message: 'x', description: { ru: 'Новое', uz: 'Yangi', eng: 'New' } } as never,
      '',
    );
    expect(errorText(newer, { ...storefront, lang: 'uz' })).toBe('Yangi');
    expect(errorText(newer, { ...storefront, lang: 'eng' })).toBe('New');
    expect(errorText(newer, { ...storefront, lang: 'ar' })).toBe('New');
    const noEnglish = new HttpError(
      'http',
      409,
      { code: 'SOMETHING_NEW', message: 'x', description: { ru: 'Новое', uz: 'Yangi' } } as never,
      '',
    );
    expect(errorText(noEnglish, { ...storefront, lang: 'ar' })).toBe('Новое');
    expect(errorText(refused, { ...console, lang: 'uz' })).toBe(ERROR_CATALOGUE.OTP_INVALID.description.uz);
  });

  it('tells no answer in time and a failing server apart when the app has words for them', () => {
    const told = { ...storefront, lang: 'ru' as const, networkKey: 'n', timeoutKey: 'tm', serverKey: 'sv' };
    expect(errorText(new HttpError('network', 0, null, ''), told)).toBe('n');
    expect(errorText(new HttpError('timeout', 0, null, ''), told)).toBe('tm');
    expect(errorText(new HttpError('http', 503, null, ''), told)).toBe('sv');
    expect(errorText(new HttpError('http', 404, null, ''), told)).toBe('generic');
    // Without a word for the time-out, it reads as the network's.
    expect(errorText(new HttpError('timeout', 0, null, ''), { ...told, timeoutKey: undefined })).toBe('n');
    // A 5xx that says why is the catalogue's reason, not the server's failure.
    expect(errorText(new HttpError('http', 503, errorBody('OTP_INVALID'), ''), told)).toBe('رمز غير صحيح');
  });

  it('is the fallback (or the network message) when there is nothing else', () => {
    expect(errorText(new HttpError('network', 0, null, ''), { ...storefront, lang: 'uz' })).toBe('generic');
    expect(errorText(new HttpError('network', 0, null, ''), { ...console, lang: 'uz' })).toBe('offline');
    expect(errorText(new HttpError('timeout', 0, null, ''), { ...console, lang: 'uz' })).toBe('offline');
    expect(errorText(new HttpError('http', 502, null, ''), { ...console, lang: 'ru' })).toBe('generic');
    expect(errorText(new Error('boom'), { ...storefront, lang: 'ru' })).toBe('generic');
    expect(errorText(undefined, { ...storefront, lang: 'ru', fallbackKey: 'error.text' })).toBe('page');
  });

  it('adds the wait the server asked for, where the app says how', () => {
    const early = new HttpError('http', 429, errorBody('RATE_LIMITED', { retryAfterSeconds: 42 }), '');
    expect(errorText(early, { ...console, lang: 'eng' })).toBe(`${ERROR_CATALOGUE.RATE_LIMITED.description.eng}. again in 42 s`);
    expect(errorText(early, { ...storefront, lang: 'eng' })).toBe(ERROR_CATALOGUE.RATE_LIMITED.description.eng);
  });

  it('reads error bodies the server sends inside an answer (a quote problem)', () => {
    const problem = { code: 'OTP_INVALID', description: ERROR_CATALOGUE.OTP_INVALID.description };
    expect(errorCodeOf(problem)).toBe('OTP_INVALID');
    expect(errorText(problem, { ...storefront, lang: 'zh' })).toBe('رمز غير صحيح');
    expect(
      errorText({ code: 'PROMO_EXPIRED', description: ERROR_CATALOGUE.PROMO_EXPIRED.description }, { ...storefront, lang: 'ru' }),
    ).toBe('Срок действия промокода истёк');
  });

  it('never looks up a key the server could shape', () => {
    expect(errorCodeOf({ code: 'generic', description: { ru: 'x', uz: 'x', eng: 'x' } })).toBeNull();
    expect(errorCodeOf({ code: 'A.B', description: { ru: 'x', uz: 'x', eng: 'x' } })).toBeNull();
  });

  it('is null as a description when there is nothing to show', () => {
    const body = errorBody('PROMO_EXPIRED');
    expect(errorDescription(new HttpError('http', 409, body, 'x'), 'uz')).toBe(body.description.uz);
    expect(errorDescription(new HttpError('network', 0, null, 'x'), 'ru')).toBeNull();
    expect(errorDescription(new Error('boom'), 'ru')).toBeNull();
  });
});
