import { parsePhone, PHONE_COUNTRIES, type PhoneCountry } from '@dasturxon/domain';

/** What the phone field shows before anything is typed: the Uzbek code, ready for the rest. */
export const PHONE_INPUT_START = '+998 ';
const UZ_CODE = '998';
const MAX_DIGITS = 15;

const digitsOf = (s: string): string => s.replace(/\D/g, '');

/** The group sizes of a country's national number, read off its example (`+998 90 123 45 67` → 2, 3, 2, 2). */
function groupsOf(country: PhoneCountry): number[] {
  return country.example
    .replace(/^\+/, '')
    .split(' ')
    .slice(1)
    .map((g) => g.length);
}

const countryOf = (digits: string): PhoneCountry | undefined => PHONE_COUNTRIES.find((c) => digits.startsWith(c.callingCode));

/**
 * A phone as the field shows it while the customer types: `+998 90 123 45 67`, `+7 701 123 45 67`.
 * Without a plus the digits are an Uzbek number (`901234567`, or `998901234567` pasted whole);
 * with one, any country we send codes to, grouped as that country writes them. Digits beyond a
 * country's length are dropped.
 */
export function formatPhoneInput(raw: string): string {
  const trimmed = raw.trim();
  let digits = digitsOf(trimmed);
  const international = trimmed.startsWith('+');
  if (!international) {
    if (!digits) return '';
    if (trimmed.startsWith('00')) digits = digits.slice(2);
    else if (!(digits.startsWith(UZ_CODE) && digits.length > 9)) digits = UZ_CODE + digits;
  }
  if (!digits) return '+';
  const country = countryOf(digits);
  if (!country) return `+${digits.slice(0, MAX_DIGITS)}`;
  const national = digits.slice(country.callingCode.length);
  let out = `+${country.callingCode}`;
  let at = 0;
  for (const size of groupsOf(country)) {
    if (at >= national.length) break;
    out += ` ${national.slice(at, at + size)}`;
    at += size;
  }
  return out;
}

/** The caret index just after the `count`-th digit of a formatted value (after the plus when none). */
export function caretAfterDigits(value: string, count: number): number {
  if (count <= 0) return value.startsWith('+') ? 1 : 0;
  let seen = 0;
  for (let i = 0; i < value.length; i++) {
    if (/\d/.test(value[i]!)) seen++;
    if (seen === count) return i + 1;
  }
  return value.length;
}

/** What an edit put in: the text between the parts the old and the new value share at both ends. */
function insertedText(previous: string, raw: string): string {
  let start = 0;
  while (start < previous.length && start < raw.length && previous[start] === raw[start]) start++;
  let end = 0;
  while (end < previous.length - start && end < raw.length - start && previous[previous.length - 1 - end] === raw[raw.length - 1 - end])
    end++;
  return raw.slice(start, raw.length - end);
}

/**
 * One edit of the phone field (a key, a paste, an autofill): the new text and where the caret goes.
 * - The plus belongs to the mask: deleting it alone changes nothing.
 * - While the field holds only a country code, digits go after it, wherever the caret was; a
 *   whole number (pasted, autofilled) replaces it.
 * - Deleting a space deletes the digit before it, so backspace never sticks on a separator.
 * - Otherwise the caret stays after the same digit it followed.
 */
export function nextPhoneInput(previous: string, raw: string, caret: number): { value: string; caret: number } {
  if (previous.startsWith('+') && raw === previous.slice(1)) return { value: previous, caret: 1 };

  if (isPhoneBlank(previous) && raw.length > previous.length) {
    const inserted = insertedText(previous, raw);
    const digits = digitsOf(inserted);
    if (digits && !inserted.includes('+')) {
      const value = formatPhoneInput(digits.length > 9 ? digits : `${previous.trim() || '+998'}${digits}`);
      return { value, caret: value.length };
    }
  }

  // A number with its own plus pasted into the middle of another: the pasted one counts.
  let text = raw.lastIndexOf('+') > 0 ? raw.slice(raw.lastIndexOf('+')) : raw;
  let digitsBefore = digitsOf(raw.slice(0, caret)).length;
  if (text !== raw) digitsBefore = digitsOf(text).length;
  if (digitsOf(text) === digitsOf(previous) && text.length < previous.length && digitsBefore > 0) {
    const all = digitsOf(text);
    text = `+${all.slice(0, digitsBefore - 1)}${all.slice(digitsBefore)}`;
    digitsBefore -= 1;
  }
  const value = formatPhoneInput(text);
  // A local number gained the 998 in front: the caret moves past it too.
  const gained = Math.max(0, digitsOf(value).length - digitsOf(text).length);
  return { value, caret: caretAfterDigits(value, digitsBefore + gained) };
}

/** True when nothing but a country code (or nothing at all) has been typed. */
export function isPhoneBlank(value: string): boolean {
  const digits = digitsOf(value);
  return !digits || PHONE_COUNTRIES.some((c) => c.callingCode === digits);
}

export type PhoneFieldProblem = 'required' | 'incomplete' | 'country';

/** The E.164 number to send, or why the field cannot be sent. */
export function checkPhoneInput(value: string): { ok: true; e164: string } | { ok: false; problem: PhoneFieldProblem } {
  if (isPhoneBlank(value)) return { ok: false, problem: 'required' };
  const parsed = parsePhone(value);
  if (parsed.ok) return { ok: true, e164: parsed.e164 };
  return { ok: false, problem: parsed.problem === 'COUNTRY' ? 'country' : 'incomplete' };
}
