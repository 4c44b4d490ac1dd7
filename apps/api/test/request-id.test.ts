import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestIdOf } from '../src/app.ts';
import { BACKENDS, createTestApp, type TestApp } from './harness.ts';

describe('requestIdOf: what an incoming X-Request-Id must look like', () => {
  it('keeps a well-formed id and replaces anything else with a fresh UUID', () => {
    expect(requestIdOf('lb-7f3a.12:9_x')).toBe('lb-7f3a.12:9_x');
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    for (const bad of [undefined, '', 'a b', 'x'.repeat(129), 'id\nforged=1', '<script>', ['a', 'b']])
      expect(requestIdOf(bad)).toMatch(uuid);
    expect(requestIdOf(undefined)).not.toBe(requestIdOf(undefined));
  });
});

describe.each(BACKENDS)('every request has an id, in its answer and in each of its log lines, on %s', (backend) => {
  let t: TestApp;
  const logs: Record<string, unknown>[] = [];
  beforeAll(async () => {
    t = await createTestApp(
      backend,
      { LOG_LEVEL: 'debug' },
      { logger: { level: 'debug', stream: { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) } } },
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it("honours the balancer's well-formed id and logs every line of the request under it", async () => {
    logs.length = 0;
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'balancer-0042' } });
    expect(res.headers['x-request-id']).toBe('balancer-0042');
    const lines = logs.filter((line) => line.reqId !== undefined);
    // At debug Fastify logs the request coming in and its answer going out: both carry the id, and no other id.
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(new Set(lines.map((line) => line.reqId))).toEqual(new Set(['balancer-0042']));
  });

  it('replaces an ill-formed id with a fresh one, answered and logged', async () => {
    logs.length = 0;
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'forged id; level=fatal' } });
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(logs.some((line) => line.reqId === id)).toBe(true);
    expect(JSON.stringify(logs)).not.toContain('forged id');
  });

  it('gives each request without a header an id of its own', async () => {
    const [a, b] = await Promise.all([t.app.inject('/api/health'), t.app.inject('/api/health')]);
    expect(a.headers['x-request-id']).toBeTruthy();
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });
});
