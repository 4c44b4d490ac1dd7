import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO } from '@dasturxon/db/seed';
import { portOf, startEntry } from './entry.ts';

/*
 * Issue 10, "shutdown loses nothing": SIGTERM while 30 requests are in flight on keep-alive connections.
 * Every request sent must get its whole, real answer; the process must exit 0 on its own, long before the
 * 10 s force timer, and close the database on the way out.
 */

const T = DEMO.tezkor;
const SIZE = T.modifiers.cheeseburger.size;
const SAUCES = T.modifiers.cheeseburger.sauces;

/** Real work: a basket priced against the database, as the cart page asks for it. */
const QUOTE = JSON.stringify({
  serviceType: 'PICK_UP',
  branchId: T.branches.chilonzor,
  cartItems: [
    {
      productId: T.products.cheeseburger,
      count: 2,
      modifications: [
        { id: SIZE.large, count: 1 },
        { id: SAUCES.bbq, count: 2 },
      ],
    },
    { productId: T.products.fries, count: 1 },
  ],
});

/** Requests kept in flight at once, one keep-alive connection each, so that all of them are at the server. */
const IN_FLIGHT = 30;
/** Answers to wait for before SIGTERM: every connection is open and the stream is steady by then. */
const WARM_UP = 90;

type Kind = 'quote' | 'menu' | 'health';

interface Outcome {
  kind: Kind;
  /** When it settled (performance.now()). */
  doneAt: number;
  status?: number;
  connection?: string;
  /** The body parsed, when it was JSON and arrived whole. */
  json?: unknown;
  /** Why no whole answer arrived. */
  error?: string;
}

/**
 * One request over the agent's keep-alive connections; settles with what came back, never rejects. With
 * `secondHalfAfter`, half the quote's body goes at once and the rest once that promise settles (a slow upload).
 */
function send(agent: Agent, port: number, kind: Kind, secondHalfAfter?: Promise<unknown>): Promise<Outcome> {
  const body = kind === 'quote' ? QUOTE : undefined;
  return new Promise((resolve) => {
    let settled = false;
    const settle = (extra: Partial<Outcome>) => {
      if (settled) return;
      settled = true;
      resolve({ kind, doneAt: performance.now(), ...extra });
    };
    const req = request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: body ? 'POST' : 'GET',
        path: body ? '/api/orders/v1/orders/quote' : kind === 'health' ? '/api/health' : '/api/products/v1/overalls?type=WEB',
        headers: {
          host: `tezkor.localhost:${port}`,
          ...(body ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('error', (error: NodeJS.ErrnoException) => settle({ status: res.statusCode, error: error.code ?? error.message }));
        res.on('close', () => settle({ status: res.statusCode, error: 'the answer was cut off' }));
        res.on('end', () => {
          if (!res.complete) return settle({ status: res.statusCode, error: 'the answer was cut off' });
          try {
            settle({ status: res.statusCode, connection: res.headers.connection, json: JSON.parse(text) });
          } catch {
            settle({ status: res.statusCode, error: `not JSON: ${text.slice(0, 100)}` });
          }
        });
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) =>
      settle({ error: `${error.code ?? error.message}${req.reusedSocket ? ' on a reused connection' : ''}` }),
    );
    if (!body || !secondHalfAfter) return void req.end(body);
    const half = Math.floor(body.length / 2);
    req.write(body.slice(0, half));
    void secondHalfAfter.then(() => req.end(body.slice(half)));
  });
}

describe('shutting down under keep-alive traffic', () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  afterAll(async () => {
    // A server that failed to stop must not outlive the test.
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it('answers every request sent, closes the database and exits 0 well before the force timer', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'dx-shutdown-'));
    dirs.push(dataDir);
    const p = startEntry({
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      // Every request comes from one address: the limits have their own test (rate-limit.test.ts).
      RATE_LIMIT_WORK_PER_MINUTE: '1000000',
    });
    children.push(p.child);
    const port = await portOf(p.output);

    const agent = new Agent({ keepAlive: true, maxSockets: IN_FLIGHT + 1 });
    const outcomes: Outcome[] = [];
    let sigtermAt: number | null = null;
    let inFlightAtSigterm = 0;
    let inFlight = 0;
    let sigtermSent: () => void = () => {};
    const afterSigterm = new Promise<void>((done) => (sigtermSent = done)).then(() => new Promise((r) => setTimeout(r, 300)));
    const deadline = performance.now() + 30_000;

    // A steady stream: each lane sends its next request over its keep-alive connection as soon as the last is
    // answered, alternating a quote and the menu. A lane stops when an answer closes its connection (the instance
    // is going away: a real client would go to another one); the quiet lanes stop at SIGTERM, leaving their
    // connections open and idle, as a browser does.
    const lane = async (n: number) => {
      const quiet = n % 3 === 0;
      for (let i = n; performance.now() < deadline; i++) {
        inFlight++;
        const outcome = await send(agent, port, i % 2 ? 'quote' : 'menu');
        inFlight--;
        outcomes.push(outcome);
        if (outcome.error || outcome.connection === 'close' || (quiet && sigtermAt !== null)) return;
        if (sigtermAt === null && outcomes.length >= WARM_UP) {
          sigtermAt = performance.now();
          inFlightAtSigterm = inFlight;
          p.child.kill('SIGTERM');
          sigtermSent();
        }
      }
    };
    // And one slow upload: a quote whose body is still arriving when SIGTERM comes.
    const slow = (async () => {
      while (outcomes.length < WARM_UP / 2 && performance.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      outcomes.push(await send(agent, port, 'quote', afterSigterm));
    })();
    await Promise.all(Array.from({ length: IN_FLIGHT }, (_, n) => lane(n)));
    sigtermSent(); // should the stream have failed before SIGTERM, so that the slow upload still ends
    await slow;
    const exit = await p.exited;
    agent.destroy();

    expect(sigtermAt, 'SIGTERM was never sent').not.toBeNull();
    const stoppedIn = exit.at - sigtermAt!;
    const summary = {
      inFlightAtSigterm: inFlightAtSigterm + 1, // and the slow upload
      stoppedInMs: Math.round(stoppedIn),
      exitCode: exit.code,
      answered: outcomes.filter((o) => !o.error).length,
      answeredAfterSigterm: outcomes.filter((o) => !o.error && o.doneAt > sigtermAt!).length,
      lost: outcomes.filter((o) => o.error).map((o) => `${o.kind}: ${o.error}`),
      statuses: [...new Set(outcomes.map((o) => o.status))],
    };
    const context = `${JSON.stringify(summary)}\n${p.output().slice(-3000)}`;

    expect(inFlightAtSigterm, context).toBeGreaterThanOrEqual(IN_FLIGHT - 1);
    // Nothing is dropped: no reset, no hang-up, no half an answer.
    expect(summary.lost, context).toEqual([]);
    // The requests in flight at SIGTERM, and those that still came over an open connection, get their real answer.
    for (const o of outcomes) {
      expect(o.status, context).toBe(200);
      if (o.kind === 'quote') expect(o.json, context).toHaveProperty('totalPrice');
      else expect(o.json, context).toHaveProperty('categories');
    }
    expect(summary.answeredAfterSigterm, context).toBeGreaterThanOrEqual(summary.inFlightAtSigterm);
    expect(exit.code, context).toBe(0);
    expect(stoppedIn, context).toBeLessThan(8_000);
    expect(p.output(), context).toContain('"msg":"shutting down"');
    expect(p.output(), context).toContain('"msg":"shut down: every answer sent, database closed"');
  });

  it('under continuous load from clients that reconnect: stops accepting first, answers every request that got a connection, refuses new ones, exits 0', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'dx-shutdown-load-'));
    dirs.push(dataDir);
    // An event stream is open too: it is ended as the server goes (its client resumes on another instance).
    const p = startEntry({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info', RATE_LIMIT_WORK_PER_MINUTE: '1000000' });
    children.push(p.child);
    const port = await portOf(p.output);

    const login = await fetch(`http://127.0.0.1:${port}/api/ops/v1/auth/login`, {
      method: 'POST',
      headers: { host: `tezkor.localhost:${port}`, 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '+998900000001', password: 'tezkor-demo-2026' }),
    });
    const { token } = (await login.json()) as { token: string };
    const stream = new Promise<string>((resolve) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/ops/v1/events',
          headers: { host: `tezkor.localhost:${port}`, authorization: `Bearer ${token}` },
        },
        (res) => {
          res.on('data', () => undefined);
          res.on('end', () => resolve(res.complete ? 'ended' : 'cut off'));
          res.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
        },
      );
      req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      req.end();
    });

    // Enough clients that, before the fix, some reconnected into the closing listener's queue and were reset.
    const CLIENTS = 20;
    const outcomes: (Outcome & { afterSigterm: boolean })[] = [];
    let sigtermAt: number | null = null;
    const deadline = performance.now() + 30_000;
    // Each client keeps one keep-alive connection busy, request after request; when an answer closes it, the next
    // request opens a new connection, as a browser or a balancer's pool does. A client stops when the server no
    // longer takes connections (ECONNREFUSED: the balancer would go to another instance).
    const client = async (n: number) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (let i = n; performance.now() < deadline; i++) {
          const outcome = await send(agent, port, i % 3 === 0 ? 'quote' : i % 3 === 1 ? 'menu' : 'health');
          outcomes.push({ ...outcome, afterSigterm: sigtermAt !== null });
          if (outcome.error) return;
          if (sigtermAt === null && outcomes.length >= WARM_UP) {
            sigtermAt = performance.now();
            p.child.kill('SIGTERM');
          }
        }
      } finally {
        agent.destroy();
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n)));
    const exit = await p.exited;

    expect(sigtermAt, 'SIGTERM was never sent').not.toBeNull();
    // The board's stream was ended whole (its client resumes from Last-Event-ID elsewhere), not reset.
    expect(await stream).toBe('ended');
    const errors = outcomes.filter((o) => o.error).map((o) => `${o.kind}: ${o.error}`);
    const context = `${JSON.stringify({ answered: outcomes.filter((o) => !o.error).length, after: outcomes.filter((o) => o.afterSigterm && !o.error).length, errors })}\n${p.output().slice(-3000)}`;
    // A request that got a connection got its whole answer: the only failures are connections refused.
    expect(
      errors.filter((e) => !e.endsWith('ECONNREFUSED')),
      context,
    ).toEqual([]);
    for (const o of outcomes.filter((x) => !x.error)) {
      expect(o.status, context).toBe(200);
      expect(o.json, context).toHaveProperty(o.kind === 'quote' ? 'totalPrice' : o.kind === 'menu' ? 'categories' : 'status');
    }
    // Every client came to the refusal, and the requests under way at SIGTERM were answered.
    expect(errors, context).toHaveLength(CLIENTS);
    expect(outcomes.filter((o) => o.afterSigterm && !o.error).length, context).toBeGreaterThanOrEqual(1);
    expect(exit.code, context).toBe(0);
  });
});
