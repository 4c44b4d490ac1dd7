import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http.ts';
import { accountErrorText } from './auth-error.ts';
import { clearStoreExcept, keptOnLogout } from './customer-data.ts';
import { parseSession, sessionKey } from './session-store.ts';
import { formatCountdown } from './use-seconds-left.ts';

/** A Storage-shaped map. */
function store(entries: Record<string, string>) {
  const map = new Map(Object.entries(entries));
  return {
    map,
    get length() {
      return map.size;
    },
    key: (i: number) => [...map.keys()][i] ?? null,
    removeItem: (k: string) => void map.delete(k),
  };
}

describe('the stored session', () => {
  it('is kept per merchant', () => {
    expect(sessionKey('m-1')).toBe('dx:m-1:session');
    expect(sessionKey('m-1')).not.toBe(sessionKey('m-2'));
  });

  it('reads back what was stored, and nothing damaged', () => {
    const session = { token: 'abc', user: { id: 'u-1', firstName: 'A' } };
    expect(parseSession(JSON.stringify(session))).toEqual(session);
    expect(parseSession(null)).toBeNull();
    expect(parseSession('{')).toBeNull();
    expect(parseSession(JSON.stringify({ token: '', user: { id: 'u' } }))).toBeNull();
    expect(parseSession(JSON.stringify({ token: 't' }))).toBeNull();
  });
});

describe('what a logout clears', () => {
  it('keeps the app version, the Telegram flag, the language, and the vendor only on development hosts', () => {
    expect(keptOnLogout(false)).toEqual({ local: ['app-version'], session: ['in-telegram'], cookies: ['lang'] });
    expect(keptOnLogout(true).cookies).toEqual(['lang', 'vendor']);
  });

  it('removes every other key of a store: session, basket, branch, address, order draft', () => {
    const local = store({
      'app-version': '2.2.9',
      'dx:m:session': '{}',
      'dx:m:basket': '[]',
      'dx:m:branch': 'b',
      'dx:m:address': '{}',
      'dx:m:order': '{}',
    });
    clearStoreExcept(local, keptOnLogout(false).local);
    expect([...local.map.keys()]).toEqual(['app-version']);
  });
});

describe('account error texts', () => {
  const body = { code: 'OTP_INVALID', message: 'Wrong or expired code', description: { ru: 'Неверный код', uz: "Noto'g'ri kod", eng: 'Wrong code' } };
  const error = new HttpError('http', 400, body as never, '');
  const t = (key: string) => `<${key}>`;

  it("show the server's description in the content languages", () => {
    expect(accountErrorText(error, 'uz', t)).toBe("Noto'g'ri kod");
    expect(accountErrorText(error, 'ru', t)).toBe('Неверный код');
  });

  it('say it in the interface language where the server has no text in it', () => {
    expect(accountErrorText(error, 'ar', t)).toBe('<auth.errors.OTP_INVALID>');
  });

  it('fall back to the generic message', () => {
    expect(accountErrorText(new HttpError('network', 0, null, ''), 'uz', t)).toBe('<errors.generic>');
  });

  it("say a number of a country the brand does not take is one we cannot send to", () => {
    const country = { ...body, code: 'PHONE_INVALID', details: { field: 'body.phone', problem: 'COUNTRY', countryCodes: ['+998'] } };
    expect(accountErrorText(new HttpError('http', 400, country as never, ''), 'uz', t)).toBe('<auth.validation.country>');
    const number = { ...country, details: { ...country.details, problem: 'NUMBER' } };
    expect(accountErrorText(new HttpError('http', 400, number as never, ''), 'uz', t)).toBe("Noto'g'ri kod");
  });
});

describe('the resend countdown', () => {
  it('reads as m:ss', () => {
    expect(formatCountdown(59)).toBe('0:59');
    expect(formatCountdown(60)).toBe('1:00');
    expect(formatCountdown(-3)).toBe('0:00');
  });
});
