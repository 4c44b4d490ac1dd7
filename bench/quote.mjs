// Quotes per second and p50/p99 of POST /api/orders/v1/orders/quote for a 10-line delivery basket
// with a promo code, against a trivial route (GET /api/health, one `select 1`) on the same server in
// the same run; then /api/health's p99 while 50 connections ask for quotes. On PGlite and on
// PostgreSQL (BENCH_DATABASE_URL, default the local server at 127.0.0.1:5432 when it answers).
import { execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { register } from 'tsx/esm/api';
import { postgresDatabase, startServer, waitForHealth } from './lib.mjs';

register();
const { DEMO, demoId } = await import('../packages/db/src/seed/index.ts');

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 10;
const LOAD_CONNECTIONS = 50;
const T = DEMO.tezkor;
const P = T.products;
const option = (slug, group, key) => demoId(`${T.sub}/product/${slug}/group/${group}/option/${key}`);
const line = (productId, count, modifications = []) => ({
  productId,
  count,
  modifications: modifications.map(([id, n]) => ({ id, count: n })),
});

/** Ten lines, options on most, own discounts on two, a percentage promo, delivered into a zone. */
const BASKET = {
  serviceType: 'DELIVERY',
  branchId: T.branches.chilonzor,
  address: { latitude: 41.275696, longitude: 69.203921 },
  promoCode: 'welcome10',
  cartItems: [
    line(P.cheeseburger, 2, [
      [option('cheeseburger', 'size', 'large'), 1],
      [option('cheeseburger', 'sauces', 'cheese'), 1],
      [option('cheeseburger', 'sauces', 'bbq'), 2],
    ]),
    line(P.hamburger, 1, [[option('hamburger', 'size', 'standard'), 1]]),
    line(P.discounted, 1, [
      [option('double-cheeseburger', 'size', 'xl'), 1],
      [option('double-cheeseburger', 'sauces', 'ketchup'), 1],
    ]),
    line(P.lowStock, 1, [[option('big-tezkor', 'size', 'standard'), 1]]),
    line(P.lavashBeef, 1, [
      [option('lavash-beef', 'bread', 'cheese'), 1],
      [option('lavash-beef', 'extras', 'jalapeno'), 1],
    ]),
    line(P.discounted25, 1, [[option('lavash-spicy', 'bread', 'classic'), 1]]),
    line(P.notInSamarkand, 1),
    line(P.onlySomeBranches, 2),
    line(P.fries, 3),
    line(P.cola, 4),
  ],
};

/** BENCH_PROMO=0: the same basket without its promo code (a quote that asks the database nothing). */
const WITH_PROMO = process.env.BENCH_PROMO !== '0';
if (!WITH_PROMO) delete BASKET.promoCode;

const headers = { 'content-type': 'application/json', 'x-merchant-id': T.id };
const body = JSON.stringify(BASKET);

const rows = [];
const backends = [{ name: 'PGlite', env: {} }];
const pgDb = await postgresDatabase();
if (pgDb) backends.push({ name: 'PostgreSQL', env: { DATABASE_URL: pgDb.url } });

const quoteUrl = (port) => `http://127.0.0.1:${port}/api/orders/v1/orders/quote`;
const healthUrl = (port) => `http://127.0.0.1:${port}/api/health`;
const run = (options) => autocannon({ duration: DURATION, ...options });
const execFileAsync = promisify(execFile);
/** Latencies of one URL asked one request at a time by a process of its own (bench/probe.mjs), for `seconds`. */
async function probeLatencies(url, seconds) {
  // Started a moment after the load, so it measures the server under it.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const { stdout } = await execFileAsync(process.execPath, [new URL('./probe.mjs', import.meta.url).pathname, url, String(seconds)]);
  return JSON.parse(stdout).sort((a, b) => a - b);
}
const percentile = (sorted, p) => Number(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))].toFixed(1));

for (const backend of backends) {
  const port = 3903;
  const server = startServer({ port, env: backend.env });
  try {
    await waitForHealth(port);
    // The basket must price cleanly, or the benchmark measures an error path.
    const res = await fetch(quoteUrl(port), { method: 'POST', headers, body });
    const quote = await res.json();
    if (res.status !== 200 || quote.problems.length > 0 || Boolean(quote.promo) !== WITH_PROMO)
      throw new Error(`the bench basket does not quote cleanly: ${JSON.stringify(quote)}`);
    const health = await run({ url: healthUrl(port), connections: CONNECTIONS });
    const alone = await run({ url: quoteUrl(port), method: 'POST', headers, body, connections: CONNECTIONS });
    // 50 quote connections, and beside them, from a process of its own, one client asking for /api/health.
    const [loaded, probe] = await Promise.all([
      run({ url: quoteUrl(port), method: 'POST', headers, body, connections: LOAD_CONNECTIONS }),
      probeLatencies(healthUrl(port), DURATION - 1),
    ]);
    rows.push({
      backend: backend.name,
      healthRps: Math.round(health.requests.average),
      rps: Math.round(alone.requests.average),
      p50: alone.latency.p50,
      p99: alone.latency.p99,
      loadedRps: Math.round(loaded.requests.average),
      probeP50: percentile(probe, 0.5),
      probeP99: percentile(probe, 0.99),
      probeCount: probe.length,
      errors: health.errors + health.non2xx + alone.errors + alone.non2xx + loaded.errors + loaded.non2xx,
      total: quote.totalPrice,
    });
  } finally {
    await server.stop();
  }
}
if (pgDb) await pgDb.drop();

console.log(
  `10-line basket ${WITH_PROMO ? 'with' : 'without'} a promo, ${CONNECTIONS} connections (${LOAD_CONNECTIONS} under load), ${DURATION} s each, load average ${loadavg()[0].toFixed(2)}`,
);
console.log(
  '| backend | /api/health req/s | quotes/s | quotes ÷ health | quote p50 ms | quote p99 ms | quotes/s at 50 conns | /api/health p50 / p99 ms meanwhile (n) | errors | totalPrice |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(
    `| ${r.backend} | ${r.healthRps} | ${r.rps} | ${(r.rps / r.healthRps).toFixed(2)} | ${r.p50} | ${r.p99} | ${r.loadedRps} | ${r.probeP50} / ${r.probeP99} (${r.probeCount}) | ${r.errors} | ${r.total} |`,
  );
}
