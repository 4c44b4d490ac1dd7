// Whether a flood of odd picture variants can stall the storefront (issue 10). The real server
// (NODE_ENV=production) is started; 8 clients ask /media for random variants of the demo pictures
// (random w/h up to 2000, random q, random f including avif) for BENCH_SECONDS (default 30), while
// another loop measures, one request at a time, the home page, a static file and the menu call.
// Printed: their p50/p99 before and under the flood, the flood's answers (rendered, cached, stand-ins)
// and the server's resident memory: before, at its peak and after 10 s of quiet.
// Exits with 2 when a target is not met (p99 under 100 ms for the three; memory, see MEMORY_MB).
// The server inherits this process's environment: MALLOC_MMAP_THRESHOLD_=131072 node bench/media.mjs
// measures it with glibc's threshold fixed (bench/README.md explains why that matters).
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import autocannon from 'autocannon';
import { ROOT, startServer, waitForHealth } from './lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 30);
const QUIET_SECONDS = Math.min(5, Math.max(2, DURATION / 4));
const CLIENTS = 8;
const PORT = 3908;
const P99_TARGET_MS = 100;
/** Resident memory the server may add under the flood (peak), and keep 10 s after it, above what it had before. */
const MEMORY_MB = { peakAbove: 300, keptAbove: 100 };

const MEDIA_ROOT = join(ROOT, 'packages/db/media');
const pictures = readdirSync(join(MEDIA_ROOT, 'demo'), { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && e.name.endsWith('.svg'))
  .map((e) => relative(MEDIA_ROOT, join(e.parentPath, e.name)));
const FORMATS = ['webp', 'jpeg', 'jpg', 'png', 'avif'];
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const between = (min, max) => min + Math.floor(Math.random() * (max - min + 1));
const randomVariant = () =>
  `/media/${pick(pictures)}?w=${between(16, 2000)}&h=${between(16, 2000)}&q=${between(1, 100)}&f=${pick(FORMATS)}`;

/** The server's resident memory in MB (Linux: /proc/<pid>/status). */
function rssMb(pid) {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return kb / 1024;
  } catch {
    return Number.NaN;
  }
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });
/** One GET, timed from sending to the last byte. */
function timedGet(path, headers) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const req = request({ host: '127.0.0.1', port: PORT, path, headers, agent }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - start }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : Number.NaN;

/** Asks for each target in turn, one request at a time, until `until` resolves: the latencies a visitor would see. */
async function probe(targets, until) {
  const times = Object.fromEntries(targets.map((t) => [t.label, []]));
  const bad = Object.fromEntries(targets.map((t) => [t.label, 0]));
  let stop = false;
  until.then(() => (stop = true));
  while (!stop) {
    for (const t of targets) {
      const { status, ms } = await timedGet(t.path, t.headers);
      times[t.label].push(ms);
      if (status !== 200) bad[t.label]++;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return Object.fromEntries(
    targets.map((t) => {
      const sorted = times[t.label].sort((a, b) => a - b);
      return [
        t.label,
        { n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1), bad: bad[t.label] },
      ];
    }),
  );
}

const sleep = (s) => new Promise((r) => setTimeout(r, s * 1000));

// The server serves a copy of the build, so a rebuild meanwhile cannot swap the hashed files under the page.
const webDist = mkdtempSync(join(tmpdir(), 'dx-bench-web-'));
cpSync(join(ROOT, 'apps/web/dist'), webDist, { recursive: true });
const asset = readdirSync(join(webDist, 'assets')).find((f) => f.endsWith('.js'));
const host = { host: `tezkor.localhost:${PORT}`, 'accept-encoding': 'br' };
const targets = [
  { label: 'page /', path: '/', headers: host },
  { label: `static /assets/${asset}`, path: `/assets/${asset}`, headers: host },
  { label: 'overalls?type=WEB', path: '/api/products/v1/overalls?type=WEB', headers: host },
];

const server = startServer({ port: PORT, env: { NODE_ENV: 'production', WEB_DIST: webDist } });
const pid = server.child.pid;
let exitCode = 0;
try {
  await waitForHealth(PORT);
  const rssStart = rssMb(pid);
  // Warm: the page, the menu and the file once, as a server that has been up a while has them.
  for (const t of targets) await timedGet(t.path, t.headers);
  const quiet = await probe(targets, sleep(QUIET_SECONDS));
  const rssBefore = rssMb(pid);

  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
  const answers = { rendered: 0, cached: 0, 'stand-in': 0, other: 0 };
  const flood = autocannon({
    url: `http://127.0.0.1:${PORT}`,
    connections: CLIENTS,
    duration: DURATION,
    requests: [
      {
        setupRequest: (req) => ({ ...req, path: randomVariant() }),
        onResponse: (status, _body, _context, headers) => {
          if (status !== 200) answers.other++;
          else if (headers['x-media-fallback']) answers['stand-in']++;
          else if (headers['x-media-cache'] === 'hit') answers.cached++;
          else answers.rendered++;
        },
      },
    ],
  });
  const loaded = await probe(targets, flood);
  const result = await flood;
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(pid));
  await sleep(10);
  const rssAfter = rssMb(pid);

  const fmt = (n) => (Number.isFinite(n) ? n.toFixed(1) : '-');
  console.log(`\nglibc MALLOC_MMAP_THRESHOLD_: ${process.env.MALLOC_MMAP_THRESHOLD_ ?? 'not set (dynamic)'}`);
  console.log(
    `media flood: ${CLIENTS} clients, ${DURATION} s, ${pictures.length} demo pictures, random w/h 16-2000, q 1-100, f ${FORMATS.join('/')}`,
  );
  console.log(
    `  ${result.requests.total} answers (${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms): ` +
      Object.entries(answers)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ') +
      `; errors ${result.errors}, timeouts ${result.timeouts}`,
  );
  console.log('\n| target | quiet p50 / p99 (ms) | under the flood p50 / p99 / max (ms) | requests | non-200 |');
  console.log('|---|---|---|---|---|');
  for (const t of targets) {
    const q = quiet[t.label];
    const l = loaded[t.label];
    console.log(`| ${t.label} | ${fmt(q.p50)} / ${fmt(q.p99)} | ${fmt(l.p50)} / **${fmt(l.p99)}** / ${fmt(l.max)} | ${l.n} | ${l.bad} |`);
    if (!(l.p99 < P99_TARGET_MS) || l.bad > 0) exitCode = 2;
  }
  console.log(
    `\nserver RSS: at start ${fmt(rssStart)} MB, before the flood ${fmt(rssBefore)} MB, peak ${fmt(peak)} MB, 10 s after ${fmt(rssAfter)} MB`,
  );
  console.log(
    `targets: p99 < ${P99_TARGET_MS} ms for the three; peak <= before + ${MEMORY_MB.peakAbove} MB; 10 s after <= before + ${MEMORY_MB.keptAbove} MB`,
  );
  if (!(peak <= rssBefore + MEMORY_MB.peakAbove) || !(rssAfter <= rssBefore + MEMORY_MB.keptAbove)) exitCode = 2;
  console.log(exitCode ? 'NOT MET' : 'met');
} finally {
  await server.stop();
  agent.destroy();
  rmSync(webDist, { recursive: true, force: true });
  rmSync(server.dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
