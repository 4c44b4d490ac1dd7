import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '@dasturxon/db';
import type { ChannelListener } from './event-hub.ts';
import { openEventStream } from './event-stream.ts';

/**
 * Nudges (issue 32): "something you show has changed, read it again", for what is not an order event: a table's call
 * or session (the floor), a chat message. Each is NOTIFYed to every instance on one channel, in the transaction that
 * made the change (so it is heard once committed), and passed to the open nudge streams of the brand. A nudge carries
 * no state and nothing is replayed: a client reads what it shows again on each nudge and after every (re)connect, so
 * a nudge lost while a connection was down loses nothing. Order events, which carry state and are replayed by number,
 * stay the events' (events.repository.ts).
 */
export const NUDGES_CHANNEL = 'dx_nudges';

export type Nudge =
  /** The floor: a table's call, a table opened or closed, an order placed at a table. */
  | { merchantId: string; topic: 'floor'; branchId: string; sessionId: string; what: 'call' | 'table' | 'order' }
  /** A chat: a message either way, or the conversation closed. The branch is the conversation's order's, if any. */
  | { merchantId: string; topic: 'chat'; conversationId: string; userId: string; branchId: string | null }
  /** The reservation book: a reservation booked, moved or cancelled at a branch. */
  | { merchantId: string; topic: 'reservation'; branchId: string; reservationId: string };

/** NOTIFYs a nudge in the caller's transaction. */
export async function nudge(db: Db, value: Nudge): Promise<void> {
  await db.execute(sql`select pg_notify(${NUDGES_CHANNEL}, ${JSON.stringify(value)})`);
}

export type NudgeListener = (nudge: Nudge) => void;

/** The streams open in this process: ended when the server closes (they are never idle). */
const openStreams = new Set<{ end(): void }>();

/** Ends every open nudge stream (the server is closing). */
export function endNudgeStreams(): void {
  for (const stream of openStreams) stream.end();
}

/** One per process: the hub's listener of the nudges' channel, and the subscriptions of the open streams per brand. */
export function createNudges() {
  const listeners = new Map<string, Set<NudgeListener>>();
  const listener: ChannelListener = {
    channel: NUDGES_CHANNEL,
    received(payload) {
      let value: Nudge;
      try {
        value = JSON.parse(payload) as Nudge;
      } catch {
        return;
      }
      for (const listen of listeners.get(value.merchantId) ?? []) listen(value);
    },
    heard() {},
    lost() {},
  };

  function subscribe(merchantId: string, listen: NudgeListener): () => void {
    let set = listeners.get(merchantId);
    if (!set) listeners.set(merchantId, (set = new Set()));
    set.add(listen);
    return () => {
      set.delete(listen);
      if (set.size === 0) listeners.delete(merchantId);
    };
  }

  return {
    listener,
    subscribe,
    /**
     * Answers a request with a server-sent stream of the brand's nudges that `wire` lets through: `event: <topic>` with
     * the data `wire` makes of it (never the brand's id, nor another customer's).
     */
    stream(request: FastifyRequest, reply: FastifyReply, merchantId: string, wire: (nudge: Nudge) => object | null): void {
      const { response, stopHeartbeat } = openEventStream(request, reply);
      const unsubscribe = subscribe(merchantId, (value) => {
        const data = wire(value);
        if (data) response.write(`event: ${value.topic}\ndata: ${JSON.stringify(data)}\n\n`);
      });
      const stream = { end: () => response.end() };
      openStreams.add(stream);
      response.on('close', () => {
        stopHeartbeat();
        unsubscribe();
        openStreams.delete(stream);
      });
    },
  };
}

export type Nudges = ReturnType<typeof createNudges>;
