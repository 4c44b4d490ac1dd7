#!/usr/bin/env node
// Writes .env.example from the README's settings table (issue 33): every variable the server reads, its default and
// its meaning, commented out, so a deployment copies the file and sets what it needs. `node scripts/env-example.mjs`
// after a change to the table; a test (apps/api/test/server.test.ts) holds both to apps/api/src/config.ts.
import { readFileSync, writeFileSync } from 'node:fs';

const readme = readFileSync('README.md', 'utf8');
const table = readme.slice(readme.indexOf('| variable | default | meaning |'));
const rows = table
  .split('\n')
  .slice(2)
  .filter((line, i, all) => line.startsWith('|') && all.slice(0, i).every((l) => l.startsWith('|')));
const plain = (cell) => cell.replace(/`/g, '').trim();
const lines = [
  "# Every setting of the Dasturxon server, with its default and meaning (from the README's settings table;",
  '# regenerate with `node scripts/env-example.mjs`). Uncomment and set what your deployment needs.',
  '# In production (NODE_ENV=production) AUTH_SECRET and PAYMENT_SECRETS_KEY are required and SEED_DEMO must be false.',
  '',
];
for (const row of rows) {
  const [names = '', fallback = '', meaning = ''] = row.split(/(?<!\\)\|/).slice(1, -1);
  const keys = [...names.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]);
  if (!keys.length || names.includes('build time') || names.includes('(glibc)')) continue;
  lines.push(`# ${plain(meaning)}`, `# default: ${plain(fallback)}`);
  for (const key of keys) lines.push(`# ${key}=`);
  lines.push('');
}
writeFileSync('.env.example', lines.join('\n'));
console.log(`.env.example: ${rows.length} rows`);
