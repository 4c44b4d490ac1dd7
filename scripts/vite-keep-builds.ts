import { existsSync, mkdirSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';

/*
 * Hashed files of earlier builds stay beside the new ones (docs/decisions/012-assets-across-deploys.md): a page
 * sent by a server of the previous version, or open in a customer's browser since before the deploy, still finds
 * its scripts, styles and lazily loaded chunks. Each build writes a record of its files under `.vite/builds/`; the
 * files under `assets/` that none of the last KEPT_BUILDS records names are removed, with their `.br` and `.gz`.
 * The build itself must not empty its folder (`build.emptyOutDir: false`).
 */

/** The builds whose hashed files are kept: the new one and the two before it. */
export const KEPT_BUILDS = 3;
/** Where a build's hashed files are; everything else (index.html, version.json, public files) is simply overwritten. */
const HASHED = 'assets/';
const RECORDS = '.vite/builds';

interface BuildRecord {
  at: number;
  files: string[];
}

/** Every file under a folder, as paths relative to `root` with `/`. */
function filesUnder(root: string, dir: string): string[] {
  const full = join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) =>
      join(e.parentPath, e.name)
        .slice(root.length + 1)
        .split('\\')
        .join('/'),
    );
}

/** The file a compressed copy belongs to (`a.js.br` → `a.js`). */
const baseOf = (file: string) => file.replace(/\.(br|gz)$/, '');

function readRecords(outDir: string): { name: string; record: BuildRecord }[] {
  const dir = join(outDir, RECORDS);
  if (!existsSync(dir)) return [];
  const found: { name: string; record: BuildRecord }[] = [];
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.json')) continue;
    try {
      const record = JSON.parse(readFileSync(join(dir, name), 'utf8')) as BuildRecord;
      if (typeof record.at === 'number' && Array.isArray(record.files)) found.push({ name, record });
    } catch {
      // A record cut short by a crash names nothing: its build's files go with the next prune.
    }
  }
  return found.sort((a, b) => a.record.at - b.record.at || a.name.localeCompare(b.name));
}

/**
 * Records a build's files (paths relative to `outDir`, as the bundle names them) and removes the hashed files
 * no kept build names. A folder built before records existed has its hashed files adopted as one earlier build,
 * so the first build with this plugin keeps them too. Returns the hashed files removed.
 */
export function recordBuild(folder: string, files: readonly string[], keep = KEPT_BUILDS, now = Date.now()): string[] {
  const outDir = resolve(folder);
  const dir = join(outDir, RECORDS);
  mkdirSync(dir, { recursive: true });
  let records = readRecords(outDir);
  const ours = new Set(files);
  if (!records.length) {
    const earlier = [...new Set(filesUnder(outDir, HASHED).map(baseOf))].filter((f) => !ours.has(f));
    if (earlier.length) {
      const name = `${now - 1}-adopted.json`;
      writeFileSync(join(dir, name), JSON.stringify({ at: now - 1, files: earlier }));
      records = [{ name, record: { at: now - 1, files: earlier } }];
    }
  }
  const name = `${now}-${Math.random().toString(36).slice(2, 8)}.json`;
  writeFileSync(join(dir, name), JSON.stringify({ at: now, files: [...files] }));
  records.push({ name, record: { at: now, files: [...files] } });

  const kept = records.slice(-keep);
  for (const { name: old } of records.slice(0, -keep)) unlinkSync(join(dir, old));
  const live = new Set(kept.flatMap(({ record }) => record.files));
  const removed: string[] = [];
  for (const file of filesUnder(outDir, HASHED)) {
    if (live.has(baseOf(file))) continue;
    unlinkSync(join(outDir, file));
    removed.push(file);
  }
  return removed;
}

/** The Vite plugin: after the bundle is written, records it and prunes (recordBuild). */
export function keepBuilds(keep = KEPT_BUILDS): Plugin {
  let outDir = 'dist';
  return {
    name: 'dx-keep-builds',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      if (config.build.emptyOutDir !== false)
        throw new Error('dx-keep-builds: set build.emptyOutDir to false, or the build deletes the files it should keep');
    },
    writeBundle(_options, bundle) {
      recordBuild(outDir, Object.keys(bundle), keep);
    },
  };
}
