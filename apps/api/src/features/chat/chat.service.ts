import { and, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { chatConversations, chatMessages, orders, users, type ChatConversationRow, type ChatMessageRow, type Db } from '@dasturxon/db';
import {
  AppError,
  CHAT,
  branchScopeOf,
  chatWait,
  cleanChatText,
  type ChatConversation,
  type ChatMessage,
  type ChatThread,
  type StaffChatConversation,
  type StaffChatThread,
  type StaffRole,
} from '@dasturxon/domain';
import type { Clock } from '../../clock.ts';
import { readSettings } from '../merchants/index.ts';
import { nudge } from '../live/index.ts';

export interface ChatStaff {
  merchantId: string;
  id: string;
  role: StaffRole;
  branchIds: readonly string[];
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Reader = Db | Tx;

const message = (m: ChatMessageRow): ChatMessage => ({
  id: m.id,
  conversationId: m.conversationId,
  author: m.author,
  text: m.text,
  createdAt: m.createdAt.toISOString(),
  seq: m.seq,
});

/**
 * Chat with the brand (issue 32; docs/restaurant.md, "Chat"): a signed-in customer's conversations, about one of
 * their orders or in general, and the staff's inbox. Only where the brand's `chatActive` is on. What a message may be
 * is the domain's `cleanChatText`; a customer's pace is `chatWait`, counted from the messages kept, so it holds across
 * instances. A customer never reaches another's conversation, nor a brand another's: both answer 404.
 */
export function createChatService({ db, clock }: { db: Db; clock: Clock }) {
  /** Tells the conversation's customer and the staff who see it, live (live/nudges.ts), once the transaction commits. */
  const nudgeOf = (tx: Reader, c: ChatConversationRow) =>
    nudge(tx as Db, { topic: 'chat', merchantId: c.merchantId, conversationId: c.id, userId: c.userId, branchId: c.branchId });

  async function chatOn(merchantId: string): Promise<void> {
    if (!(await readSettings(db, merchantId)).chatActive) throw new AppError('FEATURE_OFF');
  }

  const textOf = (raw: string): string => {
    const text = cleanChatText(raw);
    if (text === null) throw new AppError('CHAT_TEXT_INVALID', { max: CHAT.textMax });
    return text;
  };

  /** The conversations' last messages and order numbers, for a list. */
  async function decorate(r: Reader, merchantId: string, rows: ChatConversationRow[], reader: 'CUSTOMER' | 'STAFF') {
    if (rows.length === 0) return [];
    const ids = rows.map((c) => c.id);
    const last = await r
      .selectDistinctOn([chatMessages.conversationId])
      .from(chatMessages)
      .where(and(eq(chatMessages.merchantId, merchantId), inArray(chatMessages.conversationId, ids)))
      .orderBy(chatMessages.conversationId, desc(chatMessages.seq));
    const orderIds = rows.map((c) => c.orderId).filter((x): x is string => x !== null);
    const numbers = orderIds.length
      ? await r
          .select({ id: orders.id, number: orders.number })
          .from(orders)
          .where(and(eq(orders.merchantId, merchantId), inArray(orders.id, orderIds)))
      : [];
    const lastOf = new Map(last.map((m) => [m.conversationId, m]));
    const numberOf = new Map(numbers.map((o) => [o.id, o.number]));
    return rows.map((c): ChatConversation => ({
      id: c.id,
      status: c.status,
      orderId: c.orderId,
      orderNumber: c.orderId ? (numberOf.get(c.orderId) ?? null) : null,
      unread: reader === 'CUSTOMER' ? c.customerUnread : c.staffUnread,
      lastMessageAt: c.lastMessageAt.toISOString(),
      lastMessage: lastOf.has(c.id) ? message(lastOf.get(c.id)!) : null,
    }));
  }

  async function staffView(r: Reader, merchantId: string, rows: ChatConversationRow[]): Promise<StaffChatConversation[]> {
    const base = await decorate(r, merchantId, rows, 'STAFF');
    const userIds = [...new Set(rows.map((c) => c.userId))];
    const people = userIds.length
      ? await r
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, phone: users.phone })
          .from(users)
          .where(and(eq(users.merchantId, merchantId), inArray(users.id, userIds)))
      : [];
    const who = new Map(people.map((u) => [u.id, u]));
    return base.map((c, i) => {
      const u = who.get(rows[i]!.userId);
      return {
        ...c,
        customerName: [u?.firstName, u?.lastName].filter(Boolean).join(' '),
        customerPhone: u?.phone ?? null,
        branchId: rows[i]!.branchId,
      };
    });
  }

  /** A page of a conversation's messages, oldest first, before `before` (the newest page without it). */
  async function page(r: Reader, merchantId: string, conversationId: string, before?: number) {
    const rows = await r
      .select()
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.merchantId, merchantId),
          eq(chatMessages.conversationId, conversationId),
          before === undefined ? undefined : lt(chatMessages.seq, before),
        ),
      )
      .orderBy(desc(chatMessages.seq))
      .limit(CHAT.pageSize + 1);
    return { messages: rows.slice(0, CHAT.pageSize).reverse().map(message), more: rows.length > CHAT.pageSize };
  }

  /** Whether a staff member sees a conversation: a general one every staff member of the inbox; an order's, its branch's. */
  const sees = (member: ChatStaff, c: Pick<ChatConversationRow, 'branchId'>): boolean => {
    const scope = branchScopeOf(member);
    return scope === null || c.branchId === null || scope.includes(c.branchId);
  };

  async function staffConversation(r: Reader, member: ChatStaff, id: string, lock = false): Promise<ChatConversationRow> {
    const q = r
      .select()
      .from(chatConversations)
      .where(and(eq(chatConversations.merchantId, member.merchantId), eq(chatConversations.id, id)));
    const [row] = lock ? await q.for('update') : await q;
    if (!row || !sees(member, row)) throw new AppError('NOT_FOUND');
    return row;
  }

  return {
    /** Whether a staff member sees a conversation (its branch is theirs, or it has none): their inbox and its live nudges. */
    sees,

    /** The customer's conversations, the latest first. */
    async mine(merchantId: string, userId: string): Promise<ChatConversation[]> {
      await chatOn(merchantId);
      const rows = await db
        .select()
        .from(chatConversations)
        .where(and(eq(chatConversations.merchantId, merchantId), eq(chatConversations.userId, userId)))
        .orderBy(desc(chatConversations.lastMessageAt))
        .limit(50);
      return decorate(db, merchantId, rows, 'CUSTOMER');
    },

    /**
     * The customer writes: into their open conversation about the order (or their general one), opened when there is
     * none. 404 for an order that is not theirs; 429 CHAT_RATE_LIMITED with details.retryAfterSeconds past their pace.
     */
    async post(merchantId: string, userId: string, body: { text: string; orderId?: string }): Promise<ChatThread> {
      await chatOn(merchantId);
      const text = textOf(body.text);
      const now = clock.now();
      return db.transaction(async (tx) => {
        // One customer's messages are written one at a time, so two at once cannot both slip under the pace.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`chat:${merchantId}:${userId}`}, 0))`);
        const recent = await tx
          .select({ at: chatMessages.createdAt })
          .from(chatMessages)
          .innerJoin(
            chatConversations,
            and(eq(chatConversations.merchantId, chatMessages.merchantId), eq(chatConversations.id, chatMessages.conversationId)),
          )
          .where(
            and(
              eq(chatMessages.merchantId, merchantId),
              eq(chatConversations.userId, userId),
              eq(chatMessages.author, 'CUSTOMER'),
              gt(chatMessages.createdAt, new Date(now.getTime() - 86_400_000)),
            ),
          );
        const wait = chatWait(
          recent.map((m) => m.at),
          now,
        );
        if (wait !== null) throw new AppError('CHAT_RATE_LIMITED', { retryAfterSeconds: wait });
        let branchId: string | null = null;
        if (body.orderId) {
          const [order] = await tx
            .select({ branchId: orders.branchId })
            .from(orders)
            .where(and(eq(orders.merchantId, merchantId), eq(orders.id, body.orderId), eq(orders.userId, userId)));
          if (!order) throw new AppError('NOT_FOUND');
          branchId = order.branchId;
        }
        const [open] = await tx
          .select()
          .from(chatConversations)
          .where(
            and(
              eq(chatConversations.merchantId, merchantId),
              eq(chatConversations.userId, userId),
              eq(chatConversations.status, 'OPEN'),
              body.orderId ? eq(chatConversations.orderId, body.orderId) : isNull(chatConversations.orderId),
            ),
          );
        const conversation =
          open ??
          (
            await tx
              .insert(chatConversations)
              .values({ merchantId, userId, orderId: body.orderId ?? null, branchId, createdAt: now, lastMessageAt: now })
              .returning()
          )[0]!;
        await tx.insert(chatMessages).values({ merchantId, conversationId: conversation.id, author: 'CUSTOMER', text, createdAt: now });
        const [updated] = await tx
          .update(chatConversations)
          .set({ lastMessageAt: now, staffUnread: sql`${chatConversations.staffUnread} + 1` })
          .where(and(eq(chatConversations.merchantId, merchantId), eq(chatConversations.id, conversation.id)))
          .returning();
        await nudgeOf(tx, updated!);
        const [view] = await decorate(tx, merchantId, [updated!], 'CUSTOMER');
        return { conversation: view!, ...(await page(tx, merchantId, conversation.id)) };
      });
    },

    /** One of the customer's conversations, a page of it; opening it marks the staff's messages read. */
    async thread(merchantId: string, userId: string, id: string, before?: number): Promise<ChatThread> {
      await chatOn(merchantId);
      const [row] = await db
        .update(chatConversations)
        .set({ customerUnread: 0 })
        .where(and(eq(chatConversations.merchantId, merchantId), eq(chatConversations.id, id), eq(chatConversations.userId, userId)))
        .returning();
      if (!row) throw new AppError('NOT_FOUND');
      const [view] = await decorate(db, merchantId, [row], 'CUSTOMER');
      return { conversation: view!, ...(await page(db, merchantId, id, before)) };
    },

    /** The staff's inbox: the open (or closed) conversations they see, the latest first, unread counts included. */
    async inbox(member: ChatStaff, status: 'OPEN' | 'CLOSED'): Promise<StaffChatConversation[]> {
      await chatOn(member.merchantId);
      const scope = branchScopeOf(member);
      const rows = await db
        .select()
        .from(chatConversations)
        .where(
          and(
            eq(chatConversations.merchantId, member.merchantId),
            eq(chatConversations.status, status),
            scope === null
              ? undefined
              : scope.length === 0
                ? isNull(chatConversations.branchId)
                : or(isNull(chatConversations.branchId), inArray(chatConversations.branchId, [...scope])),
          ),
        )
        .orderBy(desc(chatConversations.lastMessageAt))
        .limit(200);
      return staffView(db, member.merchantId, rows);
    },

    /** A conversation for the staff, a page of it; opening it marks the customer's messages read. */
    async staffThread(member: ChatStaff, id: string, before?: number): Promise<StaffChatThread> {
      await chatOn(member.merchantId);
      const row = await staffConversation(db, member, id);
      const [read] = await db
        .update(chatConversations)
        .set({ staffUnread: 0 })
        .where(and(eq(chatConversations.merchantId, member.merchantId), eq(chatConversations.id, row.id)))
        .returning();
      const [view] = await staffView(db, member.merchantId, [read!]);
      return { conversation: view!, ...(await page(db, member.merchantId, id, before)) };
    },

    /** The staff answer in an open conversation (409 CHAT_CLOSED in a closed one). */
    async reply(member: ChatStaff, id: string, raw: string): Promise<StaffChatThread> {
      await chatOn(member.merchantId);
      const text = textOf(raw);
      const now = clock.now();
      return db.transaction(async (tx) => {
        const row = await staffConversation(tx, member, id, true);
        if (row.status !== 'OPEN') throw new AppError('CHAT_CLOSED');
        await tx
          .insert(chatMessages)
          .values({ merchantId: member.merchantId, conversationId: id, author: 'STAFF', staffId: member.id, text, createdAt: now });
        const [updated] = await tx
          .update(chatConversations)
          .set({ lastMessageAt: now, staffUnread: 0, customerUnread: sql`${chatConversations.customerUnread} + 1` })
          .where(and(eq(chatConversations.merchantId, member.merchantId), eq(chatConversations.id, id)))
          .returning();
        await nudgeOf(tx, updated!);
        const [view] = await staffView(tx, member.merchantId, [updated!]);
        return { conversation: view!, ...(await page(tx, member.merchantId, id)) };
      });
    },

    /** The staff close a conversation; the customer's next message opens a new one. */
    async close(member: ChatStaff, id: string): Promise<StaffChatConversation> {
      await chatOn(member.merchantId);
      return db.transaction(async (tx) => {
        const row = await staffConversation(tx, member, id, true);
        if (row.status !== 'OPEN') throw new AppError('CHAT_CLOSED');
        const [closed] = await tx
          .update(chatConversations)
          .set({ status: 'CLOSED', closedAt: clock.now(), closedBy: member.id, staffUnread: 0 })
          .where(and(eq(chatConversations.merchantId, member.merchantId), eq(chatConversations.id, id)))
          .returning();
        await nudgeOf(tx, closed!);
        return (await staffView(tx, member.merchantId, [closed!]))[0]!;
      });
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
