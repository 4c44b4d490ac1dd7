import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sign } from '@telegram-apps/init-data-node';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchants, orders, paymentMethods, sessions, users } from '@dasturxon/db';
import { DEMO } from '@dasturxon/db/seed';
import { LoginResponse, Order, WebbotSettingResponse } from '@dasturxon/domain/contracts';
import { BACKENDS, createTestApp, lastSmsCode, signInCustomer, type TestApp } from './harness.ts';

/* The mini app's server (issue 30; docs/telegram.md, "Mini app server"): the six webbot calls, one customer per brand and phone, the order's channel. */

const T = DEMO.tezkor;
const N = DEMO.navbahor;
const BOT = T.telegramBot;
const NAVBAHOR_TOKEN = '7000000002:AAEnavbahorBotTokenForTheseTestsOnly';

describe.each(BACKENDS)('the mini app server on %s', (backend) => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'dx-webbot-'));
    t = await createTestApp(backend, { DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const unix = () => Math.floor(t.clock.now().getTime() / 1000);
  /** initData as Telegram gives it to the brand's mini app, signed with `token` a minute ago. */
  const initDataOf = (userId: number, token: string = BOT.token, ageSeconds = 60) =>
    sign(
      { query_id: `q${userId}`, user: { id: userId, first_name: 'Aziz', last_name: 'Karimov', language_code: 'uz' } },
      token,
      new Date((unix() - ageSeconds) * 1000),
    );
  /** The raw answer of requestContact, signed like initData. */
  const contactOf = (userId: number, phone: string, token: string = BOT.token) =>
    sign(
      { contact: JSON.stringify({ user_id: userId, phone_number: phone, first_name: 'Aziz', last_name: 'Karimov' }) } as never,
      token,
      new Date((unix() - 30) * 1000),
    );
  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
    token?: string,
    merchantId: string = T.id,
    ip = '10.30.0.1',
  ) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: { 'x-merchant-id': merchantId, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      remoteAddress: ip,
      ...(payload ? { payload } : {}),
    });
  const codeOf = (res: { statusCode: number; json(): unknown }) => [res.statusCode, (res.json() as { code?: string }).code];
  const placeOrder = (token: string, body: object) =>
    call(
      'POST',
      '/orders/v1/orders',
      {
        serviceType: 'PICK_UP',
        branchId: T.branches.chilonzor,
        cartItems: [{ productId: T.products.fries, count: 1 }],
        ...body,
      },
      token,
    );

  it('setting: the bot, its link and the bot channel payment types; Navbahor has no bot', async () => {
    const tezkor = WebbotSettingResponse.parse((await call('GET', '/webbot/v1/setting')).json());
    expect(tezkor).toMatchObject({
      botUsername: 'tezkor_demo_bot',
      miniAppLink: 'https://t.me/tezkor_demo_bot',
      phoneRequired: true,
      botEnabled: true,
    });
    expect(tezkor.paymentTypes).toContain('CASH');
    expect(tezkor.paymentTypes).not.toContain('CLICK_MINI_APP');
    const text = (await call('GET', '/webbot/v1/setting')).body;
    expect(text).not.toContain(BOT.token);
    expect(text).not.toContain(BOT.webhookSecret);
    const navbahor = WebbotSettingResponse.parse((await call('GET', '/webbot/v1/setting', undefined, undefined, N.id)).json());
    expect(navbahor).toEqual({ botUsername: null, miniAppLink: null, paymentTypes: [], phoneRequired: true, botEnabled: false });
    expect(codeOf(await call('POST', '/webbot/v1/users/token', { initData: initDataOf(1) }, undefined, N.id))).toEqual([
      403,
      'TELEGRAM_BOT_OFF',
    ]);
  });

  it('users/token: each refusal its own 401; an unknown Telegram user is asked for the phone, with no token', async () => {
    const token = (initData?: string) => call('POST', '/webbot/v1/users/token', initData === undefined ? {} : { initData });
    expect(codeOf(await token())).toEqual([401, 'TELEGRAM_INIT_DATA_MISSING']);
    expect(codeOf(await token('query_id=1'))).toEqual([401, 'TELEGRAM_INIT_DATA_MISSING']);
    const good = initDataOf(5001);
    expect(codeOf(await token(good.replace(/hash=[0-9a-f]+/, '')))).toEqual([401, 'TELEGRAM_HASH_MISSING']);
    expect(codeOf(await token(good.replace(/hash=[0-9a-f]{4}/, 'hash=0000')))).toEqual([401, 'TELEGRAM_SIGNATURE_INVALID']);
    expect(codeOf(await token(good.replace(/auth_date=\d+/, 'auth_date=AAA')))).toEqual([401, 'TELEGRAM_FIELD_MALFORMED']);
    expect(codeOf(await token(initDataOf(5001, BOT.token, 25 * 3600)))).toEqual([401, 'TELEGRAM_INIT_DATA_EXPIRED']);
    const noUser = sign({ query_id: 'nouser' }, BOT.token, new Date((unix() - 5) * 1000));
    const missing = await token(noUser);
    expect(codeOf(missing)).toEqual([401, 'TELEGRAM_USER_MISSING']);
    expect((missing.json() as { description: { eng: string } }).description.eng).toBe('Telegram ID not found; restart the bot');
    const unknown = await token(good);
    expect(codeOf(unknown)).toEqual([403, 'TELEGRAM_PHONE_REQUIRED']);
    expect(unknown.body).not.toContain('token"');
  });

  it("another brand's bot token never validates this brand's initData", async () => {
    await t.app.telegram.setBotToken(N.id, NAVBAHOR_TOKEN);
    await t.database.db
      .update(merchants)
      .set({ telegramBotId: '7000000002', telegramBotUsername: 'navbahor_bot' })
      .where(eq(merchants.id, N.id));
    const fromNavbahorsBot = initDataOf(5002, NAVBAHOR_TOKEN);
    expect(codeOf(await call('POST', '/webbot/v1/users/token', { initData: fromNavbahorsBot }))).toEqual([401, 'TELEGRAM_OTHER_BOT']);
    expect(codeOf(await call('POST', '/webbot/v1/users/token', { initData: initDataOf(5002) }, undefined, N.id))).toEqual([
      401,
      'TELEGRAM_OTHER_BOT',
    ]);
    const login = await call('POST', '/webbot/v1/users/login', {
      initData: fromNavbahorsBot,
      contact: contactOf(5002, '998971300001', NAVBAHOR_TOKEN),
    });
    expect(codeOf(login)).toEqual([401, 'TELEGRAM_OTHER_BOT']);
    await t.app.telegram.setBotToken(N.id, null);
    await t.database.db.update(merchants).set({ telegramBotId: null, telegramBotUsername: null }).where(eq(merchants.id, N.id));
  });

  it('one customer per brand and phone: the web customer logs in to the mini app by contact and is the same customer', async () => {
    const phone = '+998971300010';
    // On the web: a login by SMS code, an address, an order; some cashback on the account.
    const web = await signInCustomer(t, dataDir, { phone, merchantId: T.id, ip: '10.30.1.1' });
    const address = await call(
      'POST',
      `/users/v1/addresses/user/${web.id}`,
      { name: 'Uy', streetName: 'Bunyodkor', houseNumber: '1', latitude: 41.2857, longitude: 69.2034 },
      web.token,
    );
    expect(address.statusCode, address.body).toBeLessThan(300);
    const webOrder = await placeOrder(web.token, {});
    expect(webOrder.statusCode, webOrder.body).toBe(201);
    await t.database.db
      .update(users)
      .set({ cashback: 7000 })
      .where(and(eq(users.merchantId, T.id), eq(users.id, web.id)));
    // Navbahor's customer with the same phone.
    const other = await signInCustomer(t, dataDir, { phone, merchantId: N.id, ip: '10.30.1.2' });

    // In the mini app: a contact that is not the sharer's own is refused; their own logs in as the web customer.
    const initData = initDataOf(6010);
    expect(codeOf(await call('POST', '/webbot/v1/users/login', { initData, contact: contactOf(6011, '998971300010') }))).toEqual([
      401,
      'TELEGRAM_CONTACT_MISMATCH',
    ]);
    const forged = contactOf(6010, '998971300010').replace('998971300010', '998971300099');
    expect(codeOf(await call('POST', '/webbot/v1/users/login', { initData, contact: forged }))).toEqual([
      401,
      'TELEGRAM_SIGNATURE_INVALID',
    ]);
    const res = await call('POST', '/webbot/v1/users/login', { initData, contact: contactOf(6010, '998971300010') });
    expect(res.statusCode, res.body).toBe(200);
    const mini = LoginResponse.parse(res.json());
    expect(mini.user).toMatchObject({ id: web.id, phone, cashback: 7000 });
    expect(mini.user.id).not.toBe(other.id);
    const [linked] = await t.database.db
      .select()
      .from(users)
      .where(and(eq(users.merchantId, T.id), eq(users.id, web.id)));
    expect(linked?.telegramUserId).toBe('6010');
    const [navbahorCustomer] = await t.database.db
      .select()
      .from(users)
      .where(and(eq(users.merchantId, N.id), eq(users.id, other.id)));
    expect(navbahorCustomer?.telegramUserId).toBeNull();

    // The mini app's session sees the web's orders and addresses.
    const list = await call('GET', `/orders/v1/orders/user/${web.id}?page=0&size=10`, undefined, mini.token);
    expect(list.statusCode, list.body).toBe(200);
    expect((list.json() as { content: { id: string }[] }).content.map((o) => o.id)).toContain((webOrder.json() as { id: string }).id);
    const saved = await call('GET', `/users/v1/addresses/merchant/${T.id}/user/${web.id}`, undefined, mini.token);
    expect((saved.json() as { streetName: string }[]).map((a) => a.streetName)).toContain('Bunyodkor');

    // Next time the mini app opens, initData alone logs in.
    const again = await call('POST', '/webbot/v1/users/token', { initData: initDataOf(6010) });
    expect(again.statusCode, again.body).toBe(200);
    expect(LoginResponse.parse(again.json()).user.id).toBe(web.id);
  });

  it('users/login with the phone and the SMS code of the phone login', async () => {
    const phone = '+998971300020';
    const sent = await call('POST', '/users/v1/auth/otp', { phone }, undefined, T.id, '10.30.2.1');
    expect(sent.statusCode, sent.body).toBe(200);
    const initData = initDataOf(6020);
    expect(codeOf(await call('POST', '/webbot/v1/users/login', { initData, phone, code: '000000' }, undefined, T.id, '10.30.2.1'))).toEqual(
      [400, 'OTP_INVALID'],
    );
    const code = await lastSmsCode(dataDir, phone, T.id);
    const res = await call('POST', '/webbot/v1/users/login', { initData, phone, code }, undefined, T.id, '10.30.2.1');
    expect(res.statusCode, res.body).toBe(200);
    const { user } = LoginResponse.parse(res.json());
    expect(user.phone).toBe(phone);
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(and(eq(users.merchantId, T.id), eq(users.id, user.id)));
    expect(row).toMatchObject({ telegramUserId: '6020', firstName: 'Aziz', lastName: 'Karimov' });
  });

  it("the name step after a mini app login (issue 29): asked while the name is Telegram's, until answered or skipped", async () => {
    const login = async (id: number, phone: string) =>
      LoginResponse.parse(
        (await call('POST', '/webbot/v1/users/login', { initData: initDataOf(id), contact: contactOf(id, phone) })).json(),
      );
    // A new customer: the name copied from Telegram's profile is asked, filled in.
    const first = await login(6060, '998971300060');
    expect(first.user).toMatchObject({ firstName: 'Aziz', lastName: 'Karimov', askName: true });
    // The silent login of the next visit still asks: the step was neither answered nor skipped.
    const silent = LoginResponse.parse((await call('POST', '/webbot/v1/users/token', { initData: initDataOf(6060) })).json());
    expect(silent.user.askName).toBe(true);
    // Skipped: Telegram's name stays, and it is never asked again.
    const skipped = await call('PUT', `/users/v1/users/${first.user.id}`, { skipName: true }, first.token);
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(skipped.json()).toMatchObject({ firstName: 'Aziz', askName: false });
    const later = LoginResponse.parse((await call('POST', '/webbot/v1/users/token', { initData: initDataOf(6060) })).json());
    expect(later.user.askName).toBe(false);

    // Answered with a name of their own: not asked again either.
    const other = await login(6061, '998971300061');
    expect(other.user.askName).toBe(true);
    const named = await call('PUT', `/users/v1/users/${other.user.id}`, { firstName: 'Azizbek' }, other.token);
    expect(named.json()).toMatchObject({ firstName: 'Azizbek', askName: false });
    expect((await login(6061, '998971300061')).user).toMatchObject({ firstName: 'Azizbek', askName: false });

    // A web customer who gave a name before linking Telegram is not asked.
    const web = await signInCustomer(t, dataDir, { phone: '+998971300062', merchantId: T.id, ip: '10.30.1.3' });
    expect((await call('PUT', `/users/v1/users/${web.id}`, { firstName: 'Dilnoza' }, web.token)).statusCode).toBe(200);
    expect((await login(6062, '998971300062')).user).toMatchObject({ firstName: 'Dilnoza', askName: false });
  });

  it('a Telegram user names one customer at most: sharing another phone moves the link to that phone', async () => {
    const first = LoginResponse.parse(
      (await call('POST', '/webbot/v1/users/login', { initData: initDataOf(6050), contact: contactOf(6050, '998971300050') })).json(),
    );
    const second = LoginResponse.parse(
      (await call('POST', '/webbot/v1/users/login', { initData: initDataOf(6050), contact: contactOf(6050, '998971300051') })).json(),
    );
    expect(second.user.id).not.toBe(first.user.id);
    const linkOf = async (id: string) =>
      (
        await t.database.db
          .select({ tg: users.telegramUserId })
          .from(users)
          .where(and(eq(users.merchantId, T.id), eq(users.id, id)))
      )[0]?.tg;
    expect([await linkOf(first.user.id), await linkOf(second.user.id)]).toEqual([null, '6050']);
    const token = LoginResponse.parse((await call('POST', '/webbot/v1/users/token', { initData: initDataOf(6050) })).json());
    expect(token.user).toMatchObject({ id: second.user.id, phone: '+998971300051' });
  });

  it('users/auth links the signed-in web customer; logout ends the session, PUT stores the language (uz, ru, eng, else ru)', async () => {
    const web = await signInCustomer(t, dataDir, { phone: '+998971300030', merchantId: T.id, ip: '10.30.3.1' });
    expect(codeOf(await call('POST', '/webbot/v1/users/auth', { initData: initDataOf(6030) }))).toEqual([401, 'UNAUTHORIZED']);
    const attached = await call('POST', '/webbot/v1/users/auth', { initData: initDataOf(6030) }, web.token);
    expect(attached.statusCode, attached.body).toBe(200);
    expect(LoginResponse.parse(attached.json())).toMatchObject({ token: web.token, user: { id: web.id } });
    const [session] = await t.database.db
      .select({ channel: sessions.channel })
      .from(sessions)
      .where(and(eq(sessions.merchantId, T.id), eq(sessions.userId, web.id)));
    expect(session?.channel).toBe('TG');

    // Another Telegram user cannot end this customer's session.
    expect(codeOf(await call('POST', '/webbot/v1/users/logout', { initData: initDataOf(6031) }, web.token))).toEqual([401, 'UNAUTHORIZED']);
    const languageOf = async () =>
      (
        await t.database.db
          .select({ language: users.botLanguage })
          .from(users)
          .where(and(eq(users.merchantId, T.id), eq(users.id, web.id)))
      )[0]?.language;
    const put = await call('PUT', '/webbot/v1/users/logout', { initData: initDataOf(6030), language: 'zh' }, web.token);
    expect(put.statusCode, put.body).toBe(204);
    expect(await languageOf()).toBe('ru');
    expect((await call('GET', '/users/v1/users/me', undefined, web.token)).statusCode).toBe(401);

    const next = LoginResponse.parse((await call('POST', '/webbot/v1/users/token', { initData: initDataOf(6030) })).json());
    expect((await call('PUT', '/webbot/v1/users/logout', { initData: initDataOf(6030), language: 'eng' }, next.token)).statusCode).toBe(
      204,
    );
    expect(await languageOf()).toBe('eng');
    const last = LoginResponse.parse((await call('POST', '/webbot/v1/users/token', { initData: initDataOf(6030) })).json());
    expect(codeOf(await call('POST', '/webbot/v1/users/logout', { initData: 'short' }, last.token))).toEqual([
      401,
      'TELEGRAM_INIT_DATA_MISSING',
    ]);
    expect((await call('POST', '/webbot/v1/users/logout', { initData: initDataOf(6030) }, last.token)).statusCode).toBe(204);
    expect((await call('GET', '/users/v1/users/me', undefined, last.token)).statusCode).toBe(401);
  });

  it('orders: a mini-app session places TG orders from TELEGRAM_BOT with bot payment types only; the Click mini app places CLICK orders', async () => {
    const mini = LoginResponse.parse(
      (await call('POST', '/webbot/v1/users/login', { initData: initDataOf(6040), contact: contactOf(6040, '+998971300040') })).json(),
    );
    // Whatever the client says, a mini-app session's order is the bot's.
    const placed = await placeOrder(mini.token, { orderDevice: 'CLIENT_WEB', paymentType: 'CASH' });
    expect(placed.statusCode, placed.body).toBe(201);
    const id = Order.parse(placed.json()).id;
    const row = async (orderId: string) =>
      (
        await t.database.db
          .select({ channel: orders.channel, device: orders.orderDevice, payment: orders.paymentType })
          .from(orders)
          .where(eq(orders.id, orderId))
      )[0];
    expect(await row(id)).toEqual({ channel: 'TG', device: 'TELEGRAM_BOT', payment: 'CASH' });

    // A method the brand keeps off the bot channel is neither offered nor accepted there, and still taken on the web.
    await t.database.db.insert(paymentMethods).values({ merchantId: T.id, type: 'CASH', botEnabled: false });
    expect(WebbotSettingResponse.parse((await call('GET', '/webbot/v1/setting')).json()).paymentTypes).not.toContain('CASH');
    expect(codeOf(await placeOrder(mini.token, { orderDevice: 'TELEGRAM_BOT', paymentType: 'CASH' }))).toEqual([
      409,
      'PAYMENT_TYPE_NOT_ALLOWED',
    ]);
    const web = await signInCustomer(t, dataDir, { phone: '+998971300041', merchantId: T.id, ip: '10.30.4.1' });
    expect((await placeOrder(web.token, { orderDevice: 'CLIENT_WEB', paymentType: 'CASH' })).statusCode).toBe(201);
    await t.database.db.delete(paymentMethods).where(and(eq(paymentMethods.merchantId, T.id), eq(paymentMethods.type, 'CASH')));

    // A web session that says TELEGRAM_BOT needs initData the brand's bot signed.
    expect(codeOf(await placeOrder(web.token, { orderDevice: 'TELEGRAM_BOT' }))).toEqual([401, 'TELEGRAM_INIT_DATA_MISSING']);
    const withData = await placeOrder(web.token, { orderDevice: 'CLIENT_WEB', telegramInitData: initDataOf(6041) });
    expect(withData.statusCode, withData.body).toBe(201);
    expect(await row(Order.parse(withData.json()).id)).toMatchObject({ channel: 'TG', device: 'TELEGRAM_BOT' });

    // The Click mini app: channel CLICK, device CLICK_MINI_APP, paid through Click; never from a Telegram session.
    const click = await placeOrder(web.token, { orderDevice: 'CLICK_MINI_APP', paymentType: 'CLICK_MINI_APP' });
    expect(click.statusCode, click.body).toBe(201);
    expect(await row(Order.parse(click.json()).id)).toEqual({ channel: 'CLICK', device: 'CLICK_MINI_APP', payment: 'CLICK_MINI_APP' });
    expect(codeOf(await placeOrder(web.token, { orderDevice: 'CLIENT_WEB', paymentType: 'CLICK_MINI_APP' }))).toEqual([
      409,
      'PAYMENT_TYPE_NOT_ALLOWED',
    ]);
    expect(codeOf(await placeOrder(mini.token, { orderDevice: 'CLICK_MINI_APP', paymentType: 'CLICK_MINI_APP' }))).toEqual([
      409,
      'PAYMENT_TYPE_NOT_ALLOWED',
    ]);
  });
});
