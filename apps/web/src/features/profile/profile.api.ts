import type { AccountDeletionCheck, CashbackSummary, Gender, SendOtpResponse, User } from '@dasturxon/domain';
import { http } from '../../lib/http.ts';

/** The fields of `PUT /users/v1/users/{id}`; only those sent change, null clears e-mail and birthday. */
export interface UserChanges {
  firstName?: string;
  lastName?: string;
  email?: string | null;
  birthday?: string | null;
  gender?: Gender | null;
  /** The customer skipped the name step after the login: it is not asked again. */
  skipName?: true;
}

/** `PUT /users/v1/users/{id}` (WITH_TOKEN). */
export function updateUser(id: string, changes: UserChanges): Promise<User> {
  return http<User>(`/users/v1/users/${encodeURIComponent(id)}`, { method: 'PUT', auth: true, body: changes });
}

/** `PUT /users/v1/users/phone` (WITH_TOKEN): a code goes to the new number. */
export function requestPhoneChange(phone: string): Promise<SendOtpResponse> {
  return http<SendOtpResponse>('/users/v1/users/phone', { method: 'PUT', auth: true, body: { phone, type: 'CHANGE_PHONE' } });
}

/** `PUT /users/v1/users/phone/verify` (WITH_TOKEN): the account moves to the new number. */
export function verifyPhoneChange(phone: string, code: string): Promise<User> {
  return http<User>('/users/v1/users/phone/verify', { method: 'PUT', auth: true, body: { phone, code } });
}

/** `GET /users/v1/users/me/cashback` (WITH_TOKEN): the balance, what active orders will add, the brand's percent. */
export function fetchCashback(signal?: AbortSignal): Promise<CashbackSummary> {
  return http<CashbackSummary>('/users/v1/users/me/cashback', { auth: true, signal });
}

/** `GET /users/v1/users/me/deletion` (WITH_TOKEN): the active orders to warn about, and whether deleting is refused now. */
export function fetchDeletionCheck(signal?: AbortSignal): Promise<AccountDeletionCheck> {
  return http<AccountDeletionCheck>('/users/v1/users/me/deletion', { auth: true, signal });
}
