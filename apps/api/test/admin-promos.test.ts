import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, promos } from '@dasturxon/db';
import { DEMO } from '@dasturxon/db/seed';
import { AdminPromo, AdminPromoList, PromoRemoved, QuoteResponse } from '@dasturxon/domain/contracts';
import { BACKENDS, createTestApp, heard, signInCustomer, type staffCaller, type TestApp, tezkorStaff } from './harness.ts';

const T = DEMO.tezkor;
const N = DEMO.navbahor;
const CHILONZOR = T.branches.chilonzor; // open round the clock

describe.each(BACKENDS)('the back office: promo codes on %s', (backend) => {
  let t: TestApp;
  let dataDir: string;
  const as: Record<string, ReturnType<typeof staffCaller>> = {};
  let foreignPromo: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'dx-admin-promos-'));
    t = await createTestApp(backend, { DATA_DIR: dataDir });
    Object.assign(as, await tezkorStaff(t));
    // The other brand's promo (the demo gives it none).
    const [row] = await t.database.db
      .insert(promos)
      .values({ merchantId: N.id, code: 'NAVBAHOR5', discountType: 'PERCENTAGE', productDiscount: 5 })
      .returning();
    foreignPromo = row!.id;
  });
  afterAll(async () => {
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  let serial = 0;
  const ip = () => `10.28.${Math.floor(++serial / 250)}.${serial % 250}`;
  const customer = () =>
    signInCustomer(t, dataDir, { phone: `+99894${String(2_000_000 + ++serial * 7919).slice(-7)}`, merchantId: T.id, ip: ip() });
  type Customer = Awaited<ReturnType<typeof customer>>;
  const asCustomer = (c: Customer | null, url: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api${url}`,
      headers: { 'x-merchant-id': T.id, ...(c ? { authorization: `Bearer ${c.token}` } : {}) },
      remoteAddress: ip(),
      payload,
    });
  /** A pickup of two fries (2 × 15 000) at the branch open round the clock, with a code. */
  const basket = (promoCode: string) => ({
    serviceType: 'PICK_UP',
    branchId: CHILONZOR,
    cartItems: [{ productId: T.products.fries, count: 2 }],
    promoCode,
  });
  const order = (c: Customer, code: string) => asCustomer(c, '/orders/v1/orders', basket(code));
  const quote = async (c: Customer | null, code: string) =>
    QuoteResponse.parse((await asCustomer(c, '/orders/v1/orders/quote', basket(code))).json());
  const cancel = (c: Customer, id: string) => asCustomer(c, `/orders/v1/orders/${id}/cancel`, { reason: 'changed my mind' });
  const promoRow = async (id: string) => (await t.database.db.select().from(promos).where(eq(promos.id, id)))[0];
  const create = async (body: Record<string, unknown>) => {
    const res = await as.owner!('POST', '/admin/v1/promos', body);
    expect(res.statusCode, res.body).toBe(201);
    return AdminPromo.parse(res.json());
  };
  const usedOf = async (id: string) => AdminPromo.parse((await as.manager!('GET', `/admin/v1/promos/${id}`)).json()).used;

  it('creates, reads, lists, changes with version (409 stale) and deletes a promo; audited', async () => {
    const body = {
      code: 'Spring25',
      discountType: 'PERCENTAGE',
      target: 'PRODUCTS',
      value: 25,
      startDate: '2026-03-01T00:00:00+05:00',
      endDate: '2027-06-01T00:00:00+05:00',
      minPrice: 40_000,
      perCustomerLimit: 1,
      totalLimit: 100,
      isActive: true,
    };
    const made = await create(body);
    expect(made).toMatchObject({ code: 'Spring25', value: 25, target: 'PRODUCTS', used: 0, perCustomerLimit: 1, totalLimit: 100 });
    expect(await promoRow(made.id)).toMatchObject({ merchantId: T.id, productDiscount: 25, deliveryDiscount: 0, version: 1 });

    const read = AdminPromo.parse((await as.manager!('GET', `/admin/v1/promos/${made.id}`)).json());
    expect(read).toEqual(made);
    const found = AdminPromoList.parse((await as.admin!('GET', '/admin/v1/promos?search=SPRING')).json());
    expect(found.content.map((p) => p.code)).toEqual(['Spring25']);
    const all = AdminPromoList.parse((await as.owner!('GET', '/admin/v1/promos')).json());
    expect(all.content.map((p) => p.code)).toEqual(expect.arrayContaining(['WELCOME10', 'FREEDELIVERY', 'Spring25']));
    expect(all.content.map((p) => p.code)).not.toContain('NAVBAHOR5');
    const off = AdminPromoList.parse((await as.owner!('GET', '/admin/v1/promos?active=false')).json());
    expect(off.content.map((p) => p.code)).toEqual(['OFF']);

    const update = { ...body, version: made.version, target: 'DELIVERY', discountType: 'AMOUNT', value: 7000, totalLimit: null };
    const changed = await as.manager!('PUT', `/admin/v1/promos/${made.id}`, update);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await promoRow(made.id)).toMatchObject({
      discountType: 'AMOUNT',
      productDiscount: 0,
      deliveryDiscount: 7000,
      totalLimit: null,
      version: 2,
    });
    const stale = await as.owner!('PUT', `/admin/v1/promos/${made.id}`, { ...update, value: 9000 });
    expect([stale.statusCode, stale.json().code, stale.json().details.current]).toEqual([409, 'VERSION_CONFLICT', 2]);
    expect((await promoRow(made.id))!.deliveryDiscount).toBe(7000);

    expect((await as.owner!('DELETE', `/admin/v1/promos/${made.id}?version=1`)).json().code).toBe('VERSION_CONFLICT');
    const removed = await as.owner!('DELETE', `/admin/v1/promos/${made.id}?version=2`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(PromoRemoved.parse(removed.json()).outcome).toBe('deleted');
    expect(await promoRow(made.id)).toBeUndefined();
    const trail = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.merchantId, T.id), eq(auditLog.objectId, made.id)));
    expect(trail.map((e) => [e.objectType, e.action]).sort()).toEqual([
      ['promo', 'create'],
      ['promo', 'delete'],
      ['promo', 'update'],
    ]);
  });

  it('refuses bad input naming the field, and a code the brand has in any letter case', async () => {
    const ok = { code: 'CHECKME', discountType: 'PERCENTAGE', target: 'PRODUCTS', value: 10 };
    const field = async (body: Record<string, unknown>, name: string) => {
      const res = await as.owner!('POST', '/admin/v1/promos', body);
      expect([res.statusCode, res.json().code], res.body).toEqual([400, 'VALIDATION_FAILED']);
      expect(res.json().details.fields.map((f: { field: string }) => f.field)).toContain(name);
    };
    await field({ ...ok, value: 101 }, 'body.value');
    await field({ ...ok, value: 0 }, 'body.value');
    await field({ ...ok, discountType: 'AMOUNT', value: -5 }, 'body.value');
    await field({ ...ok, startDate: '2027-02-01T00:00:00Z', endDate: '2027-01-01T00:00:00Z' }, 'body.endDate');
    await field({ ...ok, startDate: '2027-01-01T00:00:00Z', endDate: '2027-01-01T00:00:00Z' }, 'body.endDate');
    await field({ ...ok, perCustomerLimit: 0 }, 'body.perCustomerLimit');
    await field({ ...ok, perCustomerLimit: 5, totalLimit: 2 }, 'body.perCustomerLimit');
    await field({ ...ok, minPrice: -1 }, 'body.minPrice');
    await field({ ...ok, code: 'no spaces' }, 'body.code');
    await field({ ...ok, code: 'ab' }, 'body.code');
    await field({ ...ok, target: 'EVERYTHING' }, 'body.target');
    await field({ ...ok, price: 100 }, 'body.price');

    const taken = await as.owner!('POST', '/admin/v1/promos', { ...ok, code: 'welcome10' });
    expect([taken.statusCode, taken.json().code, taken.json().details.field]).toEqual([409, 'PROMO_CODE_TAKEN', 'body.code']);
    expect(taken.json().description.ru).toContain('уже есть');
    const mine = await create({ ...ok, code: 'Rename-Me' });
    const renamed = await as.owner!('PUT', `/admin/v1/promos/${mine.id}`, { ...ok, code: 'Minus15k', version: mine.version });
    expect(renamed.json().code).toBe('PROMO_CODE_TAKEN');
    // Its own code in another case is not taken.
    const recased = await as.owner!('PUT', `/admin/v1/promos/${mine.id}`, { ...ok, code: 'RENAME-ME', version: mine.version });
    expect(recased.statusCode, recased.body).toBe(200);
  });

  it('lets only the owner, the admin and the manager in, and answers 404 for another brand', async () => {
    const ok = { code: 'ROLES', discountType: 'AMOUNT', target: 'PRODUCTS', value: 5000 };
    for (const role of ['operator', 'kitchen', 'courier']) {
      expect((await as[role]!('GET', '/admin/v1/promos')).statusCode).toBe(403);
      expect((await as[role]!('POST', '/admin/v1/promos', ok)).json().code).toBe('FORBIDDEN');
      expect((await as[role]!('PUT', `/admin/v1/promos/${T.promos.welcome10.id}`, { ...ok, version: 1 })).statusCode).toBe(403);
    }
    expect((await as.owner!('GET', `/admin/v1/promos/${foreignPromo}`)).statusCode).toBe(404);
    expect((await as.owner!('PUT', `/admin/v1/promos/${foreignPromo}`, { ...ok, version: 1 })).statusCode).toBe(404);
    expect((await as.owner!('DELETE', `/admin/v1/promos/${foreignPromo}?version=1`)).statusCode).toBe(404);
    expect(await promoRow(foreignPromo)).toMatchObject({ code: 'NAVBAHOR5', productDiscount: 5, version: 1 });
  });

  it('takes a code with a total limit of 1 once; a cancelled order gives the use back; two orders at once get one use', async () => {
    const once = await create({ code: 'ONCE', discountType: 'AMOUNT', target: 'PRODUCTS', value: 5000, totalLimit: 1 });
    const [a, b] = [await customer(), await customer()];
    const first = await order(a, 'once');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ promo: { code: 'ONCE' }, promoProductDiscount: 5000 });
    expect(await usedOf(once.id)).toBe(1);

    const quoted = await quote(b, 'ONCE');
    expect(quoted.promo).toBeNull();
    expect(quoted.problems).toContainEqual(expect.objectContaining({ code: 'PROMO_LIMIT_REACHED', details: { limit: 1 } }));
    expect((await quote(null, 'ONCE')).problems.map((p) => p.code)).toContain('PROMO_LIMIT_REACHED');
    const checked = await t.app.inject({ method: 'GET', url: '/api/orders/v1/promo/check?code=once', headers: { 'x-merchant-id': T.id } });
    expect([checked.statusCode, checked.json().code, checked.json().details]).toEqual([409, 'PROMO_LIMIT_REACHED', { limit: 1 }]);
    const second = await order(b, 'ONCE');
    expect([second.statusCode, second.json().code]).toEqual([409, 'PROMO_LIMIT_REACHED']);
    expect(second.json().description.uz).toBeTruthy();

    expect((await cancel(a, first.json().id)).statusCode).toBe(200);
    expect(await usedOf(once.id)).toBe(0);
    expect((await quote(b, 'ONCE')).promo?.code).toBe('ONCE');
    const again = await order(b, 'ONCE');
    expect(again.statusCode, again.body).toBe(201);
    expect(await usedOf(once.id)).toBe(1);

    // The last use, asked for by two customers at the same moment: exactly one order takes it.
    const last = await create({ code: 'LASTONE', discountType: 'PERCENTAGE', target: 'PRODUCTS', value: 10, totalLimit: 1 });
    const [c, d] = [await customer(), await customer()];
    const both = await Promise.all([order(c, 'LASTONE'), order(d, 'LASTONE')]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json().code).toBe('PROMO_LIMIT_REACHED');
    expect(await usedOf(last.id)).toBe(1);
  });

  it('lets each customer use a code as often as the per-customer limit says', async () => {
    const perCustomer = await create({ code: 'EACH2', discountType: 'PERCENTAGE', target: 'PRODUCTS', value: 10, perCustomerLimit: 2 });
    const [a, b] = [await customer(), await customer()];
    expect((await order(a, 'EACH2')).statusCode).toBe(201);
    expect((await order(a, 'EACH2')).statusCode).toBe(201);
    expect((await quote(a, 'EACH2')).problems).toContainEqual(
      expect.objectContaining({ code: 'PROMO_CUSTOMER_LIMIT', details: { limit: 2 } }),
    );
    // A guest's own uses are not known: the quote does not refuse them (the order, signed in, does).
    expect((await quote(null, 'EACH2')).promo?.code).toBe('EACH2');
    const third = await order(a, 'EACH2');
    expect([third.statusCode, third.json().code]).toEqual([409, 'PROMO_CUSTOMER_LIMIT']);
    expect(third.json().description.ru).toContain('максимальное число раз');
    expect((await order(b, 'EACH2')).statusCode).toBe(201);
    expect(await usedOf(perCustomer.id)).toBe(3);
  });

  it('archives a promo orders name instead of deleting it', async () => {
    const named = await create({ code: 'ARCHIVE-ME', discountType: 'AMOUNT', target: 'PRODUCTS', value: 1000 });
    const a = await customer();
    const placed = await order(a, 'ARCHIVE-ME');
    expect(placed.statusCode, placed.body).toBe(201);
    const removed = PromoRemoved.parse((await as.manager!('DELETE', `/admin/v1/promos/${named.id}?version=${named.version}`)).json());
    expect(removed).toMatchObject({ outcome: 'archived', promo: { isActive: false, used: 1, version: named.version + 1 } });
    expect(await promoRow(named.id)).toMatchObject({ isActive: false });
    const refused = await order(await customer(), 'ARCHIVE-ME');
    expect(refused.json().code).toBe('PROMO_NOT_ACTIVE');
  });

  it("reaches the storefront's quote at once: the change is heard (migration 0012's trigger) and the snapshot dropped", async () => {
    const c = await customer();
    const p = await create({ code: 'FRESH', discountType: 'PERCENTAGE', target: 'PRODUCTS', value: 10 });
    let tenPercent = 0;
    await heard(backend, async () => {
      tenPercent = (await quote(c, 'FRESH')).promoProductDiscount;
      expect(tenPercent).toBeGreaterThan(0);
    });
    const changed = await as.owner!('PUT', `/admin/v1/promos/${p.id}`, {
      code: 'FRESH',
      discountType: 'PERCENTAGE',
      target: 'PRODUCTS',
      value: 20,
      version: p.version,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await heard(backend, async () => expect((await quote(c, 'FRESH')).promoProductDiscount).toBe(tenPercent * 2));
    const off = await as.owner!('PUT', `/admin/v1/promos/${p.id}`, {
      code: 'FRESH',
      discountType: 'PERCENTAGE',
      target: 'PRODUCTS',
      value: 20,
      isActive: false,
      version: p.version + 1,
    });
    expect(off.statusCode, off.body).toBe(200);
    await heard(backend, async () => expect((await quote(c, 'FRESH')).problems.map((x) => x.code)).toContain('PROMO_NOT_ACTIVE'));
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths['/api/admin/v1/promos/{id}'] ?? {}).sort()).toEqual(['delete', 'get', 'put']);
    expect(Object.keys(doc.paths['/api/admin/v1/promos'] ?? {}).sort()).toEqual(['get', 'post']);
  });
});
