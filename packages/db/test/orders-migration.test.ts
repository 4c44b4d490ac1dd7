import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, openDatabase, type Database } from '../src/client.ts';
import { PG_ERROR, pgErrorCode } from '../src/errors.ts';
import { DEMO, seedDemo } from '../src/seed/index.ts';

/**
 * Migration 0006 (orders) on a database of the previous version that holds data: the demo brands and a
 * customer with a cashback balance. The balance must come through as the ledger's opening entry.
 */
describe('migration 0006_orders upgrades a database holding data', () => {
  let database: Database;
  let previous: string;
  const rows = async <T>(query: ReturnType<typeof sql>): Promise<T[]> =>
    ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    // The migrations as they were before 0006: the same files, the journal cut after 0005.
    previous = await mkdtemp(join(tmpdir(), 'dx-migrations-'));
    await cp(MIGRATIONS_DIR, previous, { recursive: true });
    const journal = JSON.parse(await readFile(join(previous, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((e) => e.tag === '0006_orders');
    expect(at).toBeGreaterThan(0);
    journal.entries = journal.entries.slice(0, at);
    await writeFile(join(previous, 'meta/_journal.json'), JSON.stringify(journal));
    await rm(join(previous, '0006_orders.sql'));

    database = await openDatabase();
    await migrate(database.db as never, { migrationsFolder: previous });
    await database.db.execute(sql`insert into merchants (id, name, sub) values (${DEMO.tezkor.id}, 'Tezkor Burger', 'tezkor')`);
    await database.db.execute(sql`
      insert into users (merchant_id, phone, cashback) values
        (${DEMO.tezkor.id}, '+998901000001', 7000), (${DEMO.tezkor.id}, '+998901000002', 0)`);
  });
  afterAll(async () => {
    await database?.close();
    if (previous) await rm(previous, { recursive: true, force: true });
  });

  it('adds the order tables, opens the ledger with the balances, and then takes the demo seed', async () => {
    expect(
      (await rows<{ n: number }>(sql`select count(*)::int as n from information_schema.tables where table_name = 'orders'`))[0]!.n,
    ).toBe(0);
    await migrate(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
    const tables = (
      await rows<{ table_name: string }>(sql`select table_name from information_schema.tables where table_schema = 'public'`)
    ).map((r) => r.table_name);
    expect(tables).toEqual(
      expect.arrayContaining([
        'orders',
        'order_lines',
        'order_status_history',
        'cashback_entries',
        'promo_uses',
        'idempotency_keys',
        'order_counters',
        'merchant_order_settings',
        'payment_methods',
      ]),
    );

    const ledger = await rows<{ phone: string; kind: string; amount: number; balance_after: number; cashback: number }>(sql`
      select u.phone, e.kind, e.amount, e.balance_after, u.cashback from cashback_entries e join users u on u.merchant_id = e.merchant_id and u.id = e.user_id`);
    expect(ledger).toEqual([{ phone: '+998901000001', kind: 'OPENING', amount: 7000, balance_after: 7000, cashback: 7000 }]);

    const negative = await database.db.execute(sql`update users set cashback = -1 where phone = '+998901000002'`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(pgErrorCode(negative)).toBe(PG_ERROR.CHECK_VIOLATION);
    const badStatus = await database.db
      .execute(
        sql`insert into order_status_history (merchant_id, order_id, to_status, role, reason, at) values (${DEMO.tezkor.id}, gen_random_uuid(), 'LOST', 'customer', 'CHANGE_STATUS', now())`,
      )
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(pgErrorCode(badStatus)).toBe(PG_ERROR.CHECK_VIOLATION);

    await seedDemo(database.db, { now: new Date('2025-03-14T09:30:00Z') });
    expect(
      (await rows<{ n: number }>(sql`select count(*)::int as n from products where merchant_id = ${DEMO.tezkor.id}`))[0]!.n,
    ).toBeGreaterThan(50);
  });
});
