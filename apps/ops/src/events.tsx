import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { readEvents } from '@dasturxon/domain';
import type { OrderEvent } from '@dasturxon/domain/contracts';
import { OPS, reportUnauthorized } from './api.ts';
import { dispatchStreamMessage, type StreamListener } from './event-dispatch.ts';

/*
 * One live connection per signed-in console (GET /api/ops/v1/events), shared by every screen. It reconnects
 * with a growing pause (1 s up to 30 s) and resumes from the last event it saw (Last-Event-ID); a screen that
 * holds a list also reloads it after a reconnect, and when the server says it cannot replay what was missed
 * (`event: reset`). A stream the server ends with the session (`event: end`) reconnects into a 401: signed out.
 */

export type LiveState = 'connecting' | 'live' | 'reconnecting';

type Listener = StreamListener;

interface Events {
  state: LiveState;
  subscribe(listener: Listener): () => void;
}

const EventsContext = createContext<Events>({ state: 'connecting', subscribe: () => () => {} });

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

export function EventsProvider({ token, children }: { token: string; children: ReactNode }) {
  const [state, setState] = useState<LiveState>('connecting');
  const [listeners] = useState(() => new Set<Listener>());

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    let last: string | null = null;
    let failures = 0;
    let opened = false;
    void (async () => {
      while (!signal.aborted) {
        try {
          last = await readEvents({
            url: `${OPS}/events`,
            token,
            lastEventId: last,
            signal,
            onOpen: () => {
              failures = 0;
              setState('live');
              if (opened) for (const l of listeners) l.reopened();
              opened = true;
            },
            onEvent: (message) => {
              // Kept as each event comes: a connection that breaks mid-stream resumes after the last one seen.
              if (message.id) last = message.id;
              dispatchStreamMessage(message, listeners);
            },
          });
        } catch (error) {
          if (signal.aborted) return;
          if ((error as { status?: number }).status === 401) {
            reportUnauthorized();
            return;
          }
          failures += 1;
        }
        if (signal.aborted) return;
        setState('reconnecting');
        const pause = Math.min(30_000, 1000 * 2 ** Math.min(failures, 5));
        await sleep(pause * (0.8 + Math.random() * 0.4), signal);
      }
    })();
    return () => controller.abort();
  }, [token, listeners]);

  const subscribe = useCallback(
    (listener: Listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    [listeners],
  );
  const value = useMemo(() => ({ state, subscribe }), [state, subscribe]);

  return <EventsContext value={value}>{children}</EventsContext>;
}

export const useLiveState = (): LiveState => useContext(EventsContext).state;

/**
 * Calls `onEvent` for every order and position event, and `onReopen` after a reconnect or a reset (the server could not
 * replay what was missed); the latest callbacks are used.
 */
export function useOrderEvents(onEvent: (event: OrderEvent) => void, onReopen?: () => void): void {
  const { subscribe } = useContext(EventsContext);
  const latest = useRef({ onEvent, onReopen });
  useEffect(() => {
    latest.current = { onEvent, onReopen };
  });
  useEffect(
    () =>
      subscribe({
        event: (e) => latest.current.onEvent(e),
        reopened: () => latest.current.onReopen?.(),
        reset: () => latest.current.onReopen?.(),
      }),
    [subscribe],
  );
}
