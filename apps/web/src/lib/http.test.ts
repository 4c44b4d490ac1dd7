import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody } from '@dasturxon/domain';
import { buildUrl, configureAuth, http, HttpError, setMerchantId } from './http.ts';

// The call itself (retries, errors, time-outs) is the client package's: packages/client/test/http.test.ts.
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  setMerchantId(null);
  configureAuth(
    () => null,
    () => {},
  );
});

describe("the storefront's calls", () => {
  it('go under /api, name the merchant once known, and parse JSON', async () => {
    const fetchMock = vi.fn(async () => json(200, { ok: 1 }));
    vi.stubGlobal('fetch', fetchMock);
    await http('/x');
    setMerchantId('m-1');
    await expect(http('/x', { query: { a: 1 } })).resolves.toEqual({ ok: 1 });
    const [url, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe('/api/x?a=1');
    expect((init.headers as Record<string, string>)['X-Merchant-Id']).toBe('m-1');
    expect((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].headers).not.toHaveProperty('X-Merchant-Id');
    expect(buildUrl('users/v1/branches', { cityId: 'c1', q: undefined })).toBe('/api/users/v1/branches?cityId=c1');
  });

  it('send the token only on calls marked auth, and a 401 on one ends the session', async () => {
    const fetchMock = vi.fn(async () => json(401, errorBody('UNAUTHORIZED')));
    vi.stubGlobal('fetch', fetchMock);
    let ended = 0;
    configureAuth(
      () => 'tok',
      () => (ended += 1),
    );
    await expect(http('/public')).rejects.toBeInstanceOf(HttpError);
    expect(ended).toBe(0);
    await expect(http('/mine', { auth: true })).rejects.toMatchObject({ status: 401 });
    expect((fetchMock.mock.calls[1] as unknown as [string, RequestInit])[1].headers).toMatchObject({ Authorization: 'Bearer tok' });
    expect(ended).toBe(1);
  });

  it('retry a GET once on 503 (docs/spec-index.md section 9)', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json(503, errorBody('INTERNAL_ERROR')))
      .mockResolvedValueOnce(json(200, [1]));
    vi.stubGlobal('fetch', fetchMock);
    await expect(http('/x')).resolves.toEqual([1]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
