import type { UiLanguage } from './contracts/languages.ts';
import { DEFAULT_TIME_ZONE } from './constants.ts';

/*
 * Dates and times written out in words by our own table, for every interface language. Intl lacks
 * `uz` (and often `kk`, `ar`) in many phones' WebViews and answers "M11 30, Mon"; so the words come
 * from here and Intl is asked only for the wall-clock numbers of a time zone, in English, which every
 * ICU build has. One formatter for the storefront and the console.
 */

interface DateWords {
  /** Sunday first, as Date.getUTCDay counts. */
  weekdays: readonly string[];
  weekdaysLong: readonly string[];
  /** The month as a day's date names it (genitive where the language inflects it). */
  months: readonly string[];
  /** A day: `Dush, 30-noyabr`; the year is added for another year than the current one. */
  day: (p: { weekday: string; day: number; month: string; monthNo: number; year: number | null }) => string;
  /** Between the day and the time. */
  joiner: string;
}

const WORDS: Record<UiLanguage, DateWords> = {
  uz: {
    weekdays: ['Yak', 'Dush', 'Sesh', 'Chor', 'Pay', 'Jum', 'Shan'],
    weekdaysLong: ['Yakshanba', 'Dushanba', 'Seshanba', 'Chorshanba', 'Payshanba', 'Juma', 'Shanba'],
    months: ['yanvar', 'fevral', 'mart', 'aprel', 'may', 'iyun', 'iyul', 'avgust', 'sentabr', 'oktabr', 'noyabr', 'dekabr'],
    day: (p) => `${p.weekday}, ${p.year ? `${p.year}-yil ` : ''}${p.day}-${p.month}`,
    joiner: ', ',
  },
  ru: {
    weekdays: ['вс', 'пн', 'вт', 'ср', 'чт', 'пт', 'сб'],
    weekdaysLong: ['воскресенье', 'понедельник', 'вторник', 'среда', 'четверг', 'пятница', 'суббота'],
    months: ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'],
    day: (p) => `${p.weekday}, ${p.day} ${p.month}${p.year ? ` ${p.year} г.` : ''}`,
    joiner: ', ',
  },
  eng: {
    weekdays: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
    weekdaysLong: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
    months: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
    day: (p) => `${p.weekday}, ${p.day} ${p.month}${p.year ? ` ${p.year}` : ''}`,
    joiner: ', ',
  },
  ar: {
    weekdays: ['الأحد', 'الاثنين', 'الثلاثاء', 'الأربعاء', 'الخميس', 'الجمعة', 'السبت'],
    weekdaysLong: ['الأحد', 'الاثنين', 'الثلاثاء', 'الأربعاء', 'الخميس', 'الجمعة', 'السبت'],
    months: ['يناير', 'فبراير', 'مارس', 'أبريل', 'مايو', 'يونيو', 'يوليو', 'أغسطس', 'سبتمبر', 'أكتوبر', 'نوفمبر', 'ديسمبر'],
    day: (p) => `${p.weekday}، ${p.day} ${p.month}${p.year ? ` ${p.year}` : ''}`,
    joiner: '، ',
  },
  kz: {
    weekdays: ['жс', 'дс', 'сс', 'ср', 'бс', 'жм', 'сб'],
    weekdaysLong: ['жексенбі', 'дүйсенбі', 'сейсенбі', 'сәрсенбі', 'бейсенбі', 'жұма', 'сенбі'],
    months: ['қаңтар', 'ақпан', 'наурыз', 'сәуір', 'мамыр', 'маусым', 'шілде', 'тамыз', 'қыркүйек', 'қазан', 'қараша', 'желтоқсан'],
    day: (p) => `${p.weekday}, ${p.year ? `${p.year} ж. ` : ''}${p.day} ${p.month}`,
    joiner: ', ',
  },
  tr: {
    weekdays: ['Paz', 'Pzt', 'Sal', 'Çar', 'Per', 'Cum', 'Cmt'],
    weekdaysLong: ['Pazar', 'Pazartesi', 'Salı', 'Çarşamba', 'Perşembe', 'Cuma', 'Cumartesi'],
    months: ['Ocak', 'Şubat', 'Mart', 'Nisan', 'Mayıs', 'Haziran', 'Temmuz', 'Ağustos', 'Eylül', 'Ekim', 'Kasım', 'Aralık'],
    day: (p) => `${p.day} ${p.month}${p.year ? ` ${p.year}` : ''} ${p.weekday}`,
    joiner: ' ',
  },
  zh: {
    weekdays: ['周日', '周一', '周二', '周三', '周四', '周五', '周六'],
    weekdaysLong: ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'],
    months: ['1月', '2月', '3月', '4月', '5月', '6月', '7月', '8月', '9月', '10月', '11月', '12月'],
    day: (p) => `${p.year ? `${p.year}年` : ''}${p.month}${p.day}日 ${p.weekday}`,
    joiner: ' ',
  },
};

const wordsOf = (lang: UiLanguage): DateWords => WORDS[lang] ?? WORDS.ru;

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const clockFormatters = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of an instant in a time zone; English digits, which every ICU build has. */
function wallClock(date: Date, timeZone: string): WallClock {
  let f = clockFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    clockFormatters.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(date).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

function dayText(lang: UiLanguage, year: number, month: number, day: number, showYear: boolean): string {
  const w = wordsOf(lang);
  const weekday = w.weekdays[new Date(Date.UTC(year, month - 1, day)).getUTCDay()] ?? '';
  return w.day({ weekday, day, month: w.months[month - 1] ?? '', monthNo: month, year: showYear ? year : null });
}

export interface DateWordsOptions {
  /** The wall clock's zone; the default city's when not given. */
  timeZone?: string;
  /** Adds `HH:MM`. */
  withTime?: boolean;
  /** The year is written when it differs from this instant's (now by default). */
  now?: Date;
}

/**
 * An instant as a day in words in the interface language: `Dush, 30-noyabr`, `пн, 30 ноября`,
 * with `, 14:05` when asked and the year when it is not the current one. Empty for no valid date.
 */
export function formatDateWords(
  value: Date | string | number | null | undefined,
  lang: UiLanguage,
  options: DateWordsOptions = {},
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
  const c = wallClock(date, timeZone);
  const thisYear = wallClock(options.now ?? new Date(), timeZone).year;
  const text = dayText(lang, c.year, c.month, c.day, c.year !== thisYear);
  return options.withTime ? `${text}${wordsOf(lang).joiner}${pad(c.hour)}:${pad(c.minute)}` : text;
}

/** A calendar day 'YYYY-MM-DD' in words (`Dush, 30-noyabr`): the checkout's days; never shifted by a zone. */
export function formatDayWords(day: string, lang: UiLanguage): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  if (!y || !m || !d) return '';
  return dayText(lang, y, m, d, false);
}

/** The wall-clock time `HH:MM` (24 h, every language writes it so) of an instant; empty for none. */
export function formatTimeOfDay(value: Date | string | number | null | undefined, options: { timeZone?: string } = {}): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const c = wallClock(date, options.timeZone ?? DEFAULT_TIME_ZONE);
  return `${pad(c.hour)}:${pad(c.minute)}`;
}

/** A weekday's name (0 Sunday … 6 Saturday) in the interface language, short or long. */
export function weekdayName(index: number, lang: UiLanguage, width: 'short' | 'long' = 'long'): string {
  const w = wordsOf(lang);
  return (width === 'long' ? w.weekdaysLong : w.weekdays)[((index % 7) + 7) % 7] ?? '';
}
