import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody } from '@dasturxon/domain';
import { asErrorBody, buildUrl, createHttpClient, HttpError, retryAfterSeconds, shouldRetry, type Transport } from '../src/http.ts';

const RETRY = [408, 409, 425, 429, 500, 502, 503, 504];
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** A fake network answering each call with the next answer (the last one again when they run out), keeping what was asked. */
function network(...answers: (() => Response | Promise<Response>)[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const transport = vi.fn<Transport>(async (url, init) => {
    calls.push({ url, init });
    const next = answers.length > 1 ? answers.shift()! : answers[0]!;
    return next();
  });
  return { transport, calls, headers: (n: number) => calls[n]?.init.headers as Record<string, string> };
}

afterEach(() => vi.useRealTimers());

describe('shouldRetry', () => {
  it('retries a GET once for the listed statuses', () => {
    for (const s of RETRY) {
      expect(shouldRetry('GET', s, 0, RETRY)).toBe(true);
      expect(shouldRetry('GET', s, 1, RETRY)).toBe(false);
    }
  });

  it('never retries other statuses, mutating methods, or when nothing is listed', () => {
    for (const s of [400, 401, 403, 404, 422, 501]) expect(shouldRetry('GET', s, 0, RETRY)).toBe(false);
    for (const m of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) expect(shouldRetry(m, 503, 0, RETRY)).toBe(false);
    expect(shouldRetry('GET', 503, 0, [])).toBe(false);
  });
});

describe('buildUrl', () => {
  it('puts the path under the base and drops empty query values', () => {
    expect(buildUrl('/api', '/users/v1/branches')).toBe('/api/users/v1/branches');
    expect(buildUrl('/api', 'users/v1/branches', { cityId: 'c1', page: 0, q: undefined, x: null })).toBe(
      '/api/users/v1/branches?cityId=c1&page=0',
    );
    expect(buildUrl('', '/api/ops/v1/me')).toBe('/api/ops/v1/me');
  });
});

describe('the error of a call', () => {
  it('reads an error body only when it has the shape', () => {
    expect(asErrorBody(errorBody('PROMO_EXPIRED'))?.code).toBe('PROMO_EXPIRED');
    expect(asErrorBody({ message: 'no code' })).toBeNull();
    expect(asErrorBody({ code: 'X', description: 'text' })).toBeNull();
  });

  it('reads the wait the server asked for, from the body first, else from Retry-After, and nothing else', () => {
    expect(retryAfterSeconds(new HttpError('http', 429, errorBody('OTP_TOO_EARLY', { retryAfterSeconds: 42 }), 'x'))).toBe(42);
    expect(retryAfterSeconds(new HttpError('http', 429, errorBody('OTP_TOO_EARLY', { retryAfterSeconds: 42 }), 'x', 7))).toBe(42);
    expect(retryAfterSeconds(new HttpError('http', 429, errorBody('RATE_LIMITED'), 'x', 7))).toBe(7);
    expect(retryAfterSeconds(new HttpError('http', 429, errorBody('RATE_LIMITED', { retryAfterSeconds: 0 }), 'x'))).toBeNull();
    expect(retryAfterSeconds(new HttpError('http', 429, errorBody('RATE_LIMITED'), 'x'))).toBeNull();
    expect(retryAfterSeconds(new HttpError('network', 0, null, 'x'))).toBeNull();
    expect(retryAfterSeconds(new Error('x'))).toBeNull();
  });
});

describe('createHttpClient', () => {
  it('sends JSON with the headers of every call, under the base, and parses the answer', async () => {
    const net = network(() => json(200, { ok: 1 }));
    let merchant = 'm-1';
    const client = createHttpClient({
      base: '/api',
      headers: () => ({ 'X-Merchant-Id': merchant }),
      transport: net.transport,
      init: { credentials: 'same-origin' },
    });
    await expect(client.request('/x', { method: 'POST', body: { a: 1 }, query: { q: 'z' } })).resolves.toEqual({ ok: 1 });
    merchant = 'm-2';
    await client.request('/y');
    expect(net.calls[0]?.url).toBe('/api/x?q=z');
    expect(net.calls[0]?.init).toMatchObject({ method: 'POST', body: '{"a":1}', credentials: 'same-origin' });
    expect(net.headers(0)).toEqual({ Accept: 'application/json', 'X-Merchant-Id': 'm-1', 'Content-Type': 'application/json' });
    expect(net.headers(1)).toMatchObject({ 'X-Merchant-Id': 'm-2' });
  });

  it('sends the token on the calls that carry it, by default or when asked, and reports a 401 on such a call', async () => {
    const net = network(() => json(401, errorBody('UNAUTHORIZED')));
    let told = 0;
    const storefront = createHttpClient({ base: '', token: () => 'tok', transport: net.transport, onUnauthorized: () => (told += 1) });
    await expect(storefront.request('/public')).rejects.toMatchObject({ status: 401 });
    expect(net.headers(0)).not.toHaveProperty('Authorization');
    expect(told).toBe(0);
    await expect(storefront.request('/mine', { auth: true })).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(net.headers(1)).toMatchObject({ Authorization: 'Bearer tok' });
    expect(told).toBe(1);

    const console = createHttpClient({
      base: '',
      token: () => 'staff',
      authByDefault: true,
      transport: net.transport,
      onUnauthorized: () => (told += 1),
    });
    await expect(console.request('/me')).rejects.toBeInstanceOf(HttpError);
    expect(net.headers(2)).toMatchObject({ Authorization: 'Bearer staff' });
    await expect(console.request('/login', { method: 'POST', auth: false })).rejects.toBeInstanceOf(HttpError);
    expect(net.headers(3)).not.toHaveProperty('Authorization');
    expect(told).toBe(2);
  });

  it('retries a GET once on a listed status, then gives up with the server error body', async () => {
    const net = network(() => json(503, errorBody('INTERNAL_ERROR')));
    const client = createHttpClient({ base: '', transport: net.transport, retryStatuses: RETRY, retryDelayMs: 1 });
    const error = (await client.request('/x').catch((e: unknown) => e)) as HttpError;
    expect(net.transport).toHaveBeenCalledTimes(2);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ kind: 'http', status: 503, code: 'INTERNAL_ERROR' });

    const ok = network(
      () => json(503, errorBody('INTERNAL_ERROR')),
      () => json(200, [1]),
    );
    await expect(
      createHttpClient({ base: '', transport: ok.transport, retryStatuses: RETRY, retryDelayMs: 1 }).request('/x'),
    ).resolves.toEqual([1]);
    expect(ok.transport).toHaveBeenCalledTimes(2);
  });

  it('does not retry a POST, nor a status not listed', async () => {
    const net = network(() => json(503, errorBody('INTERNAL_ERROR')));
    const client = createHttpClient({ base: '', transport: net.transport, retryStatuses: RETRY, retryDelayMs: 1 });
    await expect(client.request('/x', { method: 'POST', body: {} })).rejects.toBeInstanceOf(HttpError);
    expect(net.transport).toHaveBeenCalledTimes(1);
    const missing = network(() => json(404, errorBody('MERCHANT_NOT_FOUND')));
    const error = (await createHttpClient({ base: '', transport: missing.transport, retryStatuses: RETRY })
      .request('/x')
      .catch((e: unknown) => e)) as HttpError;
    expect(error.status).toBe(404);
    expect(error.body?.description.uz).toBe("Do'kon topilmadi");
    expect(missing.transport).toHaveBeenCalledTimes(1);
  });

  it("takes a 429's wait from Retry-After when the body does not say it", async () => {
    const net = network(() => json(429, errorBody('RATE_LIMITED'), { 'retry-after': '30' }));
    const error = (await createHttpClient({ base: '', transport: net.transport })
      .request('/x')
      .catch((e: unknown) => e)) as HttpError;
    expect(error.retryAfter).toBe(30);
  });

  it('reads an empty answer as undefined and a body that is not JSON as text; an error without a body has none', async () => {
    const net = network(
      () => new Response(null, { status: 204 }),
      () => new Response('plain', { status: 200, headers: { 'content-type': 'text/plain' } }),
      () => new Response('<html>', { status: 502, headers: { 'content-type': 'text/html' } }),
    );
    const client = createHttpClient({ base: '', transport: net.transport });
    await expect(client.request('/a')).resolves.toBeUndefined();
    await expect(client.request('/b')).resolves.toBe('plain');
    await expect(client.request('/c')).rejects.toMatchObject({ kind: 'http', status: 502, body: null });
  });

  it('takes an answer already read (the server renderer hands JSON over parsed)', async () => {
    const value = Object.freeze({ menu: [] });
    const transport: Transport = async () => ({
      status: 200,
      headers: new Headers({ 'content-type': 'application/json' }),
      text: async () => 'unused',
      parsed: () => value,
    });
    await expect(createHttpClient({ base: '', transport }).request('/m')).resolves.toBe(value);
  });

  it('tells a lost network from a time-out, and lets the caller abort', async () => {
    const refused = createHttpClient({ base: '', transport: () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(refused.request('/x')).rejects.toMatchObject({ kind: 'network', status: 0 });

    const hanging: Transport = (_url, init) =>
      new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    const slow = createHttpClient({ base: '', transport: hanging, timeoutMs: 20 });
    await expect(slow.request('/slow')).rejects.toMatchObject({ kind: 'timeout' });
    const controller = new AbortController();
    const asked = slow.request('/slow', { signal: controller.signal, timeoutMs: 10_000 });
    controller.abort();
    const error = await asked.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(HttpError);
    expect((error as Error).name).toBe('AbortError');
  });

  it('calls fetch unless a transport is given, and takes a new one', async () => {
    const fetchMock = vi.fn(async () => json(200, { from: 'fetch' }));
    vi.stubGlobal('fetch', fetchMock);
    try {
      const client = createHttpClient({ base: '/api' });
      await expect(client.request('/x')).resolves.toEqual({ from: 'fetch' });
      client.setTransport(async () => json(200, { from: 'server' }));
      await expect(client.request('/x')).resolves.toEqual({ from: 'server' });
      expect(fetchMock).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
