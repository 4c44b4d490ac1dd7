/**
 * Phone numbers: what a customer types, turned into E.164 (`+998901234567`).
 *
 * We accept Uzbekistan and the countries whose languages the interface speaks (ru, kz, tr, zh, ar):
 * Russia and Kazakhstan (+7), Turkey, China and the Arabic-speaking countries. Every number we
 * accept is one we may pay to send an SMS to, and international SMS routes are where "SMS pumping"
 * fraud happens, so the list is deliberate rather than every country there is. Patterns describe
 * mobile numbers where a country's mobile ranges are plain (a code goes by SMS); elsewhere they
 * check the length only, so a real customer is never refused for a range we did not know.
 */

export type PhoneCountryCode =
  | 'UZ'
  | 'KZ'
  | 'RU'
  | 'TR'
  | 'CN'
  | 'AE'
  | 'SA'
  | 'QA'
  | 'KW'
  | 'BH'
  | 'OM'
  | 'JO'
  | 'IQ'
  | 'EG'
  | 'LB'
  | 'SY'
  | 'YE'
  | 'PS'
  | 'MA'
  | 'DZ'
  | 'TN'
  | 'LY'
  | 'SD';

export interface PhoneCountry {
  iso: PhoneCountryCode;
  /** Digits after the `+`. */
  callingCode: string;
  /** The national significant number (what follows the calling code). */
  national: RegExp;
  /** How a customer would write one, for messages and placeholders. */
  example: string;
}

const country = (iso: PhoneCountryCode, callingCode: string, national: RegExp, example: string): PhoneCountry => ({
  iso,
  callingCode,
  national,
  example,
});

/** Countries we take numbers from, in the order a picker would list them. */
export const PHONE_COUNTRIES: readonly PhoneCountry[] = [
  country('UZ', '998', /^[1-9]\d{8}$/, '+998 90 123 45 67'),
  // +7 is shared: Kazakhstan holds the ranges starting 6 and 7, Russia the rest.
  country('KZ', '7', /^[67]\d{9}$/, '+7 701 123 45 67'),
  country('RU', '7', /^[3-589]\d{9}$/, '+7 912 345 67 89'),
  country('TR', '90', /^[2-58]\d{9}$/, '+90 532 123 45 67'),
  country('CN', '86', /^1[3-9]\d{9}$/, '+86 138 1234 5678'),
  country('AE', '971', /^5\d{8}$/, '+971 50 123 4567'),
  country('SA', '966', /^5\d{8}$/, '+966 50 123 4567'),
  country('QA', '974', /^[3-7]\d{7}$/, '+974 3312 3456'),
  country('KW', '965', /^[569]\d{7}$/, '+965 5012 3456'),
  country('BH', '973', /^[36]\d{7}$/, '+973 3612 3456'),
  country('OM', '968', /^[79]\d{7}$/, '+968 9212 3456'),
  country('JO', '962', /^7\d{8}$/, '+962 7 9012 3456'),
  country('IQ', '964', /^7\d{9}$/, '+964 790 123 4567'),
  country('EG', '20', /^1\d{9}$/, '+20 100 123 4567'),
  country('LB', '961', /^(?:3\d{6}|[78]\d{7})$/, '+961 71 123 456'),
  country('SY', '963', /^9\d{8}$/, '+963 944 567 890'),
  country('YE', '967', /^7\d{8}$/, '+967 712 345 678'),
  country('PS', '970', /^5\d{8}$/, '+970 599 123 456'),
  country('MA', '212', /^[5-7]\d{8}$/, '+212 650 123 456'),
  country('DZ', '213', /^[5-7]\d{8}$/, '+213 551 23 45 67'),
  country('TN', '216', /^[2-9]\d{7}$/, '+216 20 123 456'),
  country('LY', '218', /^9\d{8}$/, '+218 91 234 5678'),
  country('SD', '249', /^[19]\d{8}$/, '+249 91 123 1234'),
];

/** The countries a brand takes numbers from when it says nothing else (`merchants.sms_countries`). */
export const DEFAULT_SMS_COUNTRIES: readonly PhoneCountryCode[] = ['UZ'];

/**
 * The countries of a brand's list, in the brand's order (the first is the one its messages give as an
 * example). Codes we do not know are skipped; a list with none we know is the default, so a typo in a
 * brand's settings never opens every country nor closes the login.
 */
export function phoneCountriesOf(codes: readonly string[] | null | undefined): PhoneCountry[] {
  const known = [...new Set(codes ?? [])].flatMap((code) => PHONE_COUNTRIES.filter((c) => c.iso === code));
  return known.length ? known : PHONE_COUNTRIES.filter((c) => DEFAULT_SMS_COUNTRIES.includes(c.iso));
}

/** Why a number was refused; the API puts it in the error's details. */
export type PhoneProblem = 'EMPTY' | 'CHARACTERS' | 'COUNTRY' | 'NUMBER';

export type PhoneParseResult = { ok: true; e164: string; country: PhoneCountryCode } | { ok: false; problem: PhoneProblem };

export const PHONE_MAX_INPUT_LENGTH = 32;

/** Separators people type or paste between digits. */
const SEPARATORS = /[\s\-().\u00a0]/g;

function matchInternational(digits: string): PhoneParseResult {
  let knownCode = false;
  for (const c of PHONE_COUNTRIES) {
    if (!digits.startsWith(c.callingCode)) continue;
    knownCode = true;
    const national = digits.slice(c.callingCode.length);
    if (c.national.test(national)) return { ok: true, e164: `+${digits}`, country: c.iso };
  }
  return { ok: false, problem: knownCode ? 'NUMBER' : 'COUNTRY' };
}

/**
 * Reads a phone number as a customer writes it.
 *
 * - With a country code: `+998 90 123 45 67`, `+998(90)123-45-67`, `00998901234567`, and without
 *   the plus, `998901234567`, `77011234567`, `905321234567`.
 * - Uzbek local form, nine digits: `90 123 45 67`, `901234567`.
 * - The Russian and Kazakh domestic form with the trunk 8: `8 701 123 45 67`.
 *
 * Other national forms with a trunk 0 (`0532…` in Turkey, `050…` in the Emirates and in Saudi
 * Arabia, `010…` in Egypt) are ambiguous between countries, so they need the country code.
 */
export function parsePhone(input: string | null | undefined): PhoneParseResult {
  const raw = (input ?? '').trim();
  if (!raw) return { ok: false, problem: 'EMPTY' };
  if (raw.length > PHONE_MAX_INPUT_LENGTH) return { ok: false, problem: 'NUMBER' };
  const compact = raw.replace(SEPARATORS, '');
  if (!/^(?:\+|00)?\d+$/.test(compact)) return { ok: false, problem: 'CHARACTERS' };

  if (compact.startsWith('+')) return matchInternational(compact.slice(1));
  if (compact.startsWith('00')) return matchInternational(compact.slice(2));

  if (compact.length === 9) {
    const uz = PHONE_COUNTRIES[0]!;
    return uz.national.test(compact) ? { ok: true, e164: `+998${compact}`, country: 'UZ' } : { ok: false, problem: 'NUMBER' };
  }
  if (compact.length === 11 && compact.startsWith('8')) {
    const asSeven = matchInternational(`7${compact.slice(1)}`);
    if (asSeven.ok) return asSeven;
  }
  if (compact.startsWith('0')) return { ok: false, problem: 'COUNTRY' };
  return matchInternational(compact);
}

/** The E.164 form of a number, or null when it is not one we accept. */
export function normalizePhone(input: string | null | undefined): string | null {
  const result = parsePhone(input);
  return result.ok ? result.e164 : null;
}

/** The digits of an E.164 number without the plus, as SMS gateways want them (`998901234567`). */
export function phoneDigits(e164: string): string {
  return e164.replace(/\D/g, '');
}

/** True for a string already in the E.164 form we store. */
export function isE164(value: string): boolean {
  return /^\+[1-9]\d{6,14}$/.test(value) && normalizePhone(value) === value;
}
