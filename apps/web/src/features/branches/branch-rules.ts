import type { Branch, City } from '@dasturxon/domain';

/*
 * How the branch list reads (docs/spec-index.md section 4, "Branch open or closed" and "Branch picker"), pure so
 * it is tested without a browser. Today's hours read as `hoursLine` says (shared/catalogue, the order's
 * pickup point shows them too).
 */

export { hoursLine, type HoursLine } from '../../shared/catalogue/branch-hours.ts';
// Shared with the address picker's pickup way out.
export { canChoose, pickupBranches } from '../../shared/catalogue/pickup-branches.ts';

/** The city the picker opens on: the chosen branch's city, else the only city, else the main city, else the first. */
export function defaultCityId(input: {
  cities: readonly City[];
  branches: readonly Branch[];
  chosenBranchId: string | null;
  mainCityId: string | null;
}): string | null {
  const { cities, branches, chosenBranchId, mainCityId } = input;
  const chosen = chosenBranchId ? branches.find((b) => b.id === chosenBranchId) : undefined;
  if (chosen && cities.some((c) => c.id === chosen.cityId)) return chosen.cityId;
  if (cities.length === 1) return cities[0]!.id;
  const main = cities.find((c) => c.isMain) ?? cities.find((c) => c.id === mainCityId);
  return main?.id ?? cities[0]?.id ?? null;
}
