import { describe, expect, it } from 'vitest';
import { databaseSummary, shownUrl, testsPerDatabase } from './database-tests.mjs';

const t = (ancestorTitles, title, status) => ({ ancestorTitles, title, status });
const report = (...tests) => ({ testResults: [{ name: 'x.test.ts', assertionResults: tests }] });

describe("npm test's line about the databases", () => {
  const both = report(
    t(['the price quote on pglite'], 'prices a line', 'passed'),
    t(['the price quote on postgres'], 'prices a line', 'passed'),
    t(['the price quote on postgres', 'promo'], 'refuses an old code', 'failed'),
    t(['seed', 'PostgreSQL'], 'is idempotent', 'passed'),
    t(['money'], 'adds', 'passed'),
  );

  it('counts the tests under a describe that names PostgreSQL as its, the rest as the others', () => {
    const { postgres, other } = testsPerDatabase(both);
    expect(postgres).toMatchObject({ passed: 2, failed: 1, skipped: 0 });
    expect(other).toMatchObject({ passed: 2, failed: 0, skipped: 0 });
  });

  it('says how many ran on PostgreSQL, where, without the password', () => {
    const { lines, ok } = databaseSummary(both, 'postgres://postgres:secret@127.0.0.1:5432/postgres');
    expect(lines[0]).toBe('PostgreSQL (postgres://postgres@127.0.0.1:5432/postgres): 3 tests ran, 2 passed, 1 failed, 0 skipped');
    expect(lines.join('\n')).not.toContain('secret');
    expect(ok).toBe(true);
  });

  it('fails when TEST_DATABASE_URL is set and a PostgreSQL test is skipped, naming it', () => {
    const skipped = report(
      t(['live events across instances on PostgreSQL'], 'a move reaches the other instance', 'skipped'),
      t(['x on postgres'], 'y', 'passed'),
    );
    const { lines, ok } = databaseSummary(skipped, 'postgres://u@h:5432/d');
    expect(ok).toBe(false);
    expect(lines).toContain('  skipped on PostgreSQL: live events across instances on PostgreSQL › a move reaches the other instance');
  });

  it('fails when TEST_DATABASE_URL is set and nothing ran on PostgreSQL', () => {
    const { lines, ok } = databaseSummary(report(t(['money'], 'adds', 'passed')), 'postgres://u@h:5432/d');
    expect(ok).toBe(false);
    expect(lines.at(-1)).toMatch(/no test ran on PostgreSQL/);
  });

  it('without TEST_DATABASE_URL says PostgreSQL was not tested, and passes', () => {
    const { lines, ok } = databaseSummary(report(t(['x on PostgreSQL'], 'y', 'skipped'), t(['money'], 'adds', 'passed')), undefined);
    expect(ok).toBe(true);
    expect(lines[0]).toBe('PostgreSQL: not tested (TEST_DATABASE_URL is not set; 1 PostgreSQL-only tests skipped)');
    expect(lines[1]).toBe('PGlite and the rest: 1 tests ran, 1 passed, 0 failed, 0 skipped');
  });

  it('hides an unreadable address whole', () => {
    expect(shownUrl('not a url :secret@')).toBe('(an unreadable TEST_DATABASE_URL)');
  });
});
