import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '@dasturxon/db/seed';
import { BACKENDS, countStatements, createTestApp, type TestApp } from './harness.ts';

/*
 * The reads a storefront page renews its kept answers with (branches, banners, stories: issue 26) are each one
 * prepared statement (prepared-read.ts): on PGlite one trip into its WebAssembly once parsed, on PostgreSQL one
 * query. Through Drizzle each was two queries of several trips. Counted at the driver, once warm.
 */

const T = DEMO.tezkor;
const TEZKOR = { 'x-merchant-id': T.id };

describe.each(BACKENDS)('the page reads on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['branches', '/api/users/v1/branches'],
    ['branches of a city', `/api/users/v1/branches?cityId=${T.cities.tashkent}`],
    ['one branch', `/api/users/v1/branches/${T.branches.chilonzor}`],
    ['banners', '/api/support/v1/banner'],
    ['stories', '/api/notifications/v2/stories'],
  ])('reads %s in one statement', async (_name, url) => {
    const get = () => t.app.inject({ method: 'GET', url, headers: TEZKOR });
    const first = await get();
    expect(first.statusCode, first.body).toBe(200);
    const counted = countStatements(t.database);
    try {
      const again = await get();
      expect(again.statusCode).toBe(200);
      expect(again.body).toBe(first.body);
      expect(counted.count()).toBe(1);
    } finally {
      counted.stop();
    }
  });
});
