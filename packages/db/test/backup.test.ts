import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  backupPglite,
  DataDirInUseError,
  lockDataDir,
  merchants,
  migrateDatabase,
  openDatabase,
  pendingMigrations,
  restorePglite,
} from '../src/index.ts';

// Issue 33: a consistent copy of an embedded database, restored whole into a new folder; a folder is one process's.
describe('PGlite backups and the data-folder lock', () => {
  const dirs: string[] = [];
  const fresh = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dx-backup-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it('backs a data folder up and restores it into a new one, rows and schema alike; never over a database', async () => {
    const root = await fresh();
    const source = join(root, 'pglite');
    const database = await openDatabase({ dataDir: source });
    await migrateDatabase(database);
    await database.db.insert(merchants).values({ name: 'Backup Kebab', sub: 'backup-kebab' });
    await database.close();

    const file = join(root, 'backups', 'one.tar.gz');
    expect(await backupPglite(source, file)).toBeGreaterThan(1000);
    const target = join(root, 'restored');
    await restorePglite(file, target);
    const restored = await openDatabase({ dataDir: target });
    try {
      const rows = await restored.db.select({ name: merchants.name }).from(merchants).where(eq(merchants.sub, 'backup-kebab'));
      expect(rows).toEqual([{ name: 'Backup Kebab' }]);
    } finally {
      await restored.close();
    }
    await expect(restorePglite(file, target)).rejects.toThrow(/not empty/);
  });

  it('refuses a second holder of a data folder, naming the process, and takes over a lock left by one that is gone', async () => {
    const dir = join(await fresh(), 'pglite');
    const database = await openDatabase({ dataDir: dir });
    try {
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DataDirInUseError);
      await expect(backupPglite(dir, join(dir, '..', 'x.tar.gz'))).rejects.toThrow(new RegExp(`in use by process ${process.pid}`));
    } finally {
      await database.close();
    }
    // A holder that died without releasing (kill -9): its pid is gone, so the lock is taken over.
    await writeFile(`${dir}.lock`, '2147483646');
    const release = await lockDataDir(dir);
    await release();
  });
});

// The README's PostgreSQL commands (pg_dump -Fc, pg_restore into a new database), run against the server of the tests.
describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL backups with pg_dump and pg_restore', () => {
  const url = process.env.TEST_DATABASE_URL!;
  const named = (name: string) => {
    const u = new URL(url);
    u.pathname = `/${name}`;
    return u.toString();
  };
  const suffix = `${process.pid}_${Date.now()}`;
  const [source, target] = [`dx_backup_src_${suffix}`, `dx_backup_dst_${suffix}`];
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  afterAll(async () => {
    await admin(`drop database if exists ${source} with (force)`);
    await admin(`drop database if exists ${target} with (force)`);
  });

  it('restores a dump into a new database with every migration and row', async () => {
    await admin(`create database ${source}`);
    const database = await openDatabase({ databaseUrl: named(source), poolSize: 1 });
    await migrateDatabase(database);
    await database.db.insert(merchants).values({ name: 'Dump Doner', sub: 'dump-doner' });
    await database.close();

    const file = join(await mkdtemp(join(tmpdir(), 'dx-pgdump-')), 'dasturxon.dump');
    execFileSync('pg_dump', ['-Fc', '-f', file, named(source)]);
    await admin(`create database ${target}`);
    execFileSync('pg_restore', ['--no-owner', '-d', named(target), file]);
    const restored = await openDatabase({ databaseUrl: named(target), poolSize: 1 });
    try {
      expect(await restored.db.select({ name: merchants.name }).from(merchants).where(eq(merchants.sub, 'dump-doner'))).toEqual([
        { name: 'Dump Doner' },
      ]);
      expect(await pendingMigrations(restored)).toBe(0);
    } finally {
      await restored.close();
      await rm(dirname(file), { recursive: true, force: true });
    }
  });
});
