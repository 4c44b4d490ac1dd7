import { createHttpClient, errorText as catalogueText, type HttpMethod } from '@dasturxon/client';
import type { OrderStatus } from '@dasturxon/domain';
import type {
  Reservation,
  StaffChatConversation,
  StaffChatThread,
  StaffGrade,
  StaffGrades,
  ReservationMoveRequest,
  StaffReservationRequest,
  Branch,
  Courier as CourierSchema,
  CourierPositionRequest,
  Figures,
  Floor,
  Merchant,
  Staff,
  TableLinkSheet,
  WaiterCall,
  StaffLoginFailures,
  StaffLoginRequest,
  StaffLoginResponse,
  StaffOrder,
  StaffPasswordChange,
  StaffOrderList,
  StaffStatusRequest,
  StopList,
  StopRequest,
} from '@dasturxon/domain/contracts';
import type { Translator } from './i18n.ts';
import { staffToken } from './session.ts';

/*
 * Every call of the console, same-origin under /api (the server finds the brand from the host), each with the
 * staff token. Only types come from the contracts: the console trusts the server's answers and carries no zod.
 */

/** The contract names the courier's schema but no type of it: its output type, without importing zod. */
export type Courier = (typeof CourierSchema)['_output'];

export const OPS = '/api/ops/v1';
/** Orders per board page the console asks for: the first shows at once, the rest follow until none is left. */
const BOARD_PAGE = 200;

export const readToken = (): string | null => staffToken.get();
export const storeToken = (token: string | null): void => (token ? staffToken.start(token) : staffToken.end('signedOut'));

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

/**
 * The console's calls (the client package's `createHttpClient`): whole paths under /api, each with the staff token
 * but the login's, never kept by a cache; a 401 on one signs the console out.
 */
const client = createHttpClient({
  base: '',
  token: readToken,
  authByDefault: true,
  onUnauthorized: reportUnauthorized,
  init: { cache: 'no-store' },
});

const call = <T>(method: HttpMethod, path: string, body?: unknown, options: { auth?: boolean } = {}): Promise<T> =>
  client.request<T>(path, { method, ...(body === undefined ? {} : { body }), ...options });

/** The back office's API (issue 28): `/api/admin/v1` + `path`, with the staff token. */
export const ADMIN = '/api/admin/v1';
export const adminCall = <T>(method: HttpMethod, path: string, body?: unknown): Promise<T> => call<T>(method, `${ADMIN}${path}`, body);

/** What to show for a failed call, in the console's language. */
export function errorText(error: unknown, tr: Translator): string {
  // The console's own words for a code (`errors.<CODE>`, every code of the catalogue in all seven languages), else the
  // server's description in the nearest content language (a code newer than this build).
  return catalogueText(error, {
    lang: tr.content,
    t: (key, values) => tr.t(key as Parameters<Translator['t']>[0], values),
    codeKey: (code) => `errors.${code}`,
    fallbackKey: 'unknownError',
    networkKey: 'networkError',
    retryInKey: 'retryIn',
  });
}

export const api = {
  login: (body: StaffLoginRequest) => call<StaffLoginResponse>('POST', `${OPS}/auth/login`, body, { auth: false }),
  logout: () => call<void>('POST', `${OPS}/auth/logout`),
  /** Ends a session the console has not kept (a one-time password's, left without a new password). */
  logoutOf: (token: string) =>
    client.request<void>(`${OPS}/auth/logout`, { method: 'POST', auth: false, headers: { Authorization: `Bearer ${token}` } }),
  me: () => call<Staff>('GET', `${OPS}/me`),
  /**
   * Sets the member's own password. With `token`: a session the login just answered (a one-time password), not yet
   * kept by the console, so its 401 does not sign the console out.
   */
  setPassword: (body: StaffPasswordChange, token?: string) =>
    client.request<Staff>(`${OPS}/auth/password`, {
      method: 'POST',
      body,
      ...(token ? { auth: false, headers: { Authorization: `Bearer ${token}` } } : {}),
    }),
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
  /** The reservation book of a branch and day (issue 32). */
  reservations: (branchId: string, day: string) =>
    call<Reservation[]>('GET', `${OPS}/reservations?branchId=${encodeURIComponent(branchId)}&day=${encodeURIComponent(day)}`),
  phoneReservation: (body: StaffReservationRequest) => call<Reservation>('POST', `${OPS}/reservations`, body),
  moveReservation: (id: string, body: ReservationMoveRequest) =>
    call<Reservation>('POST', `${OPS}/reservations/${encodeURIComponent(id)}/status`, body),
  /** The customers' grades of the member's branches, newest first (issue 31); the owner or an admin hides a comment. */
  grades: (page: number, branchId?: string) =>
    call<StaffGrades>('GET', `${OPS}/grades?page=${page}${branchId ? `&branchId=${encodeURIComponent(branchId)}` : ''}`),
  hideGrade: (id: string, hidden: boolean) => call<StaffGrade>('PUT', `${OPS}/grades/${encodeURIComponent(id)}/hidden`, { hidden }),
  /** The chat inbox (issue 32). */
  chats: (status: 'OPEN' | 'CLOSED') => call<StaffChatConversation[]>('GET', `${OPS}/chats?status=${status}`),
  chat: (id: string) => call<StaffChatThread>('GET', `${OPS}/chats/${encodeURIComponent(id)}`),
  chatReply: (id: string, text: string) => call<StaffChatThread>('POST', `${OPS}/chats/${encodeURIComponent(id)}/messages`, { text }),
  chatClose: (id: string) => call<StaffChatConversation>('POST', `${OPS}/chats/${encodeURIComponent(id)}/close`),
  /** The floor (issue 32): the open calls, oldest first, and the running tables of the member's branches (or of one). */
  floor: (branchId?: string) => call<Floor>('GET', `${OPS}/floor${branchId ? `?branchId=${encodeURIComponent(branchId)}` : ''}`),
  takeCall: (id: string) => call<WaiterCall>('POST', `${OPS}/floor/calls/${encodeURIComponent(id)}/take`),
  closeCall: (id: string) => call<WaiterCall>('POST', `${OPS}/floor/calls/${encodeURIComponent(id)}/close`),
  /** Ends a table's session (its seats order no more) and closes its calls. */
  closeTable: (sessionId: string) => call<void>('POST', `${OPS}/floor/tables/${encodeURIComponent(sessionId)}/close`),
  /** Every active table of a branch with its signed link, for the QR sheet. */
  tableLinks: (branchId: string) => call<TableLinkSheet>('GET', `${OPS}/floor/branches/${encodeURIComponent(branchId)}/qr`),
  /** The brand of this host (its name under each QR code). */
  brand: () => call<Merchant>('GET', '/api/users/v1/merchants/current', undefined, { auth: false }),
  /** The brand's branches (the storefront's public list): names for the filters. */
  branches: () => call<Branch[]>('GET', '/api/users/v1/branches', undefined, { auth: false }),
};
