#!/usr/bin/env node
// The storefront's first screen runs on React itself (issue 11, docs/decisions/006): react-dom's production
// build is in the code index.html loads, at the installed version, and nothing of Preact is anywhere in the build.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { currentBuildFiles, firstScreenFiles } from './first-screen.mjs';

const dist = 'apps/web/dist';
const version = JSON.parse(readFileSync('node_modules/react-dom/package.json', 'utf8')).version;
const entry = firstScreenFiles(dist);
// The current build's scripts only: earlier builds' files stay beside them for pages already out (decision 012).
const scripts = currentBuildFiles(dist).filter((f) => f.endsWith('.js'));

const problems = [];
const entryCode = entry.map((file) => readFileSync(join(dist, file), 'utf8')).join('\n');
if (!entry.length) problems.push('index.html loads no script');
// React's production builds say their errors by number and carry their version, which react-dom checks against react's.
if (!entryCode.includes('Minified React error #'))
  problems.push("the first screen's code holds no production build of React (no 'Minified React error #')");
if (!entryCode.includes(`\`${version}\``) && !entryCode.includes(`"${version}"`))
  problems.push(`the first screen's code does not carry react-dom ${version}`);
for (const file of scripts) {
  if (/preact|__PREACT_DEVTOOLS__/i.test(readFileSync(join(dist, file), 'utf8'))) problems.push(`${file} holds Preact`);
}
for (const manifest of ['apps/web/package.json', 'package.json']) {
  const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
  const deps = { ...pkg.dependencies, ...pkg.devDependencies };
  if (Object.keys(deps).some((name) => name.includes('preact'))) problems.push(`${manifest} depends on Preact`);
}

if (problems.length) {
  console.error(`The storefront's bundle is not React's:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`React ${version} (production build) in ${entry.join(', ')}; no Preact in ${scripts.length} scripts`);
