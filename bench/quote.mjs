// Quotes per second and p99 latency of POST /api/orders/v1/orders/quote for a 10-line delivery
// basket with a promo code, on PGlite and on PostgreSQL (BENCH_DATABASE_URL, default the local
// server at 127.0.0.1:5432 when it answers).
import autocannon from 'autocannon';
import { register } from 'tsx/esm/api';
import { postgresDatabase, startServer, waitForHealth } from './lib.mjs';

register();
const { DEMO, demoId } = await import('../packages/db/src/seed/index.ts');

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 10;
const T = DEMO.tezkor;
const P = T.products;
const option = (slug, group, key) => demoId(`${T.sub}/product/${slug}/group/${group}/option/${key}`);
const line = (productId, count, modifications = []) => ({ productId, count, modifications: modifications.map(([id, n]) => ({ id, count: n })) });

/** Ten lines, options on most, own discounts on two, a percentage promo, delivered into a zone. */
const BASKET = {
  serviceType: 'DELIVERY',
  branchId: T.branches.chilonzor,
  address: { latitude: 41.275696, longitude: 69.203921 },
  promoCode: 'welcome10',
  cartItems: [
    line(P.cheeseburger, 2, [[option('cheeseburger', 'size', 'large'), 1], [option('cheeseburger', 'sauces', 'cheese'), 1], [option('cheeseburger', 'sauces', 'bbq'), 2]]),
    line(P.hamburger, 1, [[option('hamburger', 'size', 'standard'), 1]]),
    line(P.discounted, 1, [[option('double-cheeseburger', 'size', 'xl'), 1], [option('double-cheeseburger', 'sauces', 'ketchup'), 1]]),
    line(P.lowStock, 1, [[option('big-tezkor', 'size', 'standard'), 1]]),
    line(P.lavashBeef, 1, [[option('lavash-beef', 'bread', 'cheese'), 1], [option('lavash-beef', 'extras', 'jalapeno'), 1]]),
    line(P.discounted25, 1, [[option('lavash-spicy', 'bread', 'classic'), 1]]),
    line(P.notInSamarkand, 1),
    line(P.onlySomeBranches, 2),
    line(P.fries, 3),
    line(P.cola, 4),
  ],
};


const headers = { 'content-type': 'application/json', 'x-merchant-id': T.id };
const body = JSON.stringify(BASKET);

const rows = [];
const backends = [{ name: 'PGlite', env: {} }];
const pgDb = await postgresDatabase();
if (pgDb) backends.push({ name: 'PostgreSQL', env: { DATABASE_URL: pgDb.url } });

for (const backend of backends) {
  const port = 3903;
  const server = startServer({ port, env: backend.env });
  try {
    await waitForHealth(port);
    // The basket must price cleanly, or the benchmark measures an error path.
    const res = await fetch(`http://127.0.0.1:${port}/api/orders/v1/orders/quote`, { method: 'POST', headers, body });
    const quote = await res.json();
    if (res.status !== 200 || quote.problems.length > 0 || !quote.promo) throw new Error(`the bench basket does not quote cleanly: ${JSON.stringify(quote)}`);
    const r = await autocannon({ url: `http://127.0.0.1:${port}/api/orders/v1/orders/quote`, method: 'POST', headers, body, connections: CONNECTIONS, duration: DURATION });
    rows.push({ backend: backend.name, rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx, total: quote.totalPrice });
  } finally {
    await server.stop();
  }
}
if (pgDb) await pgDb.drop();

console.log(`10-line basket with a promo, ${CONNECTIONS} connections, ${DURATION} s`);
console.log(`| backend | quotes/s | p50 ms | p99 ms | errors | totalPrice |\n|---|---|---|---|---|---|`);
for (const r of rows) console.log(`| ${r.backend} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.total} |`);
