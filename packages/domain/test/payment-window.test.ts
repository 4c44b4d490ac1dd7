import { describe, expect, it } from 'vitest';
import { PAYMENT_WINDOW_MS, unpaidOrderDue, withinPaymentWindow } from '../src/payment-window.ts';

const MIN = 60_000;
const payUntil = 20 * MIN;

describe('unpaidOrderDue: the unpaid timer never races a provider', () => {
  it('an order with nothing in progress is due at its payment time', () => {
    expect(unpaidOrderDue(payUntil, [], payUntil - 1)).toEqual({ cancel: false, dueAt: payUntil });
    expect(unpaidOrderDue(payUntil, [], payUntil)).toEqual({ cancel: true, dueAt: payUntil });
  });

  it.each([
    ['PAYME', 43_200_000],
    ['UZUM', 30 * MIN],
    ['CLICK', 30 * MIN],
  ] as const)('%s: a transaction in progress holds the order until %i ms after it started, not a moment less', (provider, window) => {
    expect(PAYMENT_WINDOW_MS[provider]).toBe(window);
    const startedAt = 15 * MIN;
    const end = startedAt + window;
    expect(unpaidOrderDue(payUntil, [{ provider, startedAt }], payUntil)).toEqual({ cancel: false, dueAt: end });
    expect(unpaidOrderDue(payUntil, [{ provider, startedAt }], end - 1).cancel).toBe(false);
    expect(unpaidOrderDue(payUntil, [{ provider, startedAt }], end)).toEqual({ cancel: true, dueAt: end });
    expect(withinPaymentWindow({ provider, startedAt }, end - 1)).toBe(true);
    expect(withinPaymentWindow({ provider, startedAt }, end)).toBe(false);
  });

  it('a transaction whose window ended before the payment time changes nothing', () => {
    expect(unpaidOrderDue(payUntil, [{ provider: 'UZUM', startedAt: payUntil - 31 * MIN }], payUntil)).toEqual({
      cancel: true,
      dueAt: payUntil,
    });
  });

  it('several in progress: the latest window decides', () => {
    const inProgress = [
      { provider: 'CLICK', startedAt: 10 * MIN },
      { provider: 'UZUM', startedAt: 18 * MIN },
    ] as const;
    expect(unpaidOrderDue(payUntil, inProgress, 40 * MIN)).toEqual({ cancel: false, dueAt: 48 * MIN });
    expect(unpaidOrderDue(payUntil, inProgress, 48 * MIN).cancel).toBe(true);
  });
});
