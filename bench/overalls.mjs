// Requests per second of GET /api/products/v1/overalls?type=WEB for the tezkor demo menu and for a
// 1,000-product menu, side by side with the very same bytes served as a static file by the same
// server (@fastify/static, from a temporary copy of apps/web/dist given as WEB_DIST), in one run.
// Both with `accept-encoding: br` and without compression, on PGlite and on PostgreSQL
// (BENCH_DATABASE_URL, default the local server at 127.0.0.1:5432 when it answers).
//
// The 1,000-product merchant ('bench1000') is written through drizzle before the server starts
// (PGlite allows one process on a data folder); the server then migrates (a no-op) and seeds the demo.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { register } from 'tsx/esm/api';
import { writeBigMerchant } from './big-merchant.mjs';
import { postgresDatabase, ROOT, startServer, waitForHealth } from './lib.mjs';

register();
const { DEMO } = await import('../packages/db/src/seed/index.ts');

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 10;
const PORT = 3904;

// ---------------------------------------------------------------------------------------------
// Measuring

/** One GET with exactly these headers (fetch would add its own accept-encoding and decode): status, headers, raw body. */
function getRaw(port, path, headers) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      const parts = [];
      res.on('data', (b) => parts.push(b));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(parts) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** CPU ticks: the machine's busy and total (/proc/stat), and the bench's own (this process and the server). Linux only. */
function cpuTicks(serverPid) {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    const total = fields.reduce((a, b) => a + b, 0);
    const busy = total - fields[3] - fields[4];
    const own = [process.pid, serverPid].reduce((sum, pid) => {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return sum + Number(after[11]) + Number(after[12]);
    }, 0);
    return { total, busy, own };
  } catch {
    return null;
  }
}

/**
 * autocannon for DURATION seconds, plus how many cores the rest of the machine (other engineers'
 * runs; on PostgreSQL also the postgres server) kept busy meanwhile: the noise in the figure.
 */
async function measure(port, path, headers, serverPid) {
  const before = cpuTicks(serverPid);
  const r = await autocannon({ url: `http://127.0.0.1:${port}${path}`, connections: CONNECTIONS, duration: DURATION, headers });
  const after = cpuTicks(serverPid);
  const others =
    before && after
      ? Math.max(0, (after.busy - before.busy - (after.own - before.own)) / ((after.total - before.total) / availableParallelism()))
      : Number.NaN;
  return { rps: Math.round(r.requests.average), p99: r.latency.p99, errors: r.errors + r.non2xx, others };
}

const BR = { 'accept-encoding': 'br' };
const IDENTITY = { 'accept-encoding': 'identity' };

const rows = [];
const backends = [{ name: 'PGlite', env: {} }];
const pgDb = await postgresDatabase();
if (pgDb) backends.push({ name: 'PostgreSQL 15', env: { DATABASE_URL: pgDb.url } });

const webDist = mkdtempSync(join(tmpdir(), 'dx-bench-web-'));
const distSource = join(ROOT, 'apps/web/dist');
if (existsSync(distSource)) cpSync(distSource, webDist, { recursive: true });

try {
  for (const backend of backends) {
    const dataDir = mkdtempSync(join(tmpdir(), 'dx-bench-'));
    const bigId = await writeBigMerchant(
      backend.env.DATABASE_URL ? { databaseUrl: backend.env.DATABASE_URL, poolSize: 2 } : { dataDir: join(dataDir, 'pglite') },
    );
    const server = startServer({ port: PORT, dataDir, env: { ...backend.env, WEB_DIST: webDist } });
    try {
      await waitForHealth(PORT);
      for (const menu of [
        { label: `tezkor demo`, merchantId: DEMO.tezkor.id, file: `bench-overalls-tezkor.json` },
        { label: `bench1000`, merchantId: bigId, file: `bench-overalls-1000.json` },
      ]) {
        const api = '/api/products/v1/overalls?type=WEB';
        const tenant = { 'x-merchant-id': menu.merchantId };
        const plain = await getRaw(PORT, api, { ...tenant, ...IDENTITY });
        if (plain.status !== 200 || plain.headers['content-encoding'])
          throw new Error(`overalls for ${menu.label}: ${plain.status} ${plain.headers['content-encoding'] ?? ''}`);
        const doc = JSON.parse(plain.body.toString('utf8'));
        const brotli = await getRaw(PORT, api, { ...tenant, ...BR });
        if (brotli.headers['content-encoding'] !== 'br') throw new Error(`overalls for ${menu.label} did not come back in brotli`);
        // The exact bytes of the document, as a file the same server serves statically.
        writeFileSync(join(webDist, menu.file), plain.body);
        const file = `/${menu.file}`;
        const staticPlain = await getRaw(PORT, file, IDENTITY);
        if (staticPlain.status !== 200 || !staticPlain.body.equals(plain.body))
          throw new Error(`static ${file} is not the document's bytes`);
        const staticBr = await getRaw(PORT, file, BR);
        if (staticBr.status !== 200 || staticBr.headers['content-encoding'] !== 'br')
          throw new Error(`static ${file} did not come back in brotli`);
        // The same brotli bytes the API sends, as a file on disk: served as they are (no coding negotiated,
        // so @fastify/compress leaves them alone), the like-for-like static twin of the cached document.
        writeFileSync(join(webDist, `${menu.file}.br`), brotli.body);
        const staticPre = await getRaw(PORT, `${file}.br`, IDENTITY);
        if (staticPre.status !== 200 || !staticPre.body.equals(brotli.body))
          throw new Error(`static ${file}.br is not the document's brotli bytes`);
        const menuLabel = `${menu.label} (${doc.products.length} products, ${doc.categories.length} categories)`;
        const pid = server.child.pid;
        for (const [encoding, headers, apiBytes, filePath, fileHeaders, fileBytes] of [
          ['br', BR, brotli.body.length, file, BR, staticBr.body.length],
          ['br; file pre-compressed', BR, brotli.body.length, `${file}.br`, IDENTITY, staticPre.body.length],
          ['none', IDENTITY, plain.body.length, file, IDENTITY, staticPlain.body.length],
        ]) {
          const overalls = await measure(PORT, api, { ...tenant, ...headers }, pid);
          const stat = await measure(PORT, filePath, fileHeaders, pid);
          rows.push({ backend: backend.name, menu: menuLabel, encoding, overalls, stat, apiBytes, fileBytes, raw: plain.body.length });
        }
      }
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
} finally {
  rmSync(webDist, { recursive: true, force: true });
  if (pgDb) await pgDb.drop();
}

const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
console.log(
  `${CONNECTIONS} connections, ${DURATION} s each, on ${availableParallelism()} cores shared by autocannon, the server and anything else running.`,
);
console.log(
  'static = the same document as a file served by @fastify/static in the same server. br: the file compressed per request by @fastify/compress (quality 4), ' +
    'while overalls keeps its brotli (quality 9) with the cached document; "file pre-compressed": the API\'s brotli bytes as a .br file, sent as they are.',
);
console.log(
  `| backend | menu | encoding | overalls req/s | overalls p99 ms | overalls bytes | static req/s | static p99 ms | static bytes | overalls/static | errors | other load (cores) |\n|---|---|---|---|---|---|---|---|---|---|---|---|`,
);
const cores = (n) => (Number.isFinite(n) ? n.toFixed(2) : '?');
for (const r of rows) {
  console.log(
    `| ${r.backend} | ${r.menu} | ${r.encoding} | ${r.overalls.rps} | ${r.overalls.p99} | ${kb(r.apiBytes)} | ${r.stat.rps} | ${r.stat.p99} | ${kb(r.fileBytes)} | ${(r.overalls.rps / r.stat.rps).toFixed(2)} | ${r.overalls.errors + r.stat.errors} | ${cores(r.overalls.others)} / ${cores(r.stat.others)} |`,
  );
}
