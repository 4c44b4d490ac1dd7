import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { sign } from '@telegram-apps/init-data-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantSettings, notifications, orders } from '@dasturxon/db';
import { DEMO } from '@dasturxon/db/seed';
import { Order } from '@dasturxon/domain/contracts';
import { BACKENDS, createTestApp, signInCustomer, type TestApp } from './harness.ts';

const T = DEMO.tezkor;
const BOT_TOKEN = '5768337691:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx8';

/** Mini App data for a user, signed with a bot token as Telegram signs it (the library's signer plays Telegram). */
const signedInitData = (token: string, userId: number, authDate: number): string =>
  sign({ query_id: 'AAtest', user: { id: userId, first_name: 'Test', language_code: 'uz' } }, token, new Date(authDate * 1000));

describe.each(BACKENDS)('status messages through the brand bot on %s', (backend) => {
  let t: TestApp;
  let dataDir: string;
  let bot: Server;
  const received: { path: string; body: { chat_id: string; text: string } }[] = [];
  let answer = 200;
  beforeAll(async () => {
    // The Bot API, played: it records each sendMessage and answers as told (a refusal with Telegram's error_code).
    bot = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        received.push({ path: req.url ?? '', body: JSON.parse(raw) as { chat_id: string; text: string } });
        res
          .writeHead(answer, { 'content-type': 'application/json' })
          .end(JSON.stringify(answer === 200 ? { ok: true, result: {} } : { ok: false, error_code: answer, description: 'refused' }));
      });
    });
    await new Promise<void>((r) => bot.listen(0, '127.0.0.1', r));
    dataDir = await mkdtemp(join(tmpdir(), 'dx-tg-'));
    t = await createTestApp(backend, { DATA_DIR: dataDir, TELEGRAM_API_URL: `http://127.0.0.1:${(bot.address() as AddressInfo).port}` });
    await t.database.db
      .update(merchantSettings)
      .set({ notificationsActive: true, mainLanguage: 'uz' })
      .where(eq(merchantSettings.merchantId, T.id));
    await t.app.telegram.setBotToken(T.id, BOT_TOKEN);
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((r) => bot?.close(r));
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const placeOrder = async (initData: string | undefined, ip: string, phone: string) => {
    const c = await signInCustomer(t, dataDir, { phone, merchantId: T.id, ip });
    return t.app.inject({
      method: 'POST',
      url: '/api/orders/v1/orders',
      headers: { 'x-merchant-id': T.id, authorization: `Bearer ${c.token}` },
      payload: {
        serviceType: 'PICK_UP',
        branchId: T.branches.chilonzor,
        orderDevice: 'TELEGRAM_BOT',
        cartItems: [{ productId: T.products.fries, count: 1 }],
        ...(initData ? { telegramInitData: initData } : {}),
      },
    });
  };
  const place = async (initData: string | undefined, ip: string, phone: string) => {
    const res = await placeOrder(initData, ip, phone);
    expect(res.statusCode, res.body).toBe(201);
    return Order.parse(res.json());
  };
  const chatOf = async (id: string) =>
    (await t.database.db.select({ chat: orders.telegramChatId }).from(orders).where(eq(orders.id, id)))[0]!.chat;

  it('keeps the chat of signed Mini App data, sends each status through the bot in the brand language, and retries a failure', async () => {
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const order = await place(signedInitData(BOT_TOKEN, 4242, now - 60), '10.17.0.1', '+998971000001');
    expect(await chatOf(order.id)).toBe('4242');
    // A bot order from a web session needs data the brand's bot signed: another bot's, or a day old, is refused with its code.
    const forged = await placeOrder(signedInitData('1:other', 4343, now - 60), '10.17.0.2', '+998971000002');
    expect([forged.statusCode, forged.json().code]).toEqual([401, 'TELEGRAM_SIGNATURE_INVALID']);
    const old = await placeOrder(signedInitData(BOT_TOKEN, 4444, now - 2 * 86_400), '10.17.0.3', '+998971000003');
    expect([old.statusCode, old.json().code]).toEqual([401, 'TELEGRAM_INIT_DATA_EXPIRED']);
    const none = await placeOrder(undefined, '10.17.0.4', '+998971000004');
    expect([none.statusCode, none.json().code]).toEqual([401, 'TELEGRAM_INIT_DATA_MISSING']);
    expect(
      await t.database.db.select({ channel: orders.channel, device: orders.orderDevice }).from(orders).where(eq(orders.id, order.id)),
    ).toEqual([{ channel: 'TG', device: 'TELEGRAM_BOT' }]);

    await t.app.moveOrder(T.id, order.id, { to: 'ACCEPTED', role: 'operator' });
    expect(await t.app.runOpsWork()).toMatchObject({ sent: 1 });
    expect(received.at(-1)).toEqual({
      path: `/bot${BOT_TOKEN}/sendMessage`,
      body: { chat_id: '4242', text: expect.stringContaining('qabul qilindi') },
    });
    expect(received.at(-1)!.body.text).toContain(`№${order.number}`);

    // The Bot API fails: the message waits and goes later; a refusal (the customer blocked the bot) gives it up.
    answer = 502;
    await t.app.moveOrder(T.id, order.id, { to: 'COOKING', role: 'operator' });
    expect((await t.app.runOpsWork()).sent).toBe(0);
    answer = 200;
    t.clock.set(new Date(t.clock.now().getTime() + 60_000));
    expect((await t.app.runOpsWork()).sent).toBe(1);
    expect(received.at(-1)!.body.text).toContain('tayyorlanmoqda');
    answer = 403;
    await t.app.moveOrder(T.id, order.id, { to: 'DONE', role: 'operator' });
    await t.app.runOpsWork();
    const states = (
      await t.database.db
        .select({ status: notifications.status, state: notifications.telegramState })
        .from(notifications)
        .where(eq(notifications.orderId, order.id))
    ).map((r) => `${r.status}:${r.state}`);
    expect(states.sort()).toEqual(['ACCEPTED:SENT', 'COOKING:SENT', 'DONE:FAILED']);
    answer = 200;
  });
});
