import { z } from 'zod';
import { WorkHours } from './hours.ts';
import { LocalizedText } from './languages.ts';

/*
 * The branch calls of docs/spec-index.md section 7. Each branch carries its hours and, computed by the server
 * with the domain's hour rules in the city's time zone, whether it is open now and today's hours.
 */

/** What a branch offers (docs/spec-index.md section 3, branch settings). Staff ids stay on the server. */
export const BranchSettings = z.object({
  bookingEnabled: z.boolean(),
  deliveryEnabled: z.boolean(),
  dineinEnabled: z.boolean(),
  expressEnabled: z.boolean(),
  kitchenEnabled: z.boolean(),
  payOfficeEnabled: z.boolean(),
  pickupEnabled: z.boolean(),
  storageEnabled: z.boolean(),
  yandexEnabled: z.boolean(),
});
export type BranchSettings = z.infer<typeof BranchSettings>;

const HHMM = z.string();

/** Today's hours as the list shows them: 'holiday', or open-close intervals with the extra one first (domain `todayHours`). */
export const BranchToday = z.discriminatedUnion('isHoliday', [
  z.object({ isHoliday: z.literal(true) }),
  z.object({ isHoliday: z.literal(false), intervals: z.array(z.object({ open: HHMM, close: HHMM })) }),
]);
export type BranchToday = z.infer<typeof BranchToday>;

export const Branch = z.object({
  id: z.uuid(),
  merchantId: z.uuid(),
  cityId: z.uuid(),
  name: LocalizedText,
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** E.164 or as the merchant typed it; the storefront makes it a tel: link. */
  phone: z.string(),
  bookingPhone: z.string(),
  isActive: z.boolean(),
  isMain: z.boolean(),
  deliveryPrice: z.number().int().min(0),
  deliveryStart: z.string().nullable(),
  deliveryEnd: z.string().nullable(),
  /** The least product amount a delivery order from this branch must reach, in so'm. */
  deliveryMinAmount: z.number().int().min(0),
  priority: z.number().int(),
  settings: BranchSettings,
  /** Every hours type the branch has, each with the seven days in week order (a day without hours is a day off). */
  workHours: z.array(WorkHours),
  /** The IANA time zone of the branch's city, in which its hours are read. */
  timeZone: z.string(),
  /** Open now by its PICK_UP hours; an inactive branch is never open. */
  isOpen: z.boolean(),
  /** Today's PICK_UP hours. */
  today: BranchToday,
  /** Today's main PICK_UP interval, null on a holiday (spec's branch open and close). */
  open: z.string().nullable(),
  close: z.string().nullable(),
});
export type Branch = z.infer<typeof Branch>;

export const BranchParams = z.object({ id: z.uuid() });
export const BranchesQuery = z.object({ cityId: z.uuid().optional() });
export type BranchesQuery = z.infer<typeof BranchesQuery>;
