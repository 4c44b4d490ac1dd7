import type { LoginResponse, SendOtpResponse } from '@dasturxon/domain';
import { http, HttpError } from '../../lib/http.ts';

/** `POST /users/v1/auth/otp`: sends a login code by SMS. */
export function sendLoginCode(phone: string): Promise<SendOtpResponse> {
  return http<SendOtpResponse>('/users/v1/auth/otp', { method: 'POST', body: { phone } });
}

/** `POST /users/v1/auth/otp/verify`: the code for a session token and the customer. */
export function verifyLoginCode(phone: string, code: string): Promise<LoginResponse> {
  return http<LoginResponse>('/users/v1/auth/otp/verify', { method: 'POST', body: { phone, code } });
}

/** Seconds the server asked to wait (429 OTP_TOO_EARLY, RATE_LIMITED), when it said. */
export function retryAfterSeconds(error: unknown): number | null {
  const details = error instanceof HttpError ? error.body?.details : null;
  const seconds = details && typeof details === 'object' ? (details as { retryAfterSeconds?: unknown }).retryAfterSeconds : null;
  return typeof seconds === 'number' && seconds > 0 ? seconds : null;
}

/** Tries left on a code after a wrong one (400 OTP_INVALID), when the server said. */
export function attemptsLeft(error: unknown): number | null {
  const details = error instanceof HttpError ? error.body?.details : null;
  const left = details && typeof details === 'object' ? (details as { attemptsLeft?: unknown }).attemptsLeft : null;
  return typeof left === 'number' ? left : null;
}
