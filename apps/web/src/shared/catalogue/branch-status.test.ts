import { describe, expect, it } from 'vitest';
import { WEEK_NAMES, type Branch, type WorkHours } from '@dasturxon/domain';
import { opensNext } from './branch-status.tsx';

const HOURS: WorkHours[] = [
  {
    type: 'PICK_UP',
    days: WEEK_NAMES.map((weekName) => ({
      weekName,
      open: '08:00',
      close: '22:00',
      extraOpen: null,
      extraClose: null,
      isDayOff: weekName === 'SUNDAY',
    })),
  },
];
const closed: Pick<Branch, 'isOpen' | 'today' | 'workHours' | 'timeZone'> = {
  isOpen: false,
  today: { isHoliday: false, intervals: [] },
  workHours: HOURS,
  timeZone: 'Asia/Tashkent',
};

describe('opensNext', () => {
  it("says today's opening time before the doors open, on the branch's clock", () => {
    // Saturday 06:00 in Tashkent.
    expect(opensNext(closed, new Date('2026-11-28T01:00:00Z'))).toEqual({ day: null, time: '08:00' });
  });

  it('names the weekday when it opens on another day, past a day off', () => {
    // Saturday 23:00 in Tashkent: Sunday is a day off, so Monday (1) at 08:00.
    expect(opensNext(closed, new Date('2026-11-28T18:00:00Z'))).toEqual({ day: 1, time: '08:00' });
  });

  it('says nothing for an open branch or one whose hours are not known', () => {
    expect(opensNext({ ...closed, isOpen: true }, new Date('2026-11-28T01:00:00Z'))).toBeNull();
    expect(opensNext({ isOpen: false, today: { isHoliday: true } }, new Date('2026-11-28T01:00:00Z'))).toBeNull();
  });
});
