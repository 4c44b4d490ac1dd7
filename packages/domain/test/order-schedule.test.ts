import { describe, expect, it } from 'vitest';
import type { WorkDay, WorkHours } from '../src/contracts/hours.ts';
import { WEEK_NAMES } from '../src/enums.ts';
import { checkSchedule, nextOpening, opensAt, zonedInstant, type ScheduleInput } from '../src/order-schedule.ts';

const TZ = 'Asia/Tashkent'; // UTC+5, no summer time
const day = (weekName: WorkDay['weekName'], open: string, close: string, isDayOff = false): WorkDay => ({
  weekName,
  open,
  close,
  extraOpen: null,
  extraClose: null,
  isDayOff,
});

// Pickup 10:00-02:00 (past midnight) every day but Sunday, a day off. Delivery keeps its own hours 11:00-22:00.
const HOURS: WorkHours[] = [
  { type: 'PICK_UP', days: WEEK_NAMES.map((w) => day(w, '10:00', '02:00', w === 'SUNDAY')) },
  { type: 'DELIVERY', days: WEEK_NAMES.map((w) => day(w, '11:00', '22:00')) },
];

// Friday 14 March 2025, 23:30 in Tashkent: half an hour before midnight.
const NOW = new Date('2025-03-14T18:30:00Z');
const base = (over: Partial<ScheduleInput>): ScheduleInput => ({
  day: '2025-03-15',
  time: '12:00',
  now: NOW,
  timeZone: TZ,
  hours: HOURS,
  serviceType: 'PICK_UP',
  leadTimeMinutes: 45,
  ...over,
});
const reason = (v: ReturnType<typeof checkSchedule>) => (v.ok ? 'OK' : v.problem.details.reason);

describe('zonedInstant', () => {
  it("reads a day and a time on the city's wall clock", () => {
    expect(zonedInstant('2025-03-15', '00:15', TZ)?.toISOString()).toBe('2025-03-14T19:15:00.000Z');
    expect(zonedInstant('2025-03-15', '12:00', 'Asia/Samarkand')?.toISOString()).toBe('2025-03-15T07:00:00.000Z');
    expect(zonedInstant('2025-07-01', '12:00', 'Europe/Berlin')?.toISOString()).toBe('2025-07-01T10:00:00.000Z');
    expect(zonedInstant('2025-01-01', '12:00', 'Europe/Berlin')?.toISOString()).toBe('2025-01-01T11:00:00.000Z');
  });

  it('refuses what is no day, no time, or a minute the clock skips', () => {
    expect(zonedInstant('2025-02-30', '12:00', TZ)).toBeNull();
    expect(zonedInstant('2025-3-15', '12:00', TZ)).toBeNull();
    expect(zonedInstant('2025-03-15', '24:00', TZ)).toBeNull();
    expect(zonedInstant('2025-03-15', '12:00:00', TZ)).toBeNull();
    // Berlin moves from 02:00 to 03:00 on 30 March 2025.
    expect(zonedInstant('2025-03-30', '02:30', 'Europe/Berlin')).toBeNull();
  });
});

describe('checkSchedule', () => {
  it('takes a time after midnight, inside hours that run past it', () => {
    // Saturday 00:30 is Friday's 10:00-02:00; 60 minutes ahead of Friday 23:30.
    const v = checkSchedule(base({ day: '2025-03-15', time: '00:30' }));
    expect(v).toEqual({ ok: true, at: new Date('2025-03-14T19:30:00Z') });
  });

  it('refuses less than the lead time ahead, and accepts exactly the lead time', () => {
    const soon = checkSchedule(base({ day: '2025-03-15', time: '00:10' }));
    expect(soon).toEqual({
      ok: false,
      problem: { code: 'ORDER_TIME_INVALID', details: { reason: 'TOO_SOON', earliest: '2025-03-14T19:15:00.000Z' } },
    });
    expect(reason(checkSchedule(base({ day: '2025-03-15', time: '00:15' })))).toBe('OK');
    expect(reason(checkSchedule(base({ day: '2025-03-14', time: '22:00' })))).toBe('TOO_SOON');
  });

  it('refuses a time when the branch is closed: between 02:00 and 10:00, and all of a day off', () => {
    expect(reason(checkSchedule(base({ day: '2025-03-15', time: '02:00' })))).toBe('CLOSED');
    expect(reason(checkSchedule(base({ day: '2025-03-15', time: '09:59' })))).toBe('CLOSED');
    expect(reason(checkSchedule(base({ day: '2025-03-15', time: '10:00' })))).toBe('OK');
    // Sunday 16th is a day off…
    expect(reason(checkSchedule(base({ day: '2025-03-16', time: '12:00' })))).toBe('CLOSED');
    // …but Saturday's hours still run into Sunday's first hours.
    expect(reason(checkSchedule(base({ day: '2025-03-16', time: '01:30' })))).toBe('OK');
    // And a day off does not reach into Monday morning.
    expect(reason(checkSchedule(base({ day: '2025-03-17', time: '01:00' })))).toBe('CLOSED');
    expect(reason(checkSchedule(base({ day: '2025-03-17', time: '10:00' })))).toBe('OK');
  });

  it("judges the service type's own hours", () => {
    expect(reason(checkSchedule(base({ day: '2025-03-16', time: '12:00', serviceType: 'DELIVERY' })))).toBe('OK');
    expect(reason(checkSchedule(base({ day: '2025-03-15', time: '23:00', serviceType: 'DELIVERY' })))).toBe('CLOSED');
    expect(reason(checkSchedule(base({ day: '2025-03-15', time: '23:00', serviceType: 'PICK_UP' })))).toBe('OK');
    // No dine-in hours: the pickup hours govern (serviceHours).
    expect(reason(checkSchedule(base({ day: '2025-03-16', time: '12:00', serviceType: 'DINE_IN' })))).toBe('CLOSED');
  });

  it('takes up to 7 days ahead to the minute, not a minute more', () => {
    expect(reason(checkSchedule(base({ day: '2025-03-21', time: '23:30' })))).toBe('OK');
    const far = checkSchedule(base({ day: '2025-03-21', time: '23:31' }));
    expect(far).toEqual({
      ok: false,
      problem: { code: 'ORDER_TIME_INVALID', details: { reason: 'TOO_FAR', latest: '2025-03-21T18:30:00.000Z' } },
    });
    expect(reason(checkSchedule(base({ day: '2025-03-22', time: '12:00', maxDays: 8 })))).toBe('OK');
  });

  it('refuses a malformed day or time', () => {
    expect(reason(checkSchedule(base({ day: '2025-02-30', time: '12:00' })))).toBe('FORMAT');
    expect(reason(checkSchedule(base({ day: '15.03.2025', time: '12:00' })))).toBe('FORMAT');
    expect(reason(checkSchedule(base({ time: '12:00:00' })))).toBe('FORMAT');
  });

  it('opens a scheduled order its lead time before', () => {
    expect(opensAt(new Date('2025-03-15T07:00:00Z'), 45).toISOString()).toBe('2025-03-15T06:15:00.000Z');
  });
});

describe('nextOpening', () => {
  const at = (now: Date, serviceType: ScheduleInput['serviceType'] = 'DELIVERY', specialDays: ScheduleInput['specialDays'] = []) =>
    nextOpening({ now, timeZone: TZ, hours: HOURS, serviceType, specialDays })?.toISOString() ?? null;

  it('is the next start of the service’s hours: later today, or tomorrow once today’s have passed', () => {
    // Friday 08:00 in Tashkent: delivery opens at 11:00 today.
    expect(at(new Date('2025-03-14T03:00:00Z'))).toBe('2025-03-14T06:00:00.000Z');
    // Friday 23:30: delivery closed at 22:00, opens Saturday 11:00; pickup is still open (past midnight) and next opens Saturday 10:00.
    expect(at(NOW)).toBe('2025-03-15T06:00:00.000Z');
    expect(at(NOW, 'PICK_UP')).toBe('2025-03-15T05:00:00.000Z');
  });

  it('skips a day off and a holiday, and is null when nothing opens within the days looked at', () => {
    // Saturday 03:00: pickup opens Saturday 10:00; with Saturday a holiday, Monday 10:00 (Sunday is its day off).
    const saturdayNight = new Date('2025-03-14T22:00:00Z');
    expect(at(saturdayNight, 'PICK_UP')).toBe('2025-03-15T05:00:00.000Z');
    expect(at(saturdayNight, 'PICK_UP', [{ date: '2025-03-15', isDayOff: true, open: null, close: null }])).toBe(
      '2025-03-17T05:00:00.000Z',
    );
    expect(nextOpening({ now: NOW, timeZone: TZ, hours: [], serviceType: 'DELIVERY' })).toBeNull();
  });
});
