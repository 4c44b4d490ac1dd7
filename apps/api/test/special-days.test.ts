import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '@dasturxon/db/seed';
import { localDate } from '@dasturxon/domain';
import { QuoteResponse } from '@dasturxon/domain/contracts';
import { BACKENDS, createTestApp, heard, signInStaff, staffCaller, type TestApp } from './harness.ts';

/*
 * A branch's special days (issue 28) count wherever its hours count: a holiday set in the back office closes the
 * branch for the quote and for a placed order, not only on the storefront's branch list.
 */

const T = DEMO.tezkor;
const CHILONZOR = T.branches.chilonzor; // open round the clock by its week
const pickup = {
  serviceType: 'PICK_UP',
  branchId: CHILONZOR,
  cartItems: [{ productId: T.products.withoutModifiers, count: 1, modifications: [] }],
};

describe.each(BACKENDS)('special days on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => t?.close());

  const quote = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/v1/orders/quote',
      headers: { 'x-merchant-id': T.id },
      payload: pickup,
    });
    expect(res.statusCode, res.body).toBe(200);
    return QuoteResponse.parse(res.json()).problems.map((p) => p.code);
  };

  it('a holiday closes the branch for the quote; taken off, it opens again', async () => {
    expect(await quote()).not.toContain('BRANCH_CLOSED');
    const owner = staffCaller(t, await signInStaff(t, T.staffPhones.owner, T.id, T.staffPassword), T.id);
    const today = localDate(t.clock.now(), 'Asia/Tashkent');
    const set = await owner('PUT', `/admin/v1/branches/${CHILONZOR}/special-days`, {
      days: [{ date: today, isDayOff: true, note: 'Navruz' }],
    });
    expect(set.statusCode, set.body).toBe(200);
    await heard(backend, async () => expect(await quote()).toContain('BRANCH_CLOSED'));
    const cleared = await owner('PUT', `/admin/v1/branches/${CHILONZOR}/special-days`, { days: [] });
    expect(cleared.statusCode, cleared.body).toBe(200);
    await heard(backend, async () => expect(await quote()).not.toContain('BRANCH_CLOSED'));
  });
});
