import type { ChannelType, OrderDevice } from './enums.ts';
import { channelOfDevice } from './order-payment.ts';

/*
 * Service at the table (issue 32, docs/restaurant.md "QR tables"): the table's running session that a QR code opens,
 * the calls to the waiter made from it, and the channel of the orders placed at it. The link's signature is
 * table-link.ts's rule; the bill's totals are `tableBillTotals` there.
 */

/** What a table may ask the staff for. */
export const WAITER_CALL_KINDS = ['WAITER', 'BILL_CASH', 'BILL_CARD'] as const;
export type WaiterCallKind = (typeof WAITER_CALL_KINDS)[number];

/** OPEN: waiting for someone; TAKEN: a waiter is coming; CLOSED: done (or cancelled by the table). */
export const WAITER_CALL_STATUSES = ['OPEN', 'TAKEN', 'CLOSED'] as const;
export type WaiterCallStatus = (typeof WAITER_CALL_STATUSES)[number];

export const TABLE_SERVICE = {
  /** A table session ends by itself this long after it was opened (a forgotten session never takes tomorrow's orders). */
  sessionHours: 12,
  /** The longest note of a call, in characters after cleaning. */
  noteMax: 200,
  /** Calls a table may make in CALL_WINDOW_MINUTES, whatever their kind: past it the staff is not flooded. */
  callsPerWindow: 10,
  callWindowMinutes: 60,
} as const;

/** The request header a table's guests send their seat in (the token `POST /api/tables/v1/sessions` answered). */
export const TABLE_SEAT_HEADER = 'x-table-seat';

/** Whether a table session opened at `openedAt` still takes orders and calls at `now` (and was not closed). */
export function tableSessionOpen(session: { openedAt: Date; closedAt: Date | null }, now: Date): boolean {
  return session.closedAt === null && now.getTime() - session.openedAt.getTime() < TABLE_SERVICE.sessionHours * 3_600_000;
}

/**
 * The sales channel of a placed order: an order placed from a table's session is the QR channel's (its payment types
 * are the ones enabled for QR), whatever device it came from; any other goes by its device.
 */
export function placedOrderChannel(device: OrderDevice, atTable: boolean): ChannelType {
  return atTable ? 'QR' : channelOfDevice(device);
}

/** A call's note as it is kept: control characters and surrounding space removed, inner runs of space made one. */
export function cleanCallNote(note: string | undefined): string {
  let spaced = '';
  for (const ch of note ?? '') {
    const code = ch.charCodeAt(0);
    spaced += code < 0x20 || code === 0x7f ? ' ' : ch;
  }
  return spaced.replace(/\s+/g, ' ').trim();
}

export type WaiterCallRefusal = 'WAITER_CALL_OPEN' | 'WAITER_CALL_RATE_LIMITED' | 'WAITER_CALL_NOTE_TOO_LONG';

/**
 * Whether a table may make a call now: one open (not closed) call of each kind per table, at most
 * `callsPerWindow` calls per table in the window, and a short note. Null when it may.
 */
export function waiterCallRefusal(input: {
  kind: WaiterCallKind;
  note: string;
  /** The kinds of the table's calls not closed yet. */
  openKinds: readonly WaiterCallKind[];
  /** The table's calls made within the last window. */
  recentCalls: number;
}): WaiterCallRefusal | null {
  if (input.note.length > TABLE_SERVICE.noteMax) return 'WAITER_CALL_NOTE_TOO_LONG';
  if (input.openKinds.includes(input.kind)) return 'WAITER_CALL_OPEN';
  if (input.recentCalls >= TABLE_SERVICE.callsPerWindow) return 'WAITER_CALL_RATE_LIMITED';
  return null;
}

/** The moves of a call: the staff take an open one, the staff or the table close one not closed yet. */
export function waiterCallMove(from: WaiterCallStatus, to: Exclude<WaiterCallStatus, 'OPEN'>): boolean {
  return to === 'TAKEN' ? from === 'OPEN' : from !== 'CLOSED';
}

/** Whole minutes a call has waited (0 for one made in the future of the clock). */
export function minutesWaited(since: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - since.getTime()) / 60_000));
}
