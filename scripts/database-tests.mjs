// Which tests ran on which database, read from Vitest's JSON report (`npm test` prints it, so CI's output says whether
// the PostgreSQL tests ran). A test is PostgreSQL's when its name or a describe above it names PostgreSQL: the
// backend loops of apps/api/test/harness.ts (`describe.each(BACKENDS)('… on %s')`), the cross-instance suites
// (`… on PostgreSQL`) and packages/db/test/seed.test.ts's targets.

const POSTGRES = /\bpostgres(ql)?\b/i;

/** Counts the report's tests per database: { postgres, other }, each { passed, failed, skipped, skippedNames }. */
export function testsPerDatabase(report) {
  const empty = () => ({ passed: 0, failed: 0, skipped: 0, skippedNames: [] });
  const counts = { postgres: empty(), other: empty() };
  for (const file of report?.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      const name = [...(t.ancestorTitles ?? []), t.title].join(' › ');
      const c = POSTGRES.test(name) ? counts.postgres : counts.other;
      if (t.status === 'passed') c.passed += 1;
      else if (t.status === 'failed') c.failed += 1;
      else {
        c.skipped += 1;
        c.skippedNames.push(name);
      }
    }
  }
  return counts;
}

/** Where the PostgreSQL tests ran, without the password: `postgres://user@host:port/db`. */
export function shownUrl(url) {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.username ? `${u.username}@` : ''}${u.host}${u.pathname}`;
  } catch {
    return '(an unreadable TEST_DATABASE_URL)';
  }
}

/**
 * The lines `npm test` prints about the databases, and whether they pass: with TEST_DATABASE_URL set, no PostgreSQL
 * test may be skipped and at least one must have run; without it, the PostgreSQL tests are said to be left out.
 */
export function databaseSummary(report, databaseUrl) {
  const { postgres, other } = testsPerDatabase(report);
  const lines = [];
  const ran = postgres.passed + postgres.failed;
  if (databaseUrl) {
    lines.push(
      `PostgreSQL (${shownUrl(databaseUrl)}): ${ran} tests ran, ${postgres.passed} passed, ${postgres.failed} failed, ${postgres.skipped} skipped`,
    );
    for (const name of postgres.skippedNames) lines.push(`  skipped on PostgreSQL: ${name}`);
  } else {
    lines.push(`PostgreSQL: not tested (TEST_DATABASE_URL is not set; ${postgres.skipped} PostgreSQL-only tests skipped)`);
  }
  lines.push(
    `PGlite and the rest: ${other.passed + other.failed} tests ran, ${other.passed} passed, ${other.failed} failed, ${other.skipped} skipped`,
  );
  const ok = databaseUrl ? ran > 0 && postgres.skipped === 0 : true;
  if (databaseUrl && ran === 0) lines.push('  no test ran on PostgreSQL although TEST_DATABASE_URL is set');
  return { lines, ok };
}
