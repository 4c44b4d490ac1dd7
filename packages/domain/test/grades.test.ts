import { describe, expect, it } from 'vitest';
import { canGrade, cleanComment, gradeProblem, regradeUntil, REGRADE_WINDOW_MS, showsAverage, type GradeCheck } from '../src/grades.ts';

const now = new Date('2026-11-28T10:00:00Z');
const check = (extra: Partial<GradeCheck> = {}): GradeCheck => ({
  userId: 'u1',
  orderUserId: 'u1',
  status: 'DELIVERED',
  firstGradedAt: null,
  now,
  ...extra,
});

describe('gradeProblem', () => {
  it('lets the customer grade a delivered or closed (picked up) order of theirs', () => {
    expect(gradeProblem(check())).toBeNull();
    expect(gradeProblem(check({ status: 'CLOSED' }))).toBeNull();
    expect(canGrade(check())).toBe(true);
  });
  it("answers someone else's order as not found", () => {
    expect(gradeProblem(check({ orderUserId: 'u2' }))).toBe('NOT_FOUND');
    expect(gradeProblem(check({ orderUserId: null }))).toBe('NOT_FOUND');
  });
  it('refuses an order that has not reached the customer', () => {
    for (const status of ['CREATED', 'COOKING', 'ON_WAY', 'CANCELED', 'DONE'] as const)
      expect(gradeProblem(check({ status }))).toBe('GRADE_NOT_COMPLETED');
  });
  it('lets the grade change for a day after the first, then locks it', () => {
    const first = new Date(now.getTime() - REGRADE_WINDOW_MS + 60_000);
    expect(gradeProblem(check({ firstGradedAt: first }))).toBeNull();
    expect(gradeProblem(check({ firstGradedAt: new Date(now.getTime() - REGRADE_WINDOW_MS - 1) }))).toBe('GRADE_LOCKED');
    expect(regradeUntil(first).getTime()).toBe(first.getTime() + REGRADE_WINDOW_MS);
  });
});

describe('cleanComment', () => {
  it('trims, drops control characters, keeps new lines, empty is null', () => {
    expect(cleanComment('  Вкусно\u0007!\n ')).toBe('Вкусно!');
    expect(cleanComment('a\nb')).toBe('a\nb');
    expect(cleanComment('   ')).toBeNull();
    expect(cleanComment(undefined)).toBeNull();
  });
});

describe('showsAverage', () => {
  it('shows the average from three grades on', () => {
    expect(showsAverage(2)).toBe(false);
    expect(showsAverage(3)).toBe(true);
  });
});
