import { describe, expect, it } from 'vitest';
import { parsePendingLogin, pendingFromAnswer, returnPath } from './pending-login.ts';

describe('the pending login', () => {
  it('returns only to a path of this storefront that is not the login', () => {
    expect(returnPath('/basket')).toBe('/basket');
    expect(returnPath('/product/1?x=1')).toBe('/product/1?x=1');
    expect(returnPath('/login')).toBe('/');
    expect(returnPath('/login/confirm')).toBe('/');
    expect(returnPath('https://evil.example')).toBe('/');
    expect(returnPath('//evil.example')).toBe('/');
    expect(returnPath(undefined)).toBe('/');
  });

  it("counts the resend and the expiry from the server's answer", () => {
    const pending = pendingFromAnswer(
      { phone: '+998901234567', codeLength: 6, resendAfterSeconds: 60, expiresInSeconds: 120 },
      '/basket',
      1_000,
    );
    expect(pending).toEqual({ phone: '+998901234567', codeLength: 6, resendAt: 61_000, expiresAt: 121_000, from: '/basket' });
    expect(parsePendingLogin(JSON.stringify(pending))).toEqual(pending);
  });

  it('ignores damaged or foreign data', () => {
    expect(parsePendingLogin('nope')).toBeNull();
    expect(parsePendingLogin(JSON.stringify({ phone: '998', resendAt: 1, expiresAt: 1, codeLength: 6 }))).toBeNull();
    expect(
      parsePendingLogin(JSON.stringify({ phone: '+998901234567', resendAt: 1, expiresAt: 2, codeLength: 6, from: 'https://x' }))?.from,
    ).toBe('/');
  });
});
