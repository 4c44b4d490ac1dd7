// Requests per second and p99 latency of the merchant and settings calls, on PGlite and on
// PostgreSQL (BENCH_DATABASE_URL, default the local server at 127.0.0.1:5432 when it answers).
import autocannon from 'autocannon';
import { postgresDatabase, startServer, waitForHealth } from './lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 10;

async function measure(port, path, headers) {
  const r = await autocannon({ url: `http://127.0.0.1:${port}${path}`, connections: CONNECTIONS, duration: DURATION, headers });
  return { rps: Math.round(r.requests.average), p99: r.latency.p99, errors: r.errors + r.non2xx };
}

const rows = [];
const backends = [{ name: 'PGlite', env: {} }];
const pgDb = await postgresDatabase();
if (pgDb) backends.push({ name: 'PostgreSQL 15', env: { DATABASE_URL: pgDb.url } });

for (const backend of backends) {
  const port = 3902;
  const server = startServer({ port, env: backend.env });
  await waitForHealth(port);
  const merchant = await (await fetch(`http://127.0.0.1:${port}/api/users/v1/merchants/sub/tezkor`)).json();
  const h = { 'x-merchant-id': merchant.id };
  for (const [label, path, headers] of [
    ['GET /api/users/v1/merchants/sub/tezkor', '/api/users/v1/merchants/sub/tezkor', {}],
    ['GET /api/support/v1/merchant/settings/web (header)', '/api/support/v1/merchant/settings/web', h],
    ['GET /api/support/v1/merchant/settings/web (host)', '/api/support/v1/merchant/settings/web', { host: 'tezkor.localhost' }],
    ['GET /api/users/v1/city-merchant/merchant/{id}', `/api/users/v1/city-merchant/merchant/${merchant.id}`, h],
  ]) {
    rows.push({ backend: backend.name, label, ...(await measure(port, path, headers)) });
  }
  await server.stop();
}
if (pgDb) await pgDb.drop();

console.log(`| backend | call | req/s | p99 ms | errors |\n|---|---|---|---|---|`);
for (const r of rows) console.log(`| ${r.backend} | ${r.label} | ${r.rps} | ${r.p99} | ${r.errors} |`);
