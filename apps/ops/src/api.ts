import type { ErrorBody, OrderStatus } from '@dasturxon/domain';
import type {
  Branch,
  Courier as CourierSchema,
  CourierPositionRequest,
  Figures,
  Staff,
  StaffLoginFailures,
  StaffLoginRequest,
  StaffLoginResponse,
  StaffOrder,
  StaffOrderList,
  StaffStatusRequest,
  StopList,
  StopRequest,
} from '@dasturxon/domain/contracts';
import type { Translator } from './i18n.ts';

/*
 * Every call of the console, same-origin under /api (the server finds the brand from the host), each with the
 * staff token. Only types come from the contracts: the console trusts the server's answers and carries no zod.
 */

/** The contract names the courier's schema but no type of it: its output type, without importing zod. */
export type Courier = (typeof CourierSchema)['_output'];

const TOKEN_KEY = 'dx-ops-token';
export const OPS = '/api/ops/v1';
/** Orders per board page the console asks for: the first shows at once, the rest follow until none is left. */
const BOARD_PAGE = 200;

export const readToken = (): string | null => localStorage.getItem(TOKEN_KEY);
export const storeToken = (token: string | null): void => {
  if (token) localStorage.setItem(TOKEN_KEY, token);
  else localStorage.removeItem(TOKEN_KEY);
};

/** An answer other than 2xx, with the server's error body when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody | null;
  /** Seconds to wait, from Retry-After (429). */
  readonly retryAfter: number | null;

  constructor(status: number, body: ErrorBody | null, retryAfter: number | null) {
    super(body?.message ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.retryAfter = retryAfter;
  }
}

let onUnauthorized: () => void = () => {};
/** The session's reaction to a 401 on any call but the login: back to the login screen. */
export const setUnauthorizedHandler = (handler: () => void): void => {
  onUnauthorized = handler;
};

/** The token is no longer good (an answer 401): forget it and go to the login screen. */
export function reportUnauthorized(): void {
  storeToken(null);
  onUnauthorized();
}

async function call<T>(method: string, path: string, body?: unknown, options: { auth?: boolean } = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = readToken();
  if (token && options.auth !== false) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), cache: 'no-store' });
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  const json: unknown = text ? safeParse(text) : null;
  if (!response.ok) {
    const retry = Number(response.headers.get('retry-after'));
    const error = new ApiError(response.status, isErrorBody(json) ? json : null, Number.isFinite(retry) && retry > 0 ? retry : null);
    if (response.status === 401 && options.auth !== false) reportUnauthorized();
    throw error;
  }
  return json as T;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const isErrorBody = (v: unknown): v is ErrorBody =>
  typeof v === 'object' && v !== null && typeof (v as ErrorBody).code === 'string' && typeof (v as ErrorBody).description === 'object';

/**
 * The console's own words for an error code (`errors.<CODE>`, every code of the domain's catalogue in all seven
 * languages, the storefront's texts), else the server's description in the nearest content language (a code newer
 * than this build).
 */
function describe(body: ErrorBody, tr: Translator): string {
  const id = `errors.${body.code}`;
  const own = tr.t(id);
  return own !== id ? own : body.description[tr.content] || body.description.ru || body.message;
}

/** What to show for a failed call, in the console's language. */
export function errorText(error: unknown, tr: Translator): string {
  if (error instanceof ApiError) {
    const described = error.body ? describe(error.body, tr) : tr.t('unknownError');
    return error.retryAfter ? `${described}. ${tr.t('retryIn', { s: error.retryAfter })}` : described;
  }
  if (error instanceof TypeError) return tr.t('networkError');
  return tr.t('unknownError');
}

export const api = {
  login: (body: StaffLoginRequest) => call<StaffLoginResponse>('POST', `${OPS}/auth/login`, body, { auth: false }),
  logout: () => call<void>('POST', `${OPS}/auth/logout`),
  me: () => call<Staff>('GET', `${OPS}/me`),
  /** One page of the board (waiting orders first, newest first); `cursor` is the previous page's `nextCursor`. */
  orders: (cursor: string | null = null, query: { status?: readonly OrderStatus[]; branchId?: string } = {}) => {
    const params = new URLSearchParams({ size: String(BOARD_PAGE) });
    if (query.status?.length) params.set('status', query.status.join(','));
    if (query.branchId) params.set('branchId', query.branchId);
    if (cursor) params.set('cursor', cursor);
    return call<StaffOrderList>('GET', `${OPS}/orders?${params.toString()}`);
  },
  order: (id: string) => call<StaffOrder>('GET', `${OPS}/orders/${encodeURIComponent(id)}`),
  move: (id: string, body: Partial<StaffStatusRequest> & { status: OrderStatus }) =>
    call<StaffOrder>('PUT', `${OPS}/orders/${encodeURIComponent(id)}/status`, body),
  couriers: () => call<{ content: Courier[] }>('GET', `${OPS}/couriers`).then((r) => r.content),
  position: (body: CourierPositionRequest) => call<void>('PUT', `${OPS}/courier/position`, body),
  stopList: (branchId: string) => call<StopList>('GET', `${OPS}/stop-list?branchId=${encodeURIComponent(branchId)}`),
  stop: (body: StopRequest) => call<StopList>('PUT', `${OPS}/stop-list`, body),
  pauseDelivery: (branchId: string, minutes: number) => call<StopList>('PUT', `${OPS}/delivery-pause`, { branchId, minutes }),
  /** The brand's failed staff logins of the last day, per member and network (admin only). */
  loginFailures: () => call<StaffLoginFailures>('GET', `${OPS}/auth/failures`).then((r) => r.content),
  figures: (day: string) => call<Figures>('GET', `${OPS}/figures?day=${encodeURIComponent(day)}`),
  /** The brand's branches (the storefront's public list): names for the filters. */
  branches: () => call<Branch[]>('GET', '/api/users/v1/branches', undefined, { auth: false }),
};
