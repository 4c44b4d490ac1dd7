import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { followEventStream } from '@dasturxon/client';
import type { StaffChatConversation } from '@dasturxon/domain/contracts';
import { chime, notify } from './alerts.ts';
import { api, OPS, reportUnauthorized } from './api.ts';
import { chatArrivals, unreadMessages } from './chat-live.ts';
import { createRefresher } from './floor-live.ts';
import { useT } from './i18n.ts';

/*
 * The chat inbox's alerts for a member who sees the chats screen (issue 32): one stream of nudges
 * (GET /api/ops/v1/chats/stream) for the whole console, as the floor's (floor.tsx). The open conversations are read when
 * the stream opens and at each nudge, one reading at a time (the floor's refresher); a customer's new message rings
 * the board's chime (and a notification when the tab is hidden) wherever the member is in the console, and the
 * customers' unread messages are the chats tab's badge. The inbox screen follows the same nudges (useChatNudges)
 * rather than a stream of its own.
 */

interface ChatAlertsState {
  /** The customers' messages nobody has opened: the chats tab's badge. */
  unread: number;
  /** Calls `listener` at each nudge and (re)connection; answers the unsubscribe. */
  subscribe: (listener: () => void) => () => void;
  /** Reads the inbox again (after the member opened or answered a conversation). */
  reload: () => void;
}

const ChatAlertsContext = createContext<ChatAlertsState | null>(null);

export function ChatAlertsProvider({
  token,
  enabled,
  onMessage,
  children,
}: {
  token: string;
  /** Whether the member sees the chats screen: otherwise nothing is followed. */
  enabled: boolean;
  /** Opening a message's notification. */
  onMessage: () => void;
  children: ReactNode;
}) {
  const tr = useT();
  const [inbox, setInbox] = useState<StaffChatConversation[] | undefined>(undefined);
  const [refresh, setRefresh] = useState<(() => void) | null>(null);
  const known = useRef<Map<string, number> | null>(null);
  const listeners = useRef(new Set<() => void>());
  const latest = useRef({ tr, onMessage });
  useEffect(() => {
    latest.current = { tr, onMessage };
  });

  useEffect(() => {
    if (!enabled) return;
    const refresher = createRefresher(
      () => api.chats('OPEN'),
      (next) => {
        const { fresh, known: seen } = chatArrivals(known.current, next);
        known.current = seen;
        setInbox(next);
        if (fresh.length) {
          chime();
          if (document.visibilityState !== 'visible' || !document.hasFocus()) {
            const { tr: words, onMessage: open } = latest.current;
            const first = fresh[0]!;
            notify(
              words.t('chatNewMessageTitle', { name: first.customerName || first.customerPhone || '—' }),
              first.lastMessage?.text.slice(0, 120) ?? '',
              `chat-${first.id}-${first.lastMessage?.seq ?? 0}`,
              open,
            );
          }
        }
      },
      // A failed reading keeps the last badge; the next nudge or reconnection reads again.
      () => undefined,
    );
    const run = () => void refresher.run();
    const nudge = () => {
      run();
      listeners.current.forEach((l) => l());
    };
    setRefresh(() => run);
    const stream = followEventStream({
      url: `${OPS}/chats/stream`,
      token: () => token,
      // Every (re)connection reads the inbox: what happened while it was down is not replayed.
      onOpen: nudge,
      onEvent: (message) => {
        if (message.event === 'chat') nudge();
      },
      isRefusal: (status) => status === 401 || status === 403,
      onRefused: (status) => {
        if (status === 401) reportUnauthorized();
      },
    });
    return () => {
      stream.stop();
      refresher.stop();
    };
  }, [enabled, token]);

  const subscribe = useCallback((listener: () => void) => {
    listeners.current.add(listener);
    return () => {
      listeners.current.delete(listener);
    };
  }, []);
  const reload = useCallback(() => refresh?.(), [refresh]);
  const unread = unreadMessages(inbox);
  const value = useMemo<ChatAlertsState>(() => ({ unread, subscribe, reload }), [unread, subscribe, reload]);
  return <ChatAlertsContext value={enabled ? value : null}>{children}</ChatAlertsContext>;
}

/** The chats tab's badge: the customers' unread messages (0 outside a member who sees the chats). */
export const useUnreadChats = (): number => useContext(ChatAlertsContext)?.unread ?? 0;

/** The inbox's alerts (null outside a member who sees the chats), for the chats screen. */
export const useChatAlerts = (): ChatAlertsState | null => useContext(ChatAlertsContext);
