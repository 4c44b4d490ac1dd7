import { describe, expect, it } from 'vitest';
import type { Category, Group } from '@dasturxon/domain';
import { leadingBlocks, leadingMenu, menuArrangement, menuBlocks, sectionsOf } from './menu-layout.ts';

const group = (id: string): Group => ({ id, name: { ru: id }, icon: '', image: '', bgColor: '', iconBgColor: '', priority: 0 });
const category = (id: string, groupId: string | null): Category => ({
  id,
  groupId,
  name: { ru: id },
  image: '',
  priority: 0,
  textColor: '',
  viewType: 'MEDIUM',
  scrollType: 'VERTICAL',
  navigationType: 'SHEET',
  isWithoutCart: false,
});
const product = (id: string, categoryId: string) => ({ id, categoryId });

const menu = {
  groups: [group('food'), group('drinks'), group('empty')],
  categories: [
    category('burgers', 'food'),
    category('cola', 'drinks'),
    category('salads', 'food'),
    category('misc', null),
    category('none', 'food'),
  ],
  products: [product('b1', 'burgers'), product('c1', 'cola'), product('b2', 'burgers'), product('s1', 'salads'), product('m1', 'misc')],
};

describe('menuBlocks', () => {
  it('lists categories flat, in menu order, without empty ones, for WITHOUT_GROUP', () => {
    const blocks = menuBlocks(menu, 'WITHOUT_GROUP');
    expect(blocks).toHaveLength(1);
    expect(blocks[0]!.group).toBeNull();
    expect(blocks[0]!.sections.map((s) => [s.category.id, s.products.map((p) => p.id)])).toEqual([
      ['burgers', ['b1', 'b2']],
      ['cola', ['c1']],
      ['salads', ['s1']],
      ['misc', ['m1']],
    ]);
  });

  it('puts categories under their groups for GROUP, in group order, loose ones last, empty groups gone', () => {
    const blocks = menuBlocks(menu, 'GROUP');
    expect(blocks.map((b) => [b.group?.id ?? null, b.sections.map((s) => s.category.id)])).toEqual([
      ['food', ['burgers', 'salads']],
      ['drinks', ['cola']],
      [null, ['misc']],
    ]);
    expect(sectionsOf(blocks).map((s) => s.category.id)).toEqual(['burgers', 'salads', 'cola', 'misc']);
  });

  it('gives nothing for an empty menu', () => {
    expect(menuBlocks({ groups: [], categories: [], products: [] }, 'WITHOUT_GROUP')).toEqual([]);
    expect(menuBlocks({ groups: [], categories: [], products: [] }, 'GROUP')).toEqual([]);
  });
});

describe('menuArrangement', () => {
  const two = menuBlocks(menu, 'GROUP');
  it('follows categoryView', () => {
    expect(menuArrangement('ALL', 'GROUP', two)).toBe('all');
    expect(menuArrangement('ONE_CATEGORY', 'WITHOUT_GROUP', two)).toBe('tiles');
    expect(menuArrangement('GROUP_CATEGORY', 'GROUP', two)).toBe('group-tabs');
  });
  it('shows the whole menu for GROUP_CATEGORY when there are no groups to switch between', () => {
    expect(menuArrangement('GROUP_CATEGORY', 'WITHOUT_GROUP', two)).toBe('all');
    expect(menuArrangement('GROUP_CATEGORY', 'GROUP', two.slice(0, 1))).toBe('all');
  });
});

describe('leadingBlocks', () => {
  const blocks = menuBlocks(menu, 'GROUP');

  it('keeps whole sections, in order, until they hold enough products', () => {
    const first = leadingBlocks(blocks, 2);
    expect(sectionsOf(first).map((s) => s.category.id)).toEqual(['burgers']);
    expect(sectionsOf(leadingBlocks(blocks, 3)).map((s) => s.category.id)).toEqual(['burgers', 'salads']);
  });

  it('keeps the group of every section it keeps, and everything when the menu is small', () => {
    expect(leadingBlocks(blocks, 4).map((b) => b.group?.id ?? null)).toEqual(['food', 'drinks']);
    expect(leadingBlocks(blocks, 100)).toEqual(blocks);
  });

  it('takes sections only while products are wanted', () => {
    expect(sectionsOf(leadingBlocks(blocks, 0))).toHaveLength(0);
    expect(sectionsOf(leadingBlocks(blocks, 1)).map((s) => s.category.id)).toEqual(['burgers']);
  });
});

describe('leadingMenu', () => {
  it('keeps every group and category and the products of the leading sections, in menu order; nothing to cut, null', () => {
    // Grouped: burgers (2) and salads (1) of food come first, then cola, then misc.
    const start = leadingMenu(menu, 'GROUP', 3)!;
    expect(start.groups).toBe(menu.groups);
    expect(start.categories).toBe(menu.categories);
    expect(start.products.map((p) => p.id)).toEqual(['b1', 'b2', 's1']);
    // The same start is drawn from it as from the whole menu.
    const drawnIds = (m: typeof menu) => sectionsOf(leadingBlocks(menuBlocks(m, 'GROUP'), 3)).flatMap((s) => s.products.map((p) => p.id));
    expect(drawnIds(start)).toEqual(drawnIds(menu));
    expect(leadingMenu(menu, 'WITHOUT_GROUP', 2)!.products.map((p) => p.id)).toEqual(['b1', 'b2']);
    expect(leadingMenu(menu, 'GROUP', 5)).toBeNull();
    expect(leadingMenu(menu, 'GROUP', 4)!.products.map((p) => p.id)).toEqual(['b1', 'c1', 'b2', 's1']);
  });
});
