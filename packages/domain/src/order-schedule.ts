import type { WorkHours } from './contracts/hours.ts';
import type { ServiceType } from './enums.ts';
import { isOpenAt, type SpecialDayRule } from './hours.ts';
import { serviceHours } from './quote-rules.ts';
import { zonedDay } from './dates.ts';

/*
 * Scheduled ("later") orders: a day and a time 'HH:MM' (seconds zero) in the city's time zone, at least
 * the brand's lead time ahead, at most SCHEDULE_MAX_DAYS ahead, and inside the branch's hours for the
 * service type (the same `isOpenAt` that says whether a branch is open now, so an interval that passes
 * midnight and a day off count the same way).
 */

/** The furthest ahead an order may be scheduled. */
export const SCHEDULE_MAX_DAYS = 7;
/** The lead time of a brand that has not set one. */
export const DEFAULT_LEAD_TIME_MINUTES = 45;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** How far a zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  let f = offsetFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    offsetFormatters.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a wall-clock day 'YYYY-MM-DD' and time 'HH:MM' name in a time zone, or null when either
 * is malformed, the date does not exist (30 February), or the zone skips that minute (a clock moved forward).
 */
export function zonedInstant(day: string, time: string, timeZone: string): Date | null {
  const d = DAY.exec(day);
  const t = TIME.exec(time);
  if (!d || !t) return null;
  const [y, mo, da, h, mi] = [Number(d[1]), Number(d[2]), Number(d[3]), Number(t[1]), Number(t[2])];
  const wall = Date.UTC(y, mo - 1, da, h, mi);
  const check = new Date(wall);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== da) return null;
  // Two passes settle the offset on either side of a change of the zone's clock.
  let instant = wall - zoneOffsetMs(wall, timeZone);
  instant = wall - zoneOffsetMs(instant, timeZone);
  return wall - zoneOffsetMs(instant, timeZone) === instant ? new Date(instant) : null;
}

export type ScheduleProblemReason = 'FORMAT' | 'TOO_SOON' | 'TOO_FAR' | 'CLOSED';

export interface ScheduleInput {
  day: string;
  time: string;
  now: Date;
  /** The IANA time zone of the branch's city. */
  timeZone: string;
  /** The branch's hours, all types: the service type picks its own (`serviceHours`). */
  hours: readonly WorkHours[];
  /** The branch's special days (hours.ts `SpecialDayRule`); absent: none. */
  specialDays?: readonly SpecialDayRule[];
  serviceType: ServiceType;
  leadTimeMinutes: number;
  maxDays?: number;
}

export type ScheduleVerdict =
  | { ok: true; at: Date }
  | { ok: false; problem: { code: 'ORDER_TIME_INVALID'; details: { reason: ScheduleProblemReason; earliest?: string; latest?: string } } };

const refuse = (reason: ScheduleProblemReason, extra: { earliest?: string; latest?: string } = {}): ScheduleVerdict => ({
  ok: false,
  problem: { code: 'ORDER_TIME_INVALID', details: { reason, ...extra } },
});

/**
 * Whether a scheduled order may be placed for this day and time: ORDER_TIME_INVALID with the reason
 * FORMAT (not a real day and 'HH:MM' in the zone), TOO_SOON (less than the lead time ahead; `earliest`
 * says when it may be), TOO_FAR (more than `maxDays` ahead; `latest`), or CLOSED (the branch does not take
 * this service type then). The edges are allowed: exactly the lead time ahead, exactly `maxDays` ahead.
 */
export function checkSchedule(input: ScheduleInput): ScheduleVerdict {
  const at = zonedInstant(input.day, input.time, input.timeZone);
  if (!at) return refuse('FORMAT');
  const earliest = input.now.getTime() + input.leadTimeMinutes * 60_000;
  if (at.getTime() < earliest) return refuse('TOO_SOON', { earliest: new Date(earliest).toISOString() });
  const latest = input.now.getTime() + (input.maxDays ?? SCHEDULE_MAX_DAYS) * 86_400_000;
  if (at.getTime() > latest) return refuse('TOO_FAR', { latest: new Date(latest).toISOString() });
  if (!isOpenAt(serviceHours(input.hours, input.serviceType), at, input.timeZone, input.specialDays)) return refuse('CLOSED');
  return { ok: true, at };
}

/** When a scheduled order opens for the branch: its lead time before its time. */
export function opensAt(at: Date, leadTimeMinutes: number): Date {
  return new Date(at.getTime() - leadTimeMinutes * 60_000);
}

/**
 * When a closed branch opens next for a service (issue 29: "opens at 08:00" instead of a bare "closed"): the first
 * start of an interval of its hours after `now`, within `maxDays`; null when it does not open in that time. The
 * starts tried are the hours' own opening times (special days' too), each checked by the one open/closed rule.
 */
export function nextOpening(input: Omit<ScheduleInput, 'day' | 'time' | 'leadTimeMinutes'>): Date | null {
  const days = serviceHours(input.hours, input.serviceType);
  const special = input.specialDays ?? [];
  const starts = new Set<string>();
  for (const d of days) {
    if (d.isDayOff) continue;
    starts.add(d.open);
    if (d.extraOpen) starts.add(d.extraOpen);
  }
  for (const s of special) if (!s.isDayOff && s.open) starts.add(s.open);
  const today = zonedDay(input.now, input.timeZone);
  for (let offset = 0; offset <= (input.maxDays ?? SCHEDULE_MAX_DAYS); offset++) {
    const day = new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
    const opened = [...starts]
      .sort()
      .map((time) => zonedInstant(day, time, input.timeZone))
      .filter((at): at is Date => at !== null && at.getTime() > input.now.getTime())
      .find(
        (at) => isOpenAt(days, at, input.timeZone, special) && !isOpenAt(days, new Date(at.getTime() - 60_000), input.timeZone, special),
      );
    if (opened) return opened;
  }
  return null;
}
