import { describe, expect, it } from 'vitest';
import {
  CANCEL_OTHER_TEXT_MAX,
  CANCEL_REASONS,
  cancelTextProblem,
  CUSTOMER_CANCEL_REASONS,
  isCancelReason,
} from '../src/cancel-reasons.ts';
import { REJECT_REASONS } from '../src/staff.ts';

describe('cancel reasons', () => {
  it("hold the customer's, the staff's and the system's codes, each once", () => {
    for (const code of [...CUSTOMER_CANCEL_REASONS, ...REJECT_REASONS, 'NOT_PAID_IN_TIME', 'PAYMENT_REFUNDED'])
      expect(isCancelReason(code)).toBe(true);
    expect(new Set(CANCEL_REASONS).size).toBe(CANCEL_REASONS.length);
    expect(CUSTOMER_CANCEL_REASONS).toContain('CHANGED_MIND');
    expect(isCancelReason('PAID')).toBe(false);
    expect(isCancelReason('out of buns')).toBe(false);
  });

  it("ask OTHER for the customer's own words, at most CANCEL_OTHER_TEXT_MAX of them", () => {
    expect(cancelTextProblem('OTHER', '  ')).toEqual({ code: 'CANCEL_REASON_TEXT_REQUIRED' });
    expect(cancelTextProblem('OTHER', 'я'.repeat(CANCEL_OTHER_TEXT_MAX + 1))).toEqual({
      code: 'CANCEL_REASON_TEXT_TOO_LONG',
      details: { max: CANCEL_OTHER_TEXT_MAX },
    });
    expect(cancelTextProblem('OTHER', 'я'.repeat(CANCEL_OTHER_TEXT_MAX))).toBeNull();
    expect(cancelTextProblem('CHANGED_MIND', '')).toBeNull();
  });
});
