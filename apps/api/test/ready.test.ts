import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO } from '@dasturxon/db/seed';
import { ReadyResponse } from '@dasturxon/domain/contracts';
import { createReadiness } from '../src/features/health/index.ts';
import { BACKENDS, oneInstance } from './harness.ts';

// Issue 33: what the balancer polls. Ready while the database answers with every migration of this build and the
// instance is not draining.
describe.each(BACKENDS)('readiness on %s', (backend) => {
  const app = oneInstance(backend, 'dx-ready-');
  const ready = async () => {
    const res = await app.t.app.inject({ method: 'GET', url: '/api/ready' });
    return { status: res.statusCode, body: ReadyResponse.parse(res.json()), cache: res.headers['cache-control'] };
  };

  it('answers ready, never kept by a cache', async () => {
    expect(await ready()).toMatchObject({ status: 200, body: { status: 'ready', reason: null }, cache: 'no-store' });
  });

  it('is not ready while the database lacks a migration of this build', async () => {
    const { db } = app.t.database;
    const newest = (await db.execute(sql`select max(created_at)::text as at from drizzle.__drizzle_migrations`)) as unknown as {
      rows: { at: string }[];
    };
    const at = newest.rows[0]!.at;
    await db.execute(sql`update drizzle.__drizzle_migrations set created_at = created_at - 1 where created_at = ${at}::bigint`);
    try {
      expect(await createReadiness(app.t.database).check()).toBe('MIGRATIONS');
    } finally {
      await db.execute(sql`update drizzle.__drizzle_migrations set created_at = ${at}::bigint where created_at = ${at}::bigint - 1`);
    }
    expect(await createReadiness(app.t.database).check()).toBeNull();
  });

  it("tells the TLS terminator which hosts are our brands' (sub-domains of a base domain, active brands only)", async () => {
    const ask = async (domain: string) =>
      (await app.t.app.inject({ method: 'GET', url: `/api/tls/ask?domain=${encodeURIComponent(domain)}` })).statusCode;
    expect(await ask(`${DEMO.tezkor.sub}.localhost`)).toBe(200);
    expect(await ask(`${DEMO.tezkor.sub.toUpperCase()}.localhost`)).toBe(200);
    expect(await ask(`${DEMO.yopiq.sub}.localhost`)).toBe(404); // inactive
    expect(await ask('nobody.localhost')).toBe(404);
    expect(await ask('evil.example.com')).toBe(404);
    expect(await ask('localhost')).toBe(404);
  });

  it('turns not ready for good once draining, while the health check still answers', async () => {
    app.t.app.readiness.drain();
    expect(await ready()).toMatchObject({ status: 503, body: { status: 'not-ready', reason: 'DRAINING' } });
    expect((await app.t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
