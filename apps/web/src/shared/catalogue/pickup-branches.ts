import type { Branch } from '@dasturxon/domain';

/* Which branches a customer may pick up from: the branch picker's list, and the address picker's way out of a point outside every zone. */

/** Only branches that take pickup orders are offered (docs/spec-index.md section 4), main branch first, then by priority. */
export function pickupBranches(branches: readonly Branch[], cityId: string | null): Branch[] {
  return branches
    .filter((b) => b.isActive && b.settings.pickupEnabled && (!cityId || b.cityId === cityId))
    .sort((a, b) => Number(b.isMain) - Number(a.isMain) || a.priority - b.priority || (a.id < b.id ? -1 : 1));
}

/** A closed branch cannot be chosen (docs/spec-index.md section 5). */
export const canChoose = (branch: Pick<Branch, 'isOpen' | 'isActive'>): boolean => branch.isActive && branch.isOpen;
