import type { BranchToday } from '@dasturxon/domain';

/*
 * How a branch's hours today read (docs/spec-index.md section 4, "Branch open or closed"), for the branch list and the order's
 * pickup point. Open or closed and today's hours come from the server, which applies the domain's hour rules in
 * the branch's city time zone.
 */

export type HoursLine = { kind: 'holiday' } | { kind: 'allDay' } | { kind: 'intervals'; text: string };

/** An interval that opens and closes at the same minute runs round the clock. */
const isAllDay = (i: { open: string; close: string }) => i.open === i.close;

/** Today's pickup hours: a holiday; round the clock; or open–close, the extra interval first, as the server lists them. */
export function hoursLine(today: BranchToday): HoursLine {
  if (today.isHoliday || today.intervals.length === 0) return { kind: 'holiday' };
  if (today.intervals.some(isAllDay)) return { kind: 'allDay' };
  return { kind: 'intervals', text: today.intervals.map((i) => `${i.open}–${i.close}`).join(', ') };
}
