import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WEEK_NAMES, type WeekName } from '../src/enums.ts';
import { WorkDay, type WorkHours } from '../src/contracts/hours.ts';
import { groupWorkHours, hoursOfType, isOpenAt, localTime, todayHours } from '../src/hours.ts';

const WEEK = WEEK_NAMES;
const MINUTES_PER_DAY = 1440;
const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;
/** 2024-01-01 is a Monday; midnight of it in a UTC+5 zone (Tashkent, Samarkand). */
const MONDAY_UTC5 = Date.UTC(2024, 0, 1) - 5 * 3_600_000;

const hhmm = (minutes: number): string => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const day = (weekName: WeekName, open: string, close: string, extra: Partial<WorkDay> = {}): WorkDay => ({
  weekName,
  open,
  close,
  extraOpen: null,
  extraClose: null,
  isDayOff: false,
  ...extra,
});

/**
 * The reference model: a week of 10 080 minutes, each marked open or closed from the schedule
 * alone, written without the code under test. An interval whose close is at or before its open
 * runs into the next day (equal: a full 24 hours); Sunday's spill lands on Monday morning.
 */
function referenceWeek(days: readonly WorkDay[]): boolean[] {
  const open = new Array<boolean>(MINUTES_PER_WEEK).fill(false);
  const toMin = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  for (const d of days) {
    if (d.isDayOff) continue;
    const base = WEEK.indexOf(d.weekName) * MINUTES_PER_DAY;
    const intervals: [string, string][] = [[d.open, d.close]];
    if (d.extraOpen && d.extraClose) intervals.push([d.extraOpen, d.extraClose]);
    for (const [o, c] of intervals) {
      const start = toMin(o);
      const length = ((toMin(c) - start + MINUTES_PER_DAY - 1) % MINUTES_PER_DAY) + 1;
      for (let m = 0; m < length; m++) open[(base + start + m) % MINUTES_PER_WEEK] = true;
    }
  }
  return open;
}

// Times on a coarse grid half of the time, so intervals often touch, nest and share ends.
const timeArb = fc.oneof(
  fc.integer({ min: 0, max: MINUTES_PER_DAY - 1 }).map(hhmm),
  fc.integer({ min: 0, max: 23 }).map((h) => hhmm(h * 60)),
);

const dayArb = (weekName: WeekName) =>
  fc
    .record({
      open: timeArb,
      close: timeArb,
      extra: fc.option(fc.tuple(timeArb, timeArb), { nil: null }),
      isDayOff: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
    })
    .map(({ open, close, extra, isDayOff }) =>
      day(weekName, open, close, { extraOpen: extra?.[0] ?? null, extraClose: extra?.[1] ?? null, isDayOff }),
    );

// Any subset of the week, each present day with its own hours; a missing day is a day with no entry.
const scheduleArb = fc
  .tuple(...WEEK.map((w) => fc.option(dayArb(w), { nil: null, freq: 4 })))
  .map((days) => days.filter((d): d is WorkDay => d !== null));

describe('isOpenAt agrees with a minute-by-minute model of the week', () => {
  it('at random instants in Asia/Tashkent and Asia/Samarkand (UTC+5, no DST)', () => {
    fc.assert(
      fc.property(
        scheduleArb,
        fc.integer({ min: 0, max: MINUTES_PER_WEEK - 1 }),
        fc.integer({ min: 0, max: 59 }),
        fc.integer({ min: 0, max: 520 }),
        fc.constantFrom('Asia/Tashkent', 'Asia/Samarkand'),
        (days, minuteOfWeek, second, week, zone) => {
          const now = new Date(MONDAY_UTC5 + (week * MINUTES_PER_WEEK + minuteOfWeek) * 60_000 + second * 1000);
          expect(isOpenAt(days, now, zone)).toBe(referenceWeek(days)[minuteOfWeek]);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('at every minute of the week, for a few random schedules', () => {
    fc.assert(
      fc.property(scheduleArb, (days) => {
        const model = referenceWeek(days);
        for (let m = 0; m < MINUTES_PER_WEEK; m++) {
          if (isOpenAt(days, new Date(MONDAY_UTC5 + m * 60_000), 'Asia/Tashkent') !== model[m]) {
            throw new Error(`minute ${m} of the week (${WEEK[Math.floor(m / MINUTES_PER_DAY)]} ${hhmm(m % MINUTES_PER_DAY)}) disagrees`);
          }
        }
      }),
      { numRuns: 6 },
    );
  });

  it('in a zone with daylight saving time (Europe/Berlin), reading the wall clock of the instant', () => {
    const wallClock = (now: Date, timeZone: string) => {
      const parts = new Intl.DateTimeFormat('en-GB', {
        timeZone,
        weekday: 'long',
        hour: 'numeric',
        minute: 'numeric',
        hourCycle: 'h23',
      }).formatToParts(now);
      const get = (t: string) => parts.find((p) => p.type === t)!.value;
      return WEEK.indexOf(get('weekday').toUpperCase() as WeekName) * MINUTES_PER_DAY + Number(get('hour')) * 60 + Number(get('minute'));
    };
    // Instants within a day of the 2024 switches (31 March, 27 October), where an hour is skipped or repeated.
    const around = (switchUtc: number) => fc.integer({ min: -36 * 60, max: 36 * 60 }).map((m) => new Date(switchUtc + m * 60_000));
    fc.assert(
      fc.property(scheduleArb, fc.oneof(around(Date.UTC(2024, 2, 31, 1)), around(Date.UTC(2024, 9, 27, 1))), (days, now) => {
        expect(isOpenAt(days, now, 'Europe/Berlin')).toBe(referenceWeek(days)[wallClock(now, 'Europe/Berlin')]);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('isOpenAt, worked examples', () => {
  const at = (iso: string) => new Date(iso);
  const tashkent = 'Asia/Tashkent';

  it('opens at open and closes at close (close is exclusive)', () => {
    const days = [day('MONDAY', '09:00', '18:00')];
    expect(isOpenAt(days, at('2024-01-01T08:59:00+05:00'), tashkent)).toBe(false);
    expect(isOpenAt(days, at('2024-01-01T09:00:00+05:00'), tashkent)).toBe(true);
    expect(isOpenAt(days, at('2024-01-01T17:59:59+05:00'), tashkent)).toBe(true);
    expect(isOpenAt(days, at('2024-01-01T18:00:00+05:00'), tashkent)).toBe(false);
  });

  it('keeps an interval past midnight open into the next morning, even on a day off', () => {
    const days = [day('FRIDAY', '18:00', '03:00'), day('SATURDAY', '10:00', '22:00', { isDayOff: true })];
    expect(isOpenAt(days, at('2024-01-05T23:30:00+05:00'), tashkent)).toBe(true); // Friday night
    expect(isOpenAt(days, at('2024-01-06T02:59:00+05:00'), tashkent)).toBe(true); // Saturday, Friday's spill
    expect(isOpenAt(days, at('2024-01-06T03:00:00+05:00'), tashkent)).toBe(false);
    expect(isOpenAt(days, at('2024-01-06T12:00:00+05:00'), tashkent)).toBe(false); // Saturday is a day off
  });

  it('a day off spills nothing into the next day', () => {
    const days = [day('FRIDAY', '18:00', '03:00', { isDayOff: true }), day('SATURDAY', '10:00', '22:00')];
    expect(isOpenAt(days, at('2024-01-06T01:00:00+05:00'), tashkent)).toBe(false);
    expect(isOpenAt(days, at('2024-01-06T10:00:00+05:00'), tashkent)).toBe(true);
  });

  it('Sunday night spills into Monday morning', () => {
    const days = [day('SUNDAY', '20:00', '02:00')];
    expect(isOpenAt(days, at('2024-01-08T01:59:00+05:00'), tashkent)).toBe(true);
    expect(isOpenAt(days, at('2024-01-08T02:00:00+05:00'), tashkent)).toBe(false);
  });

  it('open equal to close is round the clock', () => {
    const days = [day('MONDAY', '00:00', '00:00')];
    expect(isOpenAt(days, at('2024-01-01T00:00:00+05:00'), tashkent)).toBe(true);
    expect(isOpenAt(days, at('2024-01-01T23:59:00+05:00'), tashkent)).toBe(true);
    expect(isOpenAt(days, at('2024-01-02T00:00:00+05:00'), tashkent)).toBe(false);
  });

  it('uses the extra interval as well', () => {
    const days = [day('MONDAY', '18:00', '23:00', { extraOpen: '08:00', extraClose: '11:00' })];
    expect(isOpenAt(days, at('2024-01-01T09:00:00+05:00'), tashkent)).toBe(true);
    expect(isOpenAt(days, at('2024-01-01T12:00:00+05:00'), tashkent)).toBe(false);
    expect(isOpenAt(days, at('2024-01-01T19:00:00+05:00'), tashkent)).toBe(true);
  });

  it('ignores a half-set extra interval', () => {
    const days = [day('MONDAY', '18:00', '23:00', { extraOpen: '08:00', extraClose: null })];
    expect(isOpenAt(days, at('2024-01-01T09:00:00+05:00'), tashkent)).toBe(false);
  });

  it('is closed with no hours at all', () => {
    expect(isOpenAt([], at('2024-01-01T12:00:00+05:00'), tashkent)).toBe(false);
  });

  it('evaluates in the city time zone, not in UTC', () => {
    const days = [day('MONDAY', '09:00', '18:00')];
    const now = at('2024-01-01T05:00:00Z'); // 10:00 in Tashkent, 05:00 in London
    expect(isOpenAt(days, now, tashkent)).toBe(true);
    expect(isOpenAt(days, now, 'Asia/Samarkand')).toBe(true);
    expect(isOpenAt(days, now, 'Europe/London')).toBe(false);
  });

  it('follows summer and winter time in a DST zone (Europe/Berlin)', () => {
    const days = WEEK.map((w) => day(w, '09:00', '18:00'));
    expect(isOpenAt(days, at('2024-03-30T07:30:00Z'), 'Europe/Berlin')).toBe(false); // 08:30 CET
    expect(isOpenAt(days, at('2024-03-31T07:30:00Z'), 'Europe/Berlin')).toBe(true); // 09:30 CEST
    expect(isOpenAt(days, at('2024-10-27T07:30:00Z'), 'Europe/Berlin')).toBe(false); // 08:30 CET again
  });

  it('counts a spill across the night the clocks go forward by the wall clock', () => {
    const days = [day('SATURDAY', '22:00', '03:30')];
    expect(isOpenAt(days, at('2024-03-31T00:59:00Z'), 'Europe/Berlin')).toBe(true); // 01:59 CET
    expect(isOpenAt(days, at('2024-03-31T01:29:00Z'), 'Europe/Berlin')).toBe(true); // 03:29 CEST
    expect(isOpenAt(days, at('2024-03-31T01:30:00Z'), 'Europe/Berlin')).toBe(false); // 03:30 CEST
  });

  it('Europe/Istanbul: summer time in 2015, a fixed UTC+3 since late 2016', () => {
    const days = WEEK.map((w) => day(w, '09:00', '18:00'));
    expect(localTime(at('2015-01-15T07:30:00Z'), 'Europe/Istanbul').minutes).toBe(9 * 60 + 30); // EET, +2
    expect(localTime(at('2015-07-15T06:30:00Z'), 'Europe/Istanbul').minutes).toBe(9 * 60 + 30); // EEST, +3
    expect(localTime(at('2024-01-15T06:30:00Z'), 'Europe/Istanbul').minutes).toBe(9 * 60 + 30); // +3 in winter too
    expect(isOpenAt(days, at('2015-01-15T06:30:00Z'), 'Europe/Istanbul')).toBe(false); // 08:30
    expect(isOpenAt(days, at('2024-01-15T06:30:00Z'), 'Europe/Istanbul')).toBe(true); // 09:30
  });
});

describe('localTime', () => {
  it('gives the weekday and minute of the day in the zone', () => {
    expect(localTime(new Date('2024-01-01T20:00:00Z'), 'Asia/Tashkent')).toEqual({ weekName: 'TUESDAY', minutes: 60 });
    expect(localTime(new Date('2024-01-01T20:00:00Z'), 'UTC')).toEqual({ weekName: 'MONDAY', minutes: 20 * 60 });
  });

  it('says midnight is minute 0, not 24:00', () => {
    expect(localTime(new Date('2024-01-01T19:00:00Z'), 'Asia/Tashkent')).toEqual({ weekName: 'TUESDAY', minutes: 0 });
  });

  it('answers every instant as formatted afresh, also when asked again within the second it keeps, in any order of zones', () => {
    // The reference: the zone's own formatting, never kept.
    const fresh = (at: Date, timeZone: string) => {
      const parts = new Intl.DateTimeFormat('en-US', {
        timeZone,
        weekday: 'long',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).formatToParts(at);
      const get = (type: string) => parts.find((p) => p.type === type)!.value;
      return { weekName: get('weekday').toUpperCase(), minutes: Number(get('hour')) * 60 + Number(get('minute')) };
    };
    const zones = ['Asia/Tashkent', 'UTC', 'Asia/Kolkata', 'America/St_Johns', 'Europe/Istanbul', 'Asia/Kathmandu'];
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: Date.UTC(2015, 0, 1), max: Date.UTC(2035, 0, 1) }), fc.constantFrom(...zones)), {
          minLength: 1,
          maxLength: 10,
        }),
        (asks) => {
          // Each instant is asked next to its neighbours: the same second, the last millisecond of the minute, the next one.
          for (const [ms, zone] of asks) {
            for (const at of [ms, ms + 1, ms - (ms % 60_000) + 59_999, ms - (ms % 60_000) + 60_000, ms]) {
              expect(localTime(new Date(at), zone)).toEqual(fresh(new Date(at), zone));
              for (const other of zones) expect(localTime(new Date(at), other)).toEqual(fresh(new Date(at), other));
            }
          }
        },
      ),
      { numRuns: 100 },
    );
  }, 60_000); // 100 runs of Intl formatting: a few seconds on a quiet machine, more under load
});

describe('todayHours', () => {
  const monday = new Date('2024-01-01T12:00:00+05:00');

  it('is a holiday when today has no entry', () => {
    expect(todayHours([day('TUESDAY', '09:00', '18:00')], monday, 'Asia/Tashkent')).toEqual({ isHoliday: true });
    expect(todayHours([], monday, 'Asia/Tashkent')).toEqual({ isHoliday: true });
  });

  it('is a holiday on a day off', () => {
    expect(todayHours([day('MONDAY', '09:00', '18:00', { isDayOff: true })], monday, 'Asia/Tashkent')).toEqual({ isHoliday: true });
  });

  it('shows open-close', () => {
    expect(todayHours([day('MONDAY', '09:00', '18:00')], monday, 'Asia/Tashkent')).toEqual({
      isHoliday: false,
      intervals: [{ open: '09:00', close: '18:00' }],
    });
  });

  it('shows the extra interval first', () => {
    const days = [day('MONDAY', '18:00', '02:00', { extraOpen: '08:00', extraClose: '12:00' })];
    expect(todayHours(days, monday, 'Asia/Tashkent')).toEqual({
      isHoliday: false,
      intervals: [
        { open: '08:00', close: '12:00' },
        { open: '18:00', close: '02:00' },
      ],
    });
  });

  it('takes today from the time zone', () => {
    const days = [day('MONDAY', '09:00', '18:00'), day('TUESDAY', '10:00', '19:00')];
    const lateMondayUtc = new Date('2024-01-01T20:00:00Z'); // already Tuesday in Tashkent
    expect(todayHours(days, lateMondayUtc, 'Asia/Tashkent')).toEqual({ isHoliday: false, intervals: [{ open: '10:00', close: '19:00' }] });
    expect(todayHours(days, lateMondayUtc, 'UTC')).toEqual({ isHoliday: false, intervals: [{ open: '09:00', close: '18:00' }] });
  });
});

describe('WorkDay and hoursOfType', () => {
  it('fills the optional parts of a day', () => {
    expect(WorkDay.parse({ weekName: 'MONDAY', open: '09:00', close: '18:00' })).toEqual(day('MONDAY', '09:00', '18:00'));
  });

  it('refuses times that are not HH:MM of a day', () => {
    for (const t of ['24:00', '9:00', '09:60', '0900', '']) {
      expect(WorkDay.safeParse({ weekName: 'MONDAY', open: t, close: '18:00' }).success).toBe(false);
    }
    expect(WorkDay.safeParse({ weekName: 'Monday', open: '09:00', close: '18:00' }).success).toBe(false);
  });

  it('picks the days of one hours type, none when absent', () => {
    const hours: WorkHours[] = [
      { type: 'DELIVERY', days: [day('MONDAY', '10:00', '22:00')] },
      { type: 'PICK_UP', days: [day('MONDAY', '09:00', '23:00')] },
    ];
    expect(hoursOfType(hours, 'PICK_UP')).toEqual([day('MONDAY', '09:00', '23:00')]);
    expect(hoursOfType(hours, 'DINE_IN')).toEqual([]);
  });
});

describe('groupWorkHours: stored rows as WorkHours[]', () => {
  it("groups by type in the enum order, keeps each type's days as stored, leaves out types without days and other fields", () => {
    const rows = [
      { type: 'PICK_UP' as const, branchId: 'b', ...day('TUESDAY', '09:00', '23:00') },
      { type: 'DELIVERY' as const, branchId: 'b', ...day('MONDAY', '10:00', '22:00') },
      { type: 'PICK_UP' as const, branchId: 'b', ...day('MONDAY', '08:00', '20:00') },
    ];
    expect(groupWorkHours(rows)).toEqual([
      { type: 'DELIVERY', days: [day('MONDAY', '10:00', '22:00')] },
      { type: 'PICK_UP', days: [day('TUESDAY', '09:00', '23:00'), day('MONDAY', '08:00', '20:00')] },
    ]);
    expect(groupWorkHours([])).toEqual([]);
  });
});

describe('special days (branch_special_days) in the hours rule', () => {
  const TZ = 'Asia/Tashkent';
  const week = (['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const).map((weekName) => ({
    weekName,
    open: '10:00',
    close: '02:00',
    extraOpen: null,
    extraClose: null,
    isDayOff: false,
  }));
  // 2027-01-01 is a Friday; Tashkent is UTC+5.
  const at = (local: string) => new Date(`${local}:00+05:00`);

  it('a holiday closes the whole local date, the previous evening past midnight included', () => {
    const holiday = [{ date: '2027-01-01', isDayOff: true, open: null, close: null }];
    expect(isOpenAt(week, at('2027-01-01T12:00'), TZ)).toBe(true);
    expect(isOpenAt(week, at('2027-01-01T12:00'), TZ, holiday)).toBe(false);
    expect(isOpenAt(week, at('2027-01-01T01:00'), TZ, holiday)).toBe(false);
    expect(isOpenAt(week, at('2027-01-02T12:00'), TZ, holiday)).toBe(true);
    expect(todayHours(week, at('2027-01-01T12:00'), TZ, holiday)).toEqual({ isHoliday: true });
  });

  it("a short day replaces the week's hours of that date, and its past-midnight close carries into the next morning", () => {
    const short = [{ date: '2027-01-01', isDayOff: false, open: '12:00', close: '18:00' }];
    expect(isOpenAt(week, at('2027-01-01T11:00'), TZ, short)).toBe(false);
    expect(isOpenAt(week, at('2027-01-01T13:00'), TZ, short)).toBe(true);
    expect(isOpenAt(week, at('2027-01-01T19:00'), TZ, short)).toBe(false);
    expect(isOpenAt(week, at('2027-01-02T01:00'), TZ, short)).toBe(false);
    expect(todayHours(week, at('2027-01-01T13:00'), TZ, short)).toEqual({
      isHoliday: false,
      intervals: [{ open: '12:00', close: '18:00' }],
    });
    const late = [{ date: '2027-01-01', isDayOff: false, open: '20:00', close: '03:00' }];
    expect(isOpenAt(week, at('2027-01-02T02:30'), TZ, late)).toBe(true);
  });
});
