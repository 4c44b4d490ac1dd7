import { http } from '../../lib/http.ts';
import { telegramInitData } from '../telegram/init-data.ts';
import { clearCustomerData } from './customer-data.ts';
import { endSession, getToken } from './session-store.ts';

/**
 * Logout: `POST /users/v1/users/logout` (in Telegram `POST /webbot/v1/users/logout`) revokes the token, then this device forgets the customer
 * (`clearCustomerData`) and the session ends. A failed call is only logged (docs/spec-index.md section 8): the
 * customer asked to leave, and leaves. The token is sent by hand so a token the server already
 * refused does not count as an expired session.
 */
export async function logOut(): Promise<void> {
  const token = getToken();
  // Inside Telegram the mini app's session ends through its own call (docs/telegram.md); the initData stays (customer-data.ts).
  const initData = telegramInitData();
  if (token) {
    try {
      const headers = { Authorization: `Bearer ${token}` };
      if (initData) await http<void>('/webbot/v1/users/logout', { method: 'POST', headers, body: { initData } });
      else await http<void>('/users/v1/users/logout', { method: 'POST', headers });
    } catch (error) {
      console.warn('Logout call failed', error);
    }
  }
  clearCustomerData();
  endSession('logout');
}

/** `DELETE /users/v1/users`: the account is erased; then as a logout. Rejects (and keeps the session) when the call fails. */
export async function deleteAccount(): Promise<void> {
  await http<void>('/users/v1/users', { method: 'DELETE', auth: true });
  clearCustomerData();
  endSession('deleted');
}
