// Orders placed per second and p50/p99 of POST /api/orders/v1/orders with 50 signed-in customers ordering at once
// (each its own session, address and Idempotency-Key per order), next to the quote of the same basket asked the
// same way in the same run. On PGlite and on PostgreSQL (BENCH_DATABASE_URL, default the local server when it answers).
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { register } from 'tsx/esm/api';
import { postgresDatabase, startServer, waitForHealth } from './lib.mjs';

register();
const { DEMO } = await import('../packages/db/src/seed/index.ts');

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CUSTOMERS = 50;
const T = DEMO.tezkor;
const P = T.products;
/** A pickup of three lines, products without a stock count, paid in cash at the branch. */
const BASKET = {
  serviceType: 'PICK_UP',
  branchId: T.branches.chilonzor,
  paymentType: 'CASH',
  cartItems: [
    { productId: P.cheeseburger, count: 2, modifications: [{ id: T.modifiers.cheeseburger.size.standard, count: 1 }] },
    { productId: P.fries, count: 2, modifications: [] },
    { productId: P.cola, count: 1, modifications: [] },
  ],
};

const backends = [{ name: 'PGlite', env: {} }];
const pgDb = await postgresDatabase();
if (pgDb) backends.push({ name: 'PostgreSQL', env: { DATABASE_URL: pgDb.url } });

const percentile = (sorted, p) => Number(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))].toFixed(1));

/** A customer signed in through the real login: the code read from the demo SMS outbox. */
async function login(base, dataDir, n) {
  const phone = `+99890${String(3_000_000 + n).padStart(7, '0')}`;
  const headers = { 'content-type': 'application/json', 'x-merchant-id': T.id, 'x-forwarded-for': `10.20.${n >> 8}.${n & 255}` };
  const sent = await fetch(`${base}/users/v1/auth/otp`, { method: 'POST', headers, body: JSON.stringify({ phone }) });
  if (sent.status !== 200) throw new Error(`otp ${sent.status} ${await sent.text()}`);
  const code = readFileSync(join(dataDir, 'sms-outbox.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l))
    .filter((l) => l.to === phone)
    .at(-1)
    .text.match(/\b(\d{6})\b/)[1];
  const verified = await fetch(`${base}/users/v1/auth/otp/verify`, { method: 'POST', headers, body: JSON.stringify({ phone, code }) });
  if (verified.status !== 200) throw new Error(`verify ${verified.status} ${await verified.text()}`);
  const { token } = await verified.json();
  return { headers: { ...headers, authorization: `Bearer ${token}` } };
}

/** Every customer asks again as soon as answered, for DURATION seconds: requests per second and latencies. */
async function load(customers, request) {
  const latencies = [];
  let failures = 0;
  const until = performance.now() + DURATION * 1000;
  await Promise.all(
    customers.map(async (c) => {
      while (performance.now() < until) {
        const start = performance.now();
        const res = await request(c);
        await res.arrayBuffer();
        if (res.status >= 300) failures++;
        latencies.push(performance.now() - start);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    rps: Math.round(latencies.length / DURATION),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    failures,
    n: latencies.length,
  };
}

const rows = [];
for (const backend of backends) {
  const port = 3905;
  // TRUST_PROXY: each customer comes from an address of its own, as customers do.
  const server = startServer({
    port,
    env: { TRUST_PROXY: 'true', SMS_BUDGET_PER_HOUR: '100000', SMS_BUDGET_PER_DAY: '100000', ORDER_TIMERS_SECONDS: '0', ...backend.env },
  });
  const base = `http://127.0.0.1:${port}/api`;
  try {
    await waitForHealth(port);
    const customers = [];
    for (let i = 0; i < CUSTOMERS; i++) customers.push(await login(base, server.dataDir, i));
    const body = JSON.stringify(BASKET);
    const first = await fetch(`${base}/orders/v1/orders`, { method: 'POST', headers: customers[0].headers, body });
    if (first.status !== 201) throw new Error(`the bench basket does not order cleanly: ${first.status} ${await first.text()}`);
    const { cartItems, serviceType, branchId } = BASKET;
    const quoteBody = JSON.stringify({ cartItems, serviceType, branchId });
    const quotes = await load(customers, (c) =>
      fetch(`${base}/orders/v1/orders/quote`, { method: 'POST', headers: c.headers, body: quoteBody }),
    );
    const orders = await load(customers, (c) =>
      fetch(`${base}/orders/v1/orders`, { method: 'POST', headers: { ...c.headers, 'idempotency-key': randomUUID() }, body }),
    );
    rows.push({ backend: backend.name, quotes, orders });
  } finally {
    await server.stop();
  }
}
if (pgDb) await pgDb.drop();

console.log(
  `${CUSTOMERS} signed-in customers at once, a 3-line pickup paid in cash, ${DURATION} s each, load average ${loadavg()[0].toFixed(2)}`,
);
console.log('| backend | quotes/s | quote p50 / p99 ms | orders/s | order p50 / p99 ms | orders ÷ quotes | refused |');
console.log('|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(
    `| ${r.backend} | ${r.quotes.rps} | ${r.quotes.p50} / ${r.quotes.p99} | ${r.orders.rps} | ${r.orders.p50} / ${r.orders.p99} | ${(r.orders.rps / r.quotes.rps).toFixed(2)} | ${r.quotes.failures + r.orders.failures} |`,
  );
}
