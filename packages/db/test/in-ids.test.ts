import { and, eq, not, or, sql } from 'drizzle-orm';
import { integer, pgTable, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/client.ts';
import { inIds } from '../src/in-ids.ts';

/** A temporary table of this test's own (one connection: a temporary table lives on its connection). */
const things = pgTable('t_in_ids', { id: uuid().primaryKey(), n: integer().notNull() });
const IDS = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222', '33333333-3333-4333-8333-333333333333'];

const targets: { name: string; url?: string }[] = [{ name: 'PGlite' }];
if (process.env.TEST_DATABASE_URL) targets.push({ name: 'PostgreSQL', url: process.env.TEST_DATABASE_URL });

describe.each(targets)('inIds on $name', ({ url }) => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase(url ? { databaseUrl: url, poolSize: 1 } : {});
    await database.db.execute(sql`create temporary table t_in_ids (id uuid primary key, n int not null)`);
    await database.db.insert(things).values(IDS.map((id, n) => ({ id, n })));
  });
  afterAll(() => database.close());

  const ids = async (where: ReturnType<typeof inIds> | undefined) =>
    (await database.db.select({ id: things.id }).from(things).where(where).orderBy(things.n)).map((r) => r.id);

  it('matches the rows whose id is in the list', async () => {
    expect(await ids(inIds(things.id, [IDS[2]!, IDS[0]!]))).toEqual([IDS[0], IDS[2]]);
    expect(await ids(inIds(things.id, IDS))).toEqual(IDS);
    expect(await ids(inIds(things.id, ['44444444-4444-4444-8444-444444444444']))).toEqual([]);
  });

  it('an empty list matches nothing: alone, within and / or, negated, and in an update', async () => {
    expect(await ids(inIds(things.id, []))).toEqual([]);
    expect(await ids(and(eq(things.n, 1), inIds(things.id, [])))).toEqual([]);
    expect(await ids(or(eq(things.n, 1), inIds(things.id, [])))).toEqual([IDS[1]]);
    expect(await ids(not(inIds(things.id, [])))).toEqual(IDS);
    const updated = await database.db.update(things).set({ n: 9 }).where(inIds(things.id, [])).returning();
    expect(updated).toEqual([]);
  });
});
