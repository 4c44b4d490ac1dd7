import { minutesWaited, type WaiterCallKind } from '@dasturxon/domain';
import type { Floor, FloorCall } from '@dasturxon/domain/contracts';

/*
 * The floor's live rules (issue 32), apart from React so they are tested alone: which calls are new since the floor
 * was last read (they ring), how many wait for someone (the tab's badge), a branch's part of the floor, how long a
 * call has waited, and one reading of the floor at a time however many nudges arrive meanwhile.
 */

/** The words of a call's kind (catalogue ids). */
export const CALL_KIND_LABEL: Record<WaiterCallKind, string> = {
  WAITER: 'floorKindWAITER',
  BILL_CASH: 'floorKindBILL_CASH',
  BILL_CARD: 'floorKindBILL_CARD',
};

/** The calls nobody has taken yet: the tab's badge. */
export const openCallCount = (floor: Floor | undefined): number => floor?.calls.filter((c) => c.status === 'OPEN').length ?? 0;

/**
 * The open calls of `floor` that were not there when the floor was read before (`known`: the ids seen so far, null
 * before the first reading, when nothing rings: those calls were waiting already), and the ids seen from now on.
 */
export function arrivals(known: ReadonlySet<string> | null, floor: Floor): { fresh: FloorCall[]; known: Set<string> } {
  const fresh = known === null ? [] : floor.calls.filter((c) => c.status === 'OPEN' && !known.has(c.id));
  // The ids of calls still on the floor: a closed call leaves the set, so it stays small over a long day.
  return { fresh, known: new Set(floor.calls.map((c) => c.id)) };
}

/** The part of the floor at one branch ('' for all the member's branches); the server's order kept. */
export function floorOfBranch(floor: Floor, branchId: string): Floor {
  if (!branchId) return floor;
  return { calls: floor.calls.filter((c) => c.branchId === branchId), tables: floor.tables.filter((t) => t.branchId === branchId) };
}

/** Whole minutes a call has waited at `now` (ms): the domain's rule. */
export const callWaited = (call: Pick<FloorCall, 'createdAt'>, now: number): number =>
  minutesWaited(new Date(call.createdAt), new Date(now));

/** What a call offers: take it while nobody has, mark it done until it is closed. */
export function callActions(call: Pick<FloorCall, 'status'>): { take: boolean; done: boolean } {
  return { take: call.status === 'OPEN', done: call.status !== 'CLOSED' };
}

/**
 * One reading at a time: `run()` while a reading is under way asks for one more after it (however many runs came
 * meanwhile), so a burst of nudges reads the floor at most twice and the last reading is never older than the last
 * nudge. `stop()` drops what comes after.
 */
export function createRefresher<T>(load: () => Promise<T>, onData: (data: T) => void, onError: (error: unknown) => void) {
  let running = false;
  let again = false;
  let stopped = false;
  const run = async (): Promise<void> => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        try {
          const data = await load();
          if (!stopped) onData(data);
        } catch (error) {
          if (!stopped) onError(error);
        }
      } while (again && !stopped);
    } finally {
      running = false;
    }
  };
  return {
    run,
    stop: () => {
      stopped = true;
    },
  };
}
