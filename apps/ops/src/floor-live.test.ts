import { describe, expect, it } from 'vitest';
import type { Floor, FloorCall } from '@dasturxon/domain/contracts';
import { arrivals, callActions, callWaited, createRefresher, floorOfBranch, openCallCount } from './floor-live.ts';

const call = (id: string, status: FloorCall['status'], branchId = 'b1', createdAt = '2026-11-29T10:00:00.000Z'): FloorCall => ({
  id,
  kind: 'WAITER',
  status,
  note: '',
  createdAt,
  takenAt: null,
  closedAt: null,
  branchId,
  tableId: `t-${id}`,
  tableName: id,
  hallName: { ru: 'Зал', uz: 'Zal', eng: 'Hall' },
  takenBy: null,
});
const floorOf = (...calls: FloorCall[]): Floor => ({ calls, tables: [] });

/** A promise settled from outside, to hold a reading under way. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("the floor's live rules", () => {
  it('rings for none at the first reading, then for each open call not seen before (a taken one does not ring)', () => {
    const first = arrivals(null, floorOf(call('a', 'OPEN')));
    expect(first.fresh).toEqual([]);
    const second = arrivals(first.known, floorOf(call('a', 'OPEN'), call('b', 'OPEN'), call('c', 'TAKEN')));
    expect(second.fresh.map((c) => c.id)).toEqual(['b']);
    // Read again with nothing new: silence; a call gone from the floor is forgotten.
    const third = arrivals(second.known, floorOf(call('b', 'TAKEN')));
    expect(third.fresh).toEqual([]);
    expect([...third.known]).toEqual(['b']);
  });

  it('counts the calls nobody has taken for the badge', () => {
    expect(openCallCount(undefined)).toBe(0);
    expect(openCallCount(floorOf(call('a', 'OPEN'), call('b', 'TAKEN'), call('c', 'OPEN')))).toBe(2);
  });

  it("shows one branch's calls and tables, or all the member's with ''", () => {
    const floor: Floor = {
      calls: [call('a', 'OPEN', 'b1'), call('b', 'OPEN', 'b2')],
      tables: [
        {
          branchId: 'b2',
          tableId: 't',
          sessionId: 's',
          tableName: '7',
          hallName: { ru: '', uz: '', eng: '' },
          openedAt: '',
          totals: { orders: 0, total: 0, paid: 0, due: 0 },
          paidOnline: null,
        },
      ],
    };
    expect(floorOfBranch(floor, '')).toBe(floor);
    expect(floorOfBranch(floor, 'b1')).toEqual({ calls: [floor.calls[0]], tables: [] });
    expect(floorOfBranch(floor, 'b2').tables).toHaveLength(1);
  });

  it("counts whole minutes waited, none for a call ahead of the console's clock", () => {
    const at = Date.parse('2026-11-29T10:00:00.000Z');
    expect(callWaited(call('a', 'OPEN'), at + 59_999)).toBe(0);
    expect(callWaited(call('a', 'OPEN'), at + 7 * 60_000 + 5_000)).toBe(7);
    expect(callWaited(call('a', 'OPEN'), at - 120_000)).toBe(0);
  });

  it('offers Take only while open and Done until closed', () => {
    expect(callActions({ status: 'OPEN' })).toEqual({ take: true, done: true });
    expect(callActions({ status: 'TAKEN' })).toEqual({ take: false, done: true });
    expect(callActions({ status: 'CLOSED' })).toEqual({ take: false, done: false });
  });

  it('reads once at a time: a burst of nudges during a reading makes one more, whose answer is the last shown', async () => {
    const readings: ReturnType<typeof deferred<number>>[] = [];
    const shown: number[] = [];
    const refresher = createRefresher(
      () => {
        const d = deferred<number>();
        readings.push(d);
        return d.promise;
      },
      (n) => shown.push(n),
      () => shown.push(-1),
    );
    const first = refresher.run();
    void refresher.run();
    void refresher.run();
    void refresher.run();
    expect(readings).toHaveLength(1);
    readings[0]!.resolve(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(readings).toHaveLength(2);
    readings[1]!.reject(new Error('network'));
    await first;
    expect(shown).toEqual([1, -1]);
    // Idle again: the next nudge reads at once; after stop nothing more is read or shown.
    const next = refresher.run();
    expect(readings).toHaveLength(3);
    refresher.stop();
    readings[2]!.resolve(3);
    await next;
    void refresher.run();
    expect(readings).toHaveLength(3);
    expect(shown).toEqual([1, -1]);
  });
});
