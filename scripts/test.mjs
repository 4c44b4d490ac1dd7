#!/usr/bin/env node
// `npm test`: every check a submission faces, in order, ending with one line `N passed, N failed`.
// Steps: browser install (Debian's Chromium, with apt, when missing), typecheck, lint, format, unit and API
// tests (Vitest), the storefront build, its size budget and the check that it is React's, and the
// browser journeys (Playwright).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { databaseSummary } from './database-tests.mjs';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const results = { passed: 0, failed: 0 };
const failures = [];
const failedNames = [];

function run(label, command, args, options = {}) {
  console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`);
  const r = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...options.env } });
  return r.status === 0;
}

/** A step that is one check of its own (typecheck, lint, budget). */
function check(label, ok) {
  if (ok) results.passed += 1;
  else {
    results.failed += 1;
    failures.push(label);
  }
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  console.log(`\n▶ ${CHROMIUM} is missing: installing Debian's chromium with apt`);
  const sudo = process.getuid && process.getuid() !== 0 ? ['sudo'] : [];
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args) => (sudo.length ? run('apt', 'sudo', ['-E', 'apt-get', ...args], { env }) : run('apt', 'apt-get', args, { env }));
  return apt(['update', '-qq']) && apt(['install', '-y', '-qq', 'chromium']) && existsSync(CHROMIUM);
}

mkdirSync('test-results', { recursive: true });

const browserReady = ensureChromium();
check('chromium installed', browserReady);
check('typecheck', run('typecheck', 'npm', ['run', '--silent', 'typecheck']));
check('lint', run('lint', 'npx', ['eslint', '.', '--max-warnings=0']));
check('format', run('format (Prettier; `npm run format` writes it)', 'npx', ['prettier', '--check', '--log-level=warn', '.']));

run('unit, db and API tests', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=test-results/vitest.json',
]);
const vitest = readJson('test-results/vitest.json');
if (vitest) {
  results.passed += vitest.numPassedTests;
  results.failed += vitest.numFailedTests;
  if (vitest.numFailedTests > 0 || !vitest.success) failures.push('vitest');
  // The failed tests by name, kept for the end of the output (CI shows its tail).
  for (const file of vitest.testResults ?? [])
    for (const test of file.assertionResults ?? [])
      if (test.status === 'failed')
        failedNames.push(
          `vitest ${file.name.replace(`${process.cwd()}/`, '')} › ${test.fullName}: ${(test.failureMessages ?? [])[0]?.split('\n')[0] ?? ''}`,
        );
  if (!vitest.success && vitest.numFailedTests === 0) check('vitest suites load', false);
  // Which database the tests ran on, said in the output: with TEST_DATABASE_URL set, a PostgreSQL test skipped fails the run.
  const databases = databaseSummary(vitest, process.env.TEST_DATABASE_URL);
  console.log(`\n${databases.lines.join('\n')}`);
  check('PostgreSQL tests ran', databases.ok);
} else check('vitest ran', false);

const built = run('storefront build', 'npm', ['run', '--silent', 'build']);
check('storefront build', built);
if (built) check('first-screen JavaScript budget', run('size budget', 'node', ['scripts/size-budget.mjs']));
if (built) check('the bundle is React', run('React bundle check', 'node', ['scripts/react-bundle-check.mjs']));
if (built) check('production start', run('production start (node apps/api/dist/server.mjs)', 'node', ['scripts/prod-smoke.mjs']));

if (browserReady && built) {
  run('browser journeys', 'npx', ['playwright', 'test', '--reporter=list,json'], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: 'test-results/playwright.json', CHROME_PATH: CHROMIUM },
  });
  const pw = readJson('test-results/playwright.json');
  if (pw?.stats) {
    results.passed += pw.stats.expected;
    results.failed += pw.stats.unexpected + (pw.stats.flaky ?? 0) * 0;
    if (pw.stats.unexpected > 0) failures.push('playwright');
    if ((pw.errors ?? []).length > 0) check('playwright setup', false);
  } else check('playwright ran', false);
}

if (failures.length) console.log(`\nFailed: ${failures.join(', ')}`);
for (const name of failedNames) console.log(`  ✗ ${name.slice(0, 400)}`);
console.log(`\n${results.passed} passed, ${results.failed} failed`);
process.exit(results.failed > 0 ? 1 : 0);
