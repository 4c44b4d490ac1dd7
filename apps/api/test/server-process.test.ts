import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { portOf, startEntry } from './entry.ts';

describe('the server process', () => {
  const dirs: string[] = [];
  const started: ReturnType<typeof startEntry>[] = [];
  const start = (env: Record<string, string>) => {
    const p = startEntry(env);
    started.push(p);
    return p;
  };
  afterAll(async () => {
    // A test that failed or timed out leaves no server behind.
    for (const p of started) if (p.child.exitCode === null) p.child.kill('SIGKILL');
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it('refuses to start on a wrong setting, naming it', async () => {
    const p = start({ PORT: 'eighty' });
    expect((await p.exited).code).toBe(78);
    expect(p.output()).toContain('PORT');
  });

  it('serves on PGlite under DATA_DIR, prints its address, and shuts down gracefully on SIGTERM', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'dx-entry-'));
    dirs.push(dataDir);
    const p = start({ PORT: '0', DATA_DIR: dataDir });
    const deadline = Date.now() + 90_000;
    let port: number | null = null;
    // The address comes first, the brands' addresses and the docs line after it: wait for the last line.
    while (!port && Date.now() < deadline) {
      const m = /serving on http:\/\/localhost:(\d+)/.exec(p.output());
      if (m && p.output().includes('API docs:')) port = Number(m[1]);
      else await new Promise((r) => setTimeout(r, 100));
    }
    expect(port, p.output()).toBeTruthy();
    expect(p.output()).toContain(`Tezkor Burger: http://tezkor.localhost:${port}`);
    expect(p.output()).toContain('(inactive)');
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    expect(((await health.json()) as { database: string }).database).toBe('pglite');
    p.child.kill('SIGTERM');
    expect((await p.exited).code).toBe(0);
  }, 150_000);

  it('drains on SIGTERM with DRAIN_SECONDS: not ready at once, still serving, then stops and exits 0', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'dx-drain-'));
    dirs.push(dataDir);
    const p = start({ PORT: '0', DATA_DIR: dataDir, DRAIN_SECONDS: '2' });
    const port = await portOf(p.output);
    const ready = await fetch(`http://127.0.0.1:${port}/api/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', reason: null });
    p.child.kill('SIGTERM');
    // The balancer's poll sees "not ready" while the instance still answers everything else.
    let drained: Response | null = null;
    for (let i = 0; i < 20 && drained?.status !== 503; i++) {
      await new Promise((r) => setTimeout(r, 50));
      drained = await fetch(`http://127.0.0.1:${port}/api/ready`);
    }
    expect(drained?.status).toBe(503);
    expect(await drained!.json()).toMatchObject({ status: 'not-ready', reason: 'DRAINING' });
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    const exit = await p.exited;
    expect(exit.code).toBe(0);
  }, 150_000); // a fresh data folder is migrated and seeded first; on a busy machine that alone can take a minute
});
