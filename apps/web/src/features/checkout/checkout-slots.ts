import { checkSchedule, SCHEDULE_MAX_DAYS, zonedDay, type ScheduleInput } from '@dasturxon/domain';

export { zonedDay };

/*
 * The day and time choices of a scheduled ("later") order. Every slot is one the server's own rule
 * (`checkSchedule`, domain order-schedule.ts) accepts at this moment: inside the branch's hours for the
 * service type, at least the lead time ahead, at most the brand's days ahead. Pure, so it is tested with a
 * controlled clock.
 */

/** Slots are this many minutes apart, on the wall clock of the branch's city. */
export const SLOT_STEP_MINUTES = 15;

/** The day 'YYYY-MM-DD' `n` calendar days after `day`. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** What the scheduling rule judges, less the day and time the slots try. */
export type SlotInput = Omit<ScheduleInput, 'day' | 'time'>;

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The times 'HH:MM' of one day that the scheduling rule accepts, in order. */
export function slotsOfDay(day: string, input: SlotInput): string[] {
  const out: string[] = [];
  for (let m = 0; m < 24 * 60; m += SLOT_STEP_MINUTES) {
    const time = hhmm(m);
    const verdict = checkSchedule({ ...input, day, time, maxDays: input.maxDays ?? SCHEDULE_MAX_DAYS });
    if (verdict.ok) out.push(time);
  }
  return out;
}

export interface ScheduleDay {
  day: string;
  /** 0 today, 1 tomorrow, … in the branch's city. */
  offset: number;
  slots: string[];
}

/** Today and the next `maxDays` days in the branch's city, each with its slots; days without a slot are left out. */
export function scheduleDays(input: SlotInput): ScheduleDay[] {
  const maxDays = input.maxDays ?? SCHEDULE_MAX_DAYS;
  const today = zonedDay(input.now, input.timeZone);
  const out: ScheduleDay[] = [];
  for (let offset = 0; offset <= maxDays; offset++) {
    const day = addDays(today, offset);
    const slots = slotsOfDay(day, input);
    if (slots.length) out.push({ day, offset, slots });
  }
  return out;
}
