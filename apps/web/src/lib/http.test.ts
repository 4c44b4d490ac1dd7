import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody } from '@dasturxon/domain';
import { asErrorBody, buildUrl, errorDescription, http, HttpError, setMerchantId, shouldRetry } from './http.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  setMerchantId(null);
});

describe('shouldRetry', () => {
  it('retries a GET once for the listed statuses', () => {
    for (const s of [408, 409, 425, 429, 500, 502, 503, 504]) {
      expect(shouldRetry('GET', s, 0)).toBe(true);
      expect(shouldRetry('GET', s, 1)).toBe(false);
    }
  });

  it('never retries other statuses or mutating methods', () => {
    for (const s of [400, 401, 403, 404, 422, 501]) expect(shouldRetry('GET', s, 0)).toBe(false);
    for (const m of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) expect(shouldRetry(m, 503, 0)).toBe(false);
  });
});

describe('buildUrl', () => {
  it('puts the path under /api and drops empty query values', () => {
    expect(buildUrl('/users/v1/branches')).toBe('/api/users/v1/branches');
    expect(buildUrl('users/v1/branches', { cityId: 'c1', page: 0, q: undefined, x: null })).toBe('/api/users/v1/branches?cityId=c1&page=0');
  });
});

describe('errorDescription', () => {
  const body = errorBody('PROMO_EXPIRED');

  it('reads the description in the content language of the interface language', () => {
    const error = new HttpError('http', 409, body, 'x');
    expect(errorDescription(error, 'uz')).toBe(body.description.uz);
    expect(errorDescription(error, 'eng')).toBe(body.description.eng);
    expect(errorDescription(error, 'ar')).toBe(body.description.ru);
  });

  it('is null when there is nothing to show', () => {
    expect(errorDescription(new HttpError('network', 0, null, 'x'), 'ru')).toBeNull();
    expect(errorDescription(new Error('boom'), 'ru')).toBeNull();
    expect(asErrorBody({ message: 'no code' })).toBeNull();
  });
});

describe('http', () => {
  it('sends the merchant header once known and parses JSON', async () => {
    const fetchMock = vi.fn(async () => json(200, { ok: 1 }));
    vi.stubGlobal('fetch', fetchMock);
    setMerchantId('m-1');
    await expect(http('/x')).resolves.toEqual({ ok: 1 });
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect((init.headers as Record<string, string>)['X-Merchant-Id']).toBe('m-1');
  });

  it('retries a GET once on 503, then succeeds', async () => {
    const fetchMock = vi.fn().mockResolvedValueOnce(json(503, errorBody('INTERNAL_ERROR'))).mockResolvedValueOnce(json(200, [1]));
    vi.stubGlobal('fetch', fetchMock);
    await expect(http('/x')).resolves.toEqual([1]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('gives up after one retry with the server error body', async () => {
    const fetchMock = vi.fn(async () => json(503, errorBody('INTERNAL_ERROR')));
    vi.stubGlobal('fetch', fetchMock);
    const error = await http('/x').catch((e: unknown) => e);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(503);
    expect((error as HttpError).code).toBe('INTERNAL_ERROR');
  });

  it('does not retry a POST', async () => {
    const fetchMock = vi.fn(async () => json(503, errorBody('INTERNAL_ERROR')));
    vi.stubGlobal('fetch', fetchMock);
    await expect(http('/x', { method: 'POST', body: { a: 1 } })).rejects.toBeInstanceOf(HttpError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('treats 400–599 as errors without a retry when the status is not listed', async () => {
    const fetchMock = vi.fn(async () => json(404, errorBody('MERCHANT_NOT_FOUND')));
    vi.stubGlobal('fetch', fetchMock);
    const error = (await http('/x').catch((e: unknown) => e)) as HttpError;
    expect(error.status).toBe(404);
    expect(error.body?.description.uz).toBe("Do'kon topilmadi");
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('aborts a call that takes longer than its time-out', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
      ),
    );
    const error = (await http('/slow', { timeoutMs: 20 }).catch((e: unknown) => e)) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.kind).toBe('timeout');
  });
});
