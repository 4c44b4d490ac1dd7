import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/*
 * The real entry point as `npm start` runs it, for the tests that need a process of its own: how it
 * starts and stops, and what a server does with requests that arrive from outside it together.
 */

const SERVER = fileURLToPath(new URL('../src/server.ts', import.meta.url));

/** Starts apps/api/src/server.ts with these settings over the test's environment, collecting what it prints. */
export function startEntry(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.once('exit', (code) => resolve({ code, at: performance.now() })),
  );
  return { child, exited, output: () => out };
}

/** The port the server printed once it serves (PORT=0 lets the system choose one); a busy machine may take two minutes. */
export async function portOf(output: () => string): Promise<number> {
  const deadline = Date.now() + 140_000;
  while (Date.now() < deadline) {
    const m = /serving on http:\/\/localhost:(\d+)/.exec(output());
    if (m) return Number(m[1]);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server did not start:\n${output()}`);
}
