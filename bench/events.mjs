// Live events (issue 15): how many server-sent event streams one instance holds (target 10,000) and the memory each
// costs, and the time from a status change to its arrival at 1,000 subscribers (p50, p99), on PGlite (one instance)
// and on PostgreSQL with two instances (the move made on one, the streams held by the other: LISTEN/NOTIFY between).
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import { register } from 'tsx/esm/api';
import { postgresDatabase, startServer, waitForHealth } from './lib.mjs';

register();
const { DEMO } = await import('../packages/db/src/seed/index.ts');
const T = DEMO.tezkor;
const HELD = Number(process.env.BENCH_STREAMS ?? 10_000);
const SUBSCRIBERS = 1_000;
const MOVES = 12;

const rssOf = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;
const mb = (bytes) => (bytes / 2 ** 20).toFixed(0);
const percentile = (sorted, p) => Number(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))].toFixed(1));
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

async function json(port, method, path, token, body) {
  const res = await fetch(`http://127.0.0.1:${port}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-merchant-id': T.id, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? null : res.json();
}

/** Opens one stream of the board; calls `onEvent` with the time each `event: order` frame arrives. */
function openStream(port, token, onEvent) {
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/api/ops/v1/events',
        agent,
        headers: { authorization: `Bearer ${token}`, 'x-merchant-id': T.id, accept: 'text/event-stream' },
      },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
        res.on('data', (chunk) => {
          if (onEvent && chunk.includes('event: order')) onEvent(performance.now());
        });
        resolve(req);
      },
    );
    req.on('error', reject);
  });
}

/** Opens `n` streams, a few hundred at a time. */
async function openMany(port, token, n, onEvent) {
  const all = [];
  for (let i = 0; i < n; i += 250)
    all.push(...(await Promise.all(Array.from({ length: Math.min(250, n - i) }, () => openStream(port, token, onEvent)))));
  return all;
}

async function customerToken(port, dataDir, n) {
  const phone = `+99891${String(4_000_000 + n).padStart(7, '0')}`;
  await json(port, 'POST', '/users/v1/auth/otp', null, { phone });
  const code = readFileSync(`${dataDir}/sms-outbox.jsonl`, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l))
    .filter((l) => l.to === phone)
    .at(-1)
    .text.match(/\b(\d{6})\b/)[1];
  return (await json(port, 'POST', '/users/v1/auth/otp/verify', null, { phone, code })).token;
}

async function run(backend, env, instances) {
  const ports = instances === 2 ? [3921, 3922] : [3921];
  // One staff session holds every stream here: its per-session limit (STREAMS_PER_SESSION, 20) would measure itself.
  const shared = {
    ORDER_TIMERS_SECONDS: '0',
    SMS_BUDGET_PER_HOUR: '100000',
    SMS_BUDGET_PER_DAY: '100000',
    STREAMS_PER_SESSION: '100000',
    ...env,
  };
  const first = startServer({ port: ports[0], env: shared });
  await waitForHealth(ports[0]);
  const servers = [first];
  if (instances === 2) {
    servers.push(startServer({ port: ports[1], env: { ...shared, SEED_DEMO: 'false' }, dataDir: first.dataDir }));
    await waitForHealth(ports[1]);
  }
  const mover = ports[0];
  const holder = ports.at(-1);
  const holderPid = servers.at(-1).child.pid;
  try {
    const staff = await json(mover, 'POST', '/ops/v1/auth/login', null, { phone: T.staffPhones.admin, password: T.staffPassword });
    const customer = await customerToken(mover, first.dataDir, instances);

    // Held streams and the memory they cost.
    if (global.gc) global.gc();
    await new Promise((r) => setTimeout(r, 1000));
    const before = rssOf(holderPid);
    const held = await openMany(holder, staff.token, HELD, null);
    await new Promise((r) => setTimeout(r, 2000));
    const after = rssOf(holderPid);
    for (const req of held) req.destroy();
    await new Promise((r) => setTimeout(r, 1000));

    // 1,000 subscribers, a status change at a time: from the request to each subscriber's frame.
    let started = 0;
    const arrivals = [];
    const subscribers = await openMany(holder, staff.token, SUBSCRIBERS, (at) => arrivals.push(at - started));
    const latencies = [];
    const moves = ['ACCEPTED', 'COOKING', 'DONE', 'CLOSED'];
    for (let i = 0; i < MOVES / moves.length; i++) {
      const order = await json(mover, 'POST', '/orders/v1/orders', customer, {
        serviceType: 'PICK_UP',
        branchId: T.branches.chilonzor,
        cartItems: [{ productId: T.products.fries, count: 1 }],
      });
      await new Promise((r) => setTimeout(r, 300));
      for (const status of moves) {
        arrivals.length = 0;
        started = performance.now();
        await json(mover, 'PUT', `/ops/v1/orders/${order.id}/status`, staff.token, {
          status,
          ...(status === 'ACCEPTED' ? { cookingTime: 10 } : {}),
        });
        for (let w = 0; w < 200 && arrivals.length < SUBSCRIBERS; w++) await new Promise((r) => setTimeout(r, 10));
        if (arrivals.length < SUBSCRIBERS) throw new Error(`only ${arrivals.length} of ${SUBSCRIBERS} subscribers heard ${status}`);
        latencies.push(...arrivals);
      }
    }
    for (const req of subscribers) req.destroy();
    latencies.sort((a, b) => a - b);
    return {
      backend,
      instances,
      held: held.length,
      before,
      after,
      perStream: (after - before) / held.length,
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      n: latencies.length,
    };
  } finally {
    for (const s of servers.reverse()) await s.stop();
  }
}

const rows = [await run('PGlite', {}, 1)];
const pgDb = await postgresDatabase();
if (pgDb) {
  try {
    rows.push(await run('PostgreSQL', { DATABASE_URL: pgDb.url }, 2));
  } finally {
    await pgDb.drop();
  }
}

console.log(
  `${HELD} streams held by one instance; ${SUBSCRIBERS} subscribers × ${MOVES} status changes; load average ${loadavg()[0].toFixed(2)}`,
);
console.log('| backend | instances | streams held | server RSS before → after | per stream | change → 1,000 subscribers p50 / p99 ms |');
console.log('|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(
    `| ${r.backend} | ${r.instances} | ${r.held} | ${mb(r.before)} → ${mb(r.after)} MB | ${(r.perStream / 1024).toFixed(1)} KB | ${r.p50} / ${r.p99} |`,
  );
}
