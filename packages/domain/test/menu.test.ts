import { describe, expect, it } from 'vitest';
import {
  availabilityRank,
  byPriority,
  isInStock,
  isListed,
  isSoldAt,
  orderMenu,
  menuAvailability,
  type MenuCategoryLike,
  type MenuGroupLike,
  type MenuProductLike,
} from '../src/menu.ts';

const ALL = ['WEB', 'TELEGRAM', 'QR', 'APP'];
const B1 = 'branch-1';
const B2 = 'branch-2';

const product = (id: string, extra: Partial<MenuProductLike> = {}): MenuProductLike => ({
  id,
  categoryId: 'c1',
  priority: 0,
  isAvailable: true,
  count: null,
  systems: ALL,
  productBranch: [],
  ...extra,
});
const category = (id: string, priority: number, extra: Partial<MenuCategoryLike> = {}): MenuCategoryLike => ({
  id,
  groupId: 'g1',
  priority,
  ...extra,
});
const group = (id: string, priority: number): MenuGroupLike => ({ id, priority });

describe('stock and branch availability', () => {
  it('treats an uncounted stock as never running out', () => {
    expect(isInStock(null)).toBe(true);
    expect(isInStock(3)).toBe(true);
    expect(isInStock(0)).toBe(false);
    expect(isInStock(-2)).toBe(false);
  });

  it('sells at a branch unless a row for it says otherwise', () => {
    const rows = [
      { branchId: B1, isActive: false },
      { branchId: B2, isActive: true },
    ];
    expect(isSoldAt(rows, B1)).toBe(false);
    expect(isSoldAt(rows, B2)).toBe(true);
    expect(isSoldAt(rows, 'branch-3')).toBe(true);
    expect(isSoldAt(rows, null)).toBe(true);
    expect(isSoldAt([], B1)).toBe(true);
  });

  it('makes a product orderable only when available, in stock and sold at the branch', () => {
    expect(menuAvailability(product('p'), B1)).toEqual({ inStock: true, isAvailableAtBranch: true, isOrderable: true });
    expect(menuAvailability(product('p', { count: 0 }), B1)).toEqual({ inStock: false, isAvailableAtBranch: true, isOrderable: false });
    expect(menuAvailability(product('p', { isAvailable: false }), null)).toEqual({
      inStock: true,
      isAvailableAtBranch: true,
      isOrderable: false,
    });
    const notHere = product('p', { productBranch: [{ branchId: B1, isActive: false }] });
    expect(menuAvailability(notHere, B1)).toEqual({ inStock: true, isAvailableAtBranch: false, isOrderable: false });
    expect(menuAvailability(notHere, undefined).isOrderable).toBe(true);
  });

  it('ranks orderable, then off for now, then not sold at the branch', () => {
    expect(availabilityRank({ inStock: true, isAvailableAtBranch: true, isOrderable: true })).toBe(0);
    expect(availabilityRank({ inStock: false, isAvailableAtBranch: true, isOrderable: false })).toBe(1);
    expect(availabilityRank({ inStock: true, isAvailableAtBranch: false, isOrderable: false })).toBe(2);
    expect(availabilityRank({ inStock: false, isAvailableAtBranch: false, isOrderable: false })).toBe(2);
  });

  it('lists a product only when active and shown in the channel', () => {
    expect(isListed(product('p'), 'WEB')).toBe(true);
    expect(isListed(product('p', { active: false }), 'WEB')).toBe(false);
    expect(isListed(product('p', { systems: ['TELEGRAM'] }), 'WEB')).toBe(false);
    expect(isListed(product('p', { systems: ['TELEGRAM'] }), 'TELEGRAM')).toBe(true);
  });

  it('orders by priority with the id breaking ties', () => {
    const rows = [
      { id: 'b', priority: 1 },
      { id: 'a', priority: 1 },
      { id: 'z', priority: 0 },
    ];
    expect([...rows].sort(byPriority).map((r) => r.id)).toEqual(['z', 'a', 'b']);
  });
});

describe('orderMenu', () => {
  const groups = [group('g2', 2), group('g1', 1), group('g-empty', 0)];
  const categories = [
    category('c2', 2),
    category('c1', 1),
    category('c-off', 0, { active: false }),
    category('c-empty', 3),
    category('c-tg', 4, { groupId: 'g2' }),
  ];

  it('orders categories and groups by priority and drops what would be empty', () => {
    const menu = orderMenu(
      {
        groups,
        categories,
        products: [
          product('p1', { categoryId: 'c1' }),
          product('p2', { categoryId: 'c2' }),
          product('p-off', { categoryId: 'c-off' }),
          product('p-tg', { categoryId: 'c-tg', systems: ['TELEGRAM'] }),
        ],
      },
      { source: 'WEB' },
    );
    expect(menu.categories.map((c) => c.id)).toEqual(['c1', 'c2']);
    expect(menu.groups.map((g) => g.id)).toEqual(['g1']);
    expect(menu.products.map((p) => p.id)).toEqual(['p1', 'p2']);

    const telegram = orderMenu(
      { groups, categories, products: [product('p-tg', { categoryId: 'c-tg', systems: ['TELEGRAM'] })] },
      { source: 'TELEGRAM' },
    );
    expect(telegram.groups.map((g) => g.id)).toEqual(['g2']);
    expect(telegram.products.map((p) => p.id)).toEqual(['p-tg']);
  });

  it('never lists an inactive product, nor a product of an inactive category', () => {
    const menu = orderMenu(
      { groups, categories, products: [product('gone', { active: false }), product('hidden', { categoryId: 'c-off' }), product('kept')] },
      { source: 'WEB' },
    );
    expect(menu.products.map((p) => p.id)).toEqual(['kept']);
  });

  it('sorts products by category place, then availability at the branch, then priority', () => {
    const products = [
      product('c2-first', { categoryId: 'c2', priority: 0 }),
      product('not-here', { priority: 0, productBranch: [{ branchId: B1, isActive: false }] }),
      product('sold-out', { priority: 1, count: 0 }),
      product('stopped', { priority: 5, isAvailable: false }),
      product('late', { priority: 9 }),
      product('early', { priority: 2 }),
    ];
    const atB1 = orderMenu({ groups, categories, products }, { source: 'WEB', branchId: B1 });
    expect(atB1.products.map((p) => p.id)).toEqual(['early', 'late', 'sold-out', 'stopped', 'not-here', 'c2-first']);
    expect(atB1.products.find((p) => p.id === 'not-here')).toMatchObject({ isAvailableAtBranch: false, isOrderable: false, inStock: true });
    expect(atB1.products.find((p) => p.id === 'sold-out')).toMatchObject({ isAvailableAtBranch: true, isOrderable: false, inStock: false });

    // Another branch sells it: it takes its place by priority again (the menu re-sorts on a branch change).
    const atB2 = orderMenu({ groups, categories, products }, { source: 'WEB', branchId: B2 });
    expect(atB2.products.map((p) => p.id)).toEqual(['not-here', 'early', 'late', 'sold-out', 'stopped', 'c2-first']);
    expect(atB2.products.every((p) => p.isAvailableAtBranch)).toBe(true);
  });

  it('does not change its input', () => {
    const products = [product('b', { priority: 2 }), product('a', { priority: 1 })];
    const before = JSON.stringify(products);
    orderMenu({ groups, categories, products }, { source: 'WEB' });
    expect(JSON.stringify(products)).toBe(before);
  });
});
