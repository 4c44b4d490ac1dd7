import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isE164, normalizePhone, parsePhone, PHONE_COUNTRIES, phoneCountriesOf, phoneDigits } from '../src/phone.ts';
import { isPlausibleBirthday } from '../src/account.ts';
import { UpdateUserRequest } from '../src/contracts/auth.ts';

describe('normalizePhone', () => {
  it.each([
    ['+998 90 123 45 67', '+998901234567'],
    ['+998901234567', '+998901234567'],
    ['998901234567', '+998901234567'],
    ['901234567', '+998901234567'],
    ['90 123 45 67', '+998901234567'],
    ['+998 (90) 123-45-67', '+998901234567'],
    ['00998901234567', '+998901234567'],
    ['  +998 33 123 45 67  ', '+998331234567'],
    ['+998\u00a071\u00a0200\u00a000\u00a000', '+998712000000'],
    ['998.90.123.45.67', '+998901234567'],
  ])('reads the Uzbek number %j', (input, e164) => {
    expect(normalizePhone(input)).toBe(e164);
  });

  it.each([
    ['+7 701 123 45 67', '+77011234567', 'KZ'],
    ['77011234567', '+77011234567', 'KZ'],
    ['8 701 123 45 67', '+77011234567', 'KZ'],
    ['+7 (912) 345-67-89', '+79123456789', 'RU'],
    ['8 912 345 67 89', '+79123456789', 'RU'],
    ['+90 532 123 45 67', '+905321234567', 'TR'],
    ['905321234567', '+905321234567', 'TR'],
    ['+86 138 1234 5678', '+8613812345678', 'CN'],
    ['+971 50 123 4567', '+971501234567', 'AE'],
    ['971501234567', '+971501234567', 'AE'],
    ['+966 50 123 4567', '+966501234567', 'SA'],
    ['+20 100 123 4567', '+201001234567', 'EG'],
    ['+974 3312 3456', '+97433123456', 'QA'],
    ['+212 650 123 456', '+212650123456', 'MA'],
  ])('reads the foreign number %j', (input, e164, iso) => {
    expect(parsePhone(input)).toEqual({ ok: true, e164, country: iso });
  });

  it.each([
    ['', 'EMPTY'],
    ['   ', 'EMPTY'],
    ['abc', 'CHARACTERS'],
    ['+998 90 123 45 6x', 'CHARACTERS'],
    ['++998901234567', 'CHARACTERS'],
    ['998+901234567', 'CHARACTERS'],
    ['+998 90 123 45 6', 'NUMBER'],
    ['+998 90 123 45 678', 'NUMBER'],
    ['+998 012 345 678', 'NUMBER'],
    ['12345678', 'COUNTRY'],
    ['1234567890', 'COUNTRY'],
    ['+1 212 555 0100', 'COUNTRY'],
    ['+44 20 7946 0958', 'COUNTRY'],
    ['+86 21 1234 5678', 'NUMBER'],
    ['+971 2 123 4567', 'NUMBER'],
    ['05321234567', 'COUNTRY'],
    ['0501234567', 'COUNTRY'],
    ['+7 123 456 78 90', 'NUMBER'],
    ['1'.repeat(40), 'NUMBER'],
  ])('refuses %j as %s', (input, problem) => {
    expect(parsePhone(input)).toEqual({ ok: false, problem });
    expect(normalizePhone(input)).toBeNull();
  });

  it('refuses nothing at all', () => {
    expect(normalizePhone(null)).toBeNull();
    expect(normalizePhone(undefined)).toBeNull();
  });

  it("reads every country's example as that country", () => {
    for (const c of PHONE_COUNTRIES) {
      const result = parsePhone(c.example);
      expect(result, c.iso).toEqual({ ok: true, e164: `+${c.example.replace(/\D/g, '')}`, country: c.iso });
    }
  });

  it('is idempotent: a normalized number normalizes to itself, and every spelling of a local Uzbek number agrees', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100_000_000, max: 999_999_999 }), (n) => {
        const local = String(n);
        const e164 = normalizePhone(local);
        expect(e164).toBe(`+998${local}`);
        expect(normalizePhone(e164)).toBe(e164);
        expect(normalizePhone(`998${local}`)).toBe(e164);
        expect(normalizePhone(`+998 ${local.slice(0, 2)} ${local.slice(2, 5)}-${local.slice(5, 7)}-${local.slice(7)}`)).toBe(e164);
        expect(isE164(e164!)).toBe(true);
      }),
    );
  });

  it('never throws and only answers E.164 numbers', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (s) => {
        const e164 = normalizePhone(s);
        if (e164 !== null) expect(e164).toMatch(/^\+[1-9]\d{7,14}$/);
      }),
    );
  });
});

describe('phoneDigits', () => {
  it('drops the plus for the gateways', () => {
    expect(phoneDigits('+998901234567')).toBe('998901234567');
  });
});

describe('isE164', () => {
  it('accepts only the stored form', () => {
    expect(isE164('+998901234567')).toBe(true);
    expect(isE164('998901234567')).toBe(false);
    expect(isE164('+998 90 123 45 67')).toBe(false);
    expect(isE164('+12125550100')).toBe(false);
  });
});

describe('UpdateUserRequest', () => {
  it('turns cleared fields into null and keeps what was not sent out', () => {
    expect(UpdateUserRequest.parse({ email: '', birthday: '', gender: null })).toEqual({ email: null, birthday: null, gender: null });
    expect(UpdateUserRequest.parse({ firstName: '  Aziz ' })).toEqual({ firstName: 'Aziz' });
  });

  it('refuses unknown fields, a bad e-mail and an impossible date', () => {
    expect(UpdateUserRequest.safeParse({ phone: '+998901234567' }).success).toBe(false);
    expect(UpdateUserRequest.safeParse({ email: 'not-an-email' }).success).toBe(false);
    expect(UpdateUserRequest.safeParse({ birthday: '1990-02-30' }).success).toBe(false);
    expect(UpdateUserRequest.safeParse({ birthday: '01.02.1990' }).success).toBe(false);
    expect(UpdateUserRequest.safeParse({ gender: 'other' }).success).toBe(false);
  });
});

describe('isPlausibleBirthday', () => {
  it('keeps dates from 1900 to today', () => {
    expect(isPlausibleBirthday('1990-05-17', '2026-01-01')).toBe(true);
    expect(isPlausibleBirthday('2026-01-01', '2026-01-01')).toBe(true);
    expect(isPlausibleBirthday('2026-01-02', '2026-01-01')).toBe(false);
    expect(isPlausibleBirthday('1899-12-31', '2026-01-01')).toBe(false);
  });
});

describe('phoneCountriesOf', () => {
  const isos = (codes: readonly string[] | null | undefined) => phoneCountriesOf(codes).map((c) => c.iso);

  it("keeps a brand's countries in its order, once each", () => {
    expect(isos(['KZ', 'UZ', 'KZ'])).toEqual(['KZ', 'UZ']);
    expect(phoneCountriesOf(['UZ'])[0]!.example).toBe('+998 90 123 45 67');
  });

  it('skips codes it does not know, and falls back to Uzbekistan when none is left', () => {
    expect(isos(['uz', 'XX', 'TR'])).toEqual(['TR']);
    expect(isos(['XX'])).toEqual(['UZ']);
    expect(isos([])).toEqual(['UZ']);
    expect(isos(null)).toEqual(['UZ']);
  });
});
