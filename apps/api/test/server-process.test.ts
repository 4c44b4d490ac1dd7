import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEntry } from './entry.ts';

describe('the server process', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it('refuses to start on a wrong setting, naming it', async () => {
    const p = startEntry({ PORT: 'eighty' });
    expect((await p.exited).code).toBe(78);
    expect(p.output()).toContain('PORT');
  });

  it('serves on PGlite under DATA_DIR, prints its address, and shuts down gracefully on SIGTERM', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'dx-entry-'));
    dirs.push(dataDir);
    const p = startEntry({ PORT: '0', DATA_DIR: dataDir });
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
  });
});
