import { describe, expect, it } from 'vitest';
import { errorBody, ERROR_CATALOGUE, UI_LANGUAGES } from '@dasturxon/domain';
import { HttpError } from '../../lib/http.ts';
import { errorText } from './use-error-text.ts';
import { formatCountdown } from './use-seconds-left.ts';

/** Messages with the interface's own words for some codes, as `t` reads them: a missing key comes back as itself. */
const own: Record<string, string> = { 'errors.OTP_INVALID': 'رمز غير صحيح', 'errors.generic': 'generic', 'error.text': 'page' };
const t = (key: string) => own[key] ?? key;

// The lookup itself (codes, descriptions, fallbacks) is tested in packages/client/test/error-text.test.ts.
describe('the text of an error', () => {
  it("is the storefront's own words for the code (`errors.<CODE>`), else the server's description, else the fallback", () => {
    for (const lang of UI_LANGUAGES)
      expect(errorText(new HttpError('http', 400, errorBody('OTP_INVALID'), ''), lang, t)).toBe('رمز غير صحيح');
    expect(errorText(new HttpError('http', 409, errorBody('PROMO_EXPIRED'), ''), 'uz', t)).toBe(
      ERROR_CATALOGUE.PROMO_EXPIRED.description.uz,
    );
    expect(errorText(undefined, 'ru', t, 'error.text')).toBe('page');
  });

  it('says what happened when there is no reason: no connection, no answer in time, the server failed', () => {
    expect(errorText(new HttpError('network', 0, null, ''), 'uz', t)).toBe('errors.offline');
    expect(errorText(new HttpError('timeout', 0, null, ''), 'uz', t)).toBe('errors.timeout');
    expect(errorText(new HttpError('http', 502, null, ''), 'uz', t)).toBe('errors.server');
    expect(errorText(new HttpError('http', 404, null, ''), 'uz', t)).toBe('generic');
  });
});

describe('the resend countdown', () => {
  it('reads as m:ss', () => {
    expect(formatCountdown(59)).toBe('0:59');
    expect(formatCountdown(60)).toBe('1:00');
    expect(formatCountdown(-3)).toBe('0:00');
    expect(formatCountdown(3599)).toBe('59:59');
    expect(formatCountdown(12 * 3600 + 65)).toBe('12:01:05');
  });
});
