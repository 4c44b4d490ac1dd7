import { describe, expect, it } from 'vitest';
import type { Branch, Staff } from '@dasturxon/domain/contracts';
import { branchChoices, homeOf, myBranches, SCREEN_PATH, SCREENS } from './session.ts';

const branch = (id: string, eng: string) => ({ id, name: { ru: '', uz: '', eng }, address: `${eng} street` }) as unknown as Branch;
const staffAt = (role: Staff['role'], branchIds: string[]) => ({ id: 's', role, branchIds, name: 'S' }) as unknown as Staff;
const ALL = [branch('b1', 'Chilonzor'), branch('b2', 'Yunusobod')];

describe("the console's session", () => {
  it('lands each role on the path of its first screen, and every screen has a path', () => {
    expect([homeOf('admin'), homeOf('operator'), homeOf('kitchen'), homeOf('courier')]).toEqual(['/', '/', '/', '/courier']);
    // The waiter (issue 32) lands on the floor and has no other screen; those who run a branch have the floor too.
    expect(homeOf('waiter')).toBe('/floor');
    expect(SCREENS.waiter).toEqual(['floor']);
    expect(SCREENS.operator).toContain('floor');
    expect(SCREENS.kitchen).not.toContain('floor');
    for (const screens of Object.values(SCREENS)) for (const screen of screens) expect(SCREEN_PATH[screen]).toMatch(/^\//);
  });

  it("lists the staff member's own branches; an admin with none has all of the brand's", () => {
    expect(myBranches(staffAt('kitchen', ['b2']), ALL).map((b) => b.id)).toEqual(['b2']);
    expect(myBranches(staffAt('admin', []), ALL).map((b) => b.id)).toEqual(['b1', 'b2']);
  });

  it('names the branches to choose from, or shows their ids while the list has not come', () => {
    expect(branchChoices({ staff: staffAt('operator', ['b1']), branches: ALL }, 'eng')).toEqual([
      { id: 'b1', label: 'Chilonzor' },
      { id: 'b2', label: 'Yunusobod' },
    ]);
    expect(branchChoices({ staff: staffAt('operator', ['0123456789ab']), branches: [] }, 'eng')).toEqual([
      { id: '0123456789ab', label: '01234567' },
    ]);
  });
});
