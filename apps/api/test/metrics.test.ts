import { describe, expect, it } from 'vitest';
import { DEMO } from '@dasturxon/db/seed';
import { BACKENDS, brandCalls, oneInstance, pageDist } from './harness.ts';

const T = DEMO.tezkor;
const TOKEN = 'metrics-scrape-token-of-the-tests-0001';
const HOST = `${T.sub}.localhost:3000`;

/** The value of one series in Prometheus's text format (0 when absent). */
function valueOf(text: string, name: string, labels: Record<string, string>): number {
  const line = text
    .split('\n')
    .find((l) => l.startsWith(`${name}{`) && Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

// Issue 33: the figures Prometheus scrapes, never public.
describe.each(BACKENDS)('metrics on %s', (backend) => {
  const app = oneInstance(backend, 'dx-metrics-', {
    env: async () => ({ ...(await pageDist('dx-metrics-pages-')), METRICS_TOKEN: TOKEN }),
  });
  const { call, customer, placePickup } = brandCalls(app, { merchantId: T.id, net: 33 });
  const scrape = async (authorization?: string) =>
    app.t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
  const metrics = async () => {
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    return res.body;
  };

  it('answers 404 without the token or with another one, as if there were nothing there', async () => {
    expect((await scrape()).statusCode).toBe(404);
    expect((await scrape('Bearer wrong-token-of-the-same-length-0001')).statusCode).toBe(404);
    expect((await scrape(`Basic ${TOKEN}`)).statusCode).toBe(404);
  });

  it('counts answers by route pattern and status, never by the raw address', async () => {
    const before = valueOf(await metrics(), 'http_request_duration_seconds_count', { route: '/api/health', status: '200' });
    expect((await call('GET', '/health', null)).statusCode).toBe(200);
    expect((await call('GET', '/health', null)).statusCode).toBe(200);
    expect((await call('GET', '/orders/v1/orders/00000000-0000-4000-8000-000000000001', null)).statusCode).toBe(401);
    const text = await metrics();
    expect(valueOf(text, 'http_request_duration_seconds_count', { route: '/api/health', status: '200' })).toBe(before + 2);
    // The pattern with its id parameter (and the parameter's check), one series for every order.
    expect(text).toMatch(/^http_request_duration_seconds_count\{[^}]*route="\/api\/orders\/v1\/orders\/:id[^"]*",status="401"[^}]*\} 1$/m);
    expect(text).not.toContain('00000000-0000-4000-8000-000000000001');
    // The process's own figures (prom-client's defaults) are there too.
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('counts the SMS sent, the orders by status and channel, and the open event streams', async () => {
    const before = await metrics();
    const c = await customer();
    const order = await placePickup(c.token, T.branches.chilonzor, [{ productId: T.products.fries, count: 1 }]);
    expect(order.status).toBe('OPEN');
    const after = await metrics();
    expect(valueOf(after, 'sms_total', { gateway: 'OUTBOX', result: 'sent' })).toBe(
      valueOf(before, 'sms_total', { gateway: 'OUTBOX', result: 'sent' }) + 1,
    );
    expect(valueOf(after, 'orders_today', { status: 'OPEN', channel: 'WEB' })).toBe(
      valueOf(before, 'orders_today', { status: 'OPEN', channel: 'WEB' }) + 1,
    );
    expect(after).toMatch(/^event_streams_open\{[^}]*\} \d+$/m);
  });

  it("counts the storefront's pages sent from the rendered-page cache and those drawn anew", async () => {
    const page = () => app.t.app.inject({ method: 'GET', url: '/branches', headers: { host: HOST } });
    const before = await metrics();
    expect((await page()).statusCode).toBe(200);
    expect((await page()).statusCode).toBe(200);
    const after = await metrics();
    expect(valueOf(after, 'page_cache_total', { result: 'miss' })).toBe(valueOf(before, 'page_cache_total', { result: 'miss' }) + 1);
    expect(valueOf(after, 'page_cache_total', { result: 'hit' })).toBe(valueOf(before, 'page_cache_total', { result: 'hit' }) + 1);
  });
});
