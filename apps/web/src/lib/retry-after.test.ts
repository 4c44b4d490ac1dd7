import { describe, expect, it } from 'vitest';
import { errorBody } from '@dasturxon/domain';
import { HttpError } from './http.ts';
import { retryAfterSeconds } from './retry-after.ts';

describe('retryAfterSeconds', () => {
  it('reads the wait the server asked for, and nothing else', () => {
    expect(retryAfterSeconds(new HttpError('http', 429, errorBody('OTP_TOO_EARLY', { retryAfterSeconds: 42 }), 'x'))).toBe(42);
    expect(retryAfterSeconds(new HttpError('http', 429, errorBody('RATE_LIMITED', { retryAfterSeconds: 0 }), 'x'))).toBeNull();
    expect(retryAfterSeconds(new HttpError('http', 429, errorBody('RATE_LIMITED'), 'x'))).toBeNull();
    expect(retryAfterSeconds(new HttpError('network', 0, null, 'x'))).toBeNull();
  });
});
