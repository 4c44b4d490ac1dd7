import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { WorkDay, WorkHours } from '../src/contracts/hours.ts';
import { WEEK_NAMES } from '../src/enums.ts';
import { zonedInstant } from '../src/order-schedule.ts';
import {
  RESERVATION,
  canMoveReservation,
  checkReservation,
  customerMayCancelReservation,
  freeTable,
  reservationMoves,
  reservationSlots,
  type BookableTable,
  type BookingPlace,
  type HeldTable,
} from '../src/reservations.ts';

const TZ = 'Asia/Tashkent'; // UTC+5
const day = (weekName: WorkDay['weekName'], open: string, close: string, isDayOff = false): WorkDay => ({
  weekName,
  open,
  close,
  extraOpen: null,
  extraClose: null,
  isDayOff,
});
// Dine-in 10:00-23:00, Monday off; delivery keeps other hours, which must not count.
const HOURS: WorkHours[] = [
  { type: 'DINE_IN', days: WEEK_NAMES.map((w) => day(w, '10:00', '23:00', w === 'MONDAY')) },
  { type: 'DELIVERY', days: WEEK_NAMES.map((w) => day(w, '00:00', '23:59')) },
];
// Two halls: the main hall's 2-, 4- and 6-seat tables, the terrace's two 4-seat tables.
const TABLES: BookableTable[] = [
  { id: 't-2', hallId: 'main', seats: 2 },
  { id: 't-4', hallId: 'main', seats: 4 },
  { id: 't-6', hallId: 'main', seats: 6 },
  { id: 'u-4a', hallId: 'terrace', seats: 4 },
  { id: 'u-4b', hallId: 'terrace', seats: 4 },
];
// Friday 14 March 2025, 09:00 in Tashkent.
const NOW = new Date('2025-03-14T04:00:00Z');
const place = (held: HeldTable[] = [], over: Partial<BookingPlace> = {}): BookingPlace => ({
  now: NOW,
  timeZone: TZ,
  hours: HOURS,
  tables: TABLES,
  held,
  ...over,
});
const hold = (tableId: string, dayStr: string, time: string): HeldTable => {
  const startsAt = zonedInstant(dayStr, time, TZ)!;
  return { tableId, startsAt, endsAt: new Date(startsAt.getTime() + RESERVATION.durationMinutes * 60_000) };
};
const verdict = (v: ReturnType<typeof checkReservation>) =>
  v.ok ? v.table.id : v.problem.code === 'RESERVATION_TIME_INVALID' ? v.problem.details.reason : v.problem.code;

describe('checkReservation', () => {
  it('holds the smallest free table that seats the guests, for the stay', () => {
    const v = checkReservation({ day: '2025-03-14', time: '19:00', guests: 3 }, place());
    expect(v.ok && v.table.id).toBe('t-4');
    expect(v.ok && v.startsAt.toISOString()).toBe('2025-03-14T14:00:00.000Z');
    expect(v.ok && v.endsAt.toISOString()).toBe('2025-03-14T16:00:00.000Z');
    expect(verdict(checkReservation({ day: '2025-03-14', time: '19:00', guests: 2 }, place()))).toBe('t-2');
    expect(verdict(checkReservation({ day: '2025-03-14', time: '19:00', guests: 3, hallId: 'terrace' }, place()))).toBe('u-4a');
  });

  it('moves to a larger table when the fitting one is held for part of the stay, and refuses when none is left', () => {
    const held = [hold('t-4', '2025-03-14', '18:00')]; // 18:00-20:00 overlaps a 19:00 stay
    expect(verdict(checkReservation({ day: '2025-03-14', time: '19:00', guests: 3, hallId: 'main' }, place(held)))).toBe('t-6');
    // 20:00 starts as the 18:00 one ends: the 4-seat table is free again.
    expect(verdict(checkReservation({ day: '2025-03-14', time: '20:00', guests: 3, hallId: 'main' }, place(held)))).toBe('t-4');
    const full = [...held, hold('t-6', '2025-03-14', '19:30')];
    const v = checkReservation({ day: '2025-03-14', time: '19:00', guests: 3, hallId: 'main' }, place(full));
    expect(verdict(v)).toBe('RESERVATION_FULL');
    // The nearest free times: the 4-seat table is free from 20:00, the 6-seat one until 17:30 (its stay ends 19:30).
    expect(!v.ok && v.problem.code === 'RESERVATION_FULL' && v.problem.details.nearest).toEqual(['20:00', '17:30', '20:30']);
  });

  it('refuses times off the grid, too soon, too far, or when the branch does not seat guests then', () => {
    const at = (d: string, time: string) => verdict(checkReservation({ day: d, time, guests: 2 }, place()));
    expect(at('2025-03-14', '19:15')).toBe('OFF_GRID');
    expect(at('2025-03-14', '9:00')).toBe('FORMAT');
    expect(at('2025-02-30', '12:00')).toBe('FORMAT');
    expect(at('2025-03-14', '09:30')).toBe('TOO_SOON'); // within the lead hour
    expect(at('2025-03-14', '10:00')).toBe('t-2'); // exactly the lead hour ahead, and the doors open
    expect(at('2025-04-14', '12:00')).toBe('TOO_FAR');
    expect(at('2025-03-17', '12:00')).toBe('CLOSED'); // Monday, dine-in's day off
    expect(at('2025-03-14', '22:00')).toBe('t-2'); // an hour before closing: the last seating
    expect(at('2025-03-14', '22:30')).toBe('CLOSED');
  });

  it('refuses more guests than the largest table (of the hall) seats, or none', () => {
    const guests = (n: number, hallId?: string) => checkReservation({ day: '2025-03-14', time: '19:00', guests: n, hallId }, place());
    expect(verdict(guests(6))).toBe('t-6');
    expect(verdict(guests(7))).toBe('RESERVATION_GUESTS_INVALID');
    expect(verdict(guests(5, 'terrace'))).toBe('RESERVATION_GUESTS_INVALID');
    expect(verdict(guests(0))).toBe('RESERVATION_GUESTS_INVALID');
    expect(verdict(guests(2.5))).toBe('RESERVATION_GUESTS_INVALID');
  });
});

describe('reservationSlots', () => {
  it("lists the day's bookable times on the grid within the hours, each free or full", () => {
    const slots = reservationSlots('2025-03-14', 6, place([hold('t-6', '2025-03-14', '12:00')]));
    expect(slots[0]?.time).toBe('10:00');
    expect(slots.at(-1)?.time).toBe('22:00');
    expect(slots).toHaveLength(25);
    expect(slots.filter((s) => !s.free).map((s) => s.time)).toEqual(['10:30', '11:00', '11:30', '12:00', '12:30', '13:00', '13:30']);
  });
});

describe('the book, as a property', () => {
  const request = fc.record({
    day: fc.constantFrom('2025-03-14', '2025-03-15', '2025-03-16'),
    time: fc.integer({ min: 20, max: 44 }).map((half) => `${String(Math.floor(half / 2)).padStart(2, '0')}:${half % 2 ? '30' : '00'}`),
    guests: fc.integer({ min: 1, max: 6 }),
    hallId: fc.constantFrom(undefined, 'main', 'terrace'),
  });

  it('never seats two stays at one table at once, never puts guests at a table too small, and refuses only when no table could take them', () => {
    fc.assert(
      fc.property(fc.array(request, { maxLength: 40 }), (requests) => {
        const held: (HeldTable & { guests: number })[] = [];
        for (const r of requests) {
          const v = checkReservation(r, place(held));
          if (v.ok) {
            expect(v.table.seats).toBeGreaterThanOrEqual(r.guests);
            if (r.hallId) expect(v.table.hallId).toBe(r.hallId);
            held.push({ tableId: v.table.id, startsAt: v.startsAt, endsAt: v.endsAt, guests: r.guests });
          } else if (v.problem.code === 'RESERVATION_FULL') {
            const at = zonedInstant(r.day, r.time, TZ)!;
            expect(freeTable(TABLES, held, r.guests, at, r.hallId)).toBeNull();
            for (const time of v.problem.details.nearest)
              expect(checkReservation({ ...r, time }, place(held)).ok, `${r.day} ${time} offered as free`).toBe(true);
          }
        }
        for (const a of held)
          for (const b of held)
            if (a !== b && a.tableId === b.tableId)
              expect(a.endsAt.getTime() <= b.startsAt.getTime() || b.endsAt.getTime() <= a.startsAt.getTime()).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe('moves and cancelling', () => {
  it('lets the staff confirm, seat, finish or mark a no-show, and nothing out of an end', () => {
    expect(canMoveReservation('REQUESTED', 'CONFIRMED')).toBe(true);
    expect(canMoveReservation('CONFIRMED', 'SEATED')).toBe(true);
    expect(canMoveReservation('CONFIRMED', 'NO_SHOW')).toBe(true);
    expect(canMoveReservation('SEATED', 'COMPLETED')).toBe(true);
    expect(canMoveReservation('REQUESTED', 'SEATED')).toBe(false);
    expect(canMoveReservation('CANCELLED', 'CONFIRMED')).toBe(false);
    expect(canMoveReservation('COMPLETED', 'CANCELLED')).toBe(false);
    // The book offers exactly the allowed moves.
    expect(reservationMoves('CONFIRMED')).toEqual(['SEATED', 'NO_SHOW', 'CANCELLED']);
    expect(reservationMoves('CANCELLED')).toEqual([]);
  });

  it('lets the customer cancel until two hours before', () => {
    const at = new Date('2025-03-14T14:00:00Z');
    expect(customerMayCancelReservation('CONFIRMED', at, new Date('2025-03-14T12:00:00Z'))).toBe(true);
    expect(customerMayCancelReservation('CONFIRMED', at, new Date('2025-03-14T12:00:01Z'))).toBe(false);
    expect(customerMayCancelReservation('SEATED', at, new Date('2025-03-14T08:00:00Z'))).toBe(false);
  });
});
