import { z } from 'zod';
import { WorkHoursType } from './enums.ts';
import { LocalizedText } from './languages.ts';
import { WorkDay } from './hours.ts';
import { PREP_MINUTES_MAX, PREP_MINUTES_MIN } from '../eta.ts';

/*
 * The back office's branches, hours, special days, halls and tables (issue 28, docs/back-office.md "Branches, hours
 * and tables"). `isActive` is the "accepting orders" switch (the storefront already lists and quotes only active
 * branches); an archived branch is `deleted` and inactive, never removed (its orders keep it).
 */

const HHMM = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time must be HH:MM');
const LocalDate = z.iso.date();

/** The service types of a branch (its settings flags). */
export const BranchServices = z.object({
  delivery: z.boolean(),
  pickup: z.boolean(),
  dineIn: z.boolean(),
});
export type BranchServices = z.infer<typeof BranchServices>;

/** What the owner edits of a branch. */
export const BranchFields = z.object({
  name: LocalizedText,
  cityId: z.uuid(),
  address: z.string().trim().max(500),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  phone: z.string().trim().max(32),
  services: BranchServices,
  deliveryMinAmount: z.number().int().min(0).max(100_000_000),
  /** Accepting orders: the storefront lists, quotes and takes orders only from an active branch. */
  isActive: z.boolean(),
  priority: z.number().int().min(0).max(100_000).default(0),
  /**
   * Minutes the branch usually takes to prepare an order: the arrival estimate's kitchen time until the kitchen gives
   * its own (eta.ts). Left out: a new branch takes the default, an update keeps what it was.
   */
  prepMinutes: z.number().int().min(PREP_MINUTES_MIN).max(PREP_MINUTES_MAX).optional(),
});
export type BranchFields = z.infer<typeof BranchFields>;

export const BranchCreate = BranchFields;
export const BranchUpdate = BranchFields.extend({ version: z.number().int().min(1) });
export type BranchUpdate = z.infer<typeof BranchUpdate>;

export const AdminBranch = BranchFields.extend({
  prepMinutes: z.number().int(),
  id: z.uuid(),
  version: z.number().int(),
  /** The city's time zone: the branch's hours and special days are in it. */
  timeZone: z.string(),
  deleted: z.boolean(),
});
export type AdminBranch = z.infer<typeof AdminBranch>;
export const AdminBranchList = z.object({ content: z.array(AdminBranch) });

export const AdminCity = z.object({ id: z.uuid(), name: LocalizedText, timeZone: z.string(), latitude: z.number(), longitude: z.number() });
export type AdminCity = z.infer<typeof AdminCity>;
export const AdminCityList = z.object({ content: z.array(AdminCity) });

/**
 * The branch's version a week or special-days write was made against: optional; when given, a branch changed since
 * (its fields, its week or its special days) answers 409 VERSION_CONFLICT. Either write moves the branch's version on.
 */
const BranchVersion = z.number().int().min(1).optional();

/** The week's hours of a branch per service type: `PUT branches/{id}/hours` replaces them all. */
export const BranchHoursWrite = z.object({
  version: BranchVersion,
  hours: z
    .array(z.object({ type: WorkHoursType, days: z.array(WorkDay).max(7) }))
    .max(8)
    .superRefine((types, ctx) => {
      types.forEach((t, i) => {
        if (types.findIndex((o) => o.type === t.type) !== i)
          ctx.addIssue({ code: 'custom', path: [i, 'type'], message: 'one entry per type' });
        t.days.forEach((d, j) => {
          if (t.days.findIndex((o) => o.weekName === d.weekName) !== j)
            ctx.addIssue({ code: 'custom', path: [i, 'days', j, 'weekName'], message: 'one entry per weekday' });
          if ((d.extraOpen === null) !== (d.extraClose === null))
            ctx.addIssue({ code: 'custom', path: [i, 'days', j, 'extraClose'], message: 'both or neither extra times' });
        });
      });
    }),
});
export type BranchHoursWrite = z.infer<typeof BranchHoursWrite>;
/** A branch's week, with the branch's version (moved on by each write of the week or the special days). */
export const BranchHours = z.object({
  version: z.number().int(),
  hours: z.array(z.object({ type: WorkHoursType, days: z.array(WorkDay) })),
});
export type BranchHours = z.infer<typeof BranchHours>;

/** A date the branch keeps other hours: closed all day, or open from–to (close before open: past midnight). */
export const SpecialDay = z
  .object({
    date: LocalDate,
    isDayOff: z.boolean(),
    open: HHMM.nullable().default(null),
    close: HHMM.nullable().default(null),
    note: z.string().trim().max(200).default(''),
  })
  .superRefine((d, ctx) => {
    if (!d.isDayOff && (d.open === null || d.close === null))
      ctx.addIssue({ code: 'custom', path: [d.open === null ? 'open' : 'close'], message: 'an open day needs open and close' });
  });
export type SpecialDay = z.infer<typeof SpecialDay>;

export const SpecialDaysWrite = z.object({
  version: BranchVersion,
  days: z
    .array(SpecialDay)
    .max(366)
    .superRefine((days, ctx) => {
      days.forEach((d, i) => {
        if (days.findIndex((o) => o.date === d.date) !== i)
          ctx.addIssue({ code: 'custom', path: [i, 'date'], message: 'one entry per date' });
      });
    }),
});
export type SpecialDaysWrite = z.infer<typeof SpecialDaysWrite>;
export const SpecialDays = z.object({ version: z.number().int(), days: z.array(SpecialDay) });
export type SpecialDays = z.infer<typeof SpecialDays>;

export const HallFields = z.object({
  name: LocalizedText,
  priority: z.number().int().min(0).max(100_000).default(0),
  active: z.boolean().default(true),
});
export const HallCreate = HallFields;
export const HallUpdate = HallFields.extend({ version: z.number().int().min(1) });
export const AdminHall = HallFields.extend({ id: z.uuid(), branchId: z.uuid(), version: z.number().int() });
export type AdminHall = z.infer<typeof AdminHall>;
export const AdminHallList = z.object({ content: z.array(AdminHall) });

export const TableFields = z.object({
  hallId: z.uuid(),
  name: z.string().trim().min(1).max(32),
  seats: z.number().int().min(1).max(100),
  priority: z.number().int().min(0).max(100_000).default(0),
  active: z.boolean().default(true),
});
export const TableCreate = TableFields;
export const TableUpdate = TableFields.extend({ version: z.number().int().min(1) });
export const AdminTable = TableFields.extend({ id: z.uuid(), branchId: z.uuid(), version: z.number().int() });
export type AdminTable = z.infer<typeof AdminTable>;
export const AdminTableList = z.object({ content: z.array(AdminTable) });

export const BranchIdParams = z.object({ id: z.uuid() });
export const BranchChildParams = z.object({ id: z.uuid(), childId: z.uuid() });
