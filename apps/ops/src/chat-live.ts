import type { StaffChatConversation } from '@dasturxon/domain/contracts';

/*
 * The inbox's live rules for the console's header (issue 32), apart from React so they are tested alone: how many
 * customers' messages nobody on the staff has opened (the chats tab's badge), and which conversations got a
 * customer's message since the inbox was last read (they ring). The reading itself is the floor's refresher
 * (floor-live.ts, createRefresher) and the sound the board's chime (alerts.ts).
 */

type Inbox = readonly Pick<StaffChatConversation, 'id' | 'status' | 'unread' | 'lastMessage'>[];

/** The customers' messages nobody has opened, over the open conversations: the chats tab's badge (0 hides it). */
export const unreadMessages = (inbox: Inbox | undefined): number =>
  inbox?.reduce((sum, c) => sum + (c.status === 'OPEN' ? Math.max(0, c.unread) : 0), 0) ?? 0;

/**
 * The conversations of `inbox` whose last message is a customer's, unread, and newer than the one seen before
 * (`known`: each conversation's last message seq so far, null before the first reading, when nothing rings: those
 * messages were waiting already), and what is known from now on. The staff's own answers never ring.
 */
export function chatArrivals<C extends Inbox[number]>(
  known: ReadonlyMap<string, number> | null,
  inbox: readonly C[],
): { fresh: C[]; known: Map<string, number> } {
  const fresh =
    known === null
      ? []
      : inbox.filter(
          (c) => c.status === 'OPEN' && c.unread > 0 && c.lastMessage?.author === 'CUSTOMER' && c.lastMessage.seq > (known.get(c.id) ?? -1),
        );
  return { fresh, known: new Map(inbox.map((c) => [c.id, c.lastMessage?.seq ?? -1])) };
}
