import { describe, expect, it } from 'vitest';
import { isolateAmount } from './basket-money.ts';

describe('amounts in right-to-left text', () => {
  it('keep their digits, grouping spaces and minus sign in one left-to-right run', () => {
    expect(isolateAmount('82 000 سوم')).toBe('\u206682 000\u2069 سوم');
    expect(isolateAmount('−6 300 سوم')).toBe('\u2066−6 300\u2069 سوم');
    expect(isolateAmount('0 سوم')).toBe('\u20660\u2069 سوم');
    expect(isolateAmount('1 234 567.5 so\'m')).toBe('\u20661 234 567.5\u2069 so\'m');
  });

  it('leave text that does not start with an amount alone', () => {
    expect(isolateAmount('مجانًا')).toBe('مجانًا');
  });
});
