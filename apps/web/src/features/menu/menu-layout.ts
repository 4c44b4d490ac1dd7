import type { Category, CategoryView, Group, GroupView, Product } from '@dasturxon/domain';

/*
 * How the merchant's settings arrange the menu (docs/spec-index.md section 3): groupView GROUP puts categories
 * under their groups, WITHOUT_GROUP lists them flat; categoryView ALL shows every category on the
 * home page, ONE_CATEGORY shows category tiles that open /category, GROUP_CATEGORY shows one group
 * at a time. Pure, so the arrangement is tested without a browser.
 */

export interface MenuSection<P = Product> {
  category: Category;
  products: P[];
}

export interface MenuBlock<P = Product> {
  /** Null for the flat menu, and for categories whose group is missing. */
  group: Group | null;
  sections: MenuSection<P>[];
}

export interface MenuInputs<P> {
  groups: readonly Group[];
  categories: readonly Category[];
  products: readonly P[];
}

/** Categories with their products, in menu order, grouped when the merchant groups them. */
export function menuBlocks<P extends Pick<Product, 'categoryId'>>(menu: MenuInputs<P>, groupView: GroupView): MenuBlock<P>[] {
  const byCategory = new Map<string, P[]>();
  for (const p of menu.products) {
    const list = byCategory.get(p.categoryId);
    if (list) list.push(p);
    else byCategory.set(p.categoryId, [p]);
  }
  const sections = menu.categories
    .map((category) => ({ category, products: byCategory.get(category.id) ?? [] }))
    .filter((s) => s.products.length > 0);
  if (groupView === 'WITHOUT_GROUP') return sections.length ? [{ group: null, sections }] : [];

  const blocks: MenuBlock<P>[] = menu.groups.map((group) => ({ group, sections: sections.filter((s) => s.category.groupId === group.id) }));
  const known = new Set(menu.groups.map((g) => g.id));
  const loose = sections.filter((s) => !s.category.groupId || !known.has(s.category.groupId));
  if (loose.length) blocks.push({ group: null, sections: loose });
  return blocks.filter((b) => b.sections.length > 0);
}

export type MenuArrangement = 'all' | 'tiles' | 'group-tabs';

/** GROUP_CATEGORY needs groups to switch between; without them it is the whole menu. */
export function menuArrangement(categoryView: CategoryView, groupView: GroupView, blocks: readonly MenuBlock<unknown>[]): MenuArrangement {
  if (categoryView === 'ONE_CATEGORY') return 'tiles';
  if (categoryView === 'GROUP_CATEGORY' && groupView === 'GROUP' && blocks.length > 1) return 'group-tabs';
  return 'all';
}

export const sectionsOf = <P>(blocks: readonly MenuBlock<P>[]): MenuSection<P>[] => blocks.flatMap((b) => b.sections);

/**
 * The start of the menu: whole sections, in order, until they hold at least `minProducts` products.
 * The menu is drawn this way a few products more each frame (the first frame: more than a phone's
 * first screen shows), so neither the first paint nor any later frame waits for hundreds of cards.
 */
export function leadingBlocks<P>(blocks: readonly MenuBlock<P>[], minProducts: number): MenuBlock<P>[] {
  const out: MenuBlock<P>[] = [];
  let products = 0;
  for (const block of blocks) {
    if (products >= minProducts) break;
    const sections: MenuSection<P>[] = [];
    for (const section of block.sections) {
      if (products >= minProducts) break;
      sections.push(section);
      products += section.products.length;
    }
    out.push({ group: block.group, sections });
  }
  return out;
}

/**
 * What the server draws of a menu (whole sections until this many products): all of a usual menu, the first
 * screens of a very long one, so drawing and sending it stays quick (bench/ssr.mjs).
 */
export const SERVER_DRAWN_PRODUCTS = 150;

/**
 * What a server-drawn page carries of a long menu: every group and category, and the products of the sections it
 * draws (`leadingBlocks` of `minProducts`); null when that is the whole menu. The page and the browser draw the same
 * start from it, and the browser asks for the whole menu once the page is alive.
 */
export function leadingMenu<P extends Pick<Product, 'categoryId'>, M extends MenuInputs<P>>(
  menu: M,
  groupView: GroupView,
  minProducts: number,
): M | null {
  if (menu.products.length <= minProducts) return null;
  const drawn = new Set(sectionsOf(leadingBlocks(menuBlocks(menu, groupView), minProducts)).map((s) => s.category.id));
  const products = menu.products.filter((p) => drawn.has(p.categoryId));
  return products.length < menu.products.length ? { ...menu, products } : null;
}
