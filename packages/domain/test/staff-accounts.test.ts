import { describe, expect, it } from 'vitest';
import { needsBranches, newPasswordProblem, staffChangeRefusal, STAFF_PASSWORD_MIN_LENGTH, STAFF_ROLES } from '../src/index.ts';

const owner = (id: string, isActive = true) => ({ id, role: 'owner' as const, isActive });

describe('staff accounts (issue 28)', () => {
  it('a new password is long enough, not too long, and not the current one', () => {
    expect(STAFF_PASSWORD_MIN_LENGTH).toBe(10);
    expect(newPasswordProblem('short-one', 'old-password')).toBe('tooShort');
    expect(newPasswordProblem('x'.repeat(201), 'old-password')).toBe('tooLong');
    expect(newPasswordProblem('old-password', 'old-password')).toBe('unchanged');
    expect(newPasswordProblem('a-new-password', 'old-password')).toBeNull();
    // Characters, not UTF-16 units: ten emoji are ten characters.
    expect(newPasswordProblem('🙂'.repeat(9), 'x')).toBe('tooShort');
    expect(newPasswordProblem('🙂'.repeat(10), 'x')).toBeNull();
  });

  it('nobody disables themselves or changes their own role', () => {
    expect(staffChangeRefusal('a', owner('a'), { role: 'owner', isActive: false }, 3)).toBe('STAFF_SELF_CHANGE');
    expect(staffChangeRefusal('a', owner('a'), { role: 'manager', isActive: true }, 3)).toBe('STAFF_SELF_CHANGE');
    // Their name and branches are theirs to change: no role or activity moves.
    expect(staffChangeRefusal('a', owner('a'), { role: 'owner', isActive: true }, 1)).toBeNull();
  });

  it('the brand keeps an active owner', () => {
    expect(staffChangeRefusal('a', owner('b'), { role: 'owner', isActive: false }, 1)).toBe('STAFF_LAST_OWNER');
    expect(staffChangeRefusal(null, owner('b'), { role: 'admin', isActive: true }, 1)).toBe('STAFF_LAST_OWNER');
    expect(staffChangeRefusal('a', owner('b'), { role: 'owner', isActive: false }, 2)).toBeNull();
    // A disabled owner is not one of the active ones: changing them leaves the count as it is.
    expect(staffChangeRefusal('a', owner('b', false), { role: 'admin', isActive: false }, 1)).toBeNull();
    const manager = { id: 'm', role: 'manager' as const, isActive: true };
    expect(staffChangeRefusal('a', manager, { role: 'courier', isActive: false }, 1)).toBeNull();
    expect(staffChangeRefusal('a', manager, { role: 'owner', isActive: true }, 1)).toBeNull();
  });

  it('an operator, a kitchen, a courier and a waiter name their branches; the others may work everywhere', () => {
    expect(STAFF_ROLES.filter(needsBranches)).toEqual(['operator', 'kitchen', 'courier', 'waiter']);
  });
});
