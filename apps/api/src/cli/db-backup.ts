/*
 * Backups of the embedded database (issue 33):
 *
 *   npm run db:backup -- [--out backups/dasturxon-<time>.tar.gz]    a consistent copy of DATA_DIR/pglite
 *   npm run db:restore -- --from <file> [--data-dir <dir>]          into an empty data folder (DATA_DIR/pglite)
 *
 * The server must be stopped (PGlite's folder is one process's: the lock names the holder). On PostgreSQL
 * (DATABASE_URL set) use pg_dump and pg_restore; the README says how.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { backupPglite, restorePglite } from '@dasturxon/db';
import { parseConfig } from '../config.ts';

const USAGE = `usage:
  npm run db:backup -- [--out <file.tar.gz>]
  npm run db:restore -- --from <file.tar.gz> [--data-dir <dir>]`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { out: { type: 'string' }, from: { type: 'string' }, 'data-dir': { type: 'string' } },
});
const config = parseConfig(process.env);
if (config.DATABASE_URL) {
  console.error('DATABASE_URL is set: back PostgreSQL up with pg_dump -Fc and restore with pg_restore (README, "Backups").');
  process.exit(64);
}
const dataDir = resolve(values['data-dir'] ?? resolve(config.DATA_DIR, 'pglite'));
try {
  if (positionals[0] === 'backup') {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const out = resolve(values.out ?? `backups/dasturxon-${stamp}.tar.gz`);
    const bytes = await backupPglite(dataDir, out);
    console.log(`backed up ${dataDir} to ${out} (${Math.round(bytes / 1024)} KB)`);
  } else if (positionals[0] === 'restore') {
    if (!values.from) throw new Error(`--from is needed\n${USAGE}`);
    await restorePglite(resolve(values.from), dataDir);
    console.log(`restored ${values.from} into ${dataDir}`);
  } else {
    console.error(USAGE);
    process.exit(64);
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
