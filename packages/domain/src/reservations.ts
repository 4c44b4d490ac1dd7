import type { WorkHours } from './contracts/hours.ts';
import { isOpenAt, type SpecialDayRule } from './hours.ts';
import { zonedInstant } from './order-schedule.ts';
import { serviceHours } from './quote-rules.ts';

/*
 * Table reservations (issue 32): what a customer may book at a branch, and which table holds it.
 *
 * A reservation is a day and a time 'HH:MM' on the branch's slot grid, in the branch's time zone, for a number of
 * guests and optionally a hall. It holds one table for RESERVATION.durationMinutes from its time: the smallest table
 * that seats the guests and is free for that whole stay (of the chosen hall, or of any hall). The branch must take
 * dine-in guests (its DINE_IN hours) at the time and still an hour later, so nobody is seated as the doors close.
 * Bookable from RESERVATION.leadMinutes ahead to RESERVATION.maxDaysAhead ahead; cancelled by the customer until
 * RESERVATION.cancelUntilMinutes before its time. An overbooked time is refused with the nearest free times.
 */

export const RESERVATION = {
  /** The grid the times are on: :00 and :30. */
  slotMinutes: 30,
  /** How long a reservation holds its table. */
  durationMinutes: 120,
  /** The branch stays open at least this long after the reservation's time. */
  lastSeatingMinutes: 60,
  /** The earliest a reservation may be for, from now. */
  leadMinutes: 60,
  /** The furthest ahead a reservation may be for. */
  maxDaysAhead: 30,
  maxGuests: 20,
  /** A customer may cancel until this long before the time; later, they call the branch. */
  cancelUntilMinutes: 120,
  /** How many free times an overbooked request is offered instead. */
  nearestOffered: 3,
  /** The longest comment a customer may leave. */
  commentMax: 300,
} as const;

export const RESERVATION_STATUSES = ['REQUESTED', 'CONFIRMED', 'SEATED', 'COMPLETED', 'NO_SHOW', 'CANCELLED'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

/**
 * What a customer is told of their reservation (docs/restaurant.md, "How the customer is told"): the staff booked one
 * for their phone, or moved it to confirmed, no-show or cancelled. Their own booking and cancelling, seating and
 * finishing (they are at the branch then) are not news.
 */
export const RESERVATION_NEWS = ['BOOKED', 'CONFIRMED', 'NO_SHOW', 'CANCELLED'] as const;
export type ReservationNewsKind = (typeof RESERVATION_NEWS)[number];

/** The news of a staff move to a status, or null when that move is not told. */
export function reservationNewsOf(to: ReservationStatus): ReservationNewsKind | null {
  return to === 'CONFIRMED' || to === 'NO_SHOW' || to === 'CANCELLED' ? to : null;
}

/** The statuses in which a reservation holds its table. */
export const HOLDING_STATUSES: readonly ReservationStatus[] = ['REQUESTED', 'CONFIRMED', 'SEATED'];

/** Who moves a reservation where: the staff's book, and the customer's cancel. */
const MOVES: Record<ReservationStatus, readonly ReservationStatus[]> = {
  REQUESTED: ['CONFIRMED', 'CANCELLED'],
  CONFIRMED: ['SEATED', 'NO_SHOW', 'CANCELLED'],
  SEATED: ['COMPLETED'],
  COMPLETED: [],
  NO_SHOW: [],
  CANCELLED: [],
};

export function canMoveReservation(from: ReservationStatus, to: ReservationStatus): boolean {
  return MOVES[from].includes(to);
}

/** The moves the staff's book offers from a status (a no-show is refused by the server before the reservation's time). */
export const reservationMoves = (from: ReservationStatus): readonly ReservationStatus[] => MOVES[from];

/** Whether the customer may still cancel a reservation for `at` themselves. */
export function customerMayCancelReservation(status: ReservationStatus, at: Date, now: Date): boolean {
  return (status === 'REQUESTED' || status === 'CONFIRMED') && now.getTime() <= at.getTime() - RESERVATION.cancelUntilMinutes * 60_000;
}

export interface BookableTable {
  id: string;
  hallId: string;
  seats: number;
}

/** A reservation that holds a table (one of HOLDING_STATUSES). */
export interface HeldTable {
  tableId: string;
  startsAt: Date;
  endsAt: Date;
}

export interface BookingPlace {
  now: Date;
  /** The IANA time zone of the branch's city. */
  timeZone: string;
  /** The branch's hours, all types: DINE_IN's are used. */
  hours: readonly WorkHours[];
  specialDays?: readonly SpecialDayRule[];
  /** The branch's active tables. */
  tables: readonly BookableTable[];
  /** What is already held at the branch. */
  held: readonly HeldTable[];
  /** How far ahead a booking must be; RESERVATION.leadMinutes unless the staff write one for a call (0). */
  leadMinutes?: number;
}

export interface BookingRequest {
  day: string;
  time: string;
  guests: number;
  hallId?: string | null;
}

export type ReservationReason = 'FORMAT' | 'OFF_GRID' | 'TOO_SOON' | 'TOO_FAR' | 'CLOSED';

export type ReservationVerdict =
  | { ok: true; startsAt: Date; endsAt: Date; table: BookableTable }
  | { ok: false; problem: { code: 'RESERVATION_TIME_INVALID'; details: { reason: ReservationReason } } }
  | { ok: false; problem: { code: 'RESERVATION_GUESTS_INVALID'; details: { max: number } } }
  | { ok: false; problem: { code: 'RESERVATION_FULL'; details: { nearest: string[] } } };

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const minuteOf = (time: string): number => {
  const m = TIME.exec(time);
  return m ? Number(m[1]) * 60 + Number(m[2]) : -1;
};
const hhmm = (minutes: number): string => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const overlaps = (a: HeldTable, startsAt: number, endsAt: number): boolean =>
  a.startsAt.getTime() < endsAt && startsAt < a.endsAt.getTime();

/** The most guests any one table of the hall (or the branch) seats: more cannot be booked at all. */
export function largestTable(tables: readonly BookableTable[], hallId?: string | null): number {
  return Math.max(0, ...tables.filter((t) => !hallId || t.hallId === hallId).map((t) => t.seats));
}

/**
 * The table a stay would hold: the smallest free one that seats the guests (then by id, so the choice is stable),
 * or null when every fitting table is taken for some of the stay.
 */
export function freeTable(
  tables: readonly BookableTable[],
  held: readonly HeldTable[],
  guests: number,
  startsAt: Date,
  hallId?: string | null,
): BookableTable | null {
  const start = startsAt.getTime();
  const end = start + RESERVATION.durationMinutes * 60_000;
  const fitting = tables
    .filter((t) => t.seats >= guests && (!hallId || t.hallId === hallId))
    .sort((a, b) => a.seats - b.seats || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return fitting.find((t) => !held.some((h) => h.tableId === t.id && overlaps(h, start, end))) ?? null;
}

type TimeCheck = { ok: true; at: Date } | { ok: false; reason: ReservationReason };

/** Whether a day and time may be booked at all, whatever is held: the grid, the lead, the horizon and the hours. */
function checkTime(day: string, time: string, place: BookingPlace): TimeCheck {
  const at = zonedInstant(day, time, place.timeZone);
  if (!at) return { ok: false, reason: 'FORMAT' };
  if (minuteOf(time) % RESERVATION.slotMinutes !== 0) return { ok: false, reason: 'OFF_GRID' };
  if (at.getTime() < place.now.getTime() + (place.leadMinutes ?? RESERVATION.leadMinutes) * 60_000)
    return { ok: false, reason: 'TOO_SOON' };
  if (at.getTime() > place.now.getTime() + RESERVATION.maxDaysAhead * 86_400_000) return { ok: false, reason: 'TOO_FAR' };
  const days = serviceHours(place.hours, 'DINE_IN');
  const lastSeating = new Date(at.getTime() + (RESERVATION.lastSeatingMinutes - 1) * 60_000);
  if (!isOpenAt(days, at, place.timeZone, place.specialDays) || !isOpenAt(days, lastSeating, place.timeZone, place.specialDays))
    return { ok: false, reason: 'CLOSED' };
  return { ok: true, at };
}

export interface ReservationSlot {
  time: string;
  /** A table that seats the guests is free for the whole stay. */
  free: boolean;
}

/** The times of a day a reservation could be for (the grid within the hours, lead and horizon), each free or full. */
export function reservationSlots(day: string, guests: number, place: BookingPlace, hallId?: string | null): ReservationSlot[] {
  const slots: ReservationSlot[] = [];
  for (let m = 0; m < 24 * 60; m += RESERVATION.slotMinutes) {
    const time = hhmm(m);
    const checked = checkTime(day, time, place);
    if (!checked.ok) continue;
    slots.push({ time, free: freeTable(place.tables, place.held, guests, checked.at, hallId) !== null });
  }
  return slots;
}

/** The free times of the day nearest to `time`, earlier first on a tie. */
export function nearestFreeTimes(request: BookingRequest, place: BookingPlace): string[] {
  const wanted = minuteOf(request.time);
  return reservationSlots(request.day, request.guests, place, request.hallId)
    .filter((s) => s.free)
    .map((s) => s.time)
    .sort((a, b) => Math.abs(minuteOf(a) - wanted) - Math.abs(minuteOf(b) - wanted) || minuteOf(a) - minuteOf(b))
    .slice(0, RESERVATION.nearestOffered);
}

/**
 * Whether a reservation may be made: RESERVATION_TIME_INVALID (with the reason), RESERVATION_GUESTS_INVALID (fewer
 * than one, more than RESERVATION.maxGuests or than the largest table seats), RESERVATION_FULL (every fitting table
 * is held for part of the stay; `nearest` names free times of that day), or the table it holds.
 */
export function checkReservation(request: BookingRequest, place: BookingPlace): ReservationVerdict {
  const max = Math.min(RESERVATION.maxGuests, largestTable(place.tables, request.hallId));
  if (!Number.isInteger(request.guests) || request.guests < 1 || request.guests > max)
    return { ok: false, problem: { code: 'RESERVATION_GUESTS_INVALID', details: { max } } };
  const checked = checkTime(request.day, request.time, place);
  if (!checked.ok) return { ok: false, problem: { code: 'RESERVATION_TIME_INVALID', details: { reason: checked.reason } } };
  const table = freeTable(place.tables, place.held, request.guests, checked.at, request.hallId);
  if (!table) return { ok: false, problem: { code: 'RESERVATION_FULL', details: { nearest: nearestFreeTimes(request, place) } } };
  return { ok: true, startsAt: checked.at, endsAt: new Date(checked.at.getTime() + RESERVATION.durationMinutes * 60_000), table };
}
