import type { LoginResponse, SendOtpResponse } from '@dasturxon/domain';
import { http } from '../../lib/http.ts';

/** `POST /users/v1/auth/otp`: sends a login code by SMS. */
export function sendLoginCode(phone: string): Promise<SendOtpResponse> {
  return http<SendOtpResponse>('/users/v1/auth/otp', { method: 'POST', body: { phone } });
}

/** `POST /users/v1/auth/otp/verify`: the code for a session token and the customer. */
export function verifyLoginCode(phone: string, code: string): Promise<LoginResponse> {
  return http<LoginResponse>('/users/v1/auth/otp/verify', { method: 'POST', body: { phone, code } });
}

