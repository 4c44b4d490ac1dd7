import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { percentOf, roundHalfUp, sum } from '../src/money.ts';

describe('sum', () => {
  it('accepts whole amounts', () => {
    expect(sum(0)).toBe(0);
    expect(sum(45_000)).toBe(45_000);
    expect(sum(-5)).toBe(-5);
  });

  it('refuses fractions and non-numbers', () => {
    for (const bad of [1.5, 0.1, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1]) {
      expect(() => sum(bad), String(bad)).toThrow(RangeError);
    }
  });
});

describe('percentOf', () => {
  it('rounds half up at exactly .5', () => {
    expect(percentOf(15, 10)).toBe(2); // 1.5
    expect(percentOf(25, 10)).toBe(3); // 2.5
    expect(percentOf(5, 10)).toBe(1); // 0.5
    expect(percentOf(45, 10)).toBe(5); // 4.5
  });

  it('rounds below .5 down and above it up', () => {
    expect(percentOf(14, 10)).toBe(1); // 1.4
    expect(percentOf(16, 10)).toBe(2); // 1.6
    expect(percentOf(4, 10)).toBe(0); // 0.4
  });

  it('is exact on whole percents of whole amounts', () => {
    expect(percentOf(129_000, 10)).toBe(12_900);
    expect(percentOf(12_345, 50)).toBe(6_173); // 6172.5
    expect(percentOf(100, 100)).toBe(100);
  });

  it('takes percents with up to two decimals', () => {
    expect(percentOf(100, 12.5)).toBe(13); // 12.5
    expect(percentOf(1_000, 0.05)).toBe(1); // 0.5
  });

  it('is zero for a zero or negative percent and for a zero amount', () => {
    expect(percentOf(1_000, 0)).toBe(0);
    expect(percentOf(1_000, -10)).toBe(0);
    expect(percentOf(0, 50)).toBe(0);
  });

  it('agrees with exact integer arithmetic for whole amounts and whole percents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), fc.integer({ min: 0, max: 100 }), (amount, pct) => {
        const exact = (BigInt(amount) * BigInt(pct) * 2n + 100n) / 200n; // floor(a·p/100 + 1/2)
        expect(percentOf(amount, pct)).toBe(Number(exact));
      }),
    );
  });
});

describe('roundHalfUp', () => {
  it('rounds .5 up', () => {
    expect(roundHalfUp(2.5)).toBe(3);
    expect(roundHalfUp(2.4)).toBe(2);
    expect(roundHalfUp(-2.5)).toBe(-2);
  });
});
