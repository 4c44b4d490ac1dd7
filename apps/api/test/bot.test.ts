import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchants, merchantSecrets, users } from '@dasturxon/db';
import { DEMO } from '@dasturxon/db/seed';
import { Order } from '@dasturxon/domain/contracts';
import { BACKENDS, createTestApp, signInCustomer, type TestApp } from './harness.ts';
import { startFakeBotApi } from './providers/telegram-bot-api.ts';

const T = DEMO.tezkor;
const TOKEN = '7000001:AAtezkor-test-token';
const SITE = 'https://tezkor.dasturxon.test';

type Fake = Awaited<ReturnType<typeof startFakeBotApi>>;
type Markup = {
  inline_keyboard?: { text: string; web_app?: { url: string } }[][];
  keyboard?: { text: string; request_contact?: boolean }[][];
};

describe.each(BACKENDS)("the brand's Telegram bot on %s", (backend) => {
  let t: TestApp;
  let fake: Fake;
  let dataDir: string;
  let secret = '';
  let updateId = 1;

  beforeAll(async () => {
    fake = await startFakeBotApi({ [TOKEN]: { id: 7000001, username: 'tezkor_test_bot' } });
    dataDir = await mkdtemp(join(tmpdir(), 'dx-bot-'));
    t = await createTestApp(backend, { DATA_DIR: dataDir, TELEGRAM_API_URL: fake.url, BASE_DOMAINS: 'dasturxon.test' });
    await t.app.telegram.setBotToken(T.id, TOKEN);
    // The demo seed gives Tezkor a webhook secret of its own: this brand starts without one, so setup makes it.
    await t.database.db.update(merchantSecrets).set({ telegramWebhookSecret: null }).where(eq(merchantSecrets.merchantId, T.id));
    await t.app.bots.setup(T.sub, 'https://api.dasturxon.test/');
    secret = String(fake.of('setWebhook')[0]?.params.secret_token ?? '');
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const message = (from: { id: number; lang?: string }, fields: Record<string, unknown>) => ({
    update_id: updateId++,
    message: {
      message_id: updateId,
      date: 1_780_000_000,
      chat: { id: from.id, type: 'private', first_name: 'Ali' },
      from: { id: from.id, is_bot: false, first_name: 'Ali', ...(from.lang ? { language_code: from.lang } : {}) },
      ...fields,
    },
  });
  const command = (text: string) => ({ text, entities: [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]!.length }] });
  const post = (update: object, header: string | null = secret, merchantId: string = T.id) =>
    t.app.inject({
      method: 'POST',
      url: `/api/telegram/${merchantId}/webhook`,
      headers: header === null ? {} : { 'x-telegram-bot-api-secret-token': header },
      payload: update,
    });
  /** The messages the bot sent to a chat since a mark. */
  const sentSince = (mark: number, chat: number) =>
    fake.calls.slice(mark).filter((c) => c.method === 'sendMessage' && Number(c.params.chat_id) === chat);

  it('setup stores the bot, sets the webhook with a secret, the menu button and the commands in three languages', async () => {
    const [brand] = await t.database.db
      .select({ id: merchants.telegramBotId, username: merchants.telegramBotUsername })
      .from(merchants)
      .where(eq(merchants.id, T.id));
    expect(brand).toEqual({ id: '7000001', username: 'tezkor_test_bot' });
    expect(fake.of('getMe')).toHaveLength(1);
    const [hook] = fake.of('setWebhook');
    expect(hook?.token).toBe(TOKEN);
    expect(hook?.params.url).toBe(`https://api.dasturxon.test/api/telegram/${T.id}/webhook`);
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(fake.of('setChatMenuButton')[0]?.params.menu_button).toEqual({ type: 'web_app', text: 'Меню', web_app: { url: `${SITE}/` } });
    const commands = fake
      .of('setMyCommands')
      .map((c) => [c.params.language_code ?? null, (c.params.commands as { command: string }[]).map((x) => x.command)]);
    expect(commands).toEqual([
      ['uz', ['start', 'orders']],
      [null, ['start', 'orders']],
      ['en', ['start', 'orders']],
    ]);
    // A second setup keeps the secret it made.
    await t.app.bots.setup(T.sub, 'https://api.dasturxon.test');
    expect(fake.of('setWebhook')[1]?.params.secret_token).toBe(secret);
  });

  it('answers 401 and sends nothing without the secret, with a wrong one, for an unknown brand or a brand without a bot', async () => {
    const mark = fake.calls.length;
    const update = message({ id: 501 }, command('/start'));
    expect((await post(update, null)).statusCode).toBe(401);
    expect((await post(update, 'x'.repeat(64))).statusCode).toBe(401);
    expect((await post(update, `${secret.slice(0, -1)}${secret.endsWith('0') ? '1' : '0'}`)).statusCode).toBe(401);
    expect((await post(update, secret, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(401);
    expect((await post(update, secret, DEMO.navbahor.id)).statusCode).toBe(401);
    expect((await post(update, secret, 'not-a-uuid')).statusCode).toBe(401);
    expect(fake.calls.length).toBe(mark);
  });

  it('greets /start in ru and uz with the mini app button and asks an unlinked user for the phone', async () => {
    let mark = fake.calls.length;
    expect((await post(message({ id: 601, lang: 'ru' }, command('/start')))).statusCode).toBe(200);
    const ru = sentSince(mark, 601);
    expect(ru).toHaveLength(2);
    expect(ru[0]?.params.text).toContain('Добро пожаловать');
    expect((ru[0]?.params.reply_markup as Markup).inline_keyboard?.[0]?.[0]).toEqual({
      text: 'Открыть меню',
      web_app: { url: `${SITE}/` },
    });
    expect((ru[1]?.params.reply_markup as Markup).keyboard?.[0]?.[0]).toEqual({ text: 'Поделиться номером', request_contact: true });

    mark = fake.calls.length;
    await post(message({ id: 602, lang: 'uz' }, command('/start')));
    const uz = sentSince(mark, 602);
    expect(uz[0]?.params.text).toContain('xush kelibsiz');
    expect((uz[0]?.params.reply_markup as Markup).inline_keyboard?.[0]?.[0]?.text).toBe('Menyuni ochish');
    // A language the bot does not speak reads as ru.
    mark = fake.calls.length;
    await post(message({ id: 603, lang: 'de' }, command('/start')));
    expect(sentSince(mark, 603)[0]?.params.text).toContain('Добро пожаловать');
  });

  it('opens the page of a /start deep link', async () => {
    const productId = T.products.fries;
    let mark = fake.calls.length;
    await post(message({ id: 611, lang: 'en' }, command(`/start product_${productId}`)));
    const [product] = sentSince(mark, 611);
    expect((product?.params.reply_markup as Markup).inline_keyboard?.[0]?.[0]).toEqual({
      text: 'Open the dish',
      web_app: { url: `${SITE}/product/${productId}` },
    });
    const orderId = '3f0c2a4e-1111-4222-8333-444455556666';
    mark = fake.calls.length;
    await post(message({ id: 611, lang: 'en' }, command(`/start order_${orderId}`)));
    expect((sentSince(mark, 611)[0]?.params.reply_markup as Markup).inline_keyboard?.[0]?.[0]?.web_app?.url).toBe(
      `${SITE}/profile/orders/${orderId}`,
    );
  });

  it("links the sender's own contact to the web customer of that phone, lists their active orders, and refuses another's contact", async () => {
    const phone = '+998971234001';
    const web = await signInCustomer(t, dataDir, { phone, merchantId: T.id, ip: '10.30.0.1' });
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders/v1/orders',
      headers: { 'x-merchant-id': T.id, authorization: `Bearer ${web.token}` },
      payload: {
        serviceType: 'PICK_UP',
        branchId: T.branches.chilonzor,
        orderDevice: 'CLIENT_WEB',
        cartItems: [{ productId: T.products.fries, count: 1 }],
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = Order.parse(placed.json());

    // Before linking, /orders asks for the phone.
    let mark = fake.calls.length;
    await post(message({ id: 701, lang: 'ru' }, command('/orders')));
    expect(sentSince(mark, 701)[0]?.params.text).toContain('поделитесь номером');

    // Someone else's card: refused, nothing linked.
    mark = fake.calls.length;
    await post(message({ id: 701, lang: 'ru' }, { contact: { phone_number: '998971234001', first_name: 'Vali', user_id: 999 } }));
    expect(sentSince(mark, 701)[0]?.params.text).toContain('свой номер');
    expect(await t.database.db.select().from(users).where(eq(users.telegramUserId, '701'))).toHaveLength(0);

    // The sender's own contact links the customer who signed in on the web with that phone.
    mark = fake.calls.length;
    await post(message({ id: 701, lang: 'ru' }, { contact: { phone_number: '998971234001', first_name: 'Ali', user_id: 701 } }));
    expect(sentSince(mark, 701)[0]?.params.text).toContain(phone);
    const linked = await t.database.db.select({ id: users.id }).from(users).where(eq(users.telegramUserId, '701'));
    expect(linked).toEqual([{ id: web.id }]);

    // /orders lists the order with its status in words and a button opening it.
    mark = fake.calls.length;
    await post(message({ id: 701, lang: 'ru' }, command('/orders')));
    const [list] = sentSince(mark, 701);
    expect(list?.params.text).toContain(`№${order.number} — ожидает подтверждения`);
    expect((list?.params.reply_markup as Markup).inline_keyboard?.[0]?.[0]?.web_app?.url).toBe(`${SITE}/profile/orders/${order.id}`);

    // A linked user's /start needs no phone.
    mark = fake.calls.length;
    await post(message({ id: 701, lang: 'ru' }, command('/start')));
    expect(sentSince(mark, 701)).toHaveLength(1);
  });

  it('answers unknown text with a short help', async () => {
    const mark = fake.calls.length;
    await post(message({ id: 801, lang: 'uz' }, { text: 'salom' }));
    expect(sentSince(mark, 801)[0]?.params.text).toContain('/orders');
  });
});
