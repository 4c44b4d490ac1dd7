import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branches, merchantSettings, notifications, users } from '@dasturxon/db';
import { DEMO } from '@dasturxon/db/seed';
import { NotificationPage, Reservation } from '@dasturxon/domain/contracts';
import { BACKENDS, createTestApp, signInCustomer, signInStaff, type TestApp } from './harness.ts';

const T = DEMO.tezkor;
const CHILONZOR = T.branches.chilonzor;
const BOT_TOKEN = '5768337691:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx8';
// Thursday 14 March 2030, 09:00 in Tashkent; bookings for the next day.
const NOW = new Date('2030-03-14T04:00:00Z');
const DAY = '2030-03-15';

/** Issue 32: the customer told of each change of their reservation (in-app list and Telegram); SMS is tested with the book. */
describe.each(BACKENDS)("the customer's reservation notices on %s", (backend) => {
  let t: TestApp;
  let dataDir: string;
  let bot: Server;
  const received: { chat_id: string; text: string }[] = [];
  let ip = 0;
  const freshIp = () => `10.61.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;
  let phoneSeq = 0;
  const freshPhone = () => `+99890${String(7_100_000 + ++phoneSeq).padStart(7, '0')}`;

  beforeAll(async () => {
    // The Bot API, played: it records each sendMessage.
    bot = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        received.push(JSON.parse(raw) as { chat_id: string; text: string });
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, result: {} }));
      });
    });
    await new Promise<void>((r) => bot.listen(0, '127.0.0.1', r));
    dataDir = await mkdtemp(join(tmpdir(), 'dx-rnotice-'));
    t = await createTestApp(backend, { DATA_DIR: dataDir, TELEGRAM_API_URL: `http://127.0.0.1:${(bot.address() as AddressInfo).port}` });
    t.clock.set(NOW);
    const db = t.database.db;
    await db
      .update(merchantSettings)
      .set({ bookingActive: true, notificationsActive: true, mainLanguage: 'uz' })
      .where(eq(merchantSettings.merchantId, T.id));
    await db
      .update(branches)
      .set({ settings: sql`${branches.settings} || '{"bookingEnabled": true}'::jsonb` })
      .where(and(eq(branches.merchantId, T.id), eq(branches.id, CHILONZOR)));
    await t.app.telegram.setBotToken(T.id, BOT_TOKEN);
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((r) => bot?.close(r));
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const call = (method: 'GET' | 'POST', url: string, token: string | null, payload?: object, merchantId: string = T.id) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: { 'x-merchant-id': merchantId, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      remoteAddress: freshIp(),
      ...(payload ? { payload } : {}),
    });
  const customer = (merchantId: string = T.id, phone = freshPhone()) => signInCustomer(t, dataDir, { phone, merchantId, ip: freshIp() });
  const operator = () => signInStaff(t, T.staffPhones.operator, T.id, T.staffPassword, freshIp());
  const book = async (token: string, time: string) => {
    const res = await call('POST', '/reservations/v1/reservations', token, { branchId: CHILONZOR, day: DAY, time, guests: 2 });
    expect(res.statusCode, res.body).toBe(201);
    return Reservation.parse(res.json());
  };
  const move = async (staff: string, r: { id: string; version: number }, status: string, extra: object = {}) => {
    const res = await call('POST', `/ops/v1/reservations/${r.id}/status`, staff, { version: r.version, status, ...extra });
    expect(res.statusCode, res.body).toBe(200);
    return Reservation.parse(res.json());
  };
  const noticesOf = (reservationId: string) =>
    t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.merchantId, T.id), eq(notifications.reservationId, reservationId)))
      .orderBy(notifications.createdAt);
  const link = (userId: string, telegramUserId: string, botLanguage: string | null = null) =>
    t.database.db
      .update(users)
      .set({ telegramUserId, botLanguage })
      .where(and(eq(users.merchantId, T.id), eq(users.id, userId)));

  it('writes one notice per move the customer reads of, to the customer who booked, PENDING for Telegram only where linked', async () => {
    const staff = await operator();
    const [linked, plain] = [await customer(), await customer()];
    await link(linked.id, '7770001', 'ru');
    const a = await book(linked.token, '19:00');
    const b = await book(plain.token, '20:00');
    // Their own booking is not news.
    expect(await noticesOf(a.id)).toHaveLength(0);

    const aConfirmed = await move(staff, a, 'CONFIRMED');
    const aNotices = await noticesOf(a.id);
    expect(aNotices).toHaveLength(1);
    expect(aNotices[0]).toMatchObject({
      userId: linked.id,
      kind: 'RESERVATION',
      reservationNews: 'CONFIRMED',
      orderId: null,
      telegramChatId: '7770001',
      telegramState: 'PENDING',
    });
    expect(aNotices[0]!.reservationAt?.toISOString()).toBe('2030-03-15T14:00:00.000Z');

    const bConfirmed = await move(staff, b, 'CONFIRMED');
    t.clock.set(new Date(NOW.getTime() + 60_000)); // a minute later, so the list's newest first is certain
    await move(staff, bConfirmed, 'CANCELLED', { reason: 'зал закрыт' });
    t.clock.set(NOW);
    const bNotices = await noticesOf(b.id);
    expect(bNotices.map((n) => [n.userId, n.reservationNews, n.telegramState])).toEqual([
      [plain.id, 'CONFIRMED', 'NONE'],
      [plain.id, 'CANCELLED', 'NONE'],
    ]);

    // Seating and finishing happen with the guest there: not news.
    const seated = await move(staff, aConfirmed, 'SEATED');
    await move(staff, seated, 'COMPLETED');
    expect(await noticesOf(a.id)).toHaveLength(1);

    // The storefront's one list: the reservation's notice with its branch and time, and the unread count.
    const page = NotificationPage.parse((await call('GET', '/notifications/v1/notifications?page=0&size=20', plain.token)).json());
    expect(page.unread).toBe(2);
    expect(page.content.map((n) => [n.kind, n.reservation?.news])).toEqual([
      ['RESERVATION', 'CANCELLED'],
      ['RESERVATION', 'CONFIRMED'],
    ]);
    expect(page.content[0]).toMatchObject({
      orderId: null,
      status: null,
      reservation: { id: b.id, startsAt: '2030-03-15T15:00:00.000Z', branchName: { ru: 'Чиланзар' } },
    });

    // Telegram: the linked customer's message goes once through the brand's bot, in the language they chose there,
    // on the branch's clock; two senders at once (two instances) do not send it twice.
    const sent = await Promise.all([t.app.telegram.sendDue(), t.app.telegram.sendDue()]);
    expect(sent[0] + sent[1]).toBe(1);
    expect(received).toEqual([{ chat_id: '7770001', text: 'Tezkor Burger: бронь на 15.03 19:00 подтверждена. Чиланзар' }]);
    expect((await noticesOf(a.id))[0]!.telegramState).toBe('SENT');
    expect(await t.app.telegram.sendDue()).toBe(0);
  });

  it("tells the customer whose phone the staff booked for, and nobody for a phone that is no customer's", async () => {
    const staff = await operator();
    const c = await customer();
    const phoned = await call('POST', '/ops/v1/reservations', staff, {
      branchId: CHILONZOR,
      day: '2030-03-14',
      time: '09:30',
      guests: 2,
      name: 'Азиз',
      phone: c.phone,
    });
    expect(phoned.statusCode, phoned.body).toBe(201);
    const r = Reservation.parse(phoned.json());
    // Its time comes and the guest does not: a no-show is news too.
    t.clock.set(new Date('2030-03-14T05:00:00Z'));
    await move(staff, r, 'NO_SHOW');
    t.clock.set(NOW);
    // It is in their reservations, as the staff's (the branch cancels it, not they).
    const theirs = (await call('GET', '/reservations/v1/reservations', c.token)).json() as Reservation[];
    expect(theirs.map((x) => [x.id, x.byStaff, x.canCancel, x.status])).toEqual([[r.id, true, false, 'NO_SHOW']]);
    expect((await noticesOf(r.id)).map((n) => [n.userId, n.reservationNews])).toEqual([
      [c.id, 'BOOKED'],
      [c.id, 'NO_SHOW'],
    ]);

    const nobody = await call('POST', '/ops/v1/reservations', staff, {
      branchId: CHILONZOR,
      day: DAY,
      time: '12:00',
      guests: 2,
      name: 'Гость',
      phone: freshPhone(),
    });
    expect(nobody.statusCode, nobody.body).toBe(201);
    const n = Reservation.parse(nobody.json());
    await move(staff, n, 'CANCELLED');
    expect(await noticesOf(n.id)).toHaveLength(0);
  });

  it("keeps to the brand: another brand's customer with the same phone is not told, nor sees the notices", async () => {
    const staff = await operator();
    const phone = freshPhone();
    const elsewhere = await customer(DEMO.navbahor.id, phone);
    const res = await call('POST', '/ops/v1/reservations', staff, {
      branchId: CHILONZOR,
      day: DAY,
      time: '13:00',
      guests: 2,
      name: 'Нодира',
      phone,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await noticesOf(Reservation.parse(res.json()).id)).toHaveLength(0);
    const theirs = await t.database.db.select().from(notifications).where(eq(notifications.userId, elsewhere.id));
    expect(theirs).toHaveLength(0);
    // The Tezkor customer's notices are not in another brand's list, even with a token of theirs sent there.
    const tezkor = await customer();
    const r = await book(tezkor.token, '21:00');
    await move(staff, r, 'CONFIRMED');
    const foreign = await call('GET', '/notifications/v1/notifications?page=0&size=20', tezkor.token, undefined, DEMO.navbahor.id);
    expect(foreign.statusCode).toBe(401);
    const own = NotificationPage.parse((await call('GET', '/notifications/v1/notifications?page=0&size=20', tezkor.token)).json());
    expect(own.content).toHaveLength(1);
  });

  it('writes none while the brand has notificationsActive off (the SMS is still sent)', async () => {
    await t.database.db.update(merchantSettings).set({ notificationsActive: false }).where(eq(merchantSettings.merchantId, T.id));
    try {
      const staff = await operator();
      const c = await customer();
      await link(c.id, '7770002');
      const r = await book(c.token, '22:00');
      await move(staff, r, 'CONFIRMED');
      expect(await noticesOf(r.id)).toHaveLength(0);
    } finally {
      await t.database.db.update(merchantSettings).set({ notificationsActive: true }).where(eq(merchantSettings.merchantId, T.id));
    }
  });
});
