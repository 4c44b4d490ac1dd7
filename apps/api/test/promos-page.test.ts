import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { merchantSettings, promos } from '@dasturxon/db';
import { DEMO } from '@dasturxon/db/seed';
import { AdminPromo, PublicPromoList } from '@dasturxon/domain/contracts';
import { BACKENDS, brandCalls, oneInstance, signInStaff, staffCaller, type TestApp } from './harness.ts';

const T = DEMO.tezkor;
const N = DEMO.navbahor;
const CHILONZOR = T.branches.chilonzor; // open round the clock
const DAY = 24 * 60 * 60 * 1000;

async function setPromoActive(t: TestApp, merchantId: string, on: boolean) {
  await t.database.db
    .update(merchantSettings)
    .set({ promoActive: on })
    .where(and(eq(merchantSettings.merchantId, merchantId), eq(merchantSettings.channel, 'WEB')));
}

async function listPromos(t: TestApp, ids: string[], isPublic: boolean) {
  await t.database.db.update(promos).set({ isPublic }).where(inArray(promos.id, ids));
}

/** Issue 31: the promo codes page's call, `GET /api/orders/v1/promo/public`. */
describe.each(BACKENDS)('the promo codes page on %s', (backend) => {
  const app = oneInstance(backend, 'dx-promos-page-');
  const tezkor = brandCalls(app, { merchantId: T.id, net: 71 });
  const navbahor = brandCalls(app, { merchantId: N.id, net: 72 });

  async function codes(calls = tezkor, token: string | null = null): Promise<string[]> {
    const res = await calls.call('GET', '/orders/v1/promo/public', token);
    expect(res.statusCode, res.body).toBe(200);
    return PublicPromoList.parse(res.json()).content.map((p) => p.code);
  }

  it("lists the brand's listed codes usable now with their terms, soonest ending first, never in a shared cache", async () => {
    const res = await tezkor.call('GET', '/orders/v1/promo/public', null);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const { content } = PublicPromoList.parse(res.json());
    expect(content.map((p) => p.code).sort()).toEqual(['MINUS15K', 'WELCOME10']);
    const minus = content.find((p) => p.code === 'MINUS15K')!;
    expect(minus).toMatchObject({
      id: T.promos.minus15k.id,
      discountType: 'AMOUNT',
      productDiscount: 15000,
      deliveryDiscount: 0,
      minPrice: 100000,
    });
    expect(Object.keys(res.json().content[0]).sort()).toEqual([
      'code',
      'deliveryDiscount',
      'discountType',
      'endDate',
      'id',
      'minPrice',
      'productDiscount',
      'startDate',
    ]);
    const now = app.t.clock.now().getTime();
    expect(Date.parse(minus.startDate!)).toBeLessThan(now);
    expect(Date.parse(minus.endDate!)).toBeGreaterThan(now);
  });

  it('leaves out the codes not listed, switched off, not started and expired; a listed one that starts later appears then', async () => {
    const { expired, soon, off, freeDelivery } = T.promos;
    expect(await codes()).not.toContain('FREEDELIVERY');
    await listPromos(app.t, [expired.id, soon.id, off.id, freeDelivery.id], true);
    // A delivery promo ending sooner than the others comes first.
    await app.t.database.db
      .update(promos)
      .set({ endDate: new Date(app.t.clock.now().getTime() + 3 * DAY) })
      .where(eq(promos.id, freeDelivery.id));
    try {
      const listed = await codes();
      expect(listed[0]).toBe('FREEDELIVERY');
      expect(listed.sort()).toEqual(['FREEDELIVERY', 'MINUS15K', 'WELCOME10']);
      const now = app.t.clock.now();
      app.t.clock.set(new Date(now.getTime() + 8 * DAY)); // SOON has started; FREEDELIVERY has ended
      try {
        expect((await codes()).sort()).toEqual(['MINUS15K', 'SOON', 'WELCOME10']);
      } finally {
        app.t.clock.set(now);
      }
    } finally {
      await listPromos(app.t, [expired.id, soon.id, off.id, freeDelivery.id], false);
    }
  });

  it("judges a code's limits: all orders for the total, the signed-in customer's own for theirs", async () => {
    const welcome = T.promos.welcome10.id;
    const buyer = await tezkor.customer();
    const other = await tezkor.customer();
    await app.t.database.db.update(promos).set({ perCustomerLimit: 1 }).where(eq(promos.id, welcome));
    try {
      const res = await tezkor.call('POST', '/orders/v1/orders', buyer.token, {
        serviceType: 'PICK_UP',
        branchId: CHILONZOR,
        cartItems: [{ productId: T.products.fries, count: 2 }],
        promoCode: 'welcome10',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(await codes(tezkor, buyer.token)).toEqual(['MINUS15K']);
      expect((await codes(tezkor, other.token)).sort()).toEqual(['MINUS15K', 'WELCOME10']);
      expect((await codes()).sort()).toEqual(['MINUS15K', 'WELCOME10']);
      await app.t.database.db.update(promos).set({ perCustomerLimit: null, totalLimit: 1 }).where(eq(promos.id, welcome));
      expect(await codes(tezkor, other.token)).toEqual(['MINUS15K']);
      expect(await codes()).toEqual(['MINUS15K']);
    } finally {
      await app.t.database.db.update(promos).set({ perCustomerLimit: null, totalLimit: null }).where(eq(promos.id, welcome));
    }
  });

  it("keeps brands apart: each lists only its own codes; another brand's customer is answered there as a guest", async () => {
    await setPromoActive(app.t, N.id, true);
    const [row] = await app.t.database.db
      .insert(promos)
      .values({ merchantId: N.id, code: 'NAVBAHOR5', discountType: 'PERCENTAGE', productDiscount: 5, isPublic: true })
      .returning();
    try {
      expect(await codes(navbahor)).toEqual(['NAVBAHOR5']);
      expect(await codes(tezkor)).not.toContain('NAVBAHOR5');
      const c = await tezkor.customer();
      // The token is not Navbahor's: the optional sign-in leaves it a guest, who sees Navbahor's list and nothing of Tezkor's.
      expect(await codes(navbahor, c.token)).toEqual(['NAVBAHOR5']);
    } finally {
      await app.t.database.db.delete(promos).where(eq(promos.id, row!.id));
      await setPromoActive(app.t, N.id, false);
    }
  });

  it('promoActive off: 403 FEATURE_OFF for guests and customers; on again: the list', async () => {
    const c = await tezkor.customer();
    await setPromoActive(app.t, T.id, false);
    try {
      for (const token of [null, c.token]) {
        const res = await tezkor.call('GET', '/orders/v1/promo/public', token);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ code: 'FEATURE_OFF', details: { feature: 'promoActive' } });
      }
      // Navbahor has promo codes off in the demo.
      expect((await navbahor.call('GET', '/orders/v1/promo/public', null)).statusCode).toBe(403);
    } finally {
      await setPromoActive(app.t, T.id, true);
    }
    expect((await codes(tezkor, c.token)).sort()).toEqual(['MINUS15K', 'WELCOME10']);
  });

  it('the back office lists and unlists a code (isPublic, versioned); the page follows', async () => {
    const owner = staffCaller(app.t, await signInStaff(app.t, T.staffPhones.owner, T.id, T.staffPassword, tezkor.freshIp()), T.id);
    const read = AdminPromo.parse((await owner('GET', `/admin/v1/promos/${T.promos.freeDelivery.id}`)).json());
    expect(read.isPublic).toBe(false);
    const { id: _id, used: _used, ...body } = read;
    const listed = await owner('PUT', `/admin/v1/promos/${read.id}`, { ...body, isPublic: true });
    expect(listed.statusCode, listed.body).toBe(200);
    const after = AdminPromo.parse(listed.json());
    expect(after.isPublic).toBe(true);
    expect(await codes()).toContain('FREEDELIVERY');
    const unlisted = await owner('PUT', `/admin/v1/promos/${read.id}`, { ...body, version: after.version, isPublic: false });
    expect(unlisted.statusCode, unlisted.body).toBe(200);
    expect(await codes()).not.toContain('FREEDELIVERY');
    // A new code is not listed unless asked.
    const made = await owner('POST', '/admin/v1/promos', { code: 'QUIET5', discountType: 'PERCENTAGE', target: 'PRODUCTS', value: 5 });
    expect(made.statusCode, made.body).toBe(201);
    expect(AdminPromo.parse(made.json()).isPublic).toBe(false);
    expect(await codes()).not.toContain('QUIET5');
  });
});
