import type { FastifyBaseLogger } from 'fastify';
import type { PoolClient } from 'pg';
import type { Database } from '@dasturxon/db';
import { createEventsRepository, EVENTS_CHANNEL, SESSIONS_CHANNEL } from './events.repository.ts';
import type { LiveEvent } from './live-event.ts';

export type EventListener = (event: LiveEvent) => void;

/**
 * Another channel heard on the hub's one LISTEN connection (the catalogue's changes): each notification's payload,
 * and when hearing starts (or starts again after the connection was lost: whatever was sent meanwhile is gone)
 * and stops.
 */
export interface ChannelListener {
  channel: string;
  received(payload: string): void;
  heard(): void;
  lost(): void;
}

/**
 * One per process: LISTENs on the events channel (PostgreSQL: one connection held for it; PGlite: in process) and
 * hands each event to the subscribers of its brand. Events of a brand are numbered in commit order; the hub keeps
 * the last number it passed on per brand, and when a notification skips numbers (the listening connection was
 * lost and came back) it reads the missing ones from the table first, so subscribers see every event once, in order.
 */
export function createEventHub(database: Database, log: FastifyBaseLogger, others: readonly ChannelListener[] = []) {
  const listeners = new Map<string, Set<EventListener>>();
  /** Told the brand whose sessions ended (SESSIONS_CHANNEL). */
  const sessionWatchers = new Set<(merchantId: string) => void>();
  const sessionsEnded = (merchantId: string) => {
    for (const watcher of sessionWatchers) watcher(merchantId);
  };
  /** Every channel beside the events': the ended sessions' (nothing kept, so nothing to catch up) and the callers'. */
  const channels: readonly ChannelListener[] = [{ channel: SESSIONS_CHANNEL, received: sessionsEnded, heard() {}, lost() {} }, ...others];
  const lastSeen = new Map<string, number>();
  /** Per brand, the work in hand: a gap being read delays the events behind it, never reorders them. */
  const queues = new Map<string, Promise<void>>();
  const repo = createEventsRepository(database.db);
  let stop: (() => Promise<void>) | null = null;
  let closed = false;

  function deliver(event: LiveEvent): void {
    const last = lastSeen.get(event.merchantId) ?? 0;
    if (Number(event.id) <= last) return;
    lastSeen.set(event.merchantId, Number(event.id));
    for (const listener of listeners.get(event.merchantId) ?? []) {
      try {
        listener(event);
      } catch (error) {
        log.warn({ err: error }, 'event listener failed');
      }
    }
  }

  async function take(event: LiveEvent): Promise<void> {
    const last = lastSeen.get(event.merchantId);
    if (last !== undefined && Number(event.id) > last + 1) {
      for (const missed of await repo.after(event.merchantId, last, { limit: 10_000 }))
        if (Number(missed.id) < Number(event.id)) deliver(missed);
    }
    deliver(event);
  }

  function received(payload: string): void {
    let event: LiveEvent;
    try {
      event = JSON.parse(payload) as LiveEvent;
    } catch {
      return;
    }
    const queue = (queues.get(event.merchantId) ?? Promise.resolve())
      .then(() => take(event))
      .catch((error: unknown) => log.warn({ err: error }, 'event gap could not be read'));
    queues.set(event.merchantId, queue);
  }

  /** After the listening connection came back: whatever each watched brand wrote meanwhile. */
  async function catchUp(): Promise<void> {
    for (const [merchantId, last] of lastSeen) {
      if (!listeners.get(merchantId)?.size) continue;
      for (const event of await repo.after(merchantId, last, { limit: 10_000 })) received(JSON.stringify(event));
    }
  }

  async function listenPostgres(): Promise<void> {
    const pool = database.pool!;
    let retry: NodeJS.Timeout | null = null;
    let client: { connection: PoolClient; release(error?: Error | boolean): void } | null = null;
    const connect = async (): Promise<void> => {
      if (closed) return;
      let held: NonNullable<typeof client> | null = null;
      try {
        const connection: PoolClient = await pool.connect();
        // Released once, whichever of the lost connection, a failed LISTEN or the stop comes first (pg throws on a second release).
        let released = false;
        held = {
          connection,
          release(error) {
            if (released) return;
            released = true;
            connection.removeAllListeners('notification');
            connection.release(error);
            if (client === held) client = null;
          },
        };
        const mine = held;
        client = mine;
        connection.on('notification', (message) => {
          if (message.channel === EVENTS_CHANNEL && message.payload) received(message.payload);
          else for (const other of channels) if (message.channel === other.channel && message.payload) other.received(message.payload);
        });
        connection.on('error', (error: Error) => {
          if (client !== mine) return; // already given up on: the stop or a failed LISTEN released it
          log.warn({ err: error }, 'event listener connection lost; reconnecting');
          for (const other of channels) other.lost();
          mine.release(error);
          if (!closed) retry = setTimeout(() => void connect().then(catchUp), 1000);
        });
        await connection.query(`LISTEN ${EVENTS_CHANNEL}`);
        for (const other of channels) await connection.query(`LISTEN ${other.channel}`);
        if (client === mine) for (const other of channels) other.heard();
      } catch (error) {
        log.warn({ err: error }, 'event listener could not connect; retrying');
        held?.release(true);
        if (!closed) retry = setTimeout(() => void connect().then(catchUp), 1000);
      }
    };
    await connect();
    stop = async () => {
      if (retry) clearTimeout(retry);
      const held = client;
      if (held) {
        client = null;
        for (const other of channels) other.lost();
        await held.connection.query('UNLISTEN *').catch(() => undefined);
        held.release();
      }
    };
  }

  return {
    async start(): Promise<void> {
      if (database.kind === 'postgres') {
        await listenPostgres();
        return;
      }
      // PGlite: one session in this process, which hears its own NOTIFYs as the statement that sent them (or its
      // COMMIT) answers, before the writer's await goes on.
      const pglite = database.pglite!;
      const unlisten = [await pglite.listen(EVENTS_CHANNEL, received)];
      for (const other of channels) unlisten.push(await pglite.listen(other.channel, other.received));
      for (const other of channels) other.heard();
      stop = async () => {
        for (const other of channels) other.lost();
        for (const u of unlisten) await u();
      };
    },

    /** Calls `listener` with every event of the brand from now on; answers the function that stops it. */
    subscribe(merchantId: string, listener: EventListener): () => void {
      let set = listeners.get(merchantId);
      if (!set) listeners.set(merchantId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(merchantId);
      };
    },

    /** Calls `watcher` with a brand's id whenever some of its sessions have ended, on any instance. */
    onSessionsEnded(watcher: (merchantId: string) => void): () => void {
      sessionWatchers.add(watcher);
      return () => sessionWatchers.delete(watcher);
    },

    /** Subscribers now (the bench reads it). */
    size(): number {
      let n = 0;
      for (const set of listeners.values()) n += set.size;
      return n;
    },

    async close(): Promise<void> {
      closed = true;
      await stop?.();
      listeners.clear();
      sessionWatchers.clear();
    },
  };
}

export type EventHub = ReturnType<typeof createEventHub>;
