import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChatConversation,
  ChatIdParams,
  ChatInboxQuery,
  ChatPageQuery,
  ChatPostRequest,
  ChatReplyRequest,
  ChatThread,
  ErrorResponse,
  StaffChatConversation,
  StaffChatThread,
} from '@dasturxon/domain/contracts';
import { requireUser } from '../auth/index.ts';
import { requireStaff } from '../staff/index.ts';
import { merchantOf } from '../../plugins/tenant.ts';
import type { Nudges } from '../live/index.ts';
import type { ChatService } from './chat.service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 429: ErrorResponse };
const security = [{ bearer: [] }];
const tags = ['chat'];
const signedIn = { tenant: 'active', auth: true } as const;
const inboxStaff = { tenant: 'active', staff: ['owner', 'admin', 'manager', 'operator'] } as const;
const OFF = "403 FEATURE_OFF unless the brand's chatActive is on.";

/**
 * Chat with the brand (issue 32; docs/restaurant.md): the customer's conversations under `/api/chat/v1`, the staff's
 * inbox under `/api/ops/v1/chats`. Messages are plain text, at most 1000 characters after cleaning (domain `cleanChatText`).
 */
export const chatRoutes: FastifyPluginAsyncZod<{ service: ChatService; nudges: Nudges }> = async (app, { service, nudges }) => {
  app.get(
    '/chat/v1/stream',
    {
      config: signedIn,
      schema: {
        tags,
        security,
        summary: "The customer's chats, live (server-sent events)",
        description:
          "`event: chat` with `data` {conversationId} each time one of the customer's conversations changes (a message either way, closed): " +
          'read it again. Nothing is replayed: read the conversations after every (re)connect. A comment line every 25 s keeps it open.',
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => {
      const userId = requireUser(request).id;
      nudges.stream(request, reply, merchantOf(request).id, (n) =>
        n.topic === 'chat' && n.userId === userId ? { conversationId: n.conversationId } : null,
      );
    },
  );

  app.get(
    '/ops/v1/chats/stream',
    {
      config: inboxStaff,
      schema: {
        tags: ['ops'],
        security,
        summary: 'The inbox, live (server-sent events)',
        description:
          '`event: chat` with `data` {conversationId} each time a conversation the member sees changes: read the inbox (and the open ' +
          'conversation) again. Nothing is replayed: read the inbox after every (re)connect.',
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => {
      const member = requireStaff(request);
      nudges.stream(request, reply, member.merchantId, (n) =>
        n.topic === 'chat' && service.sees(member, n) ? { conversationId: n.conversationId } : null,
      );
    },
  );

  app.get(
    '/chat/v1/conversations',
    {
      config: signedIn,
      schema: {
        tags,
        security,
        summary: "The customer's conversations with the brand, the latest first",
        description: OFF,
        response: { 200: z.array(ChatConversation), ...errors },
      },
    },
    async (request) => service.mine(merchantOf(request).id, requireUser(request).id),
  );

  app.post(
    '/chat/v1/messages',
    {
      config: signedIn,
      schema: {
        tags,
        security,
        summary: 'Write to the brand, about one of my orders or in general',
        description:
          'Into the open conversation about that order (or the general one), opened when there is none: 201 with the conversation and its newest page. ' +
          "400 CHAT_TEXT_INVALID (empty, or over 1000 characters); 404 for an order that is not the customer's; 429 CHAT_RATE_LIMITED " +
          `(details.retryAfterSeconds) past 6 messages a minute or 100 a day. ${OFF}`,
        body: ChatPostRequest,
        response: { 201: ChatThread, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.post(merchantOf(request).id, requireUser(request).id, request.body)),
  );

  app.get(
    '/chat/v1/conversations/:id',
    {
      config: signedIn,
      schema: {
        tags,
        security,
        summary: 'One of my conversations: a page of its messages, oldest first; opening it marks the answers read',
        params: ChatIdParams,
        querystring: ChatPageQuery,
        response: { 200: ChatThread, ...errors },
      },
    },
    async (request) => service.thread(merchantOf(request).id, requireUser(request).id, request.params.id, request.query.before),
  );

  app.get(
    '/ops/v1/chats',
    {
      config: inboxStaff,
      schema: {
        tags: ['ops'],
        security,
        summary: "The brand's chat inbox: the conversations the staff member sees, with unread counts",
        description: "An order's conversation is seen by the staff of its branch; a general one by all. " + OFF,
        querystring: ChatInboxQuery,
        response: { 200: z.array(StaffChatConversation), ...errors },
      },
    },
    async (request) => service.inbox(requireStaff(request), request.query.status),
  );

  app.get(
    '/ops/v1/chats/:id',
    {
      config: inboxStaff,
      schema: {
        tags: ['ops'],
        security,
        summary: "A conversation: a page of its messages; opening it marks the customer's read",
        params: ChatIdParams,
        querystring: ChatPageQuery,
        response: { 200: StaffChatThread, ...errors },
      },
    },
    async (request) => service.staffThread(requireStaff(request), request.params.id, request.query.before),
  );

  app.post(
    '/ops/v1/chats/:id/messages',
    {
      config: inboxStaff,
      schema: {
        tags: ['ops'],
        security,
        summary: 'Answer in a conversation',
        description: '409 CHAT_CLOSED once it is closed.',
        params: ChatIdParams,
        body: ChatReplyRequest,
        response: { 201: StaffChatThread, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.reply(requireStaff(request), request.params.id, request.body.text)),
  );

  app.post(
    '/ops/v1/chats/:id/close',
    {
      config: inboxStaff,
      schema: {
        tags: ['ops'],
        security,
        summary: "Close a conversation (the customer's next message opens a new one)",
        params: ChatIdParams,
        response: { 200: StaffChatConversation, ...errors },
      },
    },
    async (request) => service.close(requireStaff(request), request.params.id),
  );
};
