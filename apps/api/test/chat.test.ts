import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { merchantSettings } from '@dasturxon/db';
import { DEMO } from '@dasturxon/db/seed';
import { ChatConversation, ChatThread, StaffChatConversation, StaffChatThread } from '@dasturxon/domain/contracts';
import { BACKENDS, brandCalls, listen, oneInstance, type TestApp } from './harness.ts';

const T = DEMO.tezkor;
const CHILONZOR = T.branches.chilonzor;

async function chatActive(t: TestApp, on: boolean) {
  await t.database.db
    .update(merchantSettings)
    .set({ chatActive: on })
    .where(and(eq(merchantSettings.merchantId, T.id), eq(merchantSettings.channel, 'WEB')));
}

/** Issue 32: chat with the brand, the customer's side and the staff's inbox. */
describe.each(BACKENDS)('chat with the brand on %s', (backend) => {
  let base: string;
  const app = oneInstance(backend, 'dx-chat-', {
    ready: async (t) => {
      base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    },
  });
  const { call, customer, staffToken, placePickup } = brandCalls(app, { merchantId: T.id, net: 34 });
  const navbahor = brandCalls(app, { merchantId: DEMO.navbahor.id, net: 35 });
  const staff = (role: 'operator' | 'kitchen' | 'manager') => staffToken(T.staffPhones[role], T.staffPassword);
  const post = (token: string, body: Record<string, unknown>) => call('POST', '/chat/v1/messages', token, body);

  it('answers FEATURE_OFF while the brand has no chat', async () => {
    await chatActive(app.t, false); // the demo has chat: turned off first
    const c = await customer();
    const res = await post(c.token, { text: 'Здравствуйте' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FEATURE_OFF');
    expect((await call('GET', '/ops/v1/chats', await staff('operator'))).json().code).toBe('FEATURE_OFF');
    await chatActive(app.t, true);
  });

  it('carries a question both ways: the customer writes, the inbox shows it unread, the staff answer, the customer reads it', async () => {
    const [a, b] = [await customer(), await customer()];
    const [operator, kitchen] = [await staff('operator'), await staff('kitchen')];
    const first = await post(a.token, { text: '  Здравствуйте!\r\n\r\n\r\nВы работаете\u202E ночью?  ' });
    expect(first.statusCode, first.body).toBe(201);
    const thread = ChatThread.parse(first.json());
    expect(thread.messages.map((m) => [m.author, m.text])).toEqual([['CUSTOMER', 'Здравствуйте!\n\nВы работаете ночью?']]);
    const general = thread.conversation.id;

    const order = await placePickup(a.token, CHILONZOR, [{ productId: T.products.fries, count: 1 }]);
    const about = ChatThread.parse((await post(a.token, { text: 'Можно без соли?', orderId: order.id })).json());
    expect(about.conversation).toMatchObject({ orderId: order.id, orderNumber: order.number });
    expect(about.conversation.id).not.toBe(general);
    // A second message goes into the same open conversation.
    expect(ChatThread.parse((await post(a.token, { text: 'Спасибо' })).json()).conversation.id).toBe(general);

    const inbox = StaffChatConversation.array().parse((await call('GET', '/ops/v1/chats', operator)).json());
    const mine = inbox.filter((c) => c.id === general || c.id === about.conversation.id);
    expect(mine).toHaveLength(2);
    expect(mine.find((c) => c.id === general)).toMatchObject({ unread: 2, customerPhone: a.phone, lastMessage: { text: 'Спасибо' } });
    expect((await call('GET', '/ops/v1/chats', kitchen)).statusCode).toBe(403);

    const opened = StaffChatThread.parse((await call('GET', `/ops/v1/chats/${general}`, operator)).json());
    expect(opened.conversation.unread).toBe(0);
    expect(opened.messages.map((m) => m.text)).toEqual(['Здравствуйте!\n\nВы работаете ночью?', 'Спасибо']);
    const answered = await call('POST', `/ops/v1/chats/${general}/messages`, operator, { text: 'Да, круглосуточно <b>!</b>' });
    expect(answered.statusCode, answered.body).toBe(201);

    const list = ChatConversation.array().parse((await call('GET', '/chat/v1/conversations', a.token)).json());
    expect(list.find((c) => c.id === general)).toMatchObject({
      unread: 1,
      lastMessage: { author: 'STAFF', text: 'Да, круглосуточно <b>!</b>' },
    });
    const read = ChatThread.parse((await call('GET', `/chat/v1/conversations/${general}`, a.token)).json());
    expect(read.conversation.unread).toBe(0);
    expect(read.messages.map((m) => m.author)).toEqual(['CUSTOMER', 'CUSTOMER', 'STAFF']);

    // Nobody else reaches it: another customer, another customer's order, another brand.
    expect((await call('GET', `/chat/v1/conversations/${general}`, b.token)).statusCode).toBe(404);
    expect((await post(b.token, { text: 'чужой заказ', orderId: order.id })).statusCode).toBe(404);
    const n = await navbahor.customer();
    await app.t.database.db
      .update(merchantSettings)
      .set({ chatActive: true })
      .where(and(eq(merchantSettings.merchantId, DEMO.navbahor.id), eq(merchantSettings.channel, 'WEB')));
    expect((await navbahor.call('GET', `/chat/v1/conversations/${general}`, n.token)).statusCode).toBe(404);
    expect((await navbahor.call('GET', '/chat/v1/conversations', n.token)).json()).toEqual([]);
    expect((await navbahor.call('GET', `/ops/v1/chats/${general}`, operator)).statusCode).toBe(401);
  });

  it('refuses an empty or too long message, and keeps a customer to six a minute, even all at once', async () => {
    const c = await customer();
    expect((await post(c.token, { text: ' \u200B\n ' })).json().code).toBe('CHAT_TEXT_INVALID');
    expect((await post(c.token, { text: 'я'.repeat(1001) })).json().code).toBe('CHAT_TEXT_INVALID');
    const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => post(c.token, { text: `вопрос ${i}` })));
    expect(burst.filter((r) => r.statusCode === 201)).toHaveLength(6);
    const limited = burst.find((r) => r.statusCode === 429)!.json();
    expect(limited.code).toBe('CHAT_RATE_LIMITED');
    expect(limited.details.retryAfterSeconds).toBeGreaterThan(0);
    // A minute later they may write again.
    app.t.clock.set(new Date(app.t.clock.now().getTime() + 61_000));
    expect((await post(c.token, { text: 'ещё вопрос' })).statusCode).toBe(201);
  });

  it('lets the staff close a conversation; the customer then opens a new one', async () => {
    const c = await customer();
    const manager = await staff('manager');
    const { conversation } = ChatThread.parse((await post(c.token, { text: 'Жалоба' })).json());
    const closed = await call('POST', `/ops/v1/chats/${conversation.id}/close`, manager);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().status).toBe('CLOSED');
    expect((await call('POST', `/ops/v1/chats/${conversation.id}/messages`, manager, { text: 'ещё' })).json().code).toBe('CHAT_CLOSED');
    const again = ChatThread.parse((await post(c.token, { text: 'Снова я' })).json());
    expect(again.conversation.id).not.toBe(conversation.id);
    const closedList = StaffChatConversation.array().parse((await call('GET', '/ops/v1/chats?status=CLOSED', manager)).json());
    expect(closedList.map((x) => x.id)).toContain(conversation.id);
  });

  it('tells the customer and the inbox live, and no one else', async () => {
    const [a, b] = [await customer(), await customer()];
    const operator = await staff('operator');
    const mineLive = listen(`${base}/api/chat/v1/stream`, { token: a.token, merchantId: T.id });
    const othersLive = listen(`${base}/api/chat/v1/stream`, { token: b.token, merchantId: T.id });
    const inboxLive = listen(`${base}/api/ops/v1/chats/stream`, { token: operator, merchantId: T.id });
    await Promise.all([mineLive.open, othersLive.open, inboxLive.open]);
    const thread = ChatThread.parse((await post(a.token, { text: 'Есть ли парковка?' })).json());
    const [heard] = await inboxLive.until(1);
    expect(heard).toMatchObject({ event: 'chat' });
    expect(JSON.parse(heard!.data)).toEqual({ conversationId: thread.conversation.id });
    expect((await call('POST', `/ops/v1/chats/${thread.conversation.id}/messages`, operator, { text: 'Да, во дворе' })).statusCode).toBe(
      201,
    );
    // The customer hears their own conversation (their message, then the answer); the other customer hears nothing.
    const mine = await mineLive.until(2);
    expect(mine.map((e) => JSON.parse(e.data) as unknown)).toEqual([
      { conversationId: thread.conversation.id },
      { conversationId: thread.conversation.id },
    ]);
    expect(othersLive.events).toEqual([]);
    // The kitchen has no inbox, and a customer's token is not a stream of the staff's.
    expect(
      (await fetch(`${base}/api/ops/v1/chats/stream`, { headers: { authorization: `Bearer ${a.token}`, 'x-merchant-id': T.id } })).status,
    ).toBe(401);
    await Promise.all([mineLive.stop(), othersLive.stop(), inboxLive.stop()]);
  });
});
