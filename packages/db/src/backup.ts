import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { openDatabase } from './client.ts';

/*
 * Backups of an embedded (PGlite) database (issue 33). A backup is PGlite's own dump of its data folder, a gzipped
 * tarball taken after a CHECKPOINT by the only process that holds the folder (the data-folder lock refuses a running
 * server's), so it is a consistent copy. A restore unpacks one into an empty data folder. PostgreSQL has pg_dump and
 * pg_restore (README, "Backups").
 */

/** Writes a consistent copy of the PGlite data folder to `file` (a .tar.gz); answers its size in bytes. */
export async function backupPglite(dataDir: string, file: string): Promise<number> {
  const database = await openDatabase({ dataDir });
  try {
    await database.pglite!.exec('checkpoint');
    const dump = await database.pglite!.dumpDataDir('gzip');
    const bytes = Buffer.from(await dump.arrayBuffer());
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, bytes);
    return bytes.length;
  } finally {
    await database.close();
  }
}

/** Unpacks a backup into `dataDir`, which must be missing or empty (a restore never overwrites a database). */
export async function restorePglite(file: string, dataDir: string): Promise<void> {
  const present = await readdir(dataDir).catch(() => [] as string[]);
  if (present.length) throw new Error(`${dataDir} is not empty: restore into a new data folder (or move this one aside first)`);
  const bytes = await readFile(file);
  const database = await openDatabase({ dataDir, loadDataDir: new Blob([bytes]) });
  await database.close();
}
