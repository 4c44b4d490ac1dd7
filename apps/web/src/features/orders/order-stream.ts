import { followEventStream, type FollowStreamOptions, type StreamFollower } from '@dasturxon/client';
import type { OrderEvent } from '@dasturxon/domain/contracts';
import { FAILURES_BEFORE_POLL, parseOrderEvent } from './order-live.ts';

/** The last event id seen of each order: the next connection, or the next page of the same order (its map), resumes after it. */
const lastIds = new Map<string, string>();

export interface OrderStreamOptions extends Pick<FollowStreamOptions, 'url' | 'headers' | 'onRefused' | 'read' | 'random'> {
  orderId: string;
  /** Asked at each connection: the token may have changed meanwhile. */
  token: () => string | null;
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
}

/**
 * Follows an order's event stream until `stop()` (`followEventStream` of the client package: reconnecting with a
 * growing wait, resuming after the last event id); `wake()` cuts a wait short (back online, the page visible again).
 * Only this order's `order` and `position` events reach the page; after `FAILURES_BEFORE_POLL` failures in a row or a
 * refusal the page also asks for the order now and then (`onFallback`).
 */
export function followOrderStream(options: OrderStreamOptions): StreamFollower {
  return followEventStream({
    url: options.url,
    token: options.token,
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.read ? { read: options.read } : {}),
    ...(options.random ? { random: options.random } : {}),
    lastEventId: { get: () => lastIds.get(options.orderId) ?? null, set: (id) => lastIds.set(options.orderId, id) },
    onOpen: (resumed) => options.onOpen?.(resumed),
    onStable: () => options.onFallback?.(false),
    onDrop: (failures) => {
      if (failures >= FAILURES_BEFORE_POLL) options.onFallback?.(true);
    },
    onRefused: (status) => {
      options.onFallback?.(true);
      options.onRefused?.(status);
    },
    onEvent: (raw) => {
      if (raw.event === 'reset') return options.onReset?.();
      const event = raw.event === 'order' || raw.event === 'position' ? parseOrderEvent(raw.data) : null;
      if (event && event.orderId === options.orderId) options.onEvent(event);
    },
  });
}

/** Forgets the ids seen (tests). */
export const forgetOrderStreams = (): void => lastIds.clear();
