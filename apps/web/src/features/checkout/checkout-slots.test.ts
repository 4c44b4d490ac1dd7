import { describe, expect, it } from 'vitest';
import { checkSchedule, type WorkHours } from '@dasturxon/domain';
import { addDays, scheduleDays, slotsOfDay, zonedDay } from './checkout-slots.ts';

const WEEK = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
const day = (weekName: (typeof WEEK)[number], open: string, close: string, isDayOff = false) => ({
  weekName,
  open,
  close,
  extraOpen: null,
  extraClose: null,
  isDayOff,
});
const TZ = 'Asia/Tashkent';

/** Pickup 10:00–22:00 every day but Sunday (a day off). */
const HOURS: WorkHours[] = [{ type: 'PICK_UP', days: WEEK.map((w) => day(w, '10:00', '22:00', w === 'SUNDAY')) }];

// Wednesday 2025-06-11, 12:00 in Tashkent (UTC+5).
const NOW = new Date('2025-06-11T07:00:00Z');
const base = { now: NOW, timeZone: TZ, hours: HOURS, serviceType: 'PICK_UP' as const, leadTimeMinutes: 45, maxDays: 7 };

describe('checkout slots', () => {
  it('reads the day in the city and moves by calendar days', () => {
    expect(zonedDay(new Date('2025-06-11T20:30:00Z'), TZ)).toBe('2025-06-12');
    expect(addDays('2025-06-30', 1)).toBe('2025-07-01');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
  });

  it('starts today at the lead time ahead, on the quarter hour, and stops before closing', () => {
    const slots = slotsOfDay('2025-06-11', base);
    expect(slots[0]).toBe('12:45');
    expect(slots.at(-1)).toBe('21:45');
    expect(slots).not.toContain('22:00');
  });

  it('leaves out a day off and days beyond the limit; every slot is one the server accepts', () => {
    const days = scheduleDays(base);
    expect(days[0]!.day).toBe('2025-06-11');
    expect(days.map((d) => d.day)).not.toContain('2025-06-15'); // Sunday
    expect(days.at(-1)!.day).toBe('2025-06-18');
    // The last day stops at exactly maxDays ahead (12:00).
    expect(days.at(-1)!.slots.at(-1)).toBe('12:00');
    for (const d of days) for (const time of d.slots) expect(checkSchedule({ ...base, day: d.day, time }).ok).toBe(true);
    expect(days.find((d) => d.day === '2025-06-12')!.slots).toHaveLength(48);
  });

  it('follows hours past midnight into the next morning', () => {
    const late: WorkHours[] = [{ type: 'PICK_UP', days: WEEK.map((w) => day(w, '18:00', '02:00')) }];
    const slots = slotsOfDay('2025-06-12', { ...base, hours: late });
    expect(slots.slice(0, 3)).toEqual(['00:00', '00:15', '00:30']);
    expect(slots).toContain('01:45');
    expect(slots).not.toContain('02:00');
    expect(slots).toContain('18:00');
  });

  it('has none when the lead time passes the last opening of the only open day', () => {
    expect(slotsOfDay('2025-06-11', { ...base, now: new Date('2025-06-11T16:30:00Z') })).toEqual([]);
  });
});
