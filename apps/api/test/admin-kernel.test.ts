import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, products } from '@dasturxon/db';
import { DEMO } from '@dasturxon/db/seed';
import { AppError } from '@dasturxon/domain';
import { AuditList } from '@dasturxon/domain/contracts';
import { audit, deleteVersioned, platformActor, updateVersioned, type Actor } from '../src/features/admin/index.ts';
import { BACKENDS, createTestApp, signInStaff, staffCaller, type TestApp } from './harness.ts';

const T = DEMO.tezkor;
const N = DEMO.navbahor;
const PRODUCT = Object.values(T.products)[0]!;

const codeOf = async (work: Promise<unknown>) => {
  try {
    await work;
    return 'ok';
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
};

describe.each(BACKENDS)('the back office kernel on %s', (backend) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(backend);
    for (const role of ['owner', 'admin', 'manager', 'operator', 'kitchen', 'courier'] as const) {
      tokens[role] = await signInStaff(t, T.staffPhones[role], T.id, T.staffPassword);
    }
  });
  afterAll(async () => t?.close());

  it('writes a row only at the version read: the next version, 409 when stale, 404 for another brand or no row', async () => {
    const { db } = t.database;
    const [row] = await db
      .select()
      .from(products)
      .where(and(eq(products.merchantId, T.id), eq(products.id, PRODUCT)));
    const updated = await db.transaction((tx) => updateVersioned(tx, products, T.id, PRODUCT, row!.version, { costPrice: 31_000 }));
    expect(updated).toMatchObject({ costPrice: 31_000, version: row!.version + 1 });
    expect(await codeOf(db.transaction((tx) => updateVersioned(tx, products, T.id, PRODUCT, row!.version, { costPrice: 1 })))).toBe(
      'VERSION_CONFLICT',
    );
    expect(await codeOf(db.transaction((tx) => updateVersioned(tx, products, N.id, PRODUCT, updated.version, { costPrice: 1 })))).toBe(
      'NOT_FOUND',
    );
    expect(await codeOf(db.transaction((tx) => deleteVersioned(tx, products, T.id, PRODUCT, row!.version)))).toBe('VERSION_CONFLICT');
    const [after] = await db
      .select()
      .from(products)
      .where(and(eq(products.merchantId, T.id), eq(products.id, PRODUCT)));
    expect(after).toMatchObject({ costPrice: 31_000, version: row!.version + 1 });
  });

  it('keeps the audit log per brand, newest first, by object, in pages; for the roles of the back office only', async () => {
    const actor: Actor = platformActor(T.id);
    await t.database.db.transaction(async (tx) => {
      for (let i = 1; i <= 3; i++) {
        await audit(tx, actor, {
          objectType: 'thing',
          objectId: 'k1',
          action: 'update',
          before: { n: i - 1 },
          after: { n: i, at: new Date(0) },
        });
      }
      await audit(tx, actor, { objectType: 'thing', objectId: 'k2', action: 'create', after: { n: 9 } });
      await audit(tx, platformActor(N.id), { objectType: 'thing', objectId: 'k1', action: 'delete', before: { n: 7 } });
    });
    const owner = staffCaller(t, tokens.owner!, T.id);
    const first = await owner('GET', '/admin/v1/audit?objectType=thing&objectId=k1&size=2');
    expect(first.statusCode, first.body).toBe(200);
    const page = AuditList.parse(first.json());
    expect(page.content.map((e) => e.after)).toEqual([
      { n: 3, at: '1970-01-01T00:00:00.000Z' },
      { n: 2, at: '1970-01-01T00:00:00.000Z' },
    ]);
    expect(page.content[0]!.actor).toEqual({ id: null, name: 'platform', role: 'platform' });
    const rest = AuditList.parse(
      (await owner('GET', `/admin/v1/audit?objectType=thing&objectId=k1&size=2&cursor=${page.nextCursor}`)).json(),
    );
    expect(rest.content.map((e) => e.after?.n)).toEqual([1]);
    expect(rest.nextCursor).toBeNull();
    expect((await owner('GET', '/admin/v1/audit?cursor=nonsense')).statusCode).toBe(400);

    for (const role of ['admin', 'manager'])
      expect((await staffCaller(t, tokens[role]!, T.id)('GET', '/admin/v1/audit')).statusCode).toBe(200);
    for (const role of ['operator', 'kitchen', 'courier']) {
      const res = await staffCaller(t, tokens[role]!, T.id)('GET', '/admin/v1/audit');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
    expect((await staffCaller(t, null, T.id)('GET', '/admin/v1/audit')).statusCode).toBe(401);
    const all = await t.database.db.select().from(auditLog).where(eq(auditLog.merchantId, N.id));
    expect(all).toHaveLength(1);
  });

  it('pages through changes of one millisecond without losing any (the cursor keeps the microseconds)', async () => {
    const base = { merchantId: T.id, actorId: null, actorName: 'platform', actorRole: 'platform', objectType: 'burst', objectId: 'b1' };
    await t.database.db.insert(auditLog).values(
      [1, 2, 3, 4].map((n) => ({
        ...base,
        action: 'update' as const,
        at: sql.raw(`timestamptz '2030-01-01 00:00:00.000${n}00+00'`),
        after: { n },
      })),
    );
    const owner = staffCaller(t, tokens.owner!, T.id);
    const seen: unknown[] = [];
    let cursor: string | null = null;
    do {
      const res = await owner('GET', `/admin/v1/audit?objectType=burst&size=1${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = AuditList.parse(res.json());
      seen.push(...page.content.map((e) => e.after?.n));
      cursor = page.nextCursor;
    } while (cursor && seen.length < 10);
    expect(seen).toEqual([4, 3, 2, 1]);
  });

  it('keeps the rows of one moment in the order they were written, across pages (a clock of one millisecond, as PGlite has)', async () => {
    const base = { merchantId: T.id, actorId: null, actorName: 'platform', actorRole: 'platform', objectType: 'tie', objectId: 't1' };
    for (const n of [1, 2, 3, 4, 5, 6]) {
      await t.database.db.insert(auditLog).values({ ...base, action: 'update', at: new Date('2030-02-01T00:00:00Z'), after: { n } });
    }
    const owner = staffCaller(t, tokens.owner!, T.id);
    const seen: unknown[] = [];
    let cursor: string | null = null;
    do {
      const res = await owner('GET', `/admin/v1/audit?objectType=tie&size=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = AuditList.parse(res.json());
      seen.push(...page.content.map((e) => e.after?.n));
      cursor = page.nextCursor;
    } while (cursor && seen.length < 10);
    expect(seen).toEqual([6, 5, 4, 3, 2, 1]);
  });
});
