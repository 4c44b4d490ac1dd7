import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  cardPayments,
  createSecretBox,
  DEV_PAYMENT_SECRETS_KEY,
  merchantSettings,
  paymentAccounts,
  savedCards,
  sealPaymentAccount,
} from '@dasturxon/db';
import { DEMO } from '@dasturxon/db/seed';
import { CardCreateResponse, Order, SavedCard } from '@dasturxon/domain/contracts';
import type { AppError } from '@dasturxon/domain';
import { safeError } from '../src/logging.ts';
import {
  CLICK_MERCHANT_TIMEOUT_MS,
  clickMerchantAuth,
  createClickMerchantClient,
  LOST_PAYMENT_GRACE_MS,
} from '../src/features/payments/index.ts';
import { BACKENDS, createTestApp, signInCustomer } from './harness.ts';
import { clickAmount, clickProvider } from './providers/click.ts';
import { cardNumberFrom, FAKE_ERRORS, startFakeClickMerchantApi, type FakeClickMerchantApi } from './providers/click-merchant-api.ts';
import { CHILONZOR, openShop, SANDBOX, T, type Shop } from './providers/shop.ts';

/*
 * Saved cards (issue 14, decision 009 "Saved cards"): the customer saves a card through Click's card-token API,
 * played by a fake Click Merchant API on loopback, confirms it with the SMS code, lists, deletes and pays with it.
 * The card number never comes back in any answer, and Click is never asked before the number is checked here.
 */

/** The merchant user id the tests give the demo's Click account (the seed's has none: no card tokens). */
const MERCHANT_USER_ID = '40001';
const UZCARD = cardNumberFrom('860012345678901');
const HUMO = cardNumberFrom('986035000000123');
const EXPIRY = '0330';
/** The same number with a wrong check digit. */
const luhnBroken = (digits: string) => `${digits.slice(0, 15)}${(Number(digits[15]) + 1) % 10}`;

describe('Click Merchant API client (docs/protocols.md 2.8)', () => {
  it("signs with the protocol's vector: timestamp 1519051543 and TEST_SECRET give 449fd2953b76fb7d78d4e9318b4bea7ca60fe5dd", () => {
    expect(clickMerchantAuth('123', 'TEST_SECRET', 1519051543)).toBe('123:449fd2953b76fb7d78d4e9318b4bea7ca60fe5dd:1519051543');
    // The documentation's own example digest is sha1("1"), a placeholder.
    expect(clickMerchantAuth('123', 'x', 1).split(':')[1]).not.toBe('356a192b7913b04c54574d18c28d46e6395428ab');
  });

  describe('against the fake', () => {
    let fake: FakeClickMerchantApi;
    const account = { serviceId: '777', merchantUserId: '55', secretKey: 'unit-secret' };
    const client = (timeoutMs?: number) =>
      createClickMerchantClient({
        baseUrl: fake.url,
        clock: { now: () => new Date() },
        log: { warn: () => {}, debug: () => {}, error: () => {} } as never,
        ...(timeoutMs ? { timeoutMs } : {}),
      });

    beforeAll(async () => {
      fake = await startFakeClickMerchantApi();
      fake.addService(account);
    });
    afterAll(async () => {
      await fake?.close();
    });
    afterEach(() => fake.stall(false));

    it('asks for a token with the Auth header, verifies it, pays, asks the status, reverses and deletes', async () => {
      const c = client();
      const asked = await c.requestCardToken(account, { cardNumber: UZCARD, expireDate: EXPIRY });
      expect(asked).toMatchObject({ ok: true, phone: '99890***4567' });
      const token = asked.ok ? asked.cardToken : '';
      expect(fake.lastCard()).toMatchObject({ token, cardNumber: UZCARD, expireDate: EXPIRY });
      expect(await c.verifyCardToken(account, token, '000000')).toMatchObject({ ok: false, errorCode: FAKE_ERRORS.WRONG_CODE });
      expect(await c.verifyCardToken(account, token, fake.lastCode(token))).toEqual({ ok: true });
      const paid = await c.payWithCardToken(account, { cardToken: token, amount: 15000, transactionParameter: 'order-1' });
      expect(paid).toMatchObject({ ok: true, paymentStatus: 2 });
      const paymentId = paid.ok ? paid.paymentId! : '';
      expect(fake.payment(paymentId)).toMatchObject({ amount: 15000, transactionParameter: 'order-1' });
      expect(await c.paymentStatus(account, paymentId)).toEqual({ ok: true, paymentStatus: 2 });
      expect(await c.reversePayment(account, paymentId)).toEqual({ ok: true });
      expect(await c.deleteCardToken(account, token)).toEqual({ ok: true });
      expect(fake.card(token)?.deleted).toBe(true);
      expect(fake.calls().every((call) => call.authorized)).toBe(true);
    });

    it('fails clearly (502 CARD_PROVIDER_FAILED) on a wrong key, a timeout and an address nobody answers at', async () => {
      const refused = await client()
        .requestCardToken({ ...account, secretKey: 'wrong' }, { cardNumber: UZCARD, expireDate: EXPIRY })
        .catch((e: AppError) => e);
      expect(refused).toMatchObject({ code: 'CARD_PROVIDER_FAILED', details: { reason: 'HTTP', status: 401 } });

      fake.stall(true);
      const started = Date.now();
      const late = await client(150)
        .requestCardToken(account, { cardNumber: UZCARD, expireDate: EXPIRY })
        .catch((e: AppError) => e);
      expect(late).toMatchObject({ code: 'CARD_PROVIDER_FAILED', details: { reason: 'TIMEOUT' } });
      expect(Date.now() - started).toBeLessThan(5000);

      const nobody = createClickMerchantClient({
        baseUrl: 'http://127.0.0.1:9/v2/merchant/',
        clock: { now: () => new Date() },
        log: { warn: () => {}, debug: () => {} } as never,
      });
      expect(await nobody.paymentStatus(account, '1').catch((e: AppError) => e)).toMatchObject({
        code: 'CARD_PROVIDER_FAILED',
        details: { reason: 'NETWORK' },
      });
    });
  });

  it('leaves a card number out of a logged error, in groups or not, and keeps ids', () => {
    const id = '12345678-1234-4234-8234-123456789012';
    const error = new Error(`refused ${UZCARD} and 8600 1234 5678 9012 for ${id}`);
    const logged = JSON.stringify(safeError(error));
    expect(logged).not.toContain(UZCARD);
    expect(logged).not.toContain('8600 1234 5678 9012');
    expect(logged).toContain(id);
  });
});

describe.each(BACKENDS)('saved cards on %s', (backend) => {
  let fake: FakeClickMerchantApi;
  let shop: Shop;
  /** Every answer's body the tests received: none may carry a card number or a token. */
  const answers: string[] = [];

  beforeAll(async () => {
    fake = await startFakeClickMerchantApi();
    fake.addService({ serviceId: SANDBOX.click.serviceId, merchantUserId: MERCHANT_USER_ID, secretKey: SANDBOX.click.secretKey });
    shop = await openShop(backend, { CLICK_MERCHANT_API_URL: fake.url });
    const db = shop.t.database.db;
    await setCardActive(true);
    const box = createSecretBox(DEV_PAYMENT_SECRETS_KEY);
    const sealed = sealPaymentAccount(box, T.id, {
      provider: 'CLICK',
      credentials: { ...SANDBOX.click, merchantUserId: MERCHANT_USER_ID },
    });
    await db
      .update(paymentAccounts)
      .set({ credentials: sealed.credentials, lookup: sealed.lookup })
      .where(and(eq(paymentAccounts.merchantId, T.id), eq(paymentAccounts.provider, 'CLICK')));
  });
  afterAll(async () => {
    await shop?.close();
    await fake?.close();
  });
  afterEach(() => {
    fake.onPayment(null);
  });

  async function setCardActive(on: boolean, merchantId: string = T.id) {
    await shop.t.database.db
      .update(merchantSettings)
      .set({ cardActive: on })
      .where(and(eq(merchantSettings.merchantId, merchantId), eq(merchantSettings.channel, 'WEB')));
  }

  type Customer = Awaited<ReturnType<Shop['customer']>>;
  async function call(c: Customer, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
    const res = await shop.t.app.inject({
      method,
      url: `/api/payments/v1/cards${url}`,
      headers: { 'x-merchant-id': c.merchant, authorization: `Bearer ${c.token}` },
      ...(payload ? { payload } : {}),
    });
    answers.push(res.body);
    return { status: res.statusCode, body: res.body ? (res.json() as Record<string, unknown>) : null };
  }
  const add = (c: Customer, cardNumber: string = UZCARD, expireDate: string = EXPIRY) => call(c, 'POST', '', { cardNumber, expireDate });
  const verify = (c: Customer, id: string, code: string) => call(c, 'POST', `/${id}/verify`, { code });
  const list = (c: Customer) => call(c, 'GET', '');
  const pay = (c: Customer, cardId: string, orderId: string) => call(c, 'POST', `/${cardId}/pay`, { orderId });

  /** A customer with a verified card. */
  async function withCard(cardNumber: string = UZCARD) {
    const c = await shop.customer();
    const added = await add(c, cardNumber);
    expect(added.status).toBe(201);
    const { cardId } = CardCreateResponse.parse(added.body);
    expect((await verify(c, cardId, fake.lastCode())).status).toBe(200);
    return { c, cardId };
  }
  const cardRow = async (id: string) => (await shop.t.database.db.select().from(savedCards).where(eq(savedCards.id, id)))[0]!;
  const paymentsOf = (orderId: string) => shop.t.database.db.select().from(cardPayments).where(eq(cardPayments.orderId, orderId));

  describe('saving a card', () => {
    it('asks Click for a token (the code goes by SMS), keeps the card pending until the right code, then lists it', async () => {
      const c = await shop.customer();
      const before = fake.calls('card_token/request').length;
      const added = await add(c, `${UZCARD.slice(0, 4)} ${UZCARD.slice(4, 8)} ${UZCARD.slice(8, 12)} ${UZCARD.slice(12)}`);
      expect(added.status).toBe(201);
      const created = CardCreateResponse.parse(added.body);
      expect(created).toEqual({ cardId: expect.any(String), phone: '99890***4567', codeLength: 6 });
      expect(fake.calls('card_token/request')).toHaveLength(before + 1);
      // Click got the digits and the expiry as printed, and a token that is not kept in the clear.
      const { token, cardNumber } = fake.lastCard();
      expect(cardNumber).toBe(UZCARD);
      const row = await cardRow(created.cardId);
      expect(row).toMatchObject({
        state: 'PENDING',
        maskedNumber: '8600 **** **** ' + UZCARD.slice(-4),
        expiry: '03/30',
        provider: 'CLICK',
        userId: c.id,
      });
      expect(row.token).not.toContain(token);
      expect(JSON.stringify(row)).not.toContain(UZCARD);
      expect((await list(c)).body).toEqual([]);

      const wrong = await verify(c, created.cardId, '000000');
      expect(wrong).toMatchObject({ status: 400, body: { code: 'CARD_CODE_INVALID', details: { attemptsLeft: 4 } } });
      expect((await list(c)).body).toEqual([]);

      const right = await verify(c, created.cardId, fake.lastCode(token));
      expect(right.status).toBe(200);
      const card = SavedCard.parse(right.body);
      expect(card).toMatchObject({
        id: created.cardId,
        number: `8600 **** **** ${UZCARD.slice(-4)}`,
        expire: '03/30',
        type: 'UZCARD',
        provider: 'CLICK',
        isVerified: true,
      });
      expect(fake.card(token)?.verified).toBe(true);
      expect(await cardRow(created.cardId)).toMatchObject({ state: 'VERIFIED', verifiedAt: expect.any(Date) });

      // Verifying again answers the card and asks Click nothing.
      const verifies = fake.calls('card_token/verify').length;
      expect((await verify(c, created.cardId, '123456')).body).toEqual(card);
      expect(fake.calls('card_token/verify')).toHaveLength(verifies);

      const listed = await list(c);
      expect(listed.status).toBe(200);
      expect(listed.body).toEqual([card]);
      expect(Object.keys((listed.body as unknown as SavedCard[])[0]!).sort()).toEqual([
        'createdAt',
        'expire',
        'id',
        'isVerified',
        'number',
        'provider',
        'type',
      ]);
    });

    it('refuses a bad number or expiry with a clear 400 before Click is asked', async () => {
      const c = await shop.customer();
      const before = fake.calls().length;
      for (const cardNumber of [luhnBroken(UZCARD), UZCARD.slice(0, 15), `${UZCARD}1`, '8600-1234-abcd-5678', '', '0000 0000 0000 000']) {
        expect(await add(c, cardNumber)).toMatchObject({
          status: 400,
          body: { code: 'CARD_NUMBER_INVALID', details: { field: 'cardNumber' } },
        });
      }
      expect(await add(c, UZCARD, '1330')).toMatchObject({
        status: 400,
        body: { code: 'CARD_EXPIRY_INVALID', details: { problem: 'FORMAT' } },
      });
      expect(await add(c, UZCARD, '03/30')).toMatchObject({
        status: 400,
        body: { code: 'CARD_EXPIRY_INVALID', details: { problem: 'FORMAT' } },
      });
      // The demo's clock is in 2025: a card that ran out in January 2020 is refused.
      expect(await add(c, UZCARD, '0120')).toMatchObject({
        status: 400,
        body: { code: 'CARD_EXPIRY_INVALID', details: { problem: 'EXPIRED' } },
      });
      expect(await add(c, 12345 as never)).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
      expect(fake.calls()).toHaveLength(before);
      expect(await shop.t.database.db.select().from(savedCards).where(eq(savedCards.userId, c.id))).toEqual([]);
    });

    it('answers 400 CARD_INVALID when Click refuses the card, and keeps nothing', async () => {
      const c = await shop.customer();
      fake.refuseNextCard();
      expect(await add(c, HUMO)).toMatchObject({
        status: 400,
        body: { code: 'CARD_INVALID', details: { providerCode: FAKE_ERRORS.CARD_REFUSED } },
      });
      expect(await shop.t.database.db.select().from(savedCards).where(eq(savedCards.userId, c.id))).toEqual([]);
    });

    it('drops a pending card after five wrong codes, at Click too', async () => {
      const c = await shop.customer();
      const { cardId } = CardCreateResponse.parse((await add(c, HUMO)).body);
      const { token } = fake.lastCard();
      for (const left of [4, 3, 2, 1, 0])
        expect((await verify(c, cardId, '111111')).body).toMatchObject({ code: 'CARD_CODE_INVALID', details: { attemptsLeft: left } });
      expect((await verify(c, cardId, fake.lastCode(token))).status).toBe(404);
      expect(fake.card(token)?.deleted).toBe(true);
      expect(await cardRow(cardId)).toMatchObject({ deletedAt: expect.any(Date), token: '' });
    });

    it('lets a customer ask for 5 cards an hour (429 after), and the hour frees them', async () => {
      const c = await shop.customer();
      for (let i = 0; i < 5; i++) expect((await add(c, HUMO)).status).toBe(201);
      const sixth = await add(c, HUMO);
      expect(sixth).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED', details: { per: 'customer', limit: 5 } } });
      const asked = fake.calls('card_token/request').length;
      const now = shop.t.clock.now();
      shop.t.clock.set(new Date(now.getTime() + 61 * 60 * 1000));
      try {
        expect((await add(c, HUMO)).status).toBe(201);
        expect(fake.calls('card_token/request')).toHaveLength(asked + 1);
      } finally {
        shop.t.clock.set(now);
      }
    });

    it("deletes a card at Click and here (204); again, or another customer's, is 404", async () => {
      const { c, cardId } = await withCard(HUMO);
      const { token } = fake.lastCard();
      const other = await shop.customer();
      expect((await call(other, 'DELETE', `/${cardId}`)).status).toBe(404);
      expect((await verify(other, cardId, '123456')).status).toBe(404);
      expect(fake.card(token)?.deleted).toBe(false);

      expect(await call(c, 'DELETE', `/${cardId}`)).toMatchObject({ status: 204 });
      expect(fake.card(token)?.deleted).toBe(true);
      expect((await list(c)).body).toEqual([]);
      expect(await cardRow(cardId)).toMatchObject({ token: '', deletedAt: expect.any(Date) });
      expect((await call(c, 'DELETE', `/${cardId}`)).status).toBe(404);
      expect((await call(c, 'DELETE', '/not-a-card')).status).toBe(400);
    });

    it("answers 502 CARD_PROVIDER_FAILED when Click does not take the brand's signature, and keeps nothing", async () => {
      const c = await shop.customer();
      fake.addService({ serviceId: SANDBOX.click.serviceId, merchantUserId: MERCHANT_USER_ID, secretKey: 'rotated-at-click' });
      try {
        expect(await add(c, HUMO)).toMatchObject({
          status: 502,
          body: { code: 'CARD_PROVIDER_FAILED', details: { reason: 'HTTP', status: 401 } },
        });
      } finally {
        fake.addService({ serviceId: SANDBOX.click.serviceId, merchantUserId: MERCHANT_USER_ID, secretKey: SANDBOX.click.secretKey });
      }
      expect(await shop.t.database.db.select().from(savedCards).where(eq(savedCards.userId, c.id))).toEqual([]);
    });

    it('is refused where the brand has cards off (cardActive) or no Click account for card tokens; the list and delete still answer', async () => {
      const { c, cardId } = await withCard(HUMO);
      const order = await shop.order('CLICK', { customer: c });
      const before = fake.calls().length;
      await setCardActive(false);
      try {
        expect(await add(c)).toMatchObject({ status: 409, body: { code: 'CARDS_NOT_AVAILABLE' } });
        expect(await pay(c, cardId, order.id)).toMatchObject({ status: 409, body: { code: 'CARDS_NOT_AVAILABLE' } });
        expect((await list(c)).body).toHaveLength(1);
      } finally {
        await setCardActive(true);
      }
      expect(fake.calls()).toHaveLength(before);
      expect((await shop.orderRow(order.id)).isPaid).toBe(false);

      // Navbahor takes cards but its Click account has no merchant user id to call the Merchant API with.
      await setCardActive(true, DEMO.navbahor.id);
      const n = await shop.customer(DEMO.navbahor.id);
      expect(await add(n)).toMatchObject({ status: 409, body: { code: 'CARDS_NOT_AVAILABLE' } });
      expect(fake.calls()).toHaveLength(before);
    });

    it('describes every call in the OpenAPI document, signed in with a bearer token', async () => {
      const doc = (await shop.t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      for (const [path, method] of [
        ['/api/payments/v1/cards', 'get'],
        ['/api/payments/v1/cards', 'post'],
        ['/api/payments/v1/cards/{id}/verify', 'post'],
        ['/api/payments/v1/cards/{id}', 'delete'],
        ['/api/payments/v1/cards/{id}/pay', 'post'],
      ] as const) {
        const operation = doc.paths[path]?.[method];
        expect(operation?.summary, `${method} ${path}`).toBeTruthy();
        expect(operation?.security).toEqual([{ bearer: [] }]);
      }
    });

    it('needs a signed-in customer', async () => {
      const res = await shop.t.app.inject({ method: 'GET', url: '/api/payments/v1/cards', headers: { 'x-merchant-id': T.id } });
      expect(res.statusCode).toBe(401);
      const posted = await shop.t.app.inject({
        method: 'POST',
        url: '/api/payments/v1/cards',
        headers: { 'x-merchant-id': T.id },
        payload: { cardNumber: UZCARD, expireDate: EXPIRY },
      });
      expect(posted.statusCode).toBe(401);
      answers.push(res.body, posted.body);
    });
  });

  describe('paying with a saved card', () => {
    it('pays the order (OPEN, paid) in one transaction with the Click ledger and the card payment; paying again is 409 and asks Click nothing', async () => {
      const { c, cardId } = await withCard();
      const order = await shop.order('CLICK', { customer: c });
      const paid = await pay(c, cardId, order.id);
      expect(paid.status).toBe(200);
      expect(Order.parse(paid.body)).toMatchObject({ id: order.id, status: 'OPEN', isPaid: true });
      const [payment] = fake.payments().filter((p) => p.transactionParameter === order.id);
      expect(payment).toMatchObject({ amount: order.totalPrice, status: 2 });
      expect(await shop.orderRow(order.id)).toMatchObject({ status: 'OPEN', isPaid: true });
      expect((await shop.ledgerOf(order.id)).click).toMatchObject([
        { state: 'COMPLETED', clickTransId: String(payment!.paymentId), amount: order.totalPrice * 100 },
      ]);
      expect(await paymentsOf(order.id)).toMatchObject([
        { state: 'PAID', clickPaymentId: String(payment!.paymentId), cardId, amount: order.totalPrice * 100 },
      ]);

      const payments = fake.calls('card_token/payment').length;
      expect(await pay(c, cardId, order.id)).toMatchObject({ status: 409, body: { code: 'ORDER_STATUS_CONFLICT' } });
      expect(fake.calls('card_token/payment')).toHaveLength(payments);
      expect(fake.payments().filter((p) => p.transactionParameter === order.id)).toHaveLength(1);

      // Click's SHOP API, calling later about the same payment, finds it paid: "Already paid", nothing paid twice.
      const shopApi = clickProvider(shop.t.app, SANDBOX.click);
      const prepare = await shopApi.prepare({
        orderId: order.id,
        amount: clickAmount(order.totalPrice),
        clickTransId: String(payment!.paymentId),
      });
      expect(prepare.body).toMatchObject({ error: -4, error_note: 'Already paid' });
      const complete = await shopApi.complete({
        orderId: order.id,
        amount: clickAmount(order.totalPrice),
        clickTransId: String(payment!.paymentId),
        merchantPrepareId: prepare.body.merchant_prepare_id ?? 1,
      });
      expect([-4, -6]).toContain(complete.body.error);
      expect((await shop.ledgerOf(order.id)).click).toHaveLength(1);
      expect(await shop.orderRow(order.id)).toMatchObject({ status: 'OPEN', isPaid: true });
    });

    it('leaves the order unpaid when Click declines (402 CARD_PAYMENT_FAILED), and the customer may pay again', async () => {
      const { c, cardId } = await withCard();
      const order = await shop.order('CLICK', { customer: c });
      fake.nextPayment({ errorCode: FAKE_ERRORS.INSUFFICIENT_FUNDS, errorNote: 'Insufficient funds' });
      expect(await pay(c, cardId, order.id)).toMatchObject({
        status: 402,
        body: { code: 'CARD_PAYMENT_FAILED', details: { providerCode: FAKE_ERRORS.INSUFFICIENT_FUNDS } },
      });
      expect(await shop.orderRow(order.id)).toMatchObject({ status: 'CREATED', isPaid: false });
      expect((await shop.ledgerOf(order.id)).click).toEqual([]);

      fake.nextPayment({ paymentStatus: -1 });
      expect(await pay(c, cardId, order.id)).toMatchObject({
        status: 402,
        body: { code: 'CARD_PAYMENT_FAILED', details: { paymentStatus: -1 } },
      });
      expect((await shop.orderRow(order.id)).isPaid).toBe(false);
      expect((await paymentsOf(order.id)).map((p) => p.state)).toEqual(['FAILED', 'FAILED']);

      expect((await pay(c, cardId, order.id)).status).toBe(200);
      expect(await shop.orderRow(order.id)).toMatchObject({ status: 'OPEN', isPaid: true });
    });

    it('asks Click once when two payments of one order cross: the second is 409 CARD_PAYMENT_PENDING', async () => {
      const { c, cardId } = await withCard();
      const order = await shop.order('CLICK', { customer: c });
      let second: Awaited<ReturnType<typeof pay>> | null = null;
      fake.onPayment(async () => {
        second = await pay(c, cardId, order.id);
      });
      expect((await pay(c, cardId, order.id)).status).toBe(200);
      expect(second).toMatchObject({ status: 409, body: { code: 'CARD_PAYMENT_PENDING' } });
      expect(fake.payments().filter((p) => p.transactionParameter === order.id)).toHaveLength(1);
      expect((await shop.ledgerOf(order.id)).click).toHaveLength(1);
    });

    it('pays once when five payments of one order arrive together', async () => {
      const { c, cardId } = await withCard();
      const order = await shop.order('CLICK', { customer: c });
      const results = await Promise.all(Array.from({ length: 5 }, () => pay(c, cardId, order.id)));
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      for (const r of results.filter((x) => x.status !== 200))
        expect(['CARD_PAYMENT_PENDING', 'ORDER_STATUS_CONFLICT']).toContain(r.body?.code);
      expect(fake.payments().filter((p) => p.transactionParameter === order.id)).toHaveLength(1);
      expect((await shop.ledgerOf(order.id)).click).toHaveLength(1);
      expect(await paymentsOf(order.id)).toMatchObject([{ state: 'PAID' }]);
    });

    it("recognises its payment when Click's SHOP API completes it while the card payment is under way: paid once", async () => {
      const { c, cardId } = await withCard();
      const order = await shop.order('CLICK', { customer: c });
      const shopApi = clickProvider(shop.t.app, SANDBOX.click);
      fake.onPayment(async (p) => {
        const fields = { orderId: order.id, amount: clickAmount(order.totalPrice), clickTransId: String(p.paymentId) };
        const prepared = await shopApi.prepare(fields);
        expect(prepared.body.error).toBe(0);
        expect((await shopApi.complete({ ...fields, merchantPrepareId: prepared.body.merchant_prepare_id! })).body.error).toBe(0);
      });
      const paid = await pay(c, cardId, order.id);
      expect(paid).toMatchObject({ status: 200, body: { status: 'OPEN', isPaid: true } });
      const ledger = (await shop.ledgerOf(order.id)).click;
      expect(ledger).toMatchObject([{ state: 'COMPLETED', clickTransId: String(fake.payments().at(-1)!.paymentId) }]);
      expect(await paymentsOf(order.id)).toMatchObject([{ state: 'PAID' }]);
      expect(fake.payments().at(-1)!.reversed).toBe(false);
    });

    it('gives the money back (payment/reversal) when the order was cancelled while Click took it', async () => {
      const { c, cardId } = await withCard();
      const order = await shop.order('CLICK', { customer: c });
      fake.onPayment(async () => {
        await shop.t.app.moveOrder(T.id, order.id, { to: 'CANCELED', role: 'operator', reason: 'OUT_OF_STOCK' });
      });
      const res = await pay(c, cardId, order.id);
      expect(res).toMatchObject({ status: 409, body: { code: 'ORDER_STATUS_CONFLICT', details: { refunded: true } } });
      expect(fake.payments().at(-1)).toMatchObject({ transactionParameter: order.id, reversed: true });
      expect(await paymentsOf(order.id)).toMatchObject([{ state: 'REFUNDED' }]);
      expect(await shop.orderRow(order.id)).toMatchObject({ status: 'CANCELED', isPaid: false });
      expect((await shop.ledgerOf(order.id)).click).toEqual([]);
    });

    it('waits for a payment Click is still processing (409 CARD_PAYMENT_PENDING), and settles it on the next try without paying twice', async () => {
      const { c, cardId } = await withCard();
      const order = await shop.order('CLICK', { customer: c });
      fake.nextPayment({ paymentStatus: 1 });
      expect(await pay(c, cardId, order.id)).toMatchObject({ status: 409, body: { code: 'CARD_PAYMENT_PENDING' } });
      expect((await shop.orderRow(order.id)).isPaid).toBe(false);
      expect(await pay(c, cardId, order.id)).toMatchObject({ status: 409, body: { code: 'CARD_PAYMENT_PENDING' } });
      const payment = fake.payments().at(-1)!;
      fake.setPaymentStatus(payment.paymentId, 2);
      expect(await pay(c, cardId, order.id)).toMatchObject({ status: 200, body: { status: 'OPEN', isPaid: true } });
      expect(fake.payments().filter((p) => p.transactionParameter === order.id)).toHaveLength(1);
      expect(fake.calls('payment/status').length).toBeGreaterThanOrEqual(2);
      expect(await paymentsOf(order.id)).toMatchObject([{ state: 'PAID', clickPaymentId: String(payment.paymentId) }]);
    });

    it('finds a payment whose answer was lost (payment/status_by_mti) and settles it once', async () => {
      const { c, cardId } = await withCard();
      const order = await shop.order('CLICK', { customer: c });
      // Click takes the money, then the connection drops before its answer reaches us.
      fake.onPayment(async () => {
        throw new Error('connection dropped');
      });
      expect(await pay(c, cardId, order.id)).toMatchObject({ status: 502, body: { code: 'CARD_PROVIDER_FAILED' } });
      fake.onPayment(null);
      expect((await shop.orderRow(order.id)).isPaid).toBe(false);
      await shop.overTime(async (after) => {
        // Within the client's timeout the attempt may still be another request's call in flight: wait.
        expect(await pay(c, cardId, order.id)).toMatchObject({ status: 409, body: { code: 'CARD_PAYMENT_PENDING' } });
        // Then the next try asks Click what it did for the order that day and settles that payment: nothing is taken twice.
        after(CLICK_MERCHANT_TIMEOUT_MS + 1000);
        expect(await pay(c, cardId, order.id)).toMatchObject({ status: 200, body: { status: 'OPEN', isPaid: true } });
        expect(fake.calls('payment/status_by_mti')).toHaveLength(1);
        expect(fake.payments().filter((p) => p.transactionParameter === order.id)).toHaveLength(1);
        expect((await paymentsOf(order.id)).map((p) => p.state)).toEqual(['PAID']);
      });
    });

    it('lets the customer pay again once a payment whose answer was lost is not found at Click after the grace', async () => {
      const { c, cardId } = await withCard();
      const order = await shop.order('CLICK', { customer: c });
      await shop.overTime(async (after) => {
        fake.dropNextPayment();
        expect(await pay(c, cardId, order.id)).toMatchObject({ status: 502, body: { code: 'CARD_PROVIDER_FAILED' } });
        // Not found yet, but it may still be on its way: wait.
        after(CLICK_MERCHANT_TIMEOUT_MS + 1000);
        expect(await pay(c, cardId, order.id)).toMatchObject({ status: 409, body: { code: 'CARD_PAYMENT_PENDING' } });
        after(LOST_PAYMENT_GRACE_MS + 1000);
        expect(await pay(c, cardId, order.id)).toMatchObject({ status: 402, body: { code: 'CARD_PAYMENT_FAILED' } });
        expect(await pay(c, cardId, order.id)).toMatchObject({ status: 200, body: { status: 'OPEN', isPaid: true } });
        expect(fake.payments().filter((p) => p.transactionParameter === order.id)).toHaveLength(1);
        expect((await paymentsOf(order.id)).map((p) => p.state).sort()).toEqual(['FAILED', 'PAID']);
      });
    });

    it("refuses another customer's card or order (404), a pending card (404), and an order not chosen for Click (409)", async () => {
      const { c, cardId } = await withCard();
      const other = await withCard(HUMO);
      const mine = await shop.order('CLICK', { customer: c });
      const theirs = await shop.order('CLICK', { customer: other.c });
      const before = fake.calls('card_token/payment').length;
      expect((await pay(c, other.cardId, mine.id)).status).toBe(404);
      expect((await pay(c, cardId, theirs.id)).status).toBe(404);
      expect((await pay(c, cardId, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
      const pending = CardCreateResponse.parse((await add(c, HUMO)).body);
      expect((await pay(c, pending.cardId, mine.id)).status).toBe(404);
      const cash = await shop.order('CASH', { customer: c });
      expect(await pay(c, cardId, cash.id)).toMatchObject({ status: 409, body: { code: 'PAYMENT_TYPE_NOT_ALLOWED' } });
      const payme = await shop.order('PAYME', { customer: c });
      expect(await pay(c, cardId, payme.id)).toMatchObject({ status: 409, body: { code: 'PAYMENT_TYPE_NOT_ALLOWED' } });
      expect(fake.calls('card_token/payment')).toHaveLength(before);
      expect(await shop.orderRow(mine.id)).toMatchObject({ status: 'CREATED', isPaid: false });
    });
  });

  it('never answered a card number or a card token, in any answer', () => {
    expect(answers.length).toBeGreaterThan(40);
    const all = answers.join('\n');
    for (const card of fake.cards()) {
      expect(all).not.toContain(card.cardNumber);
      expect(all).not.toContain(card.token);
    }
    expect(all).not.toContain(UZCARD);
    expect(all).not.toContain(HUMO);
  });
});

describe('the log of a saved card and its payment', () => {
  it('never holds the card number or the token, even at trace level', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const fake = await startFakeClickMerchantApi();
    fake.addService({ serviceId: SANDBOX.click.serviceId, merchantUserId: MERCHANT_USER_ID, secretKey: SANDBOX.click.secretKey });
    const dataDir = await mkdtemp(join(tmpdir(), 'dx-cards-log-'));
    const t = await createTestApp(
      'pglite',
      { CLICK_MERCHANT_API_URL: fake.url, DATA_DIR: dataDir },
      { logger: { level: 'trace', stream } },
    );
    try {
      const db = t.database.db;
      await db
        .update(merchantSettings)
        .set({ cardActive: true })
        .where(and(eq(merchantSettings.merchantId, T.id), eq(merchantSettings.channel, 'WEB')));
      const sealed = sealPaymentAccount(createSecretBox(DEV_PAYMENT_SECRETS_KEY), T.id, {
        provider: 'CLICK',
        credentials: { ...SANDBOX.click, merchantUserId: MERCHANT_USER_ID },
      });
      await db
        .update(paymentAccounts)
        .set({ credentials: sealed.credentials, lookup: sealed.lookup })
        .where(and(eq(paymentAccounts.merchantId, T.id), eq(paymentAccounts.provider, 'CLICK')));
      const c = await signInCustomer(t, dataDir, { phone: '+998947771122', merchantId: T.id, ip: '10.77.0.1' });
      const headers = { 'x-merchant-id': T.id, authorization: `Bearer ${c.token}` };
      const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers, payload });

      expect((await post('/api/payments/v1/cards', { cardNumber: luhnBroken(UZCARD), expireDate: EXPIRY })).statusCode).toBe(400);
      const added = await post('/api/payments/v1/cards', { cardNumber: UZCARD, expireDate: EXPIRY });
      const { cardId } = CardCreateResponse.parse(added.json());
      expect((await post(`/api/payments/v1/cards/${cardId}/verify`, { code: fake.lastCode() })).statusCode).toBe(200);
      const placed = await post('/api/orders/v1/orders', {
        serviceType: 'PICK_UP',
        branchId: CHILONZOR,
        cartItems: [{ productId: T.products.fries, count: 1 }],
        paymentType: 'CLICK',
      });
      expect(placed.statusCode).toBe(201);
      fake.nextPayment({ errorCode: FAKE_ERRORS.INSUFFICIENT_FUNDS });
      expect((await post(`/api/payments/v1/cards/${cardId}/pay`, { orderId: placed.json().id })).statusCode).toBe(402);
      expect((await post(`/api/payments/v1/cards/${cardId}/pay`, { orderId: placed.json().id })).statusCode).toBe(200);

      const log = lines.join('');
      expect(log).toContain('click merchant api');
      expect(log).not.toContain(UZCARD);
      expect(log).not.toContain(UZCARD.slice(4, 12));
      expect(log).not.toContain(fake.lastCard().token);
    } finally {
      await t.close();
      await fake.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
