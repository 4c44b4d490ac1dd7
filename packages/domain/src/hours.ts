import { WEEK_NAMES, WORK_HOURS_TYPES, type WeekName, type WorkHoursType } from './enums.ts';
import type { WorkDay, WorkHours } from './contracts/hours.ts';

export interface Interval {
  open: string;
  close: string;
}

export type TodayHours = { isHoliday: true } | { isHoliday: false; intervals: Interval[] };

const WEEK = WEEK_NAMES;
const MINUTES_PER_DAY = 24 * 60;

const toMinutes = (hhmm: string): number => {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

/** The weekday and minute of the day that `now` is in a time zone. */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: building one costs far more than using it, and branch lists ask often. */
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, f);
  }
  return f;
}

type LocalTime = Readonly<{ weekName: WeekName; minutes: number }>;

/**
 * The last answer per zone, by the second it was for. Every quote judges its branch's hours, and formatting a
 * date in a zone costs more than the rest of that judgement; within one second of UTC the weekday and the minute
 * are the same in every zone (offsets are whole seconds), so the answer is reused exactly.
 */
const lastLocalTime = new Map<string, { second: number; value: LocalTime }>();

export function localTime(now: Date, timeZone: string): LocalTime {
  const second = Math.floor(now.getTime() / 1000);
  const last = lastLocalTime.get(timeZone);
  if (last && last.second === second) return last.value;
  const parts = formatterFor(timeZone).formatToParts(now);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  const weekName = get('weekday').toUpperCase() as WeekName;
  const value: LocalTime = Object.freeze({ weekName, minutes: Number(get('hour')) * 60 + Number(get('minute')) });
  lastLocalTime.set(timeZone, { second, value });
  return value;
}

const previousDay = (d: WeekName): WeekName => WEEK[(WEEK.indexOf(d) + 6) % 7]!;

/** The intervals of one day, extra interval first (docs/spec-index.md section 4), as [start, end) minutes; an end past midnight goes over 1440. */
function dayIntervals(day: WorkDay): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  const add = (open: string, close: string) => {
    const start = toMinutes(open);
    let end = toMinutes(close);
    // An interval whose close is at or before its open ends the next day; equal means round the clock.
    if (end <= start) end += MINUTES_PER_DAY;
    out.push({ start, end });
  };
  if (day.extraOpen && day.extraClose) add(day.extraOpen, day.extraClose);
  add(day.open, day.close);
  return out;
}

const findDay = (days: readonly WorkDay[], weekName: WeekName) => days.find((d) => d.weekName === weekName);

/**
 * A date the branch keeps other hours than its week's (branch_special_days): a holiday closes it for that whole local
 * date; a short day's open–close replaces that date's week hours (a close at or before open ends the next morning).
 */
export interface SpecialDayRule {
  /** The branch's local date, YYYY-MM-DD. */
  date: string;
  isDayOff: boolean;
  open: string | null;
  close: string | null;
}

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** The local date (YYYY-MM-DD) that `now` is in a time zone. */
export function localDate(now: Date, timeZone: string): string {
  let f = dateFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormatters.set(timeZone, f);
  }
  return f.format(now);
}

const previousDate = (date: string): string => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** The week's day as a special day makes it: a holiday is a day off, a short day has its one interval. */
function dayOn(days: readonly WorkDay[], weekName: WeekName, date: string, special: readonly SpecialDayRule[]): WorkDay | undefined {
  const s = special.find((d) => d.date === date);
  if (!s) return findDay(days, weekName);
  if (s.isDayOff || !s.open || !s.close)
    return { weekName, open: '00:00', close: '00:00', extraOpen: null, extraClose: null, isDayOff: true };
  return { weekName, open: s.open, close: s.close, extraOpen: null, extraClose: null, isDayOff: false };
}

/**
 * Today's hours for the list: a holiday when today has no entry or is a day off; otherwise
 * open-close with the extra interval first when one is set.
 */
export function todayHours(days: readonly WorkDay[], now: Date, timeZone: string, special: readonly SpecialDayRule[] = []): TodayHours {
  const today = dayOn(days, localTime(now, timeZone).weekName, localDate(now, timeZone), special);
  if (!today || today.isDayOff) return { isHoliday: true };
  const intervals: Interval[] = [];
  if (today.extraOpen && today.extraClose) intervals.push({ open: today.extraOpen, close: today.extraClose });
  intervals.push({ open: today.open, close: today.close });
  return { isHoliday: false, intervals };
}

/**
 * True when the hours include `now` in the city's time zone. An interval that passes midnight
 * keeps the branch open into the next morning, even when that next day is a day off.
 */
export function isOpenAt(days: readonly WorkDay[], now: Date, timeZone: string, special: readonly SpecialDayRule[] = []): boolean {
  const { weekName, minutes } = localTime(now, timeZone);
  const date = localDate(now, timeZone);
  // A holiday closes the whole local date, the previous evening's interval past midnight included.
  if (special.some((d) => d.date === date && d.isDayOff)) return false;
  const today = dayOn(days, weekName, date, special);
  if (today && !today.isDayOff && dayIntervals(today).some((i) => minutes >= i.start && minutes < i.end)) return true;
  const yesterday = dayOn(days, previousDay(weekName), previousDate(date), special);
  if (yesterday && !yesterday.isDayOff) {
    const m = minutes + MINUTES_PER_DAY;
    if (dayIntervals(yesterday).some((i) => m >= i.start && m < i.end)) return true;
  }
  return false;
}

/** A branch's hours of one type and day, as they are stored (a row of work_hours; other fields are ignored). */
export type WorkDayRow = WorkDay & { type: WorkHoursType };

/**
 * A branch's stored hours as `WorkHours[]`: by type in the enum's order, a type without days left out, each
 * type's days as stored (a day may be missing: a holiday, docs/spec-index.md section 4). The one reading of the rows.
 */
export function groupWorkHours(rows: readonly WorkDayRow[]): WorkHours[] {
  const out: WorkHours[] = [];
  for (const type of WORK_HOURS_TYPES) {
    const days = rows
      .filter((r) => r.type === type)
      .map((r): WorkDay => ({
        weekName: r.weekName,
        open: r.open,
        close: r.close,
        extraOpen: r.extraOpen,
        extraClose: r.extraClose,
        isDayOff: r.isDayOff,
      }));
    if (days.length > 0) out.push({ type, days });
  }
  return out;
}

/** The days of a given hours type (PICK_UP for the branch list), or none. */
export function hoursOfType(hours: readonly WorkHours[], type: WorkHoursType): WorkDay[] {
  return hours.find((h) => h.type === type)?.days ?? [];
}
