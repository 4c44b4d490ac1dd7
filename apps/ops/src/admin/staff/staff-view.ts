import { needsBranches, type StaffRole } from '@dasturxon/domain';

/*
 * What the staff screen shows and sends of a member's branches (issue 28): the domain's rule (branchScopeOf,
 * needsBranches) in the screen's words.
 */

/** Where a member works, as the list says it: every branch, none yet (an operator, a kitchen or a courier), or these. */
export function branchSummary(
  member: { role: StaffRole; branchIds: readonly string[] },
  nameOf: (id: string) => string,
): { kind: 'all' } | { kind: 'none' } | { kind: 'named'; names: string[] } {
  if (member.role === 'owner') return { kind: 'all' };
  if (member.branchIds.length === 0) return needsBranches(member.role) ? { kind: 'none' } : { kind: 'all' };
  return { kind: 'named', names: member.branchIds.map(nameOf) };
}

/** The branches the form sends for a role: none for an owner (who works everywhere), else those ticked, once each. */
export const branchesToSend = (role: StaffRole, ticked: readonly string[]): string[] => (role === 'owner' ? [] : [...new Set(ticked)]);

/** Whether the form lacks the branches its role needs (the server would answer 400 on `body.branchIds`). */
export const lacksBranches = (role: StaffRole, ticked: readonly string[]): boolean =>
  needsBranches(role) && branchesToSend(role, ticked).length === 0;
