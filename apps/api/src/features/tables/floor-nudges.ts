import { sql } from 'drizzle-orm';
import type { Db } from '@dasturxon/db';
import type { ChannelListener } from '../live/index.ts';

/**
 * The floor's nudges (issue 32): a table's call, a call taken or closed, a table opened or closed, an order placed
 * at a table. Each is NOTIFYed to every instance on one channel, in the transaction that made the change (so it is
 * heard once committed), and passed to the open floor streams of the brand. A nudge carries no state: a console that
 * hears one, or that (re)connects, reads the floor again, so a nudge lost while a connection was down loses nothing.
 */
export const FLOOR_CHANNEL = 'dx_floor';

export interface FloorNudge {
  merchantId: string;
  branchId: string;
  sessionId: string;
  /** What changed. */
  what: 'call' | 'table' | 'order';
}

/** NOTIFYs a nudge in the caller's transaction. */
export async function nudgeFloor(db: Db, nudge: FloorNudge): Promise<void> {
  await db.execute(sql`select pg_notify(${FLOOR_CHANNEL}, ${JSON.stringify(nudge)})`);
}

export type NudgeListener = (nudge: FloorNudge) => void;

/** One per process: the hub's listener of the floor channel, and the subscriptions of the open streams per brand. */
export function createFloorNudges() {
  const listeners = new Map<string, Set<NudgeListener>>();
  const listener: ChannelListener = {
    channel: FLOOR_CHANNEL,
    received(payload) {
      let nudge: FloorNudge;
      try {
        nudge = JSON.parse(payload) as FloorNudge;
      } catch {
        return;
      }
      for (const listen of listeners.get(nudge.merchantId) ?? []) listen(nudge);
    },
    heard() {},
    lost() {},
  };
  return {
    listener,
    subscribe(merchantId: string, listen: NudgeListener): () => void {
      let set = listeners.get(merchantId);
      if (!set) listeners.set(merchantId, (set = new Set()));
      set.add(listen);
      return () => {
        set.delete(listen);
        if (set.size === 0) listeners.delete(merchantId);
      };
    },
  };
}

export type FloorNudges = ReturnType<typeof createFloorNudges>;
