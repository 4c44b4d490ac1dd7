// Server rendering (issue 11): a kept (cached) home page against a static file of the very same bytes,
// served by the same server in one run (autocannon, `accept-encoding: br`), and the time to render a page
// that is not kept (each request a new address, so each one is fetched and drawn), for the demo's
// fast-food menu and for a 1,000-product menu. `npm run build` first; then `node bench/ssr.mjs`.
// Targets: kept page >= 80 % of the static file's requests per second; uncached p99 <= 30 ms (demo menu)
// and <= 120 ms (1,000 products).
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import autocannon from 'autocannon';
import { BIG, writeBigMerchant } from './big-merchant.mjs';
import { ROOT, startServer, waitForHealth } from './lib.mjs';

const PORT = 3906;
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const RENDERS = Number(process.env.BENCH_RENDERS ?? 200);
const TEZKOR = `tezkor.localhost:${PORT}`;
const BIG_HOST = `${BIG.sub}.localhost:${PORT}`;

/** One GET with exactly these headers: status and raw body (not decoded). */
function get(path, headers) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: PORT, path, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

async function uncached(host, label) {
  const times = [];
  for (let i = 0; i < RENDERS + 20; i++) {
    const start = performance.now();
    const res = await get(`/?bench=${label}-${i}`, { host, 'accept-encoding': 'br' });
    if (res.status !== 200) throw new Error(`${host}: ${res.status}`);
    if (i >= 20) times.push(performance.now() - start);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

const dataDir = mkdtempSync(join(tmpdir(), 'dx-bench-ssr-'));
const webDist = mkdtempSync(join(tmpdir(), 'dx-bench-ssr-web-'));
cpSync(join(ROOT, 'apps/web/dist'), webDist, { recursive: true });
await writeBigMerchant({ dataDir: join(dataDir, 'pglite') });
const server = startServer({ port: PORT, dataDir, env: { WEB_DIST: webDist, NODE_ENV: 'production' } });
try {
  await waitForHealth(PORT);
  const page = await get('/', { host: TEZKOR, 'accept-encoding': 'br' });
  if (page.headers['content-encoding'] !== 'br') throw new Error('the page did not come compressed');
  // The same bytes as a file of the build: its brotli copy is sent as it is, as the kept page is.
  writeFileSync(join(webDist, 'bench-page.html'), brotliDecompressSync(page.body));
  writeFileSync(join(webDist, 'bench-page.html.br'), page.body);
  const file = await get('/bench-page.html', { host: TEZKOR, 'accept-encoding': 'br' });
  if (file.body.length !== page.body.length) throw new Error(`the file is ${file.body.length} bytes, the page ${page.body.length}`);

  const run = async (path) =>
    (
      await autocannon({
        url: `http://127.0.0.1:${PORT}${path}`,
        connections: 10,
        duration: DURATION,
        headers: { host: TEZKOR, 'accept-encoding': 'br' },
      })
    ).requests.average;
  const keptRps = await run('/');
  const fileRps = await run('/bench-page.html');
  const demo = await uncached(TEZKOR, 'tezkor');
  const big = await uncached(BIG_HOST, 'big');

  const ms = (v) => `${v.toFixed(1)} ms`;
  console.log(
    `\n${availableParallelism()} cores shared by autocannon, the server and anything else running; ${DURATION} s per throughput run, ${RENDERS} renders per menu.`,
  );
  console.log('| measure | figure | target |\n|---|---|---|');
  console.log(`| kept home page (${page.body.length} bytes br) | ${Math.round(keptRps)} req/s | |`);
  console.log(`| static file, same bytes | ${Math.round(fileRps)} req/s | |`);
  console.log(`| kept page / static file | ${((keptRps / fileRps) * 100).toFixed(0)} % | >= 80 % |`);
  console.log(`| uncached render, demo menu: p50 / p99 | ${ms(demo.p50)} / ${ms(demo.p99)} | p99 <= 30 ms |`);
  console.log(`| uncached render, 1,000 products: p50 / p99 | ${ms(big.p50)} / ${ms(big.p99)} | p99 <= 120 ms |`);
} finally {
  await server.stop();
  rmSync(webDist, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}
