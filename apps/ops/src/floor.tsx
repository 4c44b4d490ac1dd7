import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { followEventStream } from '@dasturxon/client';
import type { Floor } from '@dasturxon/domain/contracts';
import { chime, notify } from './alerts.ts';
import { api, OPS, reportUnauthorized } from './api.ts';
import { useT } from './i18n.ts';
import { arrivals, CALL_KIND_LABEL, createRefresher, openCallCount } from './floor-live.ts';
import type { LiveState } from './events.tsx';

/*
 * The floor of a signed-in member who works it (issue 32): one stream of nudges (GET /api/ops/v1/floor/stream) for the
 * whole console, followed with the client package's `followEventStream`. The floor of all the member's branches is
 * read when the stream opens (each connection: nothing is replayed) and at each nudge; a new call rings the board's
 * chime (and a notification when the tab is hidden) wherever the member is in the console, and the number of calls
 * nobody has taken is the floor tab's badge. The floor screen shows what is read here.
 */

interface FloorState {
  floor: Floor | undefined;
  error: unknown;
  live: LiveState;
  /** Reads the floor again (after a move here). */
  reload: () => void;
}

const FloorContext = createContext<FloorState | null>(null);

export function FloorProvider({
  token,
  enabled,
  onCall,
  children,
}: {
  token: string;
  /** Whether the member works the floor: otherwise nothing is followed. */
  enabled: boolean;
  /** Opening a call's notification. */
  onCall: () => void;
  children: ReactNode;
}) {
  const tr = useT();
  const [floor, setFloor] = useState<Floor | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  const [live, setLive] = useState<LiveState>('connecting');
  const [refresh, setRefresh] = useState<(() => void) | null>(null);
  const known = useRef<Set<string> | null>(null);
  const latest = useRef({ tr, onCall });
  useEffect(() => {
    latest.current = { tr, onCall };
  });

  useEffect(() => {
    if (!enabled) return;
    const refresher = createRefresher(
      () => api.floor(),
      (next) => {
        const { fresh, known: seen } = arrivals(known.current, next);
        known.current = seen;
        setFloor(next);
        setError(null);
        if (fresh.length) {
          chime();
          if (document.visibilityState !== 'visible' || !document.hasFocus()) {
            const { tr: words, onCall: open } = latest.current;
            const first = fresh[0]!;
            notify(words.t('floorCallTitle', { table: first.tableName }), words.t(CALL_KIND_LABEL[first.kind]), `call-${first.id}`, open);
          }
        }
      },
      setError,
    );
    const run = () => void refresher.run();
    setRefresh(() => run);
    const stream = followEventStream({
      url: `${OPS}/floor/stream`,
      token: () => token,
      // Every (re)connection reads the floor: what happened while it was down is not replayed.
      onOpen: () => {
        setLive('live');
        run();
      },
      onEvent: (message) => {
        if (message.event === 'floor') run();
      },
      onDrop: () => setLive('reconnecting'),
      isRefusal: (status) => status === 401 || status === 403,
      onRefused: (status) => (status === 401 ? reportUnauthorized() : setLive('reconnecting')),
    });
    return () => {
      stream.stop();
      refresher.stop();
    };
  }, [enabled, token]);

  const reload = useCallback(() => refresh?.(), [refresh]);
  const value = useMemo<FloorState>(() => ({ floor, error, live, reload }), [floor, error, live, reload]);
  return <FloorContext value={enabled ? value : null}>{children}</FloorContext>;
}

/** The floor as last read, for the floor screen (null outside a member who works it). */
export const useFloor = (): FloorState | null => useContext(FloorContext);

/** The calls nobody has taken yet: the floor tab's badge. */
export function useOpenCalls(): number {
  const state = useContext(FloorContext);
  return openCallCount(state?.floor);
}
