import { localTime, WEEK_NAMES, type WeekName, type WorkDay } from '@dasturxon/domain';

const MINUTES_PER_DAY = 24 * 60;

const hhmm = (minutes: number): string => {
  const m = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

const day = (weekName: WeekName, open: string, close: string, extra?: [string, string]): WorkDay => ({
  weekName,
  open,
  close,
  extraOpen: extra?.[0] ?? null,
  extraClose: extra?.[1] ?? null,
  isDayOff: false,
});

/** The same hours every day. In the domain `00:00`-`00:00` means round the clock and a close before the open ends the next day. */
export function everyDay(open: string, close: string, extra?: [string, string]): WorkDay[] {
  return WEEK_NAMES.map((d) => day(d, open, close, extra));
}

/**
 * Usual hours, except that today (in the branch's time zone) opens about two hours after `now`
 * for one hour, so the branch is closed at `now`. The usual hours end before midnight, so
 * yesterday cannot reach into today.
 */
export function closedAtNow(now: Date, timeZone: string, usual: [string, string]): WorkDay[] {
  const { weekName, minutes } = localTime(now, timeZone);
  const open = Math.ceil((minutes + 120) / 15) * 15;
  return WEEK_NAMES.map((d) => (d === weekName ? day(d, hhmm(open), hhmm(open + 60)) : day(d, usual[0], usual[1])));
}

/** Usual hours, except that today (in the branch's time zone) is a day off. */
export function dayOffToday(now: Date, timeZone: string, usual: [string, string]): WorkDay[] {
  const { weekName } = localTime(now, timeZone);
  return WEEK_NAMES.map((d) => ({ ...day(d, usual[0], usual[1]), isDayOff: d === weekName }));
}
