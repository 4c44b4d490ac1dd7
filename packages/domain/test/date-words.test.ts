import { describe, expect, it } from 'vitest';
import { formatDateWords, formatDayWords, formatTimeOfDay, weekdayName } from '../src/date-words.ts';
import { UI_LANGUAGES } from '../src/languages.ts';

// 2026-11-30 09:05 UTC is Monday 30 November, 14:05 in Tashkent. The words come from the domain's own
// table, so these hold whatever ICU data the machine has.
const instant = '2026-11-30T09:05:00Z';
const now = new Date('2026-11-28T12:00:00Z');

describe('dates in words, by our own table', () => {
  const expected = {
    uz: ['Dush, 30-noyabr', 'Dush, 30-noyabr, 14:05', 'Dushanba'],
    ru: ['пн, 30 ноября', 'пн, 30 ноября, 14:05', 'понедельник'],
    eng: ['Mon, 30 Nov', 'Mon, 30 Nov, 14:05', 'Monday'],
    ar: ['الاثنين، 30 نوفمبر', 'الاثنين، 30 نوفمبر، 14:05', 'الاثنين'],
    kz: ['дс, 30 қараша', 'дс, 30 қараша, 14:05', 'дүйсенбі'],
    tr: ['30 Kasım Pzt', '30 Kasım Pzt 14:05', 'Pazartesi'],
    zh: ['11月30日 周一', '11月30日 周一 14:05', '星期一'],
  } as const;

  for (const lang of UI_LANGUAGES) {
    it(`writes ${lang}`, () => {
      const [day, withTime, weekday] = expected[lang];
      expect(formatDateWords(instant, lang, { timeZone: 'Asia/Tashkent', now })).toBe(day);
      expect(formatDateWords(instant, lang, { timeZone: 'Asia/Tashkent', now, withTime: true })).toBe(withTime);
      expect(formatDayWords('2026-11-30', lang)).toBe(day);
      expect(weekdayName(1, lang)).toBe(weekday);
    });
  }

  it('never writes the month as a number with M (the WebView without uz data)', () => {
    for (const lang of UI_LANGUAGES) expect(formatDateWords(instant, lang, { now })).not.toMatch(/M\d/);
  });

  it('adds the year only for another year', () => {
    const later = new Date('2027-02-01T00:00:00Z');
    expect(formatDateWords(instant, 'uz', { now: later })).toBe('Dush, 2026-yil 30-noyabr');
    expect(formatDateWords(instant, 'ru', { now: later })).toBe('пн, 30 ноября 2026 г.');
    expect(formatDateWords(instant, 'zh', { now: later })).toBe('2026年11月30日 周一');
  });

  it('reads the wall clock of the zone across midnight', () => {
    expect(formatDateWords('2026-11-29T20:30:00Z', 'uz', { timeZone: 'Asia/Tashkent', now, withTime: true })).toBe(
      'Dush, 30-noyabr, 01:30',
    );
    expect(formatDateWords('2026-11-29T20:30:00Z', 'uz', { timeZone: 'UTC', now, withTime: true })).toBe('Yak, 29-noyabr, 20:30');
    expect(formatTimeOfDay('2026-11-29T20:30:00Z', { timeZone: 'Asia/Tashkent' })).toBe('01:30');
  });

  it('is empty for no date', () => {
    expect(formatDateWords(null, 'uz')).toBe('');
    expect(formatDateWords('nonsense', 'ru')).toBe('');
    expect(formatTimeOfDay(undefined)).toBe('');
    expect(formatDayWords('', 'uz')).toBe('');
  });
});
