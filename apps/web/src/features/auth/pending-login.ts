import { isSafeInternalPath, type SendOtpResponse } from '@dasturxon/domain';
import { currentMerchantId } from '../../lib/http.ts';
import { readStored, writeStored } from '../../lib/storage.ts';

/**
 * A login between the two screens: the number the code went to, when another may be asked for,
 * and where the customer goes afterwards. Kept for the tab, so a reload of /login/confirm or a
 * trip to the SMS app does not lose it.
 */
export interface PendingLogin {
  /** E.164, as the server answered it. */
  phone: string;
  codeLength: number;
  /** Epoch ms after which another code may be asked for. */
  resendAt: number;
  /** Epoch ms after which the code no longer works. */
  expiresAt: number;
  /** Where the customer was before the login. */
  from: string;
}

const key = () => `dx:${currentMerchantId() ?? '-'}:login`;

/** A safe place to return to: a path of this storefront that is not the login itself, else '/'. */
export function returnPath(candidate: unknown): string {
  if (typeof candidate !== 'string' || !isSafeInternalPath(candidate)) return '/';
  const path = candidate.split(/[?#]/)[0] ?? '';
  return path === '/login' || path.startsWith('/login/') ? '/' : candidate;
}

export function pendingFromAnswer(answer: SendOtpResponse, from: string, now: number): PendingLogin {
  return {
    phone: answer.phone,
    codeLength: answer.codeLength,
    resendAt: now + answer.resendAfterSeconds * 1000,
    expiresAt: now + answer.expiresInSeconds * 1000,
    from: returnPath(from),
  };
}

export function parsePendingLogin(text: string | null): PendingLogin | null {
  if (!text) return null;
  try {
    const raw = JSON.parse(text) as Partial<PendingLogin> | null;
    if (!raw || typeof raw.phone !== 'string' || !raw.phone.startsWith('+')) return null;
    if (typeof raw.resendAt !== 'number' || typeof raw.expiresAt !== 'number' || typeof raw.codeLength !== 'number') return null;
    return { phone: raw.phone, codeLength: raw.codeLength, resendAt: raw.resendAt, expiresAt: raw.expiresAt, from: returnPath(raw.from) };
  } catch {
    return null;
  }
}

export const readPendingLogin = (): PendingLogin | null => parsePendingLogin(readStored(key(), 'session'));
export const savePendingLogin = (pending: PendingLogin): void => writeStored(key(), JSON.stringify(pending), 'session');
export function clearPendingLogin(): void {
  try {
    sessionStorage.removeItem(key());
  } catch {
    // Nothing was kept.
  }
}
