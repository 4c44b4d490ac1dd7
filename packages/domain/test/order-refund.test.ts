import { describe, expect, it } from 'vitest';
import { mayMarkRefunded, REFUND_MAX_TRIES, refundOnCancel, refundRetryDelayMs, refundRouteOf } from '../src/order-refund.ts';

describe('the refund of a cancelled paid order (issue 29)', () => {
  it('is asked of Click by us, and left to Payme and Uzum; cash never had one', () => {
    expect(refundRouteOf('CLICK')).toBe('CLICK');
    expect(refundRouteOf('CLICK_MINI_APP')).toBe('CLICK');
    expect(refundRouteOf('PAYME')).toBe('PROVIDER');
    expect(refundRouteOf('UZUM')).toBe('PROVIDER');
    expect(refundRouteOf('CASH')).toBeNull();
    expect(refundOnCancel({ paymentType: 'CASH', isPaid: false })).toBe(false);
    expect(refundOnCancel({ paymentType: 'CLICK', isPaid: true })).toBe(true);
  });

  it('waits longer before each retry, and gives up after a bounded number of tries', () => {
    const waits = Array.from({ length: REFUND_MAX_TRIES - 1 }, (_, i) => refundRetryDelayMs(i + 1));
    expect(waits).toEqual([60_000, 120_000, 240_000, 480_000]);
  });

  it('may be marked done by hand when FAILED, or STARTED at Payme or Uzum; never a Click one under way or a done one', () => {
    expect(mayMarkRefunded({ refundState: 'FAILED', paymentType: 'CLICK' })).toBe(true);
    expect(mayMarkRefunded({ refundState: 'STARTED', paymentType: 'PAYME' })).toBe(true);
    expect(mayMarkRefunded({ refundState: 'STARTED', paymentType: 'UZUM' })).toBe(true);
    expect(mayMarkRefunded({ refundState: 'STARTED', paymentType: 'CLICK' })).toBe(false);
    expect(mayMarkRefunded({ refundState: 'DONE', paymentType: 'PAYME' })).toBe(false);
    expect(mayMarkRefunded({ refundState: null, paymentType: 'PAYME' })).toBe(false);
  });
});
