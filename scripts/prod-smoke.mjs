#!/usr/bin/env node
// The production start, tried (issue 33): `node apps/api/dist/server.mjs` (npm run start:prod, after npm run build)
// on a fresh data folder serves a brand's storefront page, its menu, the console, and answers ready; on SIGTERM it
// stops and exits 0. Exits 1 naming what failed.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dataDir = await mkdtemp(join(tmpdir(), 'dx-prod-'));
const child = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/server.mjs'], {
  env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
child.stdout.on('data', (d) => (output += d));
child.stderr.on('data', (d) => (output += d));
const exited = new Promise((done) => child.once('exit', (code) => done(code)));

async function fail(why) {
  console.error(`production start: ${why}\n${output}`);
  child.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
  process.exit(1);
}

const deadline = Date.now() + 90_000;
let port = null;
while (!port && Date.now() < deadline) {
  port = /serving on http:\/\/localhost:(\d+)/.exec(output)?.[1] ?? null;
  if (!port) await new Promise((r) => setTimeout(r, 200));
}
if (!port) await fail('it did not print its address within 90 s');
const get = (path, host = `tezkor.localhost:${port}`) => fetch(`http://127.0.0.1:${port}${path}`, { headers: { host } });
const checks = [
  ['/api/ready', async (r) => r.status === 200 && (await r.json()).status === 'ready'],
  ['/', async (r) => r.status === 200 && (await r.text()).includes('Tezkor')],
  ['/api/products/v1/overalls?type=WEB', async (r) => r.status === 200 && (await r.json()).products.length > 0],
  ['/ops/', async (r) => r.status === 200],
];
for (const [path, ok] of checks) {
  const res = await get(path);
  if (!(await ok(res))) await fail(`GET ${path} answered ${res.status}`);
}
child.kill('SIGTERM');
const code = await exited;
await rm(dataDir, { recursive: true, force: true });
if (code !== 0) await fail(`it exited ${code} on SIGTERM`);
console.log(
  `production start: node apps/api/dist/server.mjs served the storefront, its menu, the console and /api/ready, and stopped cleanly`,
);
