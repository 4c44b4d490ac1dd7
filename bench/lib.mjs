// Helpers for the benchmarks: start the real server in a child process and wait for it.
import { spawn } from 'node:child_process';
import pg from 'pg';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ROOT = new URL('..', import.meta.url).pathname;

export async function waitForHealth(port, { timeoutMs = 120_000, intervalMs = 50 } = {}) {
  const start = performance.now();
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.status === 200) return performance.now() - start;
    } catch {
      /* not listening yet */
    }
    if (performance.now() - start > timeoutMs) throw new Error(`no 200 from /api/health on ${port} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** Starts `node --import tsx apps/api/src/server.ts` with its own data folder. */
export function startServer({ port, env = {}, dataDir = mkdtempSync(join(tmpdir(), 'dx-bench-')) } = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: ROOT,
    // One address plays every client here: the per-address limits (plugins/rate-limit.ts) would measure themselves.
    // The demo brands send codes to the outbox, which production refuses without SMS_OUTBOX (sms.sender.ts).
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_WORK_PER_MINUTE: '100000000',
      RATE_LIMIT_MEDIA_PER_MINUTE: '100000000',
      SMS_OUTBOX: 'true',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return {
    child,
    dataDir,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/** A fresh database on the PostgreSQL at BENCH_DATABASE_URL (default the local server), or null when none answers. */
export async function postgresDatabase() {
  const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const c = new pg.Client({ connectionString: base });
  try {
    await c.connect();
    const name = `dx_bench_${Date.now()}`;
    await c.query(`create database ${name}`);
    await c.end();
    const u = new URL(base);
    u.pathname = `/${name}`;
    return {
      url: u.toString(),
      drop: async () => {
        const d = new pg.Client({ connectionString: base });
        await d.connect();
        await d.query(`drop database if exists ${name} with (force)`);
        await d.end();
      },
    };
  } catch {
    return null;
  }
}
