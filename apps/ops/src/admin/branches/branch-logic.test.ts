import { describe, expect, it } from 'vitest';
import { BranchHoursWrite, SpecialDaysWrite, type AdminBranch, type WorkHours } from '@dasturxon/domain/contracts';
import { isOpenAt } from '@dasturxon/domain';
import {
  branchBody,
  daysFromSpecial,
  draftOf,
  filledWeek,
  hoursFromWeek,
  newSpecial,
  newWeek,
  normalTime,
  pointOf,
  sameEveryDay,
  spanOf,
  specialFromDays,
  specialProblems,
  weekFromHours,
  weekProblems,
} from './branch-logic.ts';

const STORED: WorkHours[] = [
  {
    type: 'DELIVERY',
    days: [
      { weekName: 'MONDAY', open: '10:00', close: '02:00', extraOpen: null, extraClose: null, isDayOff: false },
      { weekName: 'TUESDAY', open: '18:00', close: '23:00', extraOpen: '08:00', extraClose: '12:00', isDayOff: false },
      { weekName: 'SUNDAY', open: '09:00', close: '18:00', extraOpen: null, extraClose: null, isDayOff: true },
    ],
  },
];

describe("the branch screen's hours form", () => {
  it('reads the API week as seven days per type, a missing day closed, and writes it back as the API takes it', () => {
    const week = weekFromHours(STORED);
    expect(week.PICK_UP).toBeNull();
    expect(week.DELIVERY!.map((d) => d.weekName)).toEqual(['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY']);
    expect(week.DELIVERY![0]).toMatchObject({ open: true, from: '10:00', to: '02:00', split: false });
    expect(week.DELIVERY![1]).toMatchObject({ open: true, split: true, extraFrom: '08:00', extraTo: '12:00' });
    expect(week.DELIVERY![2]!.open).toBe(false);
    // A closed day keeps the times it had.
    expect(week.DELIVERY![6]).toMatchObject({ open: false, from: '09:00', to: '18:00' });

    const hours = hoursFromWeek(week);
    expect(BranchHoursWrite.safeParse({ hours }).success).toBe(true);
    expect(hours.map((h) => h.type)).toEqual(['DELIVERY']);
    const days = hours[0]!.days;
    expect(days).toHaveLength(7);
    expect(days[0]).toEqual({ weekName: 'MONDAY', open: '10:00', close: '02:00', extraOpen: null, extraClose: null, isDayOff: false });
    expect(days[1]).toMatchObject({ extraOpen: '08:00', extraClose: '12:00' });
    expect(days[2]).toMatchObject({ weekName: 'WEDNESDAY', isDayOff: true });

    // The same week by the domain's rule: Monday's 10:00–02:00 is open on Tuesday at 01:00 (UTC here), closed at 03:00.
    const tuesday = (hhmm: string) => new Date(`2026-12-01T${hhmm}:00Z`);
    expect(isOpenAt(days, tuesday('01:00'), 'UTC')).toBe(true);
    expect(isOpenAt(days, tuesday('03:00'), 'UTC')).toBe(false);
    expect(isOpenAt(days, tuesday('09:00'), 'UTC')).toBe(true);
    expect(isOpenAt(days, tuesday('13:00'), 'UTC')).toBe(false);
    // The round trip changes nothing.
    expect(hoursFromWeek(weekFromHours(hours))).toEqual(hours);
  });

  it('names past-midnight and round-the-clock intervals as the domain rule reads them', () => {
    expect(spanOf('10:00', '22:00')).toBe('sameDay');
    expect(spanOf('18:00', '02:00')).toBe('pastMidnight');
    expect(spanOf('00:00', '00:00')).toBe('roundTheClock');
    expect(spanOf('10:00', '')).toBeNull();
  });

  it('finds the times an open day lacks, lets a closed one go, and fills its times for the API', () => {
    const week = weekFromHours([]);
    week.PICK_UP = newWeek();
    week.PICK_UP[2] = { ...week.PICK_UP[2]!, to: '' };
    week.PICK_UP[3] = { ...week.PICK_UP[3]!, split: true, extraFrom: '9:00', extraTo: '12:00' };
    week.PICK_UP[4] = { ...week.PICK_UP[4]!, open: false, from: '', to: '' };
    expect(weekProblems(week)).toEqual(['PICK_UP.WEDNESDAY.to', 'PICK_UP.THURSDAY.extraFrom']);
    week.PICK_UP[2] = { ...week.PICK_UP[2]!, to: '23:00' };
    week.PICK_UP[3] = { ...week.PICK_UP[3]!, extraFrom: '09:00' };
    expect(weekProblems(week)).toEqual([]);
    const hours = hoursFromWeek(filledWeek(week));
    expect(BranchHoursWrite.safeParse({ hours }).success).toBe(true);
    expect(hours[0]!.days[4]).toMatchObject({ isDayOff: true, open: '10:00', close: '22:00' });
  });

  it('reads a time as typed into HH:MM, and leaves what is no time for the check to name', () => {
    expect(['9', '930', '0930', '9:30', '22.00', '22 00', '0:00', '2359'].map(normalTime)).toEqual([
      '09:00',
      '09:30',
      '09:30',
      '09:30',
      '22:00',
      '22:00',
      '00:00',
      '23:59',
    ]);
    expect(['24:00', '12:60', 'ab', '', '12345'].map(normalTime)).toEqual(['24:00', '12:60', 'ab', '', '12345']);
  });

  it('copies one day to the whole week', () => {
    const days = sameEveryDay(newWeek(), { ...newWeek()[0]!, from: '08:00', to: '01:00' });
    expect(days.map((d) => `${d.weekName} ${d.from}-${d.to}`)).toContain('SUNDAY 08:00-01:00');
    expect(new Set(days.map((d) => d.weekName)).size).toBe(7);
  });
});

describe("the branch screen's special days", () => {
  it('reads and writes them in date order; a closed day sends no times', () => {
    const rows = specialFromDays([
      { date: '2027-03-08', isDayOff: false, open: '12:00', close: '18:00', note: '' },
      { date: '2027-01-01', isDayOff: true, open: null, close: null, note: 'New year' },
    ]);
    rows[0]!.note = '  short day ';
    const days = daysFromSpecial(rows);
    expect(days).toEqual([
      { date: '2027-01-01', isDayOff: true, open: null, close: null, note: 'New year' },
      { date: '2027-03-08', isDayOff: false, open: '12:00', close: '18:00', note: 'short day' },
    ]);
    expect(SpecialDaysWrite.safeParse({ days }).success).toBe(true);
  });

  it('adds the day after the last one, or today; names a date twice and a missing time', () => {
    expect(newSpecial([], '2026-11-28').date).toBe('2026-11-28');
    const rows = specialFromDays([{ date: '2026-12-31', isDayOff: true, open: null, close: null, note: '' }]);
    const next = newSpecial(rows, '2026-11-28');
    expect(next).toMatchObject({ date: '2027-01-01', closed: true });
    // A list of past days only: the new one is today.
    expect(newSpecial(rows, '2027-02-01').date).toBe('2027-02-01');
    const twice = { ...next, date: '2026-12-31', closed: false, to: '' };
    expect(specialProblems([...rows, twice])).toEqual([`${twice.key}.date`, `${twice.key}.to`]);
    expect(specialProblems([...rows, next])).toEqual([]);
  });
});

describe("the branch screen's fields", () => {
  const branch: AdminBranch = {
    id: '00000000-0000-4000-8000-000000000001',
    version: 3,
    name: { ru: 'Чиланзар', uz: 'Chilonzor', eng: 'Chilonzor' },
    cityId: '00000000-0000-4000-8000-000000000002',
    address: 'Bunyodkor 1',
    latitude: 41.2856,
    longitude: 69.2034,
    phone: '+998712000000',
    services: { delivery: true, pickup: true, dineIn: false },
    deliveryMinAmount: 50_000,
    isActive: true,
    priority: 0,
    prepMinutes: 25,
    timeZone: 'Asia/Tashkent',
    deleted: false,
  };

  it('turns a branch into the form and back into the body the API takes', () => {
    const result = branchBody(draftOf(branch, undefined));
    expect(result).toEqual({
      ok: true,
      body: {
        name: branch.name,
        cityId: branch.cityId,
        address: branch.address,
        latitude: 41.2856,
        longitude: 69.2034,
        phone: branch.phone,
        services: branch.services,
        deliveryMinAmount: 50_000,
        isActive: true,
        priority: 0,
        prepMinutes: 25,
      },
    });
  });

  it('names the fields the API would refuse', () => {
    const draft = { ...draftOf(branch, undefined), latitude: '120', deliveryMinAmount: '12.5', cityId: '' };
    expect(branchBody(draft)).toEqual({ ok: false, fields: ['cityId', 'latitude', 'deliveryMinAmount'] });
    // The preparation time within the domain's range, whole minutes.
    for (const prepMinutes of ['0', '241', '7.5', ''])
      expect(branchBody({ ...draftOf(branch, undefined), prepMinutes })).toEqual({ ok: false, fields: ['prepMinutes'] });
    expect(pointOf(draft)).toBeNull();
    expect(pointOf({ latitude: '41.3', longitude: '69.2' })).toEqual([41.3, 69.2]);
  });

  it('starts a new branch at its city, closed to orders', () => {
    const draft = draftOf(null, { id: branch.cityId, latitude: 41.31, longitude: 69.28 });
    expect(draft).toMatchObject({ cityId: branch.cityId, latitude: '41.31', longitude: '69.28', isActive: false, prepMinutes: '20' });
  });
});
