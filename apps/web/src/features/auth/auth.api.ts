import type { LoginResponse, ProofOfWork, SendOtpResponse } from '@dasturxon/domain';
import { http, HttpError } from '../../lib/http.ts';
import { telegramInitData } from '../../shared/telegram/init-data.ts';
import { solveChallenge } from './proof-of-work.ts';

/**
 * `POST /users/v1/auth/otp`: sends a login code by SMS. When the brand is flooded with code requests the server
 * asks for a proof of work first (428 CHALLENGE_REQUIRED): it is solved here and the request sent once more, so
 * the customer only waits a moment longer.
 */
export async function sendLoginCode(phone: string): Promise<SendOtpResponse> {
  try {
    return await http<SendOtpResponse>('/users/v1/auth/otp', { method: 'POST', body: { phone } });
  } catch (error) {
    const details = error instanceof HttpError && error.code === 'CHALLENGE_REQUIRED' ? error.body?.details : undefined;
    const challenge = details?.challenge;
    const difficulty = details?.difficulty;
    if (typeof challenge !== 'string' || typeof difficulty !== 'number') throw error;
    const counter = await solveChallenge(challenge, difficulty);
    if (counter === null) throw error;
    const proof: ProofOfWork = { challenge, counter };
    return http<SendOtpResponse>('/users/v1/auth/otp', { method: 'POST', body: { phone, proof } });
  }
}

/**
 * `POST /users/v1/auth/otp/verify`: the code for a session token and the customer. Inside Telegram the same code
 * finishes the mini app's login instead (`POST /webbot/v1/users/login` with the initData, docs/telegram.md), which
 * links the Telegram user to the customer with that phone.
 */
export function verifyLoginCode(phone: string, code: string): Promise<LoginResponse> {
  const initData = telegramInitData();
  if (initData) return http<LoginResponse>('/webbot/v1/users/login', { method: 'POST', body: { initData, phone, code } });
  return http<LoginResponse>('/users/v1/auth/otp/verify', { method: 'POST', body: { phone, code } });
}
