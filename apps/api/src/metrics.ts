import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { gt, sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { orders, type Database } from '@dasturxon/db';
import type { Clock } from './clock.ts';
import { openStreams } from './features/live/index.ts';

/*
 * The server's figures in Prometheus's text format (issue 33), with prom-client: requests by route and status with
 * their latency, the process (event loop lag, heap, GC: prom-client's default metrics), the database pool, open event
 * streams, orders by status and channel, SMS sent and refused, and the page cache's hits. One registry per app (tests
 * build many apps in one process). `GET /metrics` answers only a caller with METRICS_TOKEN as its bearer token; with
 * no token set it is not served at all (404), so it is never public.
 */

export type Metrics = ReturnType<typeof createMetrics>;

const DAY_MS = 24 * 3600 * 1000;

export function createMetrics(database: Database, clock: Clock) {
  const registry = new Registry();
  registry.setDefaultLabels({ app: 'dasturxon-api' });
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status, with their time to the last byte',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  });
  new Gauge({
    name: 'event_streams_open',
    help: 'Live event streams (customers following an order, staff boards) open on this instance',
    registers,
    collect() {
      this.set(openStreams());
    },
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting clients); absent on PGlite',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const pool = database.pool;
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'orders_today',
    help: 'Orders placed in the last 24 hours, by status and channel, across brands (read from the database at each scrape)',
    labelNames: ['status', 'channel'] as const,
    registers,
    async collect() {
      this.reset();
      const rows = await database.db
        .select({ status: orders.status, channel: orders.channel, count: sql<number>`count(*)::int` })
        .from(orders)
        .where(gt(orders.createdAt, new Date(clock.now().getTime() - DAY_MS)))
        .groupBy(orders.status, orders.channel);
      for (const row of rows) this.set({ status: row.status, channel: row.channel }, Number(row.count));
    },
  });
  const sms = new Counter({
    name: 'sms_total',
    help: 'SMS asked of a gateway, by gateway and result (sent, refused)',
    labelNames: ['gateway', 'result'] as const,
    registers,
  });
  const pageCache = new Counter({
    name: 'page_cache_total',
    help: "Storefront pages asked of this instance's rendered-page cache, by result (hit, miss)",
    labelNames: ['result'] as const,
    registers,
  });

  return {
    registry,
    /** Counts each answer by its route pattern (never the raw address: ids would make a series each). */
    register(app: FastifyInstance, token: string | undefined): void {
      app.addHook('onResponse', async (request, reply) => {
        const route = request.routeOptions.url ?? 'unmatched';
        if (route === '/metrics') return;
        requests.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
      });
      if (!token) return;
      const expected = Buffer.from(`Bearer ${token}`);
      app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
        const given = Buffer.from(request.headers.authorization ?? '');
        if (given.length !== expected.length || !timingSafeEqual(given, expected)) return reply.status(404).send();
        return reply
          .header('cache-control', 'no-store')
          .type(registry.contentType)
          .send(await registry.metrics());
      });
    },
    sms(gateway: string, result: 'sent' | 'refused'): void {
      sms.inc({ gateway, result });
    },
    pageCache(result: 'hit' | 'miss'): void {
      pageCache.inc({ result });
    },
  };
}
