import type { MenuSource } from './enums.ts';

/*
 * Menu rules: which products, categories and groups a customer sees, in what order, and how each
 * product's availability is marked. Pure, so the server (the overalls document) and the storefront
 * (re-sorting locally when the customer picks another branch, docs/spec-index.md section 4) agree.
 */

/**
 * True when a product is sold at a branch (the quote's rules take it from here: the menu, on the first
 * screen, must not load them): its product-branch entry says so, and a product with no
 * entry for the branch is sold there (docs/spec-index.md section 3: productBranch lists exceptions).
 */
export function isSoldAtBranch(entry: { isActive: boolean } | null | undefined): boolean {
  return entry?.isActive ?? true;
}

/** A product's exception at a branch: a row with isActive false means not sold there; no row means sold. */
export interface ProductBranchState {
  branchId: string;
  isActive: boolean;
}

export interface MenuProductLike {
  id: string;
  categoryId: string;
  priority: number;
  /** Inactive products never reach a customer; absent means active. */
  active?: boolean;
  /** The merchant's own switch (a stop list): false greys the product without hiding it. */
  isAvailable: boolean;
  /** Stock left; null means not counted. */
  count: number | null;
  /** Channels the product shows in. */
  systems: readonly string[];
  productBranch: readonly ProductBranchState[];
}

export interface MenuCategoryLike {
  id: string;
  groupId: string | null;
  priority: number;
  /** Inactive categories never appear, and neither do their products; absent means active. */
  active?: boolean;
}

export interface MenuGroupLike {
  id: string;
  priority: number;
}

export interface MenuAvailability {
  /** False when the stock is counted and none is left. */
  inStock: boolean;
  /** False when the product is not sold at the chosen branch; true when no branch is chosen. */
  isAvailableAtBranch: boolean;
  /** What the add button follows: available, in stock and sold at the branch. */
  isOrderable: boolean;
}

/** A stock of null is not counted and never runs out. */
export const isInStock = (count: number | null): boolean => count === null || count > 0;

/** Sold at a branch unless its row for that branch says otherwise (quote rule `isSoldAtBranch`); with no branch chosen, sold. */
export function isSoldAt(productBranch: readonly ProductBranchState[], branchId: string | null | undefined): boolean {
  if (!branchId) return true;
  return isSoldAtBranch(productBranch.find((b) => b.branchId === branchId));
}

export function menuAvailability(
  product: Pick<MenuProductLike, 'isAvailable' | 'count' | 'productBranch'>,
  branchId: string | null | undefined,
): MenuAvailability {
  const inStock = isInStock(product.count);
  const isAvailableAtBranch = isSoldAt(product.productBranch, branchId);
  return { inStock, isAvailableAtBranch, isOrderable: product.isAvailable && inStock && isAvailableAtBranch };
}

/**
 * Where a product goes within its category: orderable first; then what is off for now (stop list
 * or sold out, it may come back within the day); last what the chosen branch does not sell at all.
 */
export function availabilityRank(a: MenuAvailability): 0 | 1 | 2 {
  if (!a.isAvailableAtBranch) return 2;
  return a.isOrderable ? 0 : 1;
}

/** True when a product reaches the customer of a channel. */
export const isListed = (product: Pick<MenuProductLike, 'active' | 'systems'>, source: MenuSource): boolean =>
  product.active !== false && product.systems.includes(source);

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Lower priority first; the id breaks ties so the order never depends on how rows were read. */
export const byPriority = (a: { id: string; priority: number }, b: { id: string; priority: number }): number =>
  a.priority - b.priority || byId(a, b);

export interface MenuInput<G extends MenuGroupLike, C extends MenuCategoryLike, P extends MenuProductLike> {
  groups: readonly G[];
  categories: readonly C[];
  products: readonly P[];
}

export interface OrderedMenu<G, C, P> {
  groups: G[];
  categories: C[];
  products: (P & MenuAvailability)[];
}

/**
 * The menu a channel shows, in order:
 * - products: active and listed for the channel, in an active category;
 * - categories: active with at least one such product (an empty section helps no one), by priority;
 * - groups: those that keep a category, by priority;
 * - products ordered by their category's place, then {@link availabilityRank} at the branch,
 *   then priority; each marked with its availability.
 */
export function orderMenu<G extends MenuGroupLike, C extends MenuCategoryLike, P extends MenuProductLike>(
  menu: MenuInput<G, C, P>,
  options: { source: MenuSource; branchId?: string | null },
): OrderedMenu<G, C, P> {
  const activeCategories = new Map(menu.categories.filter((c) => c.active !== false).map((c) => [c.id, c]));
  const listed = menu.products.filter((p) => isListed(p, options.source) && activeCategories.has(p.categoryId));
  const used = new Set(listed.map((p) => p.categoryId));
  const categories = [...activeCategories.values()].filter((c) => used.has(c.id)).sort(byPriority);
  const categoryRank = new Map(categories.map((c, i) => [c.id, i]));
  const usedGroups = new Set(categories.map((c) => c.groupId));
  const groups = menu.groups.filter((g) => usedGroups.has(g.id)).sort(byPriority);

  const marked = listed.map((p) => {
    const availability = menuAvailability(p, options.branchId);
    return { product: { ...p, ...availability }, rank: availabilityRank(availability), category: categoryRank.get(p.categoryId)! };
  });
  marked.sort((a, b) => a.category - b.category || a.rank - b.rank || byPriority(a.product, b.product));
  return { groups, categories, products: marked.map((m) => m.product) };
}
