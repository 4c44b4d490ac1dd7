import type { ErrorBody } from '@dasturxon/domain';
import type { Answer } from './render-contract.ts';

/*
 * The one HTTP call of the browser apps (the storefront's `http`, the console's `api`): JSON in and out, the server's
 * error body (DESIGN.md, HTTP contract: `{ code, message, description, details }`) on an `HttpError`, with the wait a
 * 429 asked for; a time-out and a lost network are errors of their own kind. What differs between the apps (the
 * base, the merchant header, which calls carry the bearer token, what a 401 does, a retry) is configuration.
 */

export type { Answer } from './render-contract.ts';
export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: HttpMethod;
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Whether the call sends the bearer token; the client's `authByDefault` unless said. */
  auth?: boolean;
  timeoutMs?: number;
}

export type HttpErrorKind = 'http' | 'timeout' | 'network';

/** A failed call: a 400–599 answer (with the server's error body when it sent one), a timeout or no network. */
export class HttpError extends Error {
  readonly status: number;
  readonly body: ErrorBody | null;
  readonly kind: HttpErrorKind;
  /** Seconds the server asked to wait before the same call (`details.retryAfterSeconds`, else `Retry-After`), when it said. */
  readonly retryAfter: number | null;

  constructor(kind: HttpErrorKind, status: number, body: ErrorBody | null, message: string, retryAfter: number | null = null) {
    super(message);
    this.name = 'HttpError';
    this.kind = kind;
    this.status = status;
    this.body = body;
    this.retryAfter = secondsIn(body?.details?.retryAfterSeconds) ?? retryAfter;
  }

  get code(): string | null {
    return this.body?.code ?? null;
  }
}

const secondsIn = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null);

/** Seconds the server asked to wait before the same call (429 `OTP_TOO_EARLY`, `RATE_LIMITED`), when it said. */
export const retryAfterSeconds = (error: unknown): number | null => (error instanceof HttpError ? error.retryAfter : null);

/** The error body of the API, when a value has its shape. */
export function asErrorBody(value: unknown): ErrorBody | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Partial<ErrorBody>;
  if (typeof v.code !== 'string' || !v.description || typeof v.description !== 'object') return null;
  return v as ErrorBody;
}

/** Spec section 9: one retry for the listed statuses, and only for methods that change nothing. */
export function shouldRetry(method: HttpMethod, status: number, attempt: number, statuses: readonly number[]): boolean {
  if (attempt > 0) return false;
  if (method !== 'GET' && method !== 'HEAD') return false;
  return statuses.includes(status);
}

/** `path` under `base`, with the query's values that are set. */
export function buildUrl(base: string, path: string, query?: Record<string, QueryValue>): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) params.append(k, String(v));
  const qs = params.toString();
  return `${base}${clean}${qs ? `?${qs}` : ''}`;
}

export type Transport = (url: string, init: RequestInit) => Promise<Answer>;

export interface HttpClientConfig {
  /** Prefix of every path (the storefront's `/api`; '' for whole paths). */
  base: string;
  /** Headers of every call, asked each time (the storefront's merchant). */
  headers?: () => Record<string, string>;
  /** The bearer token, asked each time; null: none. */
  token?: () => string | null;
  /** Whether a call sends the token unless it says (`auth`): the console's do, the storefront's only where the spec says. */
  authByDefault?: boolean;
  /** A 401 answered to a call that carried a token: the token is no longer good. */
  onUnauthorized?: () => void;
  timeoutMs?: number;
  /** Statuses a GET is asked again for, once (spec section 9), after `retryDelayMs`. */
  retryStatuses?: readonly number[];
  retryDelayMs?: number;
  /** What else each call's init carries (`credentials`, `cache`). */
  init?: Pick<RequestInit, 'credentials' | 'cache'>;
  /** The network; `fetch` unless given (the server's renderer plugs its in-process API in, tests a fake). */
  transport?: Transport;
}

export interface HttpClient {
  /** Resolves with the parsed body (undefined for an empty one); rejects with `HttpError`, or the caller's abort. */
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  setTransport(next: Transport): void;
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function readBody(res: Answer): Promise<unknown> {
  if (res.status === 204 || res.status === 205) return undefined;
  if (res.parsed) return res.parsed();
  const text = await res.text();
  if (!text) return undefined;
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

export function createHttpClient(config: HttpClientConfig): HttpClient {
  let transport: Transport = config.transport ?? ((url, init) => fetch(url, init));
  const timeout = config.timeoutMs ?? 30_000;

  async function attempt(url: string, init: RequestInit, timeoutMs: number, outer?: AbortSignal): Promise<Answer> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const forward = () => controller.abort();
    if (outer?.aborted) controller.abort();
    outer?.addEventListener('abort', forward, { once: true });
    try {
      return await transport(url, { ...init, signal: controller.signal });
    } catch (error) {
      if (outer?.aborted) throw error;
      if (timedOut) throw new HttpError('timeout', 0, null, `Timed out after ${timeoutMs} ms: ${url}`);
      throw new HttpError('network', 0, null, `Network error: ${url}`);
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener('abort', forward);
    }
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const method = options.method ?? 'GET';
    const url = buildUrl(config.base, path, options.query);
    const headers: Record<string, string> = { Accept: 'application/json', ...config.headers?.(), ...options.headers };
    let body: string | FormData | undefined;
    if (typeof FormData !== 'undefined' && options.body instanceof FormData) {
      // A file upload: the browser writes the multipart boundary into the content type itself.
      body = options.body;
    } else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const token = (options.auth ?? config.authByDefault ?? false) ? (config.token?.() ?? null) : null;
    if (token) headers.Authorization = `Bearer ${token}`;

    for (let n = 0; ; n++) {
      const res = await attempt(url, { ...config.init, method, headers, body }, options.timeoutMs ?? timeout, options.signal);
      if (res.status < 400) return (await readBody(res)) as T;
      if (shouldRetry(method, res.status, n, config.retryStatuses ?? [])) {
        await wait(config.retryDelayMs ?? 400);
        continue;
      }
      const errorBody = asErrorBody(await readBody(res).catch(() => null));
      if (res.status === 401 && token) config.onUnauthorized?.();
      const retryAfter = secondsIn(Number(res.headers.get('retry-after')));
      throw new HttpError(
        'http',
        res.status,
        errorBody,
        `${method} ${url} answered ${res.status}${errorBody ? ` ${errorBody.code}` : ''}`,
        retryAfter,
      );
    }
  }

  return {
    request,
    setTransport: (next) => {
      transport = next;
    },
  };
}
