import { readEvents, type ReadEventsOptions, type StreamEvent } from './event-stream.ts';

/*
 * An event stream kept open (issue 15, issue 26): one connection after another, each resuming after the last event
 * id seen (`Last-Event-ID`), waiting longer after each failure in a row. What the events mean is the app's: the
 * storefront's order page (features/orders/order-stream.ts) and the staff console (apps/ops/src/events.tsx) follow
 * their streams with this.
 */

/** The first wait before reconnecting, doubled with each failure in a row up to the longest; ±20 % so many pages do not knock at once. */
export const RECONNECT_BASE_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;
/** A connection that stayed open this long was a good one: the failures in a row start again from none. */
export const STABLE_STREAM_MS = 15_000;
/** The server has this long to answer the stream's request before the attempt counts as failed. */
export const CONNECT_TIMEOUT_MS = 15_000;

/** How long to wait before the next connection after `failures` failures in a row; `random` in [0, 1) spreads it. */
export function reconnectDelay(failures: number, random: number): number {
  const base = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.8 + 0.4 * Math.min(1, Math.max(0, random))));
}

/**
 * The failures in a row after a connection ended: `openFor` is how long it was open (null: it never opened). One
 * that held for `STABLE_STREAM_MS` (a server restart, a proxy's idle limit) ends a run of failures; a connection
 * that opens and drops at once is a failure like one that never opened, so a flapping stream still falls back.
 */
export function failuresAfter(failures: number, openFor: number | null): number {
  return openFor !== null && openFor >= STABLE_STREAM_MS ? 0 : failures + 1;
}

/** Answers the stream will give again however often it is asked (no such order, not this customer's, logged out): stop trying. */
export const isRefusal = (status: number): boolean => status >= 400 && status < 500 && status !== 408 && status !== 425 && status !== 429;

/** Where the last event id seen is kept: by default the follower's own; the storefront keeps one per order, across pages. */
export interface LastEventIdStore {
  get(): string | null;
  set(id: string): void;
}

export interface FollowStreamOptions {
  url: string;
  /** Asked at each connection: the token may have changed meanwhile. */
  token?: () => string | null;
  headers?: () => Record<string, string>;
  lastEventId?: LastEventIdStore;
  /** Each event, as it comes (its id is kept before). */
  onEvent: (event: StreamEvent) => void;
  /** A connection is open; `resumed`: from an event seen before, so nothing was missed. */
  onOpen?: (resumed: boolean) => void;
  /** A connection ended or failed; `failures`: in a row, this one included. The follower waits, then tries again. */
  onDrop?: (failures: number) => void;
  /** A connection has held for `STABLE_STREAM_MS`: the failures in a row start again from none. */
  onStable?: () => void;
  /** Which refusals end the following (default `isRefusal`); the follower then stops and says so here. */
  isRefusal?: (status: number) => boolean;
  onRefused?: (status: number) => void;
  /** For tests: the reader of one connection, and the spread of the waits. */
  read?: (options: ReadEventsOptions) => Promise<string | null>;
  random?: () => number;
}

export interface StreamFollower {
  /** Ends the following for good, and the open connection with it. */
  stop: () => void;
  /** Cuts a wait short (back online, the page visible again). */
  wake: () => void;
}

/**
 * Follows an event stream until `stop()`: one connection after another, resuming after the last event id, waiting
 * longer after each failure in a row (`reconnectDelay`). A connection the server does not answer within
 * `CONNECT_TIMEOUT_MS` counts as failed; a refusal (`isRefusal`) ends the following.
 */
export function followEventStream(options: FollowStreamOptions): StreamFollower {
  const read = options.read ?? readEvents;
  const random = options.random ?? Math.random;
  const refused = options.isRefusal ?? isRefusal;
  let own: string | null = null;
  const lastId: LastEventIdStore = options.lastEventId ?? { get: () => own, set: (id) => (own = id) };
  const stop = new AbortController();
  let wake: (() => void) | null = null;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      wake = done;
    });

  void (async () => {
    let failures = 0;
    while (!stop.signal.aborted) {
      const attempt = new AbortController();
      const forward = () => attempt.abort();
      stop.signal.addEventListener('abort', forward, { once: true });
      const connectTimer = setTimeout(() => attempt.abort(), CONNECT_TIMEOUT_MS);
      let stableTimer: ReturnType<typeof setTimeout> | undefined;
      let openedAt: number | null = null;
      const resumeFrom = lastId.get();
      try {
        await read({
          url: options.url,
          token: options.token?.() ?? null,
          headers: options.headers?.() ?? {},
          lastEventId: resumeFrom,
          signal: attempt.signal,
          onOpen: () => {
            clearTimeout(connectTimer);
            openedAt = Date.now();
            stableTimer = setTimeout(() => {
              failures = 0;
              options.onStable?.();
            }, STABLE_STREAM_MS);
            options.onOpen?.(resumeFrom !== null);
          },
          onEvent: (event) => {
            // Kept as each event comes: a connection that breaks mid-stream resumes after the last one seen.
            if (event.id) lastId.set(event.id);
            options.onEvent(event);
          },
        });
      } catch (error) {
        const status = (error as { status?: unknown } | null)?.status;
        if (!stop.signal.aborted && typeof status === 'number' && refused(status)) {
          options.onRefused?.(status);
          break;
        }
      } finally {
        clearTimeout(connectTimer);
        clearTimeout(stableTimer);
        stop.signal.removeEventListener('abort', forward);
      }
      if (stop.signal.aborted) break;
      failures = failuresAfter(failures, openedAt === null ? null : Date.now() - openedAt);
      options.onDrop?.(failures);
      await pause(reconnectDelay(failures, random()));
    }
  })();

  return {
    stop: () => {
      stop.abort();
      wake?.();
    },
    wake: () => wake?.(),
  };
}
