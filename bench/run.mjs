// `npm run bench`: every benchmark in turn; paste the figures into bench/README.md.
// Lighthouse is separate (its own install): `npm run build && node bench/lighthouse/run.mjs`.
import { spawnSync } from 'node:child_process';

for (const script of [
  'startup.mjs',
  'merchant-calls.mjs',
  'quote.mjs',
  'orders.mjs',
  'payments.mjs',
  'events.mjs',
  'tariff.mjs',
  'overalls.mjs',
]) {
  console.log(`\n## ${script}`);
  const r = spawnSync(process.execPath, [new URL(script, import.meta.url).pathname], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
console.log('\n## first-screen JavaScript');
spawnSync(process.execPath, ['scripts/size-budget.mjs'], { stdio: 'inherit', cwd: new URL('..', import.meta.url).pathname });
