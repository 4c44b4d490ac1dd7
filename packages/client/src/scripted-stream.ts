import type { ReadEventsOptions } from './event-stream.ts';

/*
 * Test support, for the follower's tests here and in the apps: a scripted event-stream server standing in for
 * `readEvents` (the network), never for our own server. Each connection runs the next script (open, send events,
 * end, fail), or hangs until aborted. Imported only by tests (`@dasturxon/client/scripted-stream`).
 */

/** One connection's part: resolves with the last event id when the stream ends, rejects as a failed request. */
export type Script = (o: ReadEventsOptions) => Promise<string | null>;
export type StreamEventLike = { id: string | null; event: string; data: string };

/** Nothing more until aborted: an unanswered request then rejects (as fetch does), an open stream ends (as readEvents does). */
export const hang = (o: ReadEventsOptions, state: 'unanswered' | 'open'): Promise<string | null> =>
  new Promise<string | null>((resolve, reject) => {
    o.signal?.addEventListener('abort', () => (state === 'unanswered' ? reject(new Error('aborted')) : resolve(null)));
  });

/** A connection refused: no answer at all, or an answer with this status. */
export const fail =
  (status?: number): Script =>
  () =>
    Promise.reject(Object.assign(new Error('no'), status ? { status } : {}));

/** A connection that opens, sends these events, then ends (or stays open until aborted). */
export const openThen =
  (events: StreamEventLike[], end: 'close' | 'hang' = 'close'): Script =>
  async (o) => {
    o.onOpen?.();
    for (const e of events) o.onEvent(e);
    if (end === 'hang') return hang(o, 'open');
    return events.at(-1)?.id ?? null;
  };

/**
 * The scripted server: `read` takes the follower's place of `readEvents`, `seen` keeps each connection's options.
 * `spy` wraps `read` (a test passes `vi.fn` to count the connections).
 */
export function scriptedServer<R extends (o: ReadEventsOptions) => Promise<string | null>>(
  scripts: Script[],
  spy: (read: (o: ReadEventsOptions) => Promise<string | null>) => R,
): { read: R; seen: ReadEventsOptions[] } {
  const seen: ReadEventsOptions[] = [];
  const read = spy((o: ReadEventsOptions) => {
    seen.push(o);
    const script = scripts.shift();
    return script ? script(o) : hang(o, 'unanswered');
  });
  return { read, seen };
}
