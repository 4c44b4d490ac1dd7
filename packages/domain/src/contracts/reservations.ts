import { z } from 'zod';
import { RESERVATION, RESERVATION_STATUSES } from '../reservations.ts';
import { PhoneInput } from './auth.ts';
import { LocalizedText } from './languages.ts';
import { ScheduleDay, ScheduleTime } from './quote.ts';

/*
 * Table reservations (issue 32; the rule is packages/domain/src/reservations.ts; docs/restaurant.md, "Reservations").
 * The customer's calls are under /api/reservations/v1, the staff's book under /api/ops/v1/reservations.
 */

export const ReservationStatus = z.enum(RESERVATION_STATUSES);

export const ReservationSlotsQuery = z.object({
  day: ScheduleDay,
  guests: z.coerce.number().int().min(1).max(RESERVATION.maxGuests).default(2),
  hallId: z.uuid().optional(),
});

export const ReservationBranchParams = z.object({ branchId: z.uuid() });
export const ReservationIdParams = z.object({ id: z.uuid() });

/** What the reservation form shows for a branch and a day. */
export const ReservationSlots = z.object({
  branchId: z.uuid(),
  day: z.string(),
  /** The branch's phone for bookings, '' when it has none. */
  bookingPhone: z.string(),
  halls: z.array(z.object({ id: z.uuid(), name: LocalizedText, maxGuests: z.number().int() })),
  /** The most guests one table seats (of the hall asked for, or of the branch). */
  maxGuests: z.number().int(),
  slots: z.array(z.object({ time: z.string(), free: z.boolean() })),
});
export type ReservationSlots = z.infer<typeof ReservationSlots>;

export const ReservationRequest = z.strictObject({
  branchId: z.uuid(),
  day: ScheduleDay,
  time: ScheduleTime,
  guests: z.number().int().min(1).max(RESERVATION.maxGuests),
  hallId: z.uuid().nullish(),
  comment: z.string().trim().max(RESERVATION.commentMax).default(''),
});
export type ReservationRequest = z.infer<typeof ReservationRequest>;

/** The staff write one for a phone call: the caller's name and phone instead of a signed-in customer. */
export const StaffReservationRequest = ReservationRequest.extend({
  name: z.string().trim().min(1).max(100),
  phone: PhoneInput,
});
export type StaffReservationRequest = z.infer<typeof StaffReservationRequest>;

export const ReservationMoveRequest = z.strictObject({
  version: z.number().int(),
  status: z.enum(['CONFIRMED', 'SEATED', 'COMPLETED', 'NO_SHOW', 'CANCELLED']),
  /** Where the guests were seated, when not at the table the reservation holds (SEATED only). */
  tableId: z.uuid().optional(),
  /** Why the staff cancelled it (CANCELLED). */
  reason: z.string().trim().max(200).optional(),
});
export type ReservationMoveRequest = z.infer<typeof ReservationMoveRequest>;

export const Reservation = z.object({
  id: z.uuid(),
  version: z.number().int(),
  branchId: z.uuid(),
  branchName: LocalizedText,
  hallId: z.uuid().nullable(),
  hallName: LocalizedText.nullable(),
  tableId: z.uuid(),
  tableName: z.string().nullable(),
  name: z.string(),
  phone: z.string(),
  guests: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: ReservationStatus,
  comment: z.string(),
  cancelReason: z.string().nullable(),
  /** Whether the customer may still cancel it themselves. */
  canCancel: z.boolean(),
  /** Made by the staff for a phone call. */
  byStaff: z.boolean(),
  createdAt: z.string(),
});
export type Reservation = z.infer<typeof Reservation>;

export const ReservationBookQuery = z.object({ branchId: z.uuid(), day: ScheduleDay });
