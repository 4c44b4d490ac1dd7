import { createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantSettings, notifications, orders } from '@dasturxon/db';
import { DEMO } from '@dasturxon/db/seed';
import { Order } from '@dasturxon/domain/contracts';
import { verifyInitData } from '../src/features/notifications/index.ts';
import { BACKENDS, createTestApp, signInCustomer, type TestApp } from './harness.ts';

const T = DEMO.tezkor;
const BOT_TOKEN = '5768337691:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx8';

describe('Telegram Mini App data (docs/protocols.md 4.1)', () => {
  it('verifies the published vectors with the age check off, and refuses a changed token, an old one and a missing hash', () => {
    const v1 =
      'query_id=AAHdF6IQAAAAAN0XohDhrOrc&user=%7B%22id%22%3A279058397%2C%22first_name%22%3A%22Vladislav%22%2C%22last_name%22%3A%22Kibenko%22%2C%22username%22%3A%22vdkfrost%22%2C%22language_code%22%3A%22ru%22%2C%22is_premium%22%3Atrue%7D&auth_date=1662771648&hash=c501b71e775f74ce10e377dea85a7ea24ecd640b223ea86dfe453e0eaed2e2b2';
    const now = new Date('2026-11-26T12:00:00Z');
    expect(verifyInitData(v1, BOT_TOKEN, now, 0)).toEqual({ userId: '279058397', languageCode: 'ru' });
    expect(verifyInitData(v1, `${BOT_TOKEN}A`, now, 0)).toBeNull();
    expect(verifyInitData(v1, BOT_TOKEN, now)).toBeNull();
    expect(verifyInitData(v1.replace(/&hash=.*/, ''), BOT_TOKEN, now, 0)).toBeNull();
    const v2 =
      'auth_date=1&can_send_after=10000&chat=%7B%22id%22%3A1%2C%22type%22%3A%22group%22%2C%22title%22%3A%22chat-title%22%2C%22photo_url%22%3A%22group%22%2C%22username%22%3A%22my-chat%22%7D&chat_instance=888&chat_type=sender&hash=47cfa22e72b887cba90c9cb833c5ea0f599975b6ce7193741844b5c4a4228b40&query_id=QUERY&receiver=%7B%22added_to_attachment_menu%22%3Afalse%2C%22allows_write_to_pm%22%3Atrue%2C%22first_name%22%3A%22receiver-first-name%22%2C%22id%22%3A991%2C%22is_bot%22%3Afalse%2C%22is_premium%22%3Atrue%2C%22language_code%22%3A%22ru%22%2C%22last_name%22%3A%22receiver-last-name%22%2C%22photo_url%22%3A%22receiver-photo%22%2C%22username%22%3A%22receiver-username%22%7D&start_param=debug&user=%7B%22added_to_attachment_menu%22%3Afalse%2C%22allows_write_to_pm%22%3Afalse%2C%22first_name%22%3A%22user-first-name%22%2C%22id%22%3A222%2C%22is_bot%22%3Atrue%2C%22is_premium%22%3Afalse%2C%22language_code%22%3A%22en%22%2C%22last_name%22%3A%22user-last-name%22%2C%22photo_url%22%3A%22user-photo%22%2C%22username%22%3A%22user-username%22%7D';
    expect(verifyInitData(v2, BOT_TOKEN, now, 0)?.userId).toBe('222');
  });
});

/** Mini App data for a user, signed with a bot token as Telegram signs it. */
function signedInitData(token: string, userId: number, authDate: number): string {
  const fields: Record<string, string> = {
    auth_date: String(authDate),
    query_id: 'AAtest',
    user: JSON.stringify({ id: userId, first_name: 'Test', language_code: 'uz' }),
  };
  const check = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(token).digest();
  return new URLSearchParams({ ...fields, hash: createHmac('sha256', secret).update(check).digest('hex') }).toString();
}

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

  const place = async (initData: string | undefined, ip: string, phone: string) => {
    const c = await signInCustomer(t, dataDir, { phone, merchantId: T.id, ip });
    const res = await t.app.inject({
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
    expect(res.statusCode, res.body).toBe(201);
    return Order.parse(res.json());
  };
  const chatOf = async (id: string) =>
    (await t.database.db.select({ chat: orders.telegramChatId }).from(orders).where(eq(orders.id, id)))[0]!.chat;

  it('keeps the chat of signed Mini App data, sends each status through the bot in the brand language, and retries a failure', async () => {
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const order = await place(signedInitData(BOT_TOKEN, 4242, now - 60), '10.17.0.1', '+998971000001');
    expect(await chatOf(order.id)).toBe('4242');
    // Data signed by another bot, or a day old, names no chat.
    expect(await chatOf((await place(signedInitData('1:other', 4343, now - 60), '10.17.0.2', '+998971000002')).id)).toBeNull();
    expect(await chatOf((await place(signedInitData(BOT_TOKEN, 4444, now - 2 * 86_400), '10.17.0.3', '+998971000003')).id)).toBeNull();

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
