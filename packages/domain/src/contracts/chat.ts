import { z } from 'zod';
import { CHAT, CHAT_AUTHORS, CHAT_STATUSES } from '../chat.ts';

/*
 * Chat with the brand (issue 32; the rule is packages/domain/src/chat.ts; docs/restaurant.md, "Chat"). The customer's
 * calls are under /api/chat/v1, the staff's inbox under /api/ops/v1/chats. Texts are plain text, shown as text.
 */

export const ChatMessage = z.object({
  id: z.uuid(),
  conversationId: z.uuid(),
  author: z.enum(CHAT_AUTHORS),
  text: z.string(),
  createdAt: z.string(),
  /** Increasing in the order messages were written: `before` of the next (older) page. */
  seq: z.number().int(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

export const ChatConversation = z.object({
  id: z.uuid(),
  status: z.enum(CHAT_STATUSES),
  orderId: z.uuid().nullable(),
  orderNumber: z.number().int().nullable(),
  /** The messages of the other side this reader has not opened. */
  unread: z.number().int(),
  lastMessageAt: z.string(),
  lastMessage: ChatMessage.nullable(),
});
export type ChatConversation = z.infer<typeof ChatConversation>;

/** The staff's view adds who wrote. */
export const StaffChatConversation = ChatConversation.extend({
  customerName: z.string(),
  customerPhone: z.string().nullable(),
  branchId: z.uuid().nullable(),
});
export type StaffChatConversation = z.infer<typeof StaffChatConversation>;

const ChatText = z.string().max(CHAT.textMax * 4);

export const ChatPostRequest = z.strictObject({
  text: ChatText,
  /** The customer's order the message is about; absent: a general question. */
  orderId: z.uuid().optional(),
});
export type ChatPostRequest = z.infer<typeof ChatPostRequest>;

export const ChatReplyRequest = z.strictObject({ text: ChatText });
export type ChatReplyRequest = z.infer<typeof ChatReplyRequest>;

export const ChatIdParams = z.object({ id: z.uuid() });

export const ChatPageQuery = z.object({
  /** Messages older than the one of this `seq` (the previous page); absent: the newest. */
  before: z.coerce.number().int().min(0).optional(),
});

/** A page of a conversation, oldest first, and whether older messages remain. */
export const ChatThread = z.object({
  conversation: ChatConversation,
  messages: z.array(ChatMessage),
  more: z.boolean(),
});
export type ChatThread = z.infer<typeof ChatThread>;

export const StaffChatThread = ChatThread.extend({ conversation: StaffChatConversation });
export type StaffChatThread = z.infer<typeof StaffChatThread>;

export const ChatInboxQuery = z.object({ status: z.enum(CHAT_STATUSES).default('OPEN') });
