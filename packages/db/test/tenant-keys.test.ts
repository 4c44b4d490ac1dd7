import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase, type Database } from '../src/client.ts';
import { PG_ERROR, pgErrorCode } from '../src/errors.ts';
import * as s from '../src/schema/index.ts';
import { DEMO, seedDemo } from '../src/seed/index.ts';

/**
 * Decision 007: every tenant table is keyed by merchant_id first, and every reference between tenant
 * tables carries merchant_id, so the database refuses a row pointing at another brand's row.
 */

/** Unique indexes that may leave merchant_id out: the routing lookups made before a brand is known. */
const ROUTING_UNIQUES = ['merchants_sub_unique', 'brands_domain_url_key'];

describe('tenant keys and enum checks, walked from the live schema', () => {
  let database: Database;
  const rows = async <T>(query: ReturnType<typeof sql>): Promise<T[]> => {
    const result = (await database.db.execute(query)) as unknown as { rows: T[] };
    return result.rows;
  };

  beforeAll(async () => {
    database = await openDatabase();
    await migrateDatabase(database);
    await seedDemo(database.db, { now: new Date('2025-03-14T09:30:00Z') });
  });
  afterAll(() => database.close());

  const tenantTables = async () =>
    (
      await rows<{ table_name: string }>(sql`
        select table_name from information_schema.columns
        where table_schema = 'public' and column_name = 'merchant_id' and table_name <> 'merchants'
        order by table_name`)
    ).map((r) => r.table_name);

  it('finds the tenant tables', async () => {
    const tables = await tenantTables();
    expect(tables).toEqual(expect.arrayContaining(['products', 'categories', 'branches', 'users', 'sessions', 'otp_codes', 'promos']));
    expect(tables.length).toBeGreaterThanOrEqual(19);
  });

  it('keys every tenant table by merchant_id first', async () => {
    const keys = await rows<{ table_name: string; first: string }>(sql`
      select c.conrelid::regclass::text as table_name, a.attname as first
      from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'p' and c.connamespace = 'public'::regnamespace`);
    const firstOf = new Map(keys.map((k) => [k.table_name.replace(/"/g, ''), k.first]));
    for (const table of await tenantTables()) expect([table, firstOf.get(table)]).toEqual([table, 'merchant_id']);
  });

  it('makes every reference between tenant tables carry merchant_id on both sides', async () => {
    const tenant = new Set(await tenantTables());
    const fks = await rows<{ name: string; from_table: string; to_table: string; from_cols: string[]; to_cols: string[] }>(sql`
      select c.conname as name, c.conrelid::regclass::text as from_table, c.confrelid::regclass::text as to_table,
        array(select attname from pg_attribute where attrelid = c.conrelid and attnum = any(c.conkey) order by array_position(c.conkey, attnum)) as from_cols,
        array(select attname from pg_attribute where attrelid = c.confrelid and attnum = any(c.confkey) order by array_position(c.confkey, attnum)) as to_cols
      from pg_constraint c where c.contype = 'f' and c.connamespace = 'public'::regnamespace`);
    const between = fks.filter((fk) => tenant.has(fk.from_table) && tenant.has(fk.to_table));
    expect(between.length).toBeGreaterThanOrEqual(14);
    for (const fk of between) {
      expect([fk.name, fk.from_cols[0], fk.to_cols[0]]).toEqual([fk.name, 'merchant_id', 'merchant_id']);
    }
    // The others lead to the merchant itself.
    for (const fk of fks.filter((f) => !between.includes(f)))
      expect([fk.name, fk.to_table, fk.to_cols]).toEqual([fk.name, 'merchants', ['id']]);
  });

  it('lets merchant_id lead every unique index but the routing lookups', async () => {
    const uniques = await rows<{ name: string; table_name: string; first: string }>(sql`
      select i.indexrelid::regclass::text as name, i.indrelid::regclass::text as table_name, coalesce(a.attname, '') as first
      from pg_index i left join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
      where i.indisunique and i.indrelid::regclass::text in (select table_name from information_schema.tables where table_schema = 'public')`);
    const tenant = new Set([...(await tenantTables()), 'merchants']);
    for (const u of uniques.filter((x) => tenant.has(x.table_name) && !ROUTING_UNIQUES.includes(x.name))) {
      if (u.table_name === 'merchants') expect(u.name).toBe('merchants_pkey');
      else expect([u.name, u.first]).toEqual([u.name, 'merchant_id']);
    }
  });

  it("refuses a product in another brand's category, and a session of another brand's customer", async () => {
    const [category] = await database.db
      .select()
      .from(s.categories)
      .where(sql`${s.categories.merchantId} = ${DEMO.navbahor.id}`)
      .limit(1);
    const crossed = await database.db
      .insert(s.products)
      .values({ merchantId: DEMO.tezkor.id, categoryId: category!.id, costPrice: 1000 })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(pgErrorCode(crossed)).toBe(PG_ERROR.FOREIGN_KEY_VIOLATION);

    const [user] = await database.db.insert(s.users).values({ merchantId: DEMO.navbahor.id, phone: '+998901112233' }).returning();
    const session = await database.db
      .insert(s.sessions)
      .values({ merchantId: DEMO.tezkor.id, userId: user!.id, tokenHash: 'x', expiresAt: new Date() })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(pgErrorCode(session)).toBe(PG_ERROR.FOREIGN_KEY_VIOLATION);
  });

  it("refuses a value outside the domain's enum in the columns that hold one", async () => {
    const refused = async (statement: ReturnType<typeof sql>) =>
      pgErrorCode(
        await database.db.execute(statement).then(
          () => null,
          (e: unknown) => e,
        ),
      );
    expect(await refused(sql`update categories set view_type = 'HUGE' where merchant_id = ${DEMO.tezkor.id}`)).toBe(
      PG_ERROR.CHECK_VIOLATION,
    );
    expect(await refused(sql`update products set unit = 'PIECE' where merchant_id = ${DEMO.tezkor.id}`)).toBe(PG_ERROR.CHECK_VIOLATION);
    expect(await refused(sql`update merchant_settings set basket_position = 'TOP' where merchant_id = ${DEMO.tezkor.id}`)).toBe(
      PG_ERROR.CHECK_VIOLATION,
    );
    expect(await refused(sql`update merchants set sms_countries = array['UZ', 'XX'] where id = ${DEMO.tezkor.id}`)).toBe(
      PG_ERROR.CHECK_VIOLATION,
    );
    expect(await refused(sql`update work_hours set week_name = 'FUNDAY' where merchant_id = ${DEMO.tezkor.id}`)).toBe(
      PG_ERROR.CHECK_VIOLATION,
    );
    expect(await refused(sql`update users set gender = 'other' where merchant_id = ${DEMO.navbahor.id}`)).toBe(PG_ERROR.CHECK_VIOLATION);
    expect(await refused(sql`update merchant_settings set forced_language = null where merchant_id = ${DEMO.tezkor.id}`)).toBeNull();
  });
});
