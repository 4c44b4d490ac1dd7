// Provider callbacks per second and p50/p99: Payme's PerformTransaction and Click's Complete, each for an order of its
// own awaiting payment (each performed once, as in real traffic), 20 at a time, on PGlite and on PostgreSQL
// (BENCH_DATABASE_URL, default the local server when it answers). The orders are placed first through the real API by
// signed-in customers; every Payme CreateTransaction and Click Prepare is made before the timed calls start.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';
import { postgresDatabase, startServer, waitForHealth } from './lib.mjs';

register();
const { DEMO } = await import('../packages/db/src/seed/index.ts');

const ORDERS = Number(process.env.BENCH_PAYMENT_ORDERS ?? 300);
const AT_ONCE = 20;
const T = DEMO.tezkor;
const PAYME_AUTH = `Basic ${Buffer.from('Paycom:tezkor-payme-test-key').toString('base64')}`;
const CLICK = { serviceId: '10001', secret: 'tezkor-click-secret' };

const backends = [{ name: 'PGlite', env: {} }];
const pgDb = await postgresDatabase();
if (pgDb) backends.push({ name: 'PostgreSQL', env: { DATABASE_URL: pgDb.url } });

const percentile = (sorted, p) => Number(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))].toFixed(1));

async function login(base, dataDir, n) {
  const phone = `+99891${String(4_000_000 + n).padStart(7, '0')}`;
  const headers = { 'content-type': 'application/json', 'x-merchant-id': T.id, 'x-forwarded-for': `10.30.${n >> 8}.${n & 255}` };
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
  const { token } = await verified.json();
  return { ...headers, authorization: `Bearer ${token}` };
}

/** `count` pickup orders paid by `paymentType`, placed by the customers in turn, AT_ONCE at a time. */
async function placeOrders(base, customers, paymentType, count) {
  const body = JSON.stringify({
    serviceType: 'PICK_UP',
    branchId: T.branches.chilonzor,
    paymentType,
    cartItems: [{ productId: T.products.fries, count: 2 }],
  });
  const placed = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      while (next < count) {
        const i = next++;
        const res = await fetch(`${base}/orders/v1/orders`, { method: 'POST', headers: customers[i % customers.length], body });
        if (res.status !== 201) throw new Error(`order ${res.status} ${await res.text()}`);
        const order = await res.json();
        placed.push({ id: order.id, sums: order.totalPrice });
      }
    }),
  );
  return placed;
}

/** `work` for every item, AT_ONCE at a time. */
async function eachAtOnce(items, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      while (next < items.length) {
        const i = next++;
        await work(items[i], i);
      }
    }),
  );
}

/** Runs `prepare` for every order first (untimed), then times `call` for every order, AT_ONCE at a time: calls per second and latencies. */
async function measure(orders, prepare, call) {
  const contexts = new Array(orders.length);
  await eachAtOnce(orders, async (order, i) => (contexts[i] = await prepare(order)));
  const latencies = [];
  let failures = 0;
  const started = performance.now();
  await eachAtOnce(orders, async (order, i) => {
    const start = performance.now();
    if (!(await call(order, contexts[i]))) failures++;
    latencies.push(performance.now() - start);
  });
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    rps: Math.round(latencies.length / seconds),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    failures,
    n: latencies.length,
  };
}

const rows = [];
for (const backend of backends) {
  const port = 3906;
  const server = startServer({
    port,
    env: {
      TRUST_PROXY: 'true',
      SMS_BUDGET_PER_HOUR: '100000',
      SMS_BUDGET_PER_DAY: '100000',
      ORDER_TIMERS_SECONDS: '0',
      RATE_LIMIT_WORK_PER_MINUTE: '1000000',
      ...backend.env,
    },
  });
  const base = `http://127.0.0.1:${port}/api`;
  try {
    await waitForHealth(port);
    const customers = [];
    for (let i = 0; i < 10; i++) customers.push(await login(base, server.dataDir, i));

    const paymeOrders = await placeOrders(base, customers, 'PAYME', ORDERS);
    let rpcId = 0;
    const payme = (method, params) =>
      fetch(`${base}/payments/v1/payme`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: PAYME_AUTH },
        body: JSON.stringify({ id: ++rpcId, method, params }),
      }).then((r) => r.json());
    const paymeRow = await measure(
      paymeOrders,
      async (order) => {
        const id = randomBytes(12).toString('hex');
        const created = await payme('CreateTransaction', {
          id,
          time: Date.now(),
          amount: order.sums * 100,
          account: { order_id: order.id },
        });
        if (created.error) throw new Error(`CreateTransaction ${JSON.stringify(created.error)}`);
        return id;
      },
      async (_order, id) => (await payme('PerformTransaction', { id })).result?.state === 2,
    );

    const clickOrders = await placeOrders(base, customers, 'CLICK', ORDERS);
    const form = (fields) => new URLSearchParams(fields).toString();
    const md5 = (s) => createHash('md5').update(s).digest('hex');
    let clickId = 5_000_000;
    const clickRow = await measure(
      clickOrders,
      async (order) => {
        const clickTransId = String(++clickId);
        const amount = `${order.sums}.00`;
        const signTime = '2026-11-26 12:00:00';
        const sign = md5(`${clickTransId}${CLICK.serviceId}${CLICK.secret}${order.id}${amount}0${signTime}`);
        const fields = {
          click_trans_id: clickTransId,
          service_id: CLICK.serviceId,
          click_paydoc_id: clickTransId,
          merchant_trans_id: order.id,
          amount,
          action: '0',
          error: '0',
          error_note: 'Success',
          sign_time: signTime,
          sign_string: sign,
        };
        const prepared = await (
          await fetch(`${base}/payments/v1/click/prepare`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: form(fields),
          })
        ).json();
        if (prepared.error !== 0) throw new Error(`Prepare ${JSON.stringify(prepared)}`);
        return { clickTransId, amount, signTime, prepareId: String(prepared.merchant_prepare_id) };
      },
      async (order, c) => {
        const sign = md5(`${c.clickTransId}${CLICK.serviceId}${CLICK.secret}${order.id}${c.prepareId}${c.amount}1${c.signTime}`);
        const fields = {
          click_trans_id: c.clickTransId,
          service_id: CLICK.serviceId,
          click_paydoc_id: c.clickTransId,
          merchant_trans_id: order.id,
          merchant_prepare_id: c.prepareId,
          amount: c.amount,
          action: '1',
          error: '0',
          error_note: 'Success',
          sign_time: c.signTime,
          sign_string: sign,
        };
        const done = await (
          await fetch(`${base}/payments/v1/click/complete`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: form(fields),
          })
        ).json();
        return done.error === 0;
      },
    );
    rows.push({ backend: backend.name, payme: paymeRow, click: clickRow });
  } finally {
    await server.stop();
  }
}
if (pgDb) await pgDb.drop();

console.log(`${ORDERS} orders per provider, each paid once, ${AT_ONCE} callbacks at a time, load average ${loadavg()[0].toFixed(2)}`);
console.log('| backend | Payme PerformTransaction/s | p50 / p99 ms | Click Complete/s | p50 / p99 ms | failed |');
console.log('|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(
    `| ${r.backend} | ${r.payme.rps} | ${r.payme.p50} / ${r.payme.p99} | ${r.click.rps} | ${r.click.p50} / ${r.click.p99} | ${r.payme.failures + r.click.failures} |`,
  );
}
