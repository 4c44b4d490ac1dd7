// Cold start: from spawning the server to the first 200 from /api/health, on a new data folder
// (PGlite created, migrated and seeded) and on a second start of the same folder.
import { startServer, waitForHealth } from './lib.mjs';

const port = 3901;
const results = [];
for (const label of ['first start (new data folder)', 'second start (same folder)']) {
  const dataDir = results[0]?.dataDir;
  const t0 = performance.now();
  const server = startServer({ port, ...(dataDir ? { dataDir } : {}) });
  await waitForHealth(port, { intervalMs: 20 });
  const ms = performance.now() - t0;
  results.push({ label, ms, dataDir: server.dataDir });
  await server.stop();
}
for (const r of results) console.log(`${r.label}: ${(r.ms / 1000).toFixed(2)} s to the first 200 from /api/health`);
