import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  cleanCallNote,
  minutesWaited,
  placedOrderChannel,
  TABLE_SERVICE,
  tableSessionOpen,
  WAITER_CALL_KINDS,
  WAITER_CALL_STATUSES,
  waiterCallMove,
  waiterCallRefusal,
} from '../src/index.ts';

describe('service at the table (issue 32)', () => {
  it('puts an order placed at a table on the QR channel, whatever its device', () => {
    expect(placedOrderChannel('CLIENT_WEB_MOBILE', true)).toBe('QR');
    expect(placedOrderChannel('TELEGRAM_BOT', true)).toBe('QR');
    expect(placedOrderChannel('CLIENT_WEB_MOBILE', false)).toBe('WEB');
    expect(placedOrderChannel('TELEGRAM_BOT', false)).toBe('TG');
  });

  it('keeps a session open until it is closed or 12 hours have passed', () => {
    const openedAt = new Date('2030-03-14T08:00:00Z');
    const at = (h: number) => new Date(openedAt.getTime() + h * 3_600_000);
    expect(tableSessionOpen({ openedAt, closedAt: null }, at(11.99))).toBe(true);
    expect(tableSessionOpen({ openedAt, closedAt: null }, at(TABLE_SERVICE.sessionHours))).toBe(false);
    expect(tableSessionOpen({ openedAt, closedAt: at(1) }, at(2))).toBe(false);
  });

  it('refuses a call exactly when a rule says so', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...WAITER_CALL_KINDS),
        fc.subarray([...WAITER_CALL_KINDS]),
        fc.nat(20),
        fc.nat(300),
        (kind, openKinds, recentCalls, noteLength) => {
          const refusal = waiterCallRefusal({ kind, note: 'n'.repeat(noteLength), openKinds, recentCalls });
          if (noteLength > TABLE_SERVICE.noteMax) return refusal === 'WAITER_CALL_NOTE_TOO_LONG';
          if (openKinds.includes(kind)) return refusal === 'WAITER_CALL_OPEN';
          if (recentCalls >= TABLE_SERVICE.callsPerWindow) return refusal === 'WAITER_CALL_RATE_LIMITED';
          return refusal === null;
        },
      ),
    );
  });

  it('moves a call forward only: taken once while open, closed once', () => {
    const moves = WAITER_CALL_STATUSES.flatMap((from) =>
      (['TAKEN', 'CLOSED'] as const).filter((to) => waiterCallMove(from, to)).map((to) => `${from}>${to}`),
    );
    expect(moves).toEqual(['OPEN>TAKEN', 'OPEN>CLOSED', 'TAKEN>CLOSED']);
  });

  it('cleans a note and counts whole minutes waited', () => {
    expect(cleanCallNote('  two\u0000 more \n\n forks ')).toBe('two more forks');
    expect(cleanCallNote(undefined)).toBe('');
    const t = new Date('2030-03-14T08:00:00Z');
    expect(minutesWaited(t, new Date(t.getTime() + 179_000))).toBe(2);
    expect(minutesWaited(t, new Date(t.getTime() - 60_000))).toBe(0);
  });
});
