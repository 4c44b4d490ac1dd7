import type { StreamEvent } from '@dasturxon/client';
import type { OrderEvent } from '@dasturxon/domain/contracts';

/** A screen following the console's live stream (events.tsx). */
export interface StreamListener {
  event(event: OrderEvent): void;
  /** The stream opened again after a break. */
  reopened(): void;
  /** The server could not replay what was missed (`event: reset`): whatever the screen holds must be read again. */
  reset(): void;
}

/**
 * Hands one message of the stream to the screens: an order or position event to each, a reset as a reload to each;
 * anything else (the server's `end` as a session ends, comments, events not known yet) to none.
 */
export function dispatchStreamMessage(message: StreamEvent, listeners: Iterable<StreamListener>): void {
  if (message.event === 'reset') {
    for (const l of listeners) l.reset();
    return;
  }
  if (message.event !== 'order' && message.event !== 'position') return;
  let event: OrderEvent;
  try {
    event = JSON.parse(message.data) as OrderEvent;
  } catch {
    return;
  }
  for (const l of listeners) l.event(event);
}
