// The storefront's first-screen JavaScript: the entry index.html loads, the app it imports once the page is
// painted (apps/web/src/main.tsx), and every file those import. The app's lazy parts (pages, sheets) are not
// part of it. Used by size-budget.mjs and react-bundle-check.mjs. Both measure the current build only: the hashed
// files of earlier builds stay beside it (scripts/vite-keep-builds.ts), and index.html and the manifest are the
// current build's.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const STATIC_IMPORT = /(?:^|[;\s}])import\s*(?:[\w$*{}\s,]+from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;
const DYNAMIC_IMPORT = /\bimport\(\s*[`"'](\.{1,2}\/[^`"']+\.js)[`"']\s*\)/g;

/** Paths (relative to dist) of the first screen's scripts, entry first. */
export function firstScreenFiles(dist) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const entries = [
    ...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g),
  ].map((m) => m[1]);
  const seen = new Set();
  const queue = entries.map((file) => ({ file, entry: true }));
  while (queue.length) {
    const { file, entry } = queue.shift();
    if (seen.has(file) || !existsSync(join(dist, file))) continue;
    seen.add(file);
    const code = readFileSync(join(dist, file), 'utf8');
    const dir = file.split('/').slice(0, -1).join('/');
    const resolve = (rel) => join(dir, rel);
    for (const m of code.matchAll(STATIC_IMPORT)) queue.push({ file: resolve(m[1]), entry: false });
    // Only the entry's own dynamic import (the app itself) is first screen; the app's lazy imports are not.
    if (entry) for (const m of code.matchAll(DYNAMIC_IMPORT)) queue.push({ file: resolve(m[1]), entry: false });
  }
  return [...seen];
}

/** Paths (relative to dist) of the current build's hashed files, from its manifest; every file under assets/ without one. */
export function currentBuildFiles(dist) {
  const manifestPath = join(dist, '.vite/manifest.json');
  if (!existsSync(manifestPath))
    return readdirSync(join(dist, 'assets'))
      .filter((f) => !/\.(br|gz)$/.test(f))
      .map((f) => `assets/${f}`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const files = new Set();
  for (const entry of Object.values(manifest)) {
    for (const file of [entry.file, ...(entry.css ?? []), ...(entry.assets ?? [])]) if (file) files.add(file);
  }
  return [...files].filter((file) => existsSync(join(dist, file)));
}
