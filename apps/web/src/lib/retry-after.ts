import { HttpError } from './http.ts';

/** Seconds the server asked to wait before the same call (429 `OTP_TOO_EARLY`, `RATE_LIMITED`: `details.retryAfterSeconds`), when it said. */
export function retryAfterSeconds(error: unknown): number | null {
  const details = error instanceof HttpError ? error.body?.details : null;
  const seconds = details && typeof details === 'object' ? (details as { retryAfterSeconds?: unknown }).retryAfterSeconds : null;
  return typeof seconds === 'number' && seconds > 0 ? seconds : null;
}
