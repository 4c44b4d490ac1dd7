// Delivery tariffs per second and p50/p99 of POST /api/deliveries/v1/delivery/tariff/client/calculate for a
// point in a city with 50 zones of 200 vertices each (overlapping, with priorities), beside GET /api/health on
// the same server in the same run. On PGlite and on PostgreSQL (BENCH_DATABASE_URL, default the local server
// at 127.0.0.1:5432 when it answers). The quote's figures for the same machine are in bench/README.md.
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { register } from 'tsx/esm/api';
import { postgresDatabase, startServer, waitForHealth } from './lib.mjs';

register();
const { openDatabase, migrateDatabase } = await import('../packages/db/src/client.ts');
const s = await import('../packages/db/src/schema/index.ts');

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 10;
const ZONES = 50;
const VERTICES = 200;
const CENTRE = [41.311081, 69.240562];
const L = (text) => ({ ru: text, uz: text, eng: text });
/** Fixed ids, so both backends choose the same zone and branch where priorities tie. */
const id = (n) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const SETTINGS = {
  bookingEnabled: false,
  deliveryEnabled: true,
  dineinEnabled: false,
  expressEnabled: false,
  kitchenEnabled: true,
  payOfficeEnabled: false,
  pickupEnabled: true,
  storageEnabled: false,
  yandexEnabled: false,
  directorId: null,
};

/** A ring of `n` points around a centre, its radius (degrees) wobbling so the polygon is concave. */
function wobblyRing([lat, lng], radius, n, seed) {
  return Array.from({ length: n }, (_, i) => {
    const angle = (2 * Math.PI * i) / n;
    const r = radius * (0.75 + 0.25 * Math.sin(angle * 7 + seed));
    return [Number((lat + r * Math.sin(angle)).toFixed(6)), Number((lng + r * Math.cos(angle) * 1.3).toFixed(6))];
  });
}

/** Writes the 'bench-zones' merchant: one city, three branches open round the clock, 50 zones of 200 vertices. */
async function writeZonesMerchant(openOptions) {
  const database = await openDatabase(openOptions);
  try {
    await migrateDatabase(database);
    const merchantId = id(0xbe0c);
    const cityId = id(0xc17);
    const branches = [0, 1, 2].map((i) => ({
      id: id(0xb00 + i),
      merchantId,
      cityId,
      name: L(`Branch ${i + 1}`),
      latitude: CENTRE[0] + (i - 1) * 0.03,
      longitude: CENTRE[1] + (i - 1) * 0.04,
      isMain: i === 1,
      deliveryPrice: 12000,
      settings: SETTINGS,
    }));
    const days = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];
    const hours = branches.flatMap((b) =>
      ['DELIVERY', 'PICK_UP'].flatMap((type) =>
        days.map((weekName) => ({ merchantId, branchId: b.id, type, weekName, open: '00:00', close: '00:00' })),
      ),
    );
    const zones = Array.from({ length: ZONES }, (_, i) => {
      // Zones spread over the city, many of them over the centre, so a central point lies in several.
      const angle = (2 * Math.PI * i) / ZONES;
      const spread = 0.02 + (0.06 * ((i * 7) % 10)) / 10;
      const centre = [CENTRE[0] + spread * Math.sin(angle), CENTRE[1] + spread * Math.cos(angle) * 1.3];
      return {
        id: id(0x20000 + i),
        merchantId,
        cityId,
        branchId: i % 4 === 0 ? null : branches[i % 3].id,
        name: `Zone ${i + 1}`,
        color: '#3B82F6',
        priority: i % 7,
        area: [{ outer: wobblyRing(centre, 0.03 + 0.02 * (i % 5), VERTICES, i), holes: [] }],
        price: 10000 + (i % 5) * 2000,
        bands: [
          { fromKm: 3, pricePerKm: 1500 },
          { fromKm: 10, pricePerKm: 2500 },
        ],
        freeAbove: 300000,
        minOrderAmount: 30000,
      };
    });
    await database.db.transaction(async (tx) => {
      await tx.insert(s.merchants).values({ id: merchantId, name: 'Bench zones', sub: 'bench-zones', color: '#1F6FEB' });
      await tx.insert(s.merchantSettings).values({ merchantId, channel: 'WEB' });
      await tx
        .insert(s.cities)
        .values({ id: cityId, merchantId, name: L('Toshkent'), latitude: CENTRE[0], longitude: CENTRE[1], isMain: true });
      await tx.insert(s.branches).values(branches);
      await tx.insert(s.workHours).values(hours);
      await tx.insert(s.deliveryZones).values(zones);
    });
    return merchantId;
  } finally {
    await database.close();
  }
}

const rows = [];
const backends = [{ name: 'PGlite', env: {} }];
const pgDb = await postgresDatabase();
if (pgDb) backends.push({ name: 'PostgreSQL', env: { DATABASE_URL: pgDb.url } });

for (const backend of backends) {
  const port = 3904;
  const dataDir = mkdtempSync(join(tmpdir(), 'dx-bench-tariff-'));
  const merchantId = await writeZonesMerchant(
    backend.env.DATABASE_URL ? { databaseUrl: backend.env.DATABASE_URL, poolSize: 2 } : { dataDir: join(dataDir, 'pglite') },
  );
  const server = startServer({ port, dataDir, env: backend.env });
  try {
    await waitForHealth(port);
    const headers = { 'content-type': 'application/json', 'x-merchant-id': merchantId };
    const url = `http://127.0.0.1:${port}/api/deliveries/v1/delivery/tariff/client/calculate`;
    // A point a few kilometres from the centre: inside several zones, priced from a branch some way off.
    const body = JSON.stringify({ latitude: CENTRE[0] + 0.021, longitude: CENTRE[1] + 0.017, productPrice: 80000 });
    const res = await fetch(url, { method: 'POST', headers, body });
    const answer = await res.json();
    if (res.status !== 200) throw new Error(`the bench point is not priced: ${JSON.stringify(answer)}`);
    const regions = await (await fetch(`http://127.0.0.1:${port}/api/users/v1/region`, { headers })).json();
    const holding = regions.length;
    const health = await autocannon({ url: `http://127.0.0.1:${port}/api/health`, connections: CONNECTIONS, duration: DURATION });
    const tariffs = await autocannon({ url, method: 'POST', headers, body, connections: CONNECTIONS, duration: DURATION });
    rows.push({
      backend: backend.name,
      zones: holding,
      healthRps: Math.round(health.requests.average),
      rps: Math.round(tariffs.requests.average),
      p50: tariffs.latency.p50,
      p99: tariffs.latency.p99,
      errors: health.errors + health.non2xx + tariffs.errors + tariffs.non2xx,
      price: answer.price,
      distance: answer.distance,
    });
  } finally {
    await server.stop();
  }
}
if (pgDb) await pgDb.drop();

console.log(
  `${ZONES} zones of ${VERTICES} vertices, ${CONNECTIONS} connections, ${DURATION} s each, load average ${loadavg()[0].toFixed(2)}`,
);
console.log('| backend | zones | /api/health req/s | tariffs/s | tariff p50 ms | tariff p99 ms | errors | price (distance m) |');
console.log('|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(`| ${r.backend} | ${r.zones} | ${r.healthRps} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.price} (${r.distance}) |`);
}
