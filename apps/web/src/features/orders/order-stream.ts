import { readEvents, type ReadEventsOptions } from '@dasturxon/domain';
import type { OrderEvent } from '@dasturxon/domain/contracts';
import { CONNECT_TIMEOUT_MS, FAILURES_BEFORE_POLL, failuresAfter, isRefusal, parseOrderEvent, reconnectDelay, STABLE_STREAM_MS } from './order-live.ts';

/** The last event id seen of each order: the next connection, or the next page of the same order (its map), resumes after it. */
const lastIds = new Map<string, string>();

export interface OrderStreamOptions {
  orderId: string;
  url: string;
  /** Asked at each connection: the token may have changed meanwhile. */
  token: () => string | null;
  headers?: () => Record<string, string>;
  onEvent: (event: OrderEvent) => void;
  /** The stream is open; `resumed`: from an event seen before, so nothing was missed. */
  onOpen?: (resumed: boolean) => void;
  /** True after `FAILURES_BEFORE_POLL` failures in a row or a refusal; false once a connection has held for `STABLE_STREAM_MS`. */
  onFallback?: (fallback: boolean) => void;
  /**
   * The server could not replay what this page missed (`event: reset`: too many events, or pruned): the page reads the
   * order again. The stream goes on from the reset's id.
   */
  onReset?: () => void;
  /** The server refused the stream with a status that will not change by asking again: no more tries. */
  onRefused?: (status: number) => void;
  /** For tests: the reader of one connection, and the spread of the waits. */
  read?: (options: ReadEventsOptions) => Promise<string | null>;
  random?: () => number;
}

/**
 * Follows an order's event stream until `stop()`: one connection after another, resuming after the last event id,
 * waiting longer after each failure in a row (`reconnectDelay`); `wake()` cuts a wait short (back online, the page
 * visible again). A connection the server does not answer within `CONNECT_TIMEOUT_MS` counts as failed.
 */
export function followOrderStream(options: OrderStreamOptions): { stop: () => void; wake: () => void } {
  const read = options.read ?? readEvents;
  const random = options.random ?? Math.random;
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
      const opened = { at: null as number | null };
      const resumeFrom = lastIds.get(options.orderId) ?? null;
      try {
        await read({
          url: options.url,
          token: options.token(),
          headers: options.headers?.() ?? {},
          lastEventId: resumeFrom,
          signal: attempt.signal,
          onOpen: () => {
            clearTimeout(connectTimer);
            opened.at = Date.now();
            stableTimer = setTimeout(() => {
              failures = 0;
              options.onFallback?.(false);
            }, STABLE_STREAM_MS);
            options.onOpen?.(resumeFrom !== null);
          },
          onEvent: (raw) => {
            if (raw.id) lastIds.set(options.orderId, raw.id);
            if (raw.event === 'reset') return options.onReset?.();
            const event = raw.event === 'order' || raw.event === 'position' ? parseOrderEvent(raw.data) : null;
            if (event && event.orderId === options.orderId) options.onEvent(event);
          },
        });
      } catch (error) {
        const status = (error as { status?: unknown } | null)?.status;
        if (!stop.signal.aborted && typeof status === 'number' && isRefusal(status)) {
          options.onFallback?.(true);
          options.onRefused?.(status);
          break;
        }
      } finally {
        clearTimeout(connectTimer);
        clearTimeout(stableTimer);
        stop.signal.removeEventListener('abort', forward);
      }
      if (stop.signal.aborted) break;
      failures = failuresAfter(failures, opened.at === null ? null : Date.now() - opened.at);
      if (failures >= FAILURES_BEFORE_POLL) options.onFallback?.(true);
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

/** Forgets the ids seen (tests). */
export const forgetOrderStreams = (): void => lastIds.clear();
