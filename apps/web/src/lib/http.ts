import { contentLanguageOf, MERCHANT_HEADER, type ContentLanguage, type ErrorBody, type UiLanguage } from '@dasturxon/domain';
import { HTTP_TIMEOUT_MS, RETRY_STATUSES } from './constants.ts';

/** Every path of the API lives under this prefix (docs/architecture.md, HTTP contract). */
export const API_BASE = '/api';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: HttpMethod;
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** A route of the spec marked WITH_TOKEN: sends the customer's bearer token. */
  auth?: boolean;
  timeoutMs?: number;
}

/** A failed call: a 400–599 answer (with the server's error body when it sent one), a timeout or no network. */
export class HttpError extends Error {
  readonly status: number;
  readonly body: ErrorBody | null;
  readonly kind: 'http' | 'timeout' | 'network';

  constructor(kind: 'http' | 'timeout' | 'network', status: number, body: ErrorBody | null, message: string) {
    super(message);
    this.name = 'HttpError';
    this.kind = kind;
    this.status = status;
    this.body = body;
  }

  get code(): string | null {
    return this.body?.code ?? null;
  }
}

/** The error body of the API, when a value has its shape. */
export function asErrorBody(value: unknown): ErrorBody | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Partial<ErrorBody>;
  if (typeof v.code !== 'string' || !v.description || typeof v.description !== 'object') return null;
  return v as ErrorBody;
}

/**
 * What a customer reads about a failed call: the server's description in the content language of
 * the interface language, else null (the screen then shows its generic message).
 */
export function errorDescription(error: unknown, lang: UiLanguage | ContentLanguage): string | null {
  const body = error instanceof HttpError ? error.body : asErrorBody(error);
  const text = body?.description?.[contentLanguageOf(lang)];
  return typeof text === 'string' && text.trim() ? text : null;
}

/** Spec section 9: one retry for the listed statuses, and only for methods that change nothing. */
export function shouldRetry(method: HttpMethod, status: number, attempt: number): boolean {
  if (attempt > 0) return false;
  if (method !== 'GET' && method !== 'HEAD') return false;
  return (RETRY_STATUSES as readonly number[]).includes(status);
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) params.append(k, String(v));
  const qs = params.toString();
  return `${API_BASE}${clean}${qs ? `?${qs}` : ''}`;
}

let merchantId: string | null = null;
/** Once the merchant is known every call names it (docs/spec-index.md section 6). */
export function setMerchantId(id: string | null): void {
  merchantId = id;
}

/** The merchant every call names; what is kept per merchant (the customer's session) is keyed by it. */
export const currentMerchantId = (): string | null => merchantId;

let tokenSource: () => string | null = () => null;
let onUnauthorized: (() => void) | null = null;
/** The login feature plugs its token in here, and what to do when a token is refused (docs/spec-index.md section 8: log out). */
export function configureAuth(source: () => string | null, unauthorized: () => void): void {
  tokenSource = source;
  onUnauthorized = unauthorized;
}

/**
 * What a call reads of an answer: a fetch Response has it, and so has the server's in-process answer
 * (apps/api/src/web/render.ts), which may also hand over a JSON body already read, shared and frozen: the pages
 * drawn within a couple of seconds read the same menu, and parsing a 1,000-product one cost more than drawing it.
 */
export type Answer = Pick<Response, 'status' | 'headers' | 'text'> & { readonly parsed?: () => unknown };
type Transport = (url: string, init: RequestInit) => Promise<Answer>;
let transport: Transport = (url, init) => fetch(url, init);
/** The server renders pages with the API in its own process: it plugs that in here (entry-server.tsx). */
export function setTransport(next: Transport): void {
  transport = next;
}

const RETRY_DELAY_MS = 400;
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

/** The one way the storefront talks to the API. Resolves with the parsed body; rejects with `HttpError`. */
export async function http<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const url = buildUrl(path, options.query);
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (merchantId) headers[MERCHANT_HEADER] = merchantId;
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const token = options.auth ? tokenSource() : null;
  if (token) headers.Authorization = `Bearer ${token}`;

  for (let n = 0; ; n++) {
    const res = await attempt(url, { method, headers, body, credentials: 'same-origin' }, options.timeoutMs ?? HTTP_TIMEOUT_MS, options.signal);
    if (res.status < 400) return (await readBody(res)) as T;
    if (shouldRetry(method, res.status, n)) {
      await wait(RETRY_DELAY_MS);
      continue;
    }
    const errorBody = asErrorBody(await readBody(res).catch(() => null));
    if (res.status === 401 && token) onUnauthorized?.();
    throw new HttpError('http', res.status, errorBody, `${method} ${url} answered ${res.status}${errorBody ? ` ${errorBody.code}` : ''}`);
  }
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  425: 'Too Early',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** The HTTP reason phrase of a status; anything unknown reads as the spec's default, Internal Server Error. */
export const httpStatusText = (status: number): string => STATUS_TEXT[status] ?? 'Internal Server Error';
