import { describe, expect, it } from 'vitest';
import { EMPTY_DATE, formatDate } from '../src/dates.ts';
import { currencyLabel, formatMoney, formatNumber, formatPhone, isolateNumbers, maskPhone } from '../src/format.ts';

describe('formatNumber', () => {
  it('groups thousands with spaces', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1000)).toBe('1 000');
    expect(formatNumber(100000)).toBe('100 000');
    expect(formatNumber(1234567)).toBe('1 234 567');
  });

  it('cuts off digits after the second decimal instead of rounding', () => {
    expect(formatNumber(12.3456)).toBe('12.34');
    expect(formatNumber(12.999)).toBe('12.99');
    expect(formatNumber(1234567.899)).toBe('1 234 567.89');
  });

  it('shows fewer decimals when fewer are there', () => {
    expect(formatNumber(1.5)).toBe('1.5');
    expect(formatNumber(1.1)).toBe('1.1');
    expect(formatNumber(0.1 + 0.2)).toBe('0.3');
    expect(formatNumber(2.0)).toBe('2');
    expect(formatNumber(1.001)).toBe('1');
  });

  it('shows 0 when there is nothing to show', () => {
    expect(formatNumber(null)).toBe('0');
    expect(formatNumber(undefined)).toBe('0');
    expect(formatNumber('')).toBe('0');
    expect(formatNumber(Number.NaN)).toBe('0');
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('0');
    expect(formatNumber('abc')).toBe('0');
  });

  it('reads numeric strings, spaces included', () => {
    expect(formatNumber('12345.678')).toBe('12 345.67');
    expect(formatNumber('12 345')).toBe('12 345');
  });

  it('keeps the sign of a negative amount, but never shows -0', () => {
    expect(formatNumber(-1234.5)).toBe('-1 234.5');
    expect(formatNumber(-0.001)).toBe('0');
  });
});

describe('formatMoney', () => {
  it('puts the currency label after the grouped amount', () => {
    expect(formatMoney(45000, "so'm")).toBe("45 000 so'm");
  });
});

describe('isolateNumbers', () => {
  const iso = (run: string) => `\u2066${run}\u2069`;
  const nbsp = (text: string) => text.replace(/ /g, '\u00a0');

  it('keeps an amount whole, grouping spaces included, whatever the space', () => {
    expect(isolateNumbers('308 100 سوم')).toBe(`${iso('308 100')} سوم`);
    expect(isolateNumbers(nbsp('1 234 567 سوم'))).toBe(`${iso(nbsp('1 234 567'))}\u00a0سوم`);
    expect(isolateNumbers('12\u202f345.67')).toBe(iso('12\u202f345.67'));
    expect(isolateNumbers('0 سوم')).toBe(`${iso('0')} سوم`);
  });

  it('keeps a sign with its number', () => {
    expect(isolateNumbers('−6 300 سوم')).toBe(`${iso('−6 300')} سوم`);
    expect(isolateNumbers('+8 000 سوم')).toBe(`${iso('+8 000')} سوم`);
    expect(isolateNumbers('-1 234.5')).toBe(iso('-1 234.5'));
    expect(isolateNumbers('−10%')).toBe(iso('−10%'));
  });

  it('isolates each number of a sentence on its own', () => {
    expect(isolateNumbers('2 منتجات · 82 000 سوم')).toBe(`${iso('2')} منتجات · ${iso('82 000')} سوم`);
    expect(isolateNumbers('التوصيل من 50 000 سوم. أضف 30 000 سوم.')).toBe(`التوصيل من ${iso('50 000')} سوم. أضف ${iso('30 000')} سوم.`);
    expect(isolateNumbers('Чизбургер 29 000 سوم')).toBe(`Чизбургер ${iso('29 000')} سوم`);
  });

  it('keeps times, decimals and ranges as written', () => {
    expect(isolateNumbers('10:00–14:00, 15:00–22:00')).toBe(`${iso('10:00–14:00')}, ${iso('15:00–22:00')}`);
    expect(isolateNumbers('5–10 دقيقة')).toBe(`${iso('5–10')} دقيقة`);
    expect(isolateNumbers('4.5 · 12 تقييم')).toBe(`${iso('4.5')} · ${iso('12')} تقييم`);
    expect(isolateNumbers('الإصدار 2.2.9')).toBe(`الإصدار ${iso('2.2.9')}`);
  });

  it('does not take two numbers for one unless the second is a group of three', () => {
    expect(isolateNumbers('3 45')).toBe(`${iso('3')} ${iso('45')}`);
    expect(isolateNumbers('1 0000')).toBe(`${iso('1')} ${iso('0000')}`);
  });

  it('leaves digits inside words, and text without numbers, alone', () => {
    expect(isolateNumbers('WELCOME10')).toBe('WELCOME10');
    expect(isolateNumbers('10OFF')).toBe('10OFF');
    expect(isolateNumbers('مجانًا')).toBe('مجانًا');
    expect(isolateNumbers('')).toBe('');
  });

  it('changes nothing the second time', () => {
    const once = isolateNumbers('−6 300 سوم · 2 منتجات');
    expect(isolateNumbers(once)).toBe(once);
    expect(isolateNumbers(`أضف ${once}`)).toBe(`أضف ${once}`);
  });
});

describe('formatPhone', () => {
  it('adds a plus and groups an Uzbek number', () => {
    expect(formatPhone('998901234567')).toBe('+998 90 123 45 67');
    expect(formatPhone('+998 (90) 123-45-67')).toBe('+998 90 123 45 67');
  });

  it('groups a Kazakh or Russian number', () => {
    expect(formatPhone('77011234567')).toBe('+7 701 123 45 67');
  });

  it('gives nothing for no number', () => {
    expect(formatPhone('')).toBe('');
    expect(formatPhone(null)).toBe('');
    expect(formatPhone(undefined)).toBe('');
    expect(formatPhone('abc')).toBe('');
  });
});

describe('maskPhone', () => {
  it('stars the middle digits, keeping the country, operator and last pair', () => {
    expect(maskPhone('998901234567')).toBe('+998 90 *** ** 67');
    expect(maskPhone('77011234567')).toBe('+7 701 *** ** 67');
  });

  it('does not mask what is too short to have a middle', () => {
    expect(maskPhone('12')).toBe('+12');
    expect(maskPhone('')).toBe('');
  });
});

describe('formatDate', () => {
  const instant = '2024-03-05T19:30:00Z';

  it('shows dd.mm.yyyy in Tashkent by default', () => {
    expect(formatDate(instant)).toBe('06.03.2024');
  });

  it('adds HH:MM on a 24-hour clock when asked', () => {
    expect(formatDate(instant, { withTime: true })).toBe('06.03.2024 00:30');
    expect(formatDate('2024-03-05T09:05:00Z', { withTime: true })).toBe('05.03.2024 14:05');
  });

  it('shows the date in the given time zone', () => {
    expect(formatDate(instant, { withTime: true, timeZone: 'UTC' })).toBe('05.03.2024 19:30');
    expect(formatDate(instant, { timeZone: 'Asia/Samarkand' })).toBe('06.03.2024');
  });

  it('takes a Date, an ISO string or epoch milliseconds', () => {
    expect(formatDate(new Date(instant))).toBe('06.03.2024');
    expect(formatDate(Date.parse(instant))).toBe('06.03.2024');
    expect(formatDate(Date.UTC(2024, 0, 1), { withTime: true })).toBe('01.01.2024 05:00');
    // Tashkent was UTC+6 in 1970: the zone's history is honoured, not a fixed offset.
    expect(formatDate(0, { withTime: true })).toBe('01.01.1970 06:00');
  });

  it('shows --.--.---- when empty or unreadable', () => {
    expect(EMPTY_DATE).toBe('--.--.----');
    expect(formatDate(null)).toBe(EMPTY_DATE);
    expect(formatDate(undefined)).toBe(EMPTY_DATE);
    expect(formatDate('')).toBe(EMPTY_DATE);
    expect(formatDate('not a date')).toBe(EMPTY_DATE);
    expect(formatDate(new Date(Number.NaN), { withTime: true })).toBe(EMPTY_DATE);
  });
});

describe('currencyLabel', () => {
  it("follows the brand's currency: so'm by default, tenge (теңге in Kazakh) for a brand priced in tenge", () => {
    expect(currencyLabel('UZS', 'ru')).toBe('сум');
    expect(currencyLabel('UZS', 'uz')).toBe("so'm");
    expect(currencyLabel(null, 'kz')).toBe('сум');
    expect(currencyLabel('KZT', 'ru')).toBe('тенге');
    expect(currencyLabel('KZT', 'kz')).toBe('теңге');
    expect(formatMoney(12500, currencyLabel('KZT', 'ru'))).toBe('12 500 тенге');
  });
});
