import { z } from 'zod';
import { WeekName, WorkHoursType } from './enums.ts';

const HHMM = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time must be HH:MM');

/** One weekday of a branch's hours (docs/spec-index.md section 3, work hours). */
export const WorkDay = z.object({
  weekName: WeekName,
  open: HHMM,
  close: HHMM,
  extraOpen: HHMM.nullable().default(null),
  extraClose: HHMM.nullable().default(null),
  isDayOff: z.boolean().default(false),
});
export type WorkDay = z.infer<typeof WorkDay>;

export const WorkHours = z.object({ type: WorkHoursType, days: z.array(WorkDay) });
export type WorkHours = z.infer<typeof WorkHours>;
