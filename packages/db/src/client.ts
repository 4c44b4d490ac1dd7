import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { ADVISORY_LOCK } from './constants.ts';
import * as schema from './schema/index.ts';

/** The one database type both drivers are used through. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The PGlite instance when embedded (for dumps in tests), else null. */
  pglite: PGlite | null;
  /** The pg pool when on PostgreSQL, else null. */
  pool: pg.Pool | null;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** `postgres://…` for a real PostgreSQL; otherwise PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data folder; in memory when absent. */
  dataDir?: string | undefined;
  /** A PGlite data dump to start from (tests use a migrated, seeded template). */
  loadDataDir?: Blob | undefined;
  /** Pool size for PostgreSQL. */
  poolSize?: number | undefined;
}

export const MIGRATIONS_DIR = process.env.MIGRATIONS_DIR ?? fileURLToPath(new URL('../drizzle', import.meta.url));

export async function openDatabase(options: OpenOptions = {}): Promise<Database> {
  if (options.databaseUrl && /^postgres(ql)?:\/\//.test(options.databaseUrl)) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle connection the server ends (restart, failover, a dropped test database) must not take
    // the process down; the pool replaces it on the next query.
    pool.on('error', (error) => console.warn(`postgres: idle connection lost (${error.message})`));
    const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    return { db, kind: 'postgres', pglite: null, pool, close: () => pool.end() };
  }
  const release = options.dataDir ? await lockDataDir(options.dataDir) : async () => {};
  let client: PGlite;
  try {
    client = await PGlite.create({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
  } catch (error) {
    await release();
    throw error;
  }
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    pool: null,
    close: async () => {
      await client.close();
      await release();
    },
  };
}

/** A PGlite data folder in use by another process (or twice by this one): opening it again would corrupt it. */
export class DataDirInUseError extends Error {}

/**
 * Takes a PGlite data folder for this process (`<dataDir>.lock` holds its pid) until the release it answers: PGlite
 * keeps its database in one process, so a second server, a backup or a CLI on the same folder is refused, naming the
 * holder. A lock left by a process that is gone is taken over.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const path = `${dataDir.replace(/\/+$/, '')}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(path, String(process.pid), { flag: 'wx' });
      return async () => {
        await rm(path, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(await readFile(path, 'utf8').catch(() => ''));
      if (Number.isInteger(holder) && holder > 0 && isAlive(holder))
        throw new DataDirInUseError(`the PGlite data folder ${dataDir} is in use by process ${holder} (${path}); stop it first`);
      await rm(path, { force: true });
    }
  }
  throw new DataDirInUseError(`the PGlite data folder ${dataDir} could not be locked (${path})`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Applies the migrations. On PostgreSQL an advisory lock keeps several instances that start at
 * once from migrating twice.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  const client = await database.pool!.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [ADVISORY_LOCK.MIGRATE]);
    await migratePg(drizzlePg(client, { casing: 'snake_case' }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [ADVISORY_LOCK.MIGRATE]).catch(() => undefined);
    client.release();
  }
}

/** True when the database answers a query. */
export async function pingDatabase(database: Database): Promise<boolean> {
  try {
    await database.db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/**
 * How many of this build's migrations the database has not applied (0: its schema is this build's). Drizzle records
 * each applied migration in `drizzle.__drizzle_migrations` with its journal time; a database without that table has
 * applied none.
 */
export async function pendingMigrations(database: Database): Promise<number> {
  const journal = JSON.parse(await readFile(`${MIGRATIONS_DIR}/meta/_journal.json`, 'utf8')) as { entries: { when: number }[] };
  try {
    const result = (await database.db.execute(
      sql`select coalesce(max(created_at), 0)::bigint as last from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { last: string | number }[] };
    const last = Number(result.rows[0]?.last ?? 0);
    return journal.entries.filter((e) => e.when > last).length;
  } catch {
    return journal.entries.length;
  }
}
