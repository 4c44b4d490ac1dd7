import { describe, expect, it } from 'vitest';
import { caretAfterDigits, checkPhoneInput, formatPhoneInput, isPhoneBlank, nextPhoneInput, PHONE_INPUT_START } from './phone-mask.ts';

/** Types `keys` one by one at the end of the field, as a customer does. */
function typeAtEnd(start: string, keys: string): string {
  let value = start;
  for (const k of keys) value = nextPhoneInput(value, value + k, value.length + 1).value;
  return value;
}

describe('formatPhoneInput', () => {
  it('groups an Uzbek number as it grows', () => {
    expect(formatPhoneInput('+998')).toBe('+998');
    expect(formatPhoneInput('+9989')).toBe('+998 9');
    expect(formatPhoneInput('+99890123')).toBe('+998 90 123');
    expect(formatPhoneInput('+998901234567')).toBe('+998 90 123 45 67');
  });

  it('reads digits without a plus as an Uzbek number, whole or local', () => {
    expect(formatPhoneInput('901234567')).toBe('+998 90 123 45 67');
    expect(formatPhoneInput('998901234567')).toBe('+998 90 123 45 67');
    expect(formatPhoneInput('90 123')).toBe('+998 90 123');
    expect(formatPhoneInput('')).toBe('');
  });

  it('groups other countries as they write their numbers', () => {
    expect(formatPhoneInput('+77011234567')).toBe('+7 701 123 45 67');
    expect(formatPhoneInput('+905321234567')).toBe('+90 532 123 45 67');
    expect(formatPhoneInput('+8613812345678')).toBe('+86 138 1234 5678');
    expect(formatPhoneInput('+971501234567')).toBe('+971 50 123 4567');
    expect(formatPhoneInput('00998901234567')).toBe('+998 90 123 45 67');
  });

  it('drops digits beyond the country length and leaves unknown codes ungrouped', () => {
    expect(formatPhoneInput('+99890123456789')).toBe('+998 90 123 45 67');
    expect(formatPhoneInput('+1555')).toBe('+1555');
    expect(formatPhoneInput('+')).toBe('+');
  });
});

describe('nextPhoneInput', () => {
  it('types a number after the prefilled code', () => {
    expect(typeAtEnd(PHONE_INPUT_START, '901234567')).toBe('+998 90 123 45 67');
  });

  it('puts digits typed anywhere in a bare country code after it', () => {
    // Caret at the start of '+998 ': the 9 still goes at the end.
    expect(nextPhoneInput('+998 ', '9+998 ', 1)).toEqual({ value: '+998 9', caret: 6 });
    expect(nextPhoneInput('+998 ', '+9998 ', 2)).toEqual({ value: '+998 9', caret: 6 });
  });

  it('replaces a bare code with a whole number pasted or autofilled', () => {
    expect(nextPhoneInput('+998 ', '+998 998901234567', 17).value).toBe('+998 90 123 45 67');
    expect(nextPhoneInput('+998 ', '+998 901234567', 14).value).toBe('+998 90 123 45 67');
    expect(nextPhoneInput('+998 ', '+998 +77011234567', 17).value).toBe('+7 701 123 45 67');
    expect(nextPhoneInput('+998 90 1', '901234567', 9).value).toBe('+998 90 123 45 67');
  });

  it('keeps the plus when it alone is deleted', () => {
    expect(nextPhoneInput('+998 90', '998 90', 0)).toEqual({ value: '+998 90', caret: 1 });
  });

  it('deletes the digit before a deleted space', () => {
    // '+998 90 1|23' → backspace over the space after 90 → '+998 91 23'.
    expect(nextPhoneInput('+998 90 123', '+998 90123', 7)).toEqual({ value: '+998 91 23', caret: 6 });
    expect(nextPhoneInput('+998 ', '+998', 4).value).toBe('+99');
  });

  it('keeps the caret after the same digit when editing in the middle', () => {
    // Insert 5 after '+998 9' in '+998 90 123 45 67' (the number is full, so the last digit drops).
    const r = nextPhoneInput('+998 90 123 45', '+998 950 123 45', 7);
    expect(r.value).toBe('+998 95 012 34 5');
    expect(r.caret).toBe(7);
  });

  it('switches country when another code is typed with a plus', () => {
    expect(typeAtEnd('+', '77011234567')).toBe('+7 701 123 45 67');
  });
});

describe('checkPhoneInput', () => {
  it('asks to fill the field when only a country code is there', () => {
    expect(isPhoneBlank(PHONE_INPUT_START)).toBe(true);
    expect(isPhoneBlank('+7')).toBe(true);
    expect(isPhoneBlank('')).toBe(true);
    expect(checkPhoneInput('+998 ')).toEqual({ ok: false, problem: 'required' });
  });

  it('tells an incomplete number from an unsupported country', () => {
    expect(checkPhoneInput('+998 90 123')).toEqual({ ok: false, problem: 'incomplete' });
    expect(checkPhoneInput('+1 555 123 4567')).toEqual({ ok: false, problem: 'country' });
  });

  it('answers the E.164 number to send', () => {
    expect(checkPhoneInput('+998 90 123 45 67')).toEqual({ ok: true, e164: '+998901234567' });
    expect(checkPhoneInput('+7 701 123 45 67')).toEqual({ ok: true, e164: '+77011234567' });
  });
});

describe('caretAfterDigits', () => {
  it('finds the place after the n-th digit', () => {
    expect(caretAfterDigits('+998 90 123', 5)).toBe(7);
    expect(caretAfterDigits('+998 90 123', 0)).toBe(1);
    expect(caretAfterDigits('+998', 9)).toBe(4);
  });
});
