import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { orderEvents, type Db } from '@dasturxon/db';
import type { LiveEvent } from './live-event.ts';

/** The channel every instance LISTENs on; a notification's payload is one event's JSON. */
export const EVENTS_CHANNEL = 'dx_order_events';
/** Sessions of a brand have ended (a logout, an account closed): its open streams check theirs. The payload is the brand's id. */
export const SESSIONS_CHANNEL = 'dx_session_ends';

/** A reconnect is replayed at most this many events; past it the client is told to reload its state (`event: reset`). */
export const REPLAY_WINDOW = 1000;

/** What a reconnect is sent: the events it missed, or, when they cannot all be sent, a reset to the brand's newest number. */
export type Replay = { events: LiveEvent[] } | { reset: number };

/** Tells every instance that some of the brand's sessions ended, so their event streams close (event-stream.ts). */
export async function announceSessionsEnded(db: Db, merchantId: string): Promise<void> {
  await db.execute(sql`select pg_notify(${SESSIONS_CHANNEL}, ${merchantId})`);
}

/** Events are kept this long for reconnects (Last-Event-ID); the newest of each brand always stays. */
export const EVENTS_KEPT_MS = 24 * 3_600_000;

/** Order events in the database: written in the transaction that moved the order, read back for a reconnect. */
export function createEventsRepository(db: Db) {
  return {
    /**
     * Numbers and writes an event, and NOTIFYs it, in the caller's transaction. The per-brand lock is held to the
     * commit, so a brand's events commit in the order of their numbers: a subscriber that saw n never later
     * meets a smaller number, and `Last-Event-ID: n` is a safe place to resume from.
     */
    async insert(event: Omit<LiveEvent, 'id'>): Promise<LiveEvent> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`order-events:${event.merchantId}`}, 0))`);
      const [next] = await db
        .select({ id: sql<number>`coalesce(max(${orderEvents.id}), 0) + 1` })
        .from(orderEvents)
        .where(eq(orderEvents.merchantId, event.merchantId));
      const written: LiveEvent = { ...event, id: String(Number(next!.id)) };
      await db.insert(orderEvents).values({
        merchantId: event.merchantId,
        id: Number(next!.id),
        orderId: event.orderId,
        type: event.type,
        payload: written as unknown as Record<string, unknown>,
        at: new Date(event.at),
      });
      await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(written)})`);
      return written;
    },

    /** A brand's events after `afterId`, oldest first (of one order when `orderId` is given). */
    async after(merchantId: string, afterId: number, options: { orderId?: string; limit?: number } = {}): Promise<LiveEvent[]> {
      const rows = await db
        .select({ payload: orderEvents.payload })
        .from(orderEvents)
        .where(
          and(
            eq(orderEvents.merchantId, merchantId),
            gt(orderEvents.id, afterId),
            options.orderId ? eq(orderEvents.orderId, options.orderId) : undefined,
          ),
        )
        .orderBy(asc(orderEvents.id))
        .limit(options.limit ?? 1000);
      return rows.map((r) => r.payload as unknown as LiveEvent);
    },

    /**
     * What a client that saw `afterId` missed: the events after it (of one order when `orderId` is given), or a reset
     * when they cannot all be sent: more than REPLAY_WINDOW of them, some already pruned (the brand's oldest kept is
     * past the next one), or an id the brand never reached (the client's number is not ours).
     */
    async replay(merchantId: string, afterId: number, options: { orderId?: string } = {}): Promise<Replay> {
      const [bounds] = await db
        .select({ oldest: sql<number | null>`min(${orderEvents.id})`, latest: sql<number | null>`max(${orderEvents.id})` })
        .from(orderEvents)
        .where(eq(orderEvents.merchantId, merchantId));
      const oldest = Number(bounds?.oldest ?? 0);
      const latest = Number(bounds?.latest ?? 0);
      if (afterId > latest || oldest > afterId + 1) return { reset: latest };
      const events = await this.after(merchantId, afterId, { ...options, limit: REPLAY_WINDOW + 1 });
      return events.length > REPLAY_WINDOW ? { reset: latest } : { events };
    },

    /** The brand's newest event number (0 when it has none). */
    async latest(merchantId: string): Promise<number> {
      const [row] = await db
        .select({ id: orderEvents.id })
        .from(orderEvents)
        .where(eq(orderEvents.merchantId, merchantId))
        .orderBy(desc(orderEvents.id))
        .limit(1);
      return row?.id ?? 0;
    },

    /** Drops events older than the window, keeping each brand's newest (its numbering continues from it). */
    async prune(before: Date): Promise<number> {
      const deleted = await db
        .delete(orderEvents)
        .where(
          and(
            lt(orderEvents.at, before),
            sql`${orderEvents.id} < (select max(e.id) from ${orderEvents} e where e.merchant_id = ${orderEvents.merchantId})`,
          ),
        )
        .returning({ id: orderEvents.id });
      return deleted.length;
    },
  };
}

export type EventsRepository = ReturnType<typeof createEventsRepository>;
