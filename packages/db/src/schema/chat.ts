import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CHAT_AUTHORS, CHAT_STATUSES } from '@dasturxon/domain';
import { id, tenantKey, sameMerchant, oneOf, enumText, createdAt } from './columns.ts';
import { merchantId } from './merchants.ts';
import { users } from './customers.ts';

// Chat with the brand (issue 32): the rule of what a message may be is the domain's (packages/domain/src/chat.ts).

/**
 * A conversation of a customer with the brand: about one of their orders (`orderId`), or in general. A customer has at
 * most one open conversation per order and one general one; the staff close it, and the customer's next message
 * opens a new one. The unread counts are each side's messages the other has not opened yet.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: id(),
    merchantId: merchantId(),
    userId: uuid().notNull(),
    orderId: uuid(),
    /** The order's branch, for the staff who work there; null for a general conversation (every branch's staff see it). */
    branchId: uuid(),
    status: enumText(CHAT_STATUSES).notNull().default('OPEN'),
    /** The staff's messages the customer has not opened, and the customer's the staff have not. */
    customerUnread: integer().notNull().default(0),
    staffUnread: integer().notNull().default(0),
    lastMessageAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    closedAt: timestamp({ withTimezone: true }),
    closedBy: uuid(),
  },
  (t) => [
    tenantKey(t),
    index('chat_conversations_user_idx').on(t.merchantId, t.userId, t.lastMessageAt),
    index('chat_conversations_inbox_idx').on(t.merchantId, t.status, t.lastMessageAt),
    uniqueIndex('chat_conversations_open_key')
      .on(t.merchantId, t.userId, sql`coalesce(${t.orderId}, '00000000-0000-0000-0000-000000000000'::uuid)`)
      .where(sql`${t.status} = 'OPEN'`),
    oneOf('chat_conversations_status_check', t.status, CHAT_STATUSES),
    sameMerchant('chat_conversations_user_fk', t.merchantId, t.userId, users).onDelete('cascade'),
  ],
);

/** One message of a conversation, kept as the domain's rule cleaned it. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: id(),
    merchantId: merchantId(),
    conversationId: uuid().notNull(),
    author: enumText(CHAT_AUTHORS).notNull(),
    /** The staff member who wrote it (STAFF). */
    staffId: uuid(),
    text: text().notNull(),
    createdAt: createdAt(),
    /** The order messages were written in, across instances (two in one millisecond too); what pages are cut by. */
    seq: bigserial({ mode: 'number' }).notNull(),
  },
  (t) => [
    tenantKey(t),
    index('chat_messages_conversation_idx').on(t.merchantId, t.conversationId, t.seq),
    oneOf('chat_messages_author_check', t.author, CHAT_AUTHORS),
    sameMerchant('chat_messages_conversation_fk', t.merchantId, t.conversationId, chatConversations).onDelete('cascade'),
  ],
);

export type ChatConversationRow = typeof chatConversations.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;
