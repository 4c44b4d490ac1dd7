import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '@dasturxon/db';
import { seedDemo } from '@dasturxon/db/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplateDb: string | null;
    /** ISO time the template was seeded for: the tests' clock starts there. */
    seedNow: string;
    /** The storefront's server renderer, built for this run from the current source. */
    ssrDist: string;
  }
}

/**
 * Migrates and seeds once, then hands every test file a copy: a PGlite dump (a fresh in-memory
 * database costs seconds) and, when TEST_DATABASE_URL is set, a PostgreSQL template database.
 */
let cleanup: (() => Promise<void>) | null = null;

export async function setup(project: TestProject) {
  const TEST_NOW = new Date();
  project.provide('seedNow', TEST_NOW.toISOString());
  const dir = await mkdtemp(join(tmpdir(), 'dx-api-test-'));
  const database = await openDatabase();
  await migrateDatabase(database);
  await seedDemo(database.db, { now: TEST_NOW });
  const dump = await database.pglite!.dumpDataDir('gzip');
  const file = join(dir, 'template.tar.gz');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  project.provide('ssrDist', buildRenderer(join(dir, 'dist-ssr')));

  let pgTemplate: string | null = null;
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    pgTemplate = `dx_tpl_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${pgTemplate}`);
    await admin.end();
    const templateUrl = withDatabase(url, pgTemplate);
    const pgDb = await openDatabase({ databaseUrl: templateUrl });
    await migrateDatabase(pgDb);
    await seedDemo(pgDb.db, { now: TEST_NOW });
    await pgDb.close();
  }
  project.provide('pgTemplateDb', pgTemplate);

  cleanup = async () => {
    await rm(dir, { recursive: true, force: true });
    if (url && pgTemplate) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`drop database if exists ${pgTemplate}`);
      await admin.end();
    }
  };
}

export async function teardown() {
  await cleanup?.();
}

/** `vite build --ssr` of the storefront into `outDir`: the API's page tests render with the code as it is now. */
function buildRenderer(outDir: string): string {
  const web = fileURLToPath(new URL('../../web/', import.meta.url));
  const vite = fileURLToPath(new URL('../../../node_modules/vite/bin/vite.js', import.meta.url));
  const r = spawnSync(process.execPath, [vite, 'build', '--ssr', 'src/entry-server.tsx', '--outDir', outDir, '--logLevel', 'error'], {
    cwd: web,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`The storefront's renderer did not build:\n${r.stdout}\n${r.stderr}`);
  return outDir;
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
