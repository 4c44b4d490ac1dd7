import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantSettings, promos } from '@dasturxon/db';
import { DEMO } from '@dasturxon/db/seed';
import { ERROR_CATALOGUE } from '@dasturxon/domain';
import { PromoResponse } from '@dasturxon/domain/contracts';
import { BACKENDS, countStatements, createTestApp, heard, type TestApp } from './harness.ts';

const TEZKOR = { 'x-merchant-id': DEMO.tezkor.id };
const DAY = 24 * 60 * 60 * 1000;

describe.each(BACKENDS)('the promo check on %s', (backend) => {
  let t: TestApp;
  let seededAt: Date;
  beforeAll(async () => {
    t = await createTestApp(backend);
    seededAt = t.clock.now();
  });
  afterAll(async () => {
    await t?.close();
  });

  const check = (query: string, headers: Record<string, string> = TEZKOR) =>
    t.app.inject({ method: 'GET', url: `/api/orders/v1/promo/check?${query}`, headers });

  async function expectError(
    query: string,
    status: number,
    code: keyof typeof ERROR_CATALOGUE,
    details?: Record<string, unknown>,
    headers = TEZKOR,
  ) {
    const res = await check(query, headers);
    expect(res.statusCode, `${query}: ${res.body}`).toBe(status);
    const body = res.json();
    expect(body.code).toBe(code);
    expect(body.description).toEqual(ERROR_CATALOGUE[code].description);
    if (details) expect(body.details).toEqual(details);
    else expect(body.details).toBeUndefined();
  }

  it('answers a valid promo with its terms', async () => {
    const res = await check('code=WELCOME10');
    expect(res.statusCode).toBe(200);
    const body = PromoResponse.parse(res.json());
    expect(body).toMatchObject({
      id: DEMO.promos.welcome10.id,
      code: 'WELCOME10',
      discountType: 'PERCENTAGE',
      productDiscount: 10,
      deliveryDiscount: 0,
      minPrice: 0,
      isActive: true,
    });
    expect(Object.keys(res.json()).sort()).toEqual([
      'code',
      'deliveryDiscount',
      'discountType',
      'endDate',
      'id',
      'isActive',
      'minPrice',
      'productDiscount',
      'startDate',
    ]);
    expect(new Date(body.startDate!).getTime()).toBeLessThan(seededAt.getTime());
    expect(new Date(body.endDate!).getTime()).toBeGreaterThan(seededAt.getTime());
  });

  it('finds a code whatever the letter case', async () => {
    for (const code of ['welcome10', 'Welcome10', 'wElCoMe10', '  welcome10  ']) {
      const res = await check(`code=${encodeURIComponent(code)}`);
      expect(res.statusCode, code).toBe(200);
      expect(res.json().code).toBe('WELCOME10');
    }
    const amount = await check('code=freedelivery');
    expect(amount.json()).toMatchObject({ code: 'FREEDELIVERY', discountType: 'PERCENTAGE', productDiscount: 0, deliveryDiscount: 100 });
  });

  it('answers 404 PROMO_NOT_FOUND for an unknown code', async () => {
    await expectError('code=NOPE', 404, 'PROMO_NOT_FOUND');
  });

  it('answers 409 PROMO_NOT_ACTIVE for a switched-off promo', async () => {
    await expectError('code=OFF', 409, 'PROMO_NOT_ACTIVE');
  });

  it('answers 409 PROMO_NOT_STARTED before its start and accepts it from the start on', async () => {
    await expectError('code=soon', 409, 'PROMO_NOT_STARTED');
    const [soon] = await t.database.db.select().from(promos).where(eq(promos.id, DEMO.promos.soon.id));
    try {
      t.clock.set(new Date(soon!.startDate!.getTime() - 1));
      await expectError('code=soon', 409, 'PROMO_NOT_STARTED');
      t.clock.set(soon!.startDate!);
      expect((await check('code=soon')).statusCode).toBe(200);
    } finally {
      t.clock.set(seededAt);
    }
  });

  it('answers 409 PROMO_EXPIRED from its end on (the end is exclusive)', async () => {
    await expectError('code=EXPIRED', 409, 'PROMO_EXPIRED');
    const [welcome] = await t.database.db.select().from(promos).where(eq(promos.id, DEMO.promos.welcome10.id));
    try {
      t.clock.set(new Date(welcome!.endDate!.getTime() - 1));
      expect((await check('code=WELCOME10')).statusCode).toBe(200);
      t.clock.set(welcome!.endDate!);
      await expectError('code=WELCOME10', 409, 'PROMO_EXPIRED');
      t.clock.set(new Date(seededAt.getTime() + 365 * DAY));
      await expectError('code=WELCOME10', 409, 'PROMO_EXPIRED');
    } finally {
      t.clock.set(seededAt);
    }
  });

  it('answers 409 PROMO_MIN_PRICE with the minimum when the amount is below it', async () => {
    await expectError('code=MINUS15K&amount=99999', 409, 'PROMO_MIN_PRICE', { minPrice: 100_000 });
    await expectError('code=minus15k&amount=0', 409, 'PROMO_MIN_PRICE', { minPrice: 100_000 });
    expect((await check('code=MINUS15K&amount=100000')).json()).toMatchObject({
      code: 'MINUS15K',
      discountType: 'AMOUNT',
      productDiscount: 15_000,
      minPrice: 100_000,
    });
    // Without an amount the minimum is left to the quote.
    expect((await check('code=MINUS15K')).statusCode).toBe(200);
  });

  it('names the most basic reason first: a switched-off, expired promo is not active', async () => {
    await t.database.db.update(promos).set({ isActive: false }).where(eq(promos.id, DEMO.promos.expired.id));
    try {
      // The check reads the brand's snapshot, which hears the change (at once on PGlite, a moment later on PostgreSQL).
      await heard(backend, () => expectError('code=EXPIRED', 409, 'PROMO_NOT_ACTIVE'));
    } finally {
      await t.database.db.update(promos).set({ isActive: true }).where(eq(promos.id, DEMO.promos.expired.id));
    }
    await heard(backend, () => expectError('code=EXPIRED', 409, 'PROMO_EXPIRED'));
  });

  it('answers PROMO_NOT_ACTIVE for every code while the merchant has promo codes switched off', async () => {
    const set = (promoActive: boolean) =>
      t.database.db.update(merchantSettings).set({ promoActive }).where(eq(merchantSettings.merchantId, DEMO.tezkor.id));
    await set(false);
    try {
      await heard(backend, () => expectError('code=WELCOME10', 409, 'PROMO_NOT_ACTIVE'));
      await expectError('code=NOPE', 404, 'PROMO_NOT_FOUND');
    } finally {
      await set(true);
    }
    await heard(backend, async () => expect((await check('code=WELCOME10')).statusCode).toBe(200));
  });

  it("asks the database nothing once the brand's snapshot is read, for a code of ASCII letters", async () => {
    await check('code=WELCOME10');
    const counted = countStatements(t.database);
    try {
      expect(PromoResponse.parse((await check('code=welcome10')).json()).id).toBe(DEMO.promos.welcome10.id);
      await expectError('code=MINUS15K&amount=1', 409, 'PROMO_MIN_PRICE', { minPrice: 100_000 });
      await expectError('code=NOPE', 404, 'PROMO_NOT_FOUND');
      expect(counted.count()).toBe(0);
    } finally {
      counted.stop();
    }
  });

  it("keeps brands apart: one brand's code is unknown at another", async () => {
    await expectError('code=WELCOME10', 404, 'PROMO_NOT_FOUND', undefined, { 'x-merchant-id': DEMO.navbahor.id });
    const byHost = await check('code=WELCOME10', { host: `${DEMO.navbahor.sub}.localhost:3000` });
    expect(byHost.statusCode).toBe(404);
    expect((await check('code=WELCOME10', { host: `${DEMO.tezkor.sub}.localhost:3000` })).statusCode).toBe(200);
  });

  it('answers 403 MERCHANT_BLOCKED for an inactive merchant', async () => {
    await expectError('code=WELCOME10', 403, 'MERCHANT_BLOCKED', undefined, { 'x-merchant-id': DEMO.yopiq.id });
  });

  it('answers 400 naming the field for a missing code or a bad amount', async () => {
    for (const [query, field] of [
      ['', 'querystring.code'],
      ['code=', 'querystring.code'],
      ['code=WELCOME10&amount=-1', 'querystring.amount'],
      ['code=WELCOME10&amount=1.5', 'querystring.amount'],
      ['code=WELCOME10&amount=lots', 'querystring.amount'],
    ] as const) {
      const res = await check(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(
        res.json().details.fields.map((f: { field: string }) => f.field),
        query,
      ).toEqual([field]);
    }
  });

  it('is described in the OpenAPI document with a tag and a summary', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const op = doc.paths['/api/orders/v1/promo/check'].get;
    expect(op.tags).toEqual(['orders']);
    expect(op.summary).toBeTruthy();
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '404', '409']));
  });
});
