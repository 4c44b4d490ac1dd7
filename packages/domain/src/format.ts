import type { UiLanguage } from './contracts/languages.ts';

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

/**
 * Spec section 5: at most 2 decimals (further digits are cut off), thousands grouped with spaces,
 * 0 when there is no value.
 */
export function formatNumber(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '0';
  const n = typeof value === 'number' ? value : Number(String(value).replace(/\s/g, ''));
  if (!Number.isFinite(n)) return '0';
  const negative = n < 0;
  const fixed = Math.abs(n).toFixed(10);
  const [intPart = '0', fracRaw = ''] = fixed.split('.');
  const frac = fracRaw.slice(0, 2).replace(/0+$/, '');
  const body = groupThousands(intPart) + (frac ? `.${frac}` : '');
  return negative && body !== '0' ? `-${body}` : body;
}

const digitsOf = (phone: string): string => phone.replace(/\D/g, '');

function phoneGroups(d: string): string[] {
  // A 9-digit number is a local Uzbek one (90 123 45 67).
  if (d.length === 9) return phoneGroups(`998${d}`);
  if (d.startsWith('998') && d.length === 12) return ['998', d.slice(3, 5), d.slice(5, 8), d.slice(8, 10), d.slice(10)];
  if (d.startsWith('7') && d.length === 11) return ['7', d.slice(1, 4), d.slice(4, 7), d.slice(7, 9), d.slice(9)];
  if (d.startsWith('90') && d.length === 12) return ['90', d.slice(2, 5), d.slice(5, 8), d.slice(8, 10), d.slice(10)];
  const groups: string[] = [];
  for (let i = 0; i < d.length; i += 3) groups.push(d.slice(i, i + 3));
  return groups;
}

/** Spec section 5: a leading plus and grouped digits (`998901234567` → `+998 90 123 45 67`). */
export function formatPhone(phone: string | null | undefined): string {
  const d = digitsOf(phone ?? '');
  if (!d) return '';
  return `+${phoneGroups(d).join(' ')}`;
}

/** The phone with its middle digits starred (`+998 90 *** ** 67`), for showing where a code went. */
export function maskPhone(phone: string | null | undefined): string {
  const d = digitsOf(phone ?? '');
  if (!d) return '';
  const groups = phoneGroups(d);
  if (groups.length < 3) return `+${groups.join(' ')}`;
  const masked = groups.map((g, i) => (i === 0 || i === 1 || i === groups.length - 1 ? g : '*'.repeat(g.length)));
  return `+${masked.join(' ')}`;
}

/** Money for the screen: the grouped amount with a currency label (`currencyLabel` gives the brand's in a language). */
export function formatMoney(amount: number, currencyLabel: string): string {
  return `${formatNumber(amount)} ${currencyLabel}`;
}

/**
 * The currencies a brand prices in (its settings' `currency`): Uzbek so'm by default, Kazakh tenge for a brand in
 * Kazakhstan. Amounts are whole units of the brand's currency either way; only the label differs.
 */
export const CURRENCIES = ['UZS', 'KZT'] as const;
export type Currency = (typeof CURRENCIES)[number];

const CURRENCY_LABELS: Record<Currency, Record<UiLanguage, string>> = {
  UZS: { uz: "so'm", ru: 'сум', eng: 'sum', ar: 'سوم', kz: 'сум', tr: 'som', zh: '苏姆' },
  KZT: { uz: 'tenge', ru: 'тенге', eng: 'tenge', ar: 'تنغي', kz: 'теңге', tr: 'tenge', zh: '坚戈' },
};

/** The label of the brand's currency in an interface language (`сум`, `so'm`; `тенге`, and `теңге` in Kazakh). */
export function currencyLabel(currency: Currency | null | undefined, language: UiLanguage): string {
  const labels = CURRENCY_LABELS[currency ?? 'UZS'] ?? CURRENCY_LABELS.UZS;
  return labels[language] ?? labels.ru;
}

const LRI = '\u2066';
const PDI = '\u2069';

/*
 * A number as our screens write it: a sign where it starts, digits grouped by three with a space
 * (plain, no-break or narrow), decimals or a time's minutes, a percent sign, and the other ends of a
 * range (`5–10`, `10:00–22:00`: a range reads as written, as a phone number does). It never starts
 * or ends inside a word (`WELCOME10`). Text already between LRI and PDI is taken whole, so isolating
 * twice (an amount put into a sentence that is isolated again) changes nothing.
 */
const DIGITS = String.raw`\d+(?:[ \u00a0\u202f]\d{3}(?!\d))*(?:[.,:]\d+)*`;
const NUMBER = new RegExp(
  String.raw`\u2066[^\u2069]*\u2069|(?<![\p{L}\p{N}])[+\-\u2212]?${DIGITS}(?:[\-\u2013]${DIGITS})*%?(?![\p{L}\p{N}])`,
  'gu',
);

/**
 * Right-to-left text with each number kept whole, left to right: the number goes between LRI and PDI
 * (U+2066, U+2069). Without them the bidirectional algorithm takes a number apart in Arabic: a plain
 * grouping space splits `308 100` into two numbers shown as `100 308`, a sign lands on the wrong side
 * (`+8 000` shows as `8 000+`), and a number after a Latin or Cyrillic word joins that word's run.
 * Only for text shown right to left: left-to-right text needs nothing, and the marks are invisible
 * but still part of the text.
 */
export function isolateNumbers(text: string): string {
  return text.replace(NUMBER, (run) => (run.startsWith(LRI) ? run : `${LRI}${run}${PDI}`));
}
