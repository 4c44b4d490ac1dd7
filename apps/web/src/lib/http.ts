import { buildUrl as buildUrlUnder, createHttpClient, type QueryValue, type RequestOptions, type Transport } from '@dasturxon/client';
import { MERCHANT_HEADER, TABLE_SEAT_HEADER } from '@dasturxon/domain';
import { HTTP_TIMEOUT_MS, RETRY_STATUSES } from './constants.ts';

export { asErrorBody, errorDescription, HttpError, type HttpMethod, type RequestOptions } from '@dasturxon/client';

/** Every path of the API lives under this prefix (docs/architecture.md, HTTP contract). */
export const API_BASE = '/api';

/** `path` under /api with the query's values that are set. */
export const buildUrl = (path: string, query?: Record<string, QueryValue>): string => buildUrlUnder(API_BASE, path, query);

let merchantId: string | null = null;
/** Once the merchant is known every call names it (docs/spec-index.md section 6). */
export function setMerchantId(id: string | null): void {
  merchantId = id;
}

/** The merchant every call names; what is kept per merchant (the customer's session) is keyed by it. */
export const currentMerchantId = (): string | null => merchantId;

let tableSeat: string | null = null;
/** The seat of the table the visitor sits at (issue 32, shared/table/table-seat.ts): every call then says it, and orders go to that table. */
export function setTableSeat(seat: string | null): void {
  tableSeat = seat;
}

let tokenSource: () => string | null = () => null;
let onUnauthorized: (() => void) | null = null;
/** The login feature plugs its token in here, and what to do when a token is refused (docs/spec-index.md section 8: log out). */
export function configureAuth(source: () => string | null, unauthorized: () => void): void {
  tokenSource = source;
  onUnauthorized = unauthorized;
}

/**
 * The storefront's calls (the client package's `createHttpClient`): under /api, naming the merchant once known, the
 * customer's token only on routes the spec marks WITH_TOKEN (`auth: true`), one retry of a GET for the statuses of
 * docs/spec-index.md section 9.
 */
const client = createHttpClient({
  base: API_BASE,
  headers: (): Record<string, string> => ({
    ...(merchantId ? { [MERCHANT_HEADER]: merchantId } : {}),
    ...(tableSeat ? { [TABLE_SEAT_HEADER]: tableSeat } : {}),
  }),
  token: () => tokenSource(),
  onUnauthorized: () => onUnauthorized?.(),
  timeoutMs: HTTP_TIMEOUT_MS,
  retryStatuses: RETRY_STATUSES,
  init: { credentials: 'same-origin' },
});

/** The one way the storefront talks to the API. Resolves with the parsed body; rejects with `HttpError`. */
export const http = <T>(path: string, options?: RequestOptions): Promise<T> => client.request<T>(path, options);

/** The server renders pages with the API in its own process: it plugs that in here (entry-server.tsx). */
export const setTransport = (next: Transport): void => client.setTransport(next);

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
