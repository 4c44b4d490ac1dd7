import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { followEventStream } from '@dasturxon/client';
import type { OrderEvent } from '@dasturxon/domain/contracts';
import { OPS, reportUnauthorized } from './api.ts';
import { dispatchStreamMessage, type StreamListener } from './event-dispatch.ts';

/*
 * One live connection per signed-in console (GET /api/ops/v1/events), shared by every screen, followed with the client
 * package's `followEventStream`: it reconnects with a growing pause (1 s up to 30 s) and resumes from the last event it
 * saw (Last-Event-ID); a screen that holds a list also reloads it after a reconnect, and when the server says it
 * cannot replay what was missed (`event: reset`). A stream the server ends with the session (`event: end`) reconnects into a 401: signed out.
 */

export type LiveState = 'connecting' | 'live' | 'reconnecting';

type Listener = StreamListener;

interface Events {
  state: LiveState;
  subscribe(listener: Listener): () => void;
}

const EventsContext = createContext<Events>({ state: 'connecting', subscribe: () => () => {} });

export function EventsProvider({ token, children }: { token: string; children: ReactNode }) {
  const [state, setState] = useState<LiveState>('connecting');
  const [listeners] = useState(() => new Set<Listener>());

  useEffect(() => {
    let opened = false;
    const stream = followEventStream({
      url: `${OPS}/events`,
      token: () => token,
      onOpen: () => {
        setState('live');
        if (opened) for (const l of listeners) l.reopened();
        opened = true;
      },
      onEvent: (message) => dispatchStreamMessage(message, listeners),
      onDrop: () => setState('reconnecting'),
      // Only a token the server no longer takes ends the following: anything else may pass, so it is asked again.
      isRefusal: (status) => status === 401,
      onRefused: () => reportUnauthorized(),
    });
    return () => stream.stop();
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
