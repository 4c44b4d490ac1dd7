import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import '../src/plugins/rate-limit.ts';
import { createWorkGate, registerWorkGate } from '../src/plugins/work-gate.ts';

/*
 * Issue 10: the quote must not compete with everything else. Calls that cost work pass a gate: a
 * few at a time, one let in per turn of the event loop, so a request of another kind that arrives
 * among fifty quotes is served before them, not after. What that does to latency under load is
 * measured by bench/quote.mjs (tests assert behaviour, not timings).
 */

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the work gate', () => {
  it('lets one call in per turn of the event loop, at most its slots at once, in the order they asked', async () => {
    const gate = createWorkGate(2);
    const order: number[] = [];
    const calls = [0, 1, 2, 3].map((i) => gate.acquire().then(() => order.push(i)));
    // Nobody is let in on the turn they asked: the requests read with them go first.
    await Promise.resolve();
    expect(order).toEqual([]);
    await turn();
    expect(order).toEqual([0]);
    await turn();
    expect(order).toEqual([0, 1]);
    // Both slots are held: the third waits however many turns pass.
    await turn();
    await turn();
    expect(order).toEqual([0, 1]);
    expect(gate.stats).toEqual({ running: 2, waiting: 2 });
    gate.release();
    await turn();
    expect(order).toEqual([0, 1, 2]);
    gate.release();
    gate.release();
    await Promise.all(calls);
    expect(order).toEqual([0, 1, 2, 3]);
    gate.release();
    expect(gate.stats).toEqual({ running: 0, waiting: 0 });
  });

  it('lets several in on one turn where asked to (PostgreSQL), never on the turn they asked, never beyond its slots', async () => {
    const gate = createWorkGate(3, { perTurn: 3 });
    const order: number[] = [];
    const calls = [0, 1, 2, 3, 4].map((i) => gate.acquire().then(() => order.push(i)));
    await Promise.resolve();
    expect(order).toEqual([]);
    await turn();
    expect(order).toEqual([0, 1, 2]);
    await turn();
    expect(gate.stats).toEqual({ running: 3, waiting: 2 });
    gate.release();
    gate.release();
    await turn();
    expect(order).toEqual([0, 1, 2, 3, 4]);
    await Promise.all(calls);
    gate.release();
    gate.release();
    gate.release();
    expect(gate.stats).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses to be built without a slot, or letting nobody in per turn', () => {
    expect(() => createWorkGate(0)).toThrow();
    expect(() => createWorkGate(2, { perTurn: 0 })).toThrow();
  });
});

describe('calls that cost work beside everything else', () => {
  it('makes a second call that costs work wait for the slot, while every other call is answered at once', async () => {
    const gate = createWorkGate(1);
    const app = Fastify();
    registerWorkGate(app, gate);
    let unblock!: () => void;
    const blocked = new Promise<void>((resolve) => (unblock = resolve));
    let started = 0;
    app.get('/work', { config: { rateLimit: 'work' } }, async () => {
      started += 1;
      await blocked;
      return { ok: true };
    });
    app.get('/other', async () => ({ ok: true }));
    try {
      const first = app.inject({ method: 'GET', url: '/work' });
      await vi.waitFor(() => expect(started).toBe(1));
      const second = app.inject({ method: 'GET', url: '/work' });
      await vi.waitFor(() => expect(gate.stats).toEqual({ running: 1, waiting: 1 }));
      // Not a call that costs work: straight through, while the second one waits at the door.
      for (let i = 0; i < 3; i++) expect((await app.inject({ method: 'GET', url: '/other' })).statusCode).toBe(200);
      expect(started).toBe(1);
      unblock();
      expect((await first).statusCode).toBe(200);
      expect((await second).statusCode).toBe(200);
      expect(started).toBe(2);
      expect(gate.stats).toEqual({ running: 0, waiting: 0 });
    } finally {
      await app.close();
    }
  });
});

describe('a client that goes away', () => {
  it('gives its slot back, whether it was waiting or being served, so the calls behind it never stall', async () => {
    const gate = createWorkGate(1);
    const app = Fastify();
    registerWorkGate(app, gate);
    let unblock!: () => void;
    const blocked = new Promise<void>((resolve) => (unblock = resolve));
    app.get('/work', { config: { rateLimit: 'work' } }, async () => {
      await blocked;
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/work`;
      // The first call holds the only slot; five more wait behind it, and their clients give up.
      const first = fetch(url);
      await vi.waitFor(() => expect(gate.stats.running).toBe(1));
      const quitters = Array.from({ length: 5 }, () => new AbortController());
      const abandoned = quitters.map((c) => fetch(url, { signal: c.signal }).catch(() => 'gone'));
      await vi.waitFor(() => expect(gate.stats.waiting).toBe(5));
      for (const c of quitters) c.abort();
      expect(await Promise.all(abandoned)).toEqual(Array(5).fill('gone'));
      await new Promise((resolve) => setTimeout(resolve, 100));
      unblock();
      expect((await first).status).toBe(200);
      // Every slot is back, and the next call goes through.
      await vi.waitFor(() => expect(gate.stats).toEqual({ running: 0, waiting: 0 }));
      expect((await fetch(url)).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});
