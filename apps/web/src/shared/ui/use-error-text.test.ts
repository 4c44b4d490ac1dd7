import { describe, expect, it } from 'vitest';
import { errorBody, ERROR_CATALOGUE, UI_LANGUAGES } from '@dasturxon/domain';
import { HttpError } from '../../lib/http.ts';
import { errorCodeOf, errorText } from './use-error-text.ts';
import { formatCountdown } from './use-seconds-left.ts';

/** Messages with the interface's own words for some codes, as `t` reads them: a missing key comes back as itself. */
const own: Record<string, string> = { 'errors.OTP_INVALID': 'رمز غير صحيح', 'errors.generic': 'generic', 'error.text': 'page' };
const t = (key: string) => own[key] ?? key;

describe('the text of an error', () => {
  const refused = new HttpError('http', 400, errorBody('OTP_INVALID'), '');

  it("is the interface's own words for the code, in every language", () => {
    for (const lang of UI_LANGUAGES) expect(errorText(refused, lang, t)).toBe('رمز غير صحيح');
  });

  it("is the server's description in the nearest content language for a code the interface does not know", () => {
    const newer = new HttpError('http', 409, { code: 'SOMETHING_NEW', message: 'x', description: { ru: 'Новое', uz: 'Yangi', eng: 'New' } } as never, '');
    expect(errorText(newer, 'uz', t)).toBe('Yangi');
    expect(errorText(newer, 'eng', t)).toBe('New');
    expect(errorText(newer, 'ar', t)).toBe('Новое');
  });

  it('is the generic message (or the one asked for) when there is nothing else', () => {
    expect(errorText(new HttpError('network', 0, null, ''), 'uz', t)).toBe('generic');
    expect(errorText(new HttpError('http', 502, null, ''), 'ru', t)).toBe('generic');
    expect(errorText(new Error('boom'), 'ru', t)).toBe('generic');
    expect(errorText(undefined, 'ru', t, 'error.text')).toBe('page');
  });

  it('reads error bodies the server sends inside an answer (a quote problem)', () => {
    const problem = { code: 'OTP_INVALID', description: ERROR_CATALOGUE.OTP_INVALID.description };
    expect(errorCodeOf(problem)).toBe('OTP_INVALID');
    expect(errorText(problem, 'zh', t)).toBe('رمز غير صحيح');
    expect(errorText({ code: 'PROMO_EXPIRED', description: ERROR_CATALOGUE.PROMO_EXPIRED.description }, 'ru', t)).toBe('Срок действия промокода истёк');
  });

  it('never looks up a key the server could shape', () => {
    expect(errorCodeOf({ code: 'generic', description: { ru: 'x', uz: 'x', eng: 'x' } })).toBeNull();
    expect(errorCodeOf({ code: 'A.B', description: { ru: 'x', uz: 'x', eng: 'x' } })).toBeNull();
  });
});

describe('the resend countdown', () => {
  it('reads as m:ss', () => {
    expect(formatCountdown(59)).toBe('0:59');
    expect(formatCountdown(60)).toBe('1:00');
    expect(formatCountdown(-3)).toBe('0:00');
  });
});
