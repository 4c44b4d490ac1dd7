import { describe, expect, it } from 'vitest';
import { branchesToSend, branchSummary, lacksBranches } from './staff-view.ts';

const nameOf = (id: string) => `branch ${id}`;

describe('the staff screen’s branches', () => {
  it('says an owner, and an admin or a manager with none, work everywhere; an operator with none works nowhere yet', () => {
    expect(branchSummary({ role: 'owner', branchIds: ['a'] }, nameOf)).toEqual({ kind: 'all' });
    expect(branchSummary({ role: 'admin', branchIds: [] }, nameOf)).toEqual({ kind: 'all' });
    expect(branchSummary({ role: 'manager', branchIds: [] }, nameOf)).toEqual({ kind: 'all' });
    expect(branchSummary({ role: 'operator', branchIds: [] }, nameOf)).toEqual({ kind: 'none' });
    expect(branchSummary({ role: 'kitchen', branchIds: ['a', 'b'] }, nameOf)).toEqual({ kind: 'named', names: ['branch a', 'branch b'] });
  });

  it('sends no branches for an owner, each ticked one once otherwise, and stops a courier without any', () => {
    expect(branchesToSend('owner', ['a'])).toEqual([]);
    expect(branchesToSend('courier', ['a', 'b', 'a'])).toEqual(['a', 'b']);
    expect(lacksBranches('courier', [])).toBe(true);
    expect(lacksBranches('courier', ['a'])).toBe(false);
    expect(lacksBranches('manager', [])).toBe(false);
    expect(lacksBranches('owner', [])).toBe(false);
  });
});
