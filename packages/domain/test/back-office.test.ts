import { describe, expect, it } from 'vitest';
import {
  AREAS_OF_ROLE,
  BACK_OFFICE_AREAS,
  branchScopeOf,
  hasBackOffice,
  mayChange,
  rolesOfArea,
  STAFF_ROLES,
  worksAt,
} from '../src/index.ts';

describe('the back office rules', () => {
  it('gives the owner everything, the admin all but staff, settings and payment accounts, the manager the menu and its kin; the rest nothing', () => {
    expect(AREAS_OF_ROLE.owner).toEqual(BACK_OFFICE_AREAS);
    for (const area of ['staff', 'settings', 'paymentAccounts'] as const) expect(rolesOfArea(area)).toEqual(['owner']);
    expect(rolesOfArea('menu')).toEqual(['owner', 'admin', 'manager']);
    expect(rolesOfArea('zones')).toEqual(['owner', 'admin']);
    expect(mayChange('manager', 'hours')).toBe(true);
    expect(mayChange('manager', 'branches')).toBe(false);
    expect(STAFF_ROLES.filter(hasBackOffice)).toEqual(['owner', 'admin', 'manager']);
  });

  it('scopes a member to their branches: the owner always all, an admin or manager with none named all, others only theirs', () => {
    expect(branchScopeOf({ role: 'owner', branchIds: ['b1'] })).toBeNull();
    expect(branchScopeOf({ role: 'admin', branchIds: [] })).toBeNull();
    expect(branchScopeOf({ role: 'manager', branchIds: [] })).toBeNull();
    expect(branchScopeOf({ role: 'manager', branchIds: ['b1'] })).toEqual(['b1']);
    expect(branchScopeOf({ role: 'kitchen', branchIds: [] })).toEqual([]);
    expect(worksAt({ role: 'manager', branchIds: ['b1'] }, 'b2')).toBe(false);
    expect(worksAt({ role: 'operator', branchIds: ['b1', 'b2'] }, 'b2')).toBe(true);
  });
});
