import { describe, expect, it } from 'vitest';
import type { StaffChatConversation } from '@dasturxon/domain/contracts';
import { chatArrivals, unreadMessages } from './chat-live.ts';

const conv = (
  id: string,
  unread: number,
  last: { seq: number; author: 'CUSTOMER' | 'STAFF' } | null,
  status: StaffChatConversation['status'] = 'OPEN',
): StaffChatConversation => ({
  id,
  status,
  orderId: null,
  orderNumber: null,
  unread,
  lastMessageAt: '2026-11-29T10:00:00.000Z',
  lastMessage: last && { id: `m-${id}-${last.seq}`, conversationId: id, text: 'салом', createdAt: '2026-11-29T10:00:00.000Z', ...last },
  customerName: 'Азиз',
  customerPhone: '+998901234567',
  branchId: null,
});

describe("the inbox's badge and chime in the console's header", () => {
  it("counts the customers' unread messages of the open conversations (none: no badge)", () => {
    expect(unreadMessages(undefined)).toBe(0);
    expect(unreadMessages([])).toBe(0);
    expect(unreadMessages([conv('a', 2, { seq: 2, author: 'CUSTOMER' }), conv('b', 0, { seq: 5, author: 'STAFF' })])).toBe(2);
    expect(unreadMessages([conv('a', 2, { seq: 2, author: 'CUSTOMER' }), conv('c', 3, { seq: 9, author: 'CUSTOMER' }, 'CLOSED')])).toBe(2);
  });

  it("rings for none at the first reading, then for each conversation with a customer's newer unread message", () => {
    const first = chatArrivals(null, [conv('a', 1, { seq: 1, author: 'CUSTOMER' })]);
    expect(first.fresh).toEqual([]);
    // Read again with nothing new: silence.
    expect(chatArrivals(first.known, [conv('a', 1, { seq: 1, author: 'CUSTOMER' })]).fresh).toEqual([]);
    // A second message in a, and a new conversation b: both ring.
    const second = chatArrivals(first.known, [conv('a', 2, { seq: 2, author: 'CUSTOMER' }), conv('b', 1, { seq: 1, author: 'CUSTOMER' })]);
    expect(second.fresh.map((c) => c.id)).toEqual(['a', 'b']);
    // The staff's answer, a message already opened by someone, a closed conversation: silence.
    const third = chatArrivals(second.known, [
      conv('a', 0, { seq: 3, author: 'STAFF' }),
      conv('b', 0, { seq: 2, author: 'CUSTOMER' }),
      conv('c', 1, { seq: 1, author: 'CUSTOMER' }, 'CLOSED'),
    ]);
    expect(third.fresh).toEqual([]);
    // After an answer, the customer writes again: it rings.
    expect(chatArrivals(third.known, [conv('a', 1, { seq: 4, author: 'CUSTOMER' })]).fresh.map((c) => c.id)).toEqual(['a']);
  });
});
