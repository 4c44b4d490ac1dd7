import { DEFAULT_TIME_ZONE } from './constants.ts';

/* Dates for the screen, apart from the other formats so that a page that shows none does not carry it. */

export const EMPTY_DATE = '--.--.----';

/** Spec section 5: `dd.mm.yyyy` with an optional ` HH:MM`, in the given time zone; `--.--.----` when empty. */
export function formatDate(
  value: Date | string | number | null | undefined,
  options: { withTime?: boolean; timeZone?: string } = {},
): string {
  if (value === null || value === undefined || value === '') return EMPTY_DATE;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return EMPTY_DATE;
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: options.timeZone ?? DEFAULT_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  const day = `${get('day')}.${get('month')}.${get('year')}`;
  return options.withTime ? `${day} ${get('hour')}:${get('minute')}` : day;
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock day 'YYYY-MM-DD' of an instant in a time zone (a checkout's days, a provider's "payments of the day"). */
export function zonedDay(instant: Date, timeZone: string): string {
  let f = dayFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}
