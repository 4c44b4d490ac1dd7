// Lighthouse (mobile, the default form factor) on the fast-food brand's home page, served by the
// real server from the built storefront: `npm run build` first, then `node bench/lighthouse/run.mjs`.
// Lighthouse lives in this folder's own package.json, installed here on first use, never with the app.
// Prints the median of LH_RUNS runs (default 5). LH_PATH picks the page (default `/`; `product` is the
// first product of the menu), LH_NO_JS=1 runs without the page's scripts (blocked). Targets (issue 11): performance >= 97,
// LCP <= 1.5 s, TBT <= 150 ms, CLS <= 0.02, SEO 100, accessibility >= 95.
// The JSON reports are kept in bench/.lighthouse/ for a closer look.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, startServer, waitForHealth } from '../lib.mjs';
import { currentBuildFiles } from '../../scripts/first-screen.mjs';

const HERE = new URL('.', import.meta.url).pathname;
const RUNS = Number(process.env.LH_RUNS ?? 5);
const PORT = Number(process.env.LH_PORT ?? 3905);
const HOST = process.env.LH_HOST ?? 'tezkor.localhost';
let URL_UNDER_TEST = `http://${HOST}:${PORT}${process.env.LH_PATH && process.env.LH_PATH !== 'product' ? process.env.LH_PATH : '/'}`;
const NO_JS = process.env.LH_NO_JS === '1';
const REPORTS = join(ROOT, 'bench/.lighthouse');
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
].join(' ');
const TARGET = { performance: 97, lcpMs: 1500, tbtMs: 150, cls: 0.02, seo: 100, accessibility: 95 };

if (!existsSync(join(HERE, 'node_modules/lighthouse'))) {
  console.log('Installing Lighthouse into bench/lighthouse (first use) ...');
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--prefix', 'bench/lighthouse'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
if (!existsSync(join(ROOT, 'apps/web/dist/index.html'))) {
  console.error('apps/web/dist is missing: run `npm run build` first.');
  process.exit(1);
}

const lighthouseBin = join(HERE, 'node_modules/lighthouse/cli/index.js');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
mkdirSync(REPORTS, { recursive: true });

/** One Lighthouse run; tried once more when Chromium's trace of the load came out broken (NO_NAVSTART, now and then here). */
function lighthouse(outputPath, tries = 2) {
  const r = spawnSync(
    process.execPath,
    [
      lighthouseBin,
      URL_UNDER_TEST,
      '--quiet',
      '--output=json',
      `--output-path=${outputPath}`,
      `--chrome-flags=${CHROME_FLAGS}`,
      '--only-categories=performance,accessibility,best-practices,seo',
      // Lighthouse needs scripts of its own in the page, so "JavaScript off" is the page's scripts not arriving.
      ...(NO_JS ? ['--blocked-url-patterns=*.js'] : []),
    ],
    { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, CHROME_PATH: chromePath } },
  );
  const report = r.status === 0 ? JSON.parse(readFileSync(outputPath, 'utf8')) : null;
  if ((!report || report.runtimeError) && tries > 1) {
    console.log(`run failed (${report?.runtimeError?.code ?? `exit ${r.status}`}): once more`);
    return lighthouse(outputPath, tries - 1);
  }
  if (!report) throw new Error(`lighthouse exited with ${r.status}`);
  if (report.runtimeError) throw new Error(`lighthouse: ${report.runtimeError.code} ${report.runtimeError.message}`);
  const score = (id) => Math.round((report.categories[id]?.score ?? Number.NaN) * 100);
  const value = (id) => report.audits[id]?.numericValue ?? Number.NaN;
  const lcpDetails = report.audits['largest-contentful-paint-element']?.details?.items ?? [];
  const lcpNode = lcpDetails[0]?.items?.[0]?.node;
  const phases = (lcpDetails[1]?.items ?? []).map((p) => `${p.phase} ${Math.round(p.timing)} ms`).join(', ');
  const opportunities = Object.values(report.audits)
    .filter((a) => a.details?.type === 'opportunity' && (a.details.overallSavingsMs > 0 || a.details.overallSavingsBytes > 0))
    .map((a) => `${a.title}: ${a.displayValue ?? ''}`.trim());
  return {
    lcpElement: lcpNode ? `${lcpNode.selector} "${(lcpNode.nodeLabel ?? '').slice(0, 60)}"` : '?',
    lcpPhases: phases,
    opportunities,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    si: value('speed-index'),
    report: outputPath,
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

// The server serves a copy of the build taken now: another engineer's rebuild in the middle of the
// runs must not swap the hashed assets under the page (the old names would 404).
const webDist = mkdtempSync(join(tmpdir(), 'dx-lh-web-'));
cpSync(join(ROOT, 'apps/web/dist'), webDist, { recursive: true });
// The current build's entry files (earlier builds' stay beside them, decision 012).
const entry = currentBuildFiles(webDist)
  .map((f) => f.slice('assets/'.length))
  .filter((f) => /^(index|shell|main)-.*\.js$/.test(f))
  .join(', ');
const server = startServer({ port: PORT, env: { WEB_DIST: webDist, NODE_ENV: 'production' } });
const runs = [];
try {
  await waitForHealth(PORT);
  if (process.env.LH_PATH === 'product') {
    // fetch cannot set Host: on a development host the brand comes from ?vendor=.
    const res = await fetch(`http://127.0.0.1:${PORT}/api/products/v1/overalls?type=WEB&vendor=${HOST.split('.')[0]}`);
    URL_UNDER_TEST = `http://${HOST}:${PORT}/product/${(await res.json()).products[0].id}`;
  }
  // One run that is not counted: it fills the server's resized-picture and menu caches, as a
  // server that has been up for a while has them.
  if (process.env.LH_WARMUP !== '0') {
    console.log(`warm-up run on ${URL_UNDER_TEST} (not counted)`);
    lighthouse(join(REPORTS, 'warmup.report.json'));
  }
  for (let i = 1; i <= RUNS; i++) {
    console.log(`run ${i} of ${RUNS} on ${URL_UNDER_TEST}`);
    runs.push(lighthouse(join(REPORTS, `run-${i}.report.json`)));
  }
} finally {
  await server.stop();
  rmSync(webDist, { recursive: true, force: true });
  rmSync(server.dataDir, { recursive: true, force: true });
}

const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
const row = (label, r) =>
  `| ${label} | ${r.performance} | ${s(r.fcp)} | ${s(r.lcp)} | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} | ${s(r.si)} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} |`;
const med = Object.fromEntries(
  ['performance', 'accessibility', 'bestPractices', 'seo', 'fcp', 'lcp', 'tbt', 'cls', 'si'].map((k) => [k, median(runs.map((r) => r[k]))]),
);

console.log(
  `\nLighthouse 12.8.2, mobile (simulated throttling), ${URL_UNDER_TEST}${NO_JS ? ' with JavaScript off' : ''}, ${RUNS} runs of the build with ${entry}; reports in bench/.lighthouse/`,
);
console.log(
  '| run | performance | FCP | LCP | TBT | CLS | Speed Index | accessibility | best practices | SEO |\n|---|---|---|---|---|---|---|---|---|---|',
);
runs.forEach((r, i) => console.log(row(String(i + 1), r)));
console.log(row('**median**', med));
const typical = [...runs].sort((a, b) => a.lcp - b.lcp)[Math.floor(runs.length / 2)];
console.log(`\nLCP element (median-LCP run, ${typical.report.split('/').pop()}): ${typical.lcpElement}`);
console.log(`LCP phases: ${typical.lcpPhases}`);
for (const o of typical.opportunities) console.log(`opportunity: ${o}`);
const ok =
  med.performance >= TARGET.performance &&
  med.lcp <= TARGET.lcpMs &&
  med.tbt <= TARGET.tbtMs &&
  med.cls <= TARGET.cls &&
  med.seo >= TARGET.seo &&
  med.accessibility >= TARGET.accessibility;
console.log(
  `\ntarget performance >= ${TARGET.performance}, LCP <= ${s(TARGET.lcpMs)}, TBT <= ${TARGET.tbtMs} ms, CLS <= ${TARGET.cls}, SEO ${TARGET.seo}, accessibility >= ${TARGET.accessibility}: ${ok ? 'met' : 'NOT met'}`,
);
if (!ok) process.exitCode = 2;
