import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MENU_SOURCES } from '../src/enums.ts';
import { availabilityRank, orderMenu, menuAvailability, type MenuCategoryLike, type MenuProductLike } from '../src/menu.ts';

const BRANCHES = ['b1', 'b2', 'b3'];
const CATEGORIES = ['c1', 'c2', 'c3', 'c4'];

const categoryArb = fc.record({
  id: fc.constantFrom(...CATEGORIES),
  groupId: fc.constantFrom('g1', 'g2', null),
  priority: fc.integer({ min: -3, max: 3 }),
  active: fc.boolean(),
});

const productArb = fc.record({
  id: fc.uuid(),
  categoryId: fc.constantFrom(...CATEGORIES),
  priority: fc.integer({ min: -5, max: 5 }),
  active: fc.boolean(),
  isAvailable: fc.boolean(),
  count: fc.option(fc.integer({ min: -1, max: 3 }), { nil: null }),
  systems: fc.subarray([...MENU_SOURCES]),
  productBranch: fc.uniqueArray(fc.record({ branchId: fc.constantFrom(...BRANCHES), isActive: fc.boolean() }), {
    selector: (r) => r.branchId,
  }),
});

const menuArb = fc.record({
  categories: fc.uniqueArray(categoryArb, { selector: (c) => c.id }),
  products: fc.uniqueArray(productArb, { selector: (p) => p.id, maxLength: 30 }),
  source: fc.constantFrom(...MENU_SOURCES),
  branchId: fc.constantFrom(...BRANCHES, null),
});

const groups: { id: string; priority: number }[] = [
  { id: 'g1', priority: 1 },
  { id: 'g2', priority: 0 },
];

describe('orderMenu, for any menu', () => {
  it('lists exactly the active products of the channel in active categories, each once', () => {
    fc.assert(
      fc.property(menuArb, ({ categories, products, source, branchId }) => {
        const menu = orderMenu({ groups, categories, products }, { source, branchId });
        const active = new Set(categories.filter((c) => c.active).map((c) => c.id));
        const expected = products.filter((p) => p.active && p.systems.includes(source) && active.has(p.categoryId)).map((p) => p.id);
        expect(menu.products.map((p) => p.id).sort()).toEqual([...expected].sort());
      }),
    );
  });

  it('keeps each category together, in category order, and within it orderable before off before not sold at the branch', () => {
    fc.assert(
      fc.property(menuArb, ({ categories, products, source, branchId }) => {
        const menu = orderMenu({ groups, categories, products }, { source, branchId });
        const place = new Map(menu.categories.map((c, i) => [c.id, i]));
        for (let i = 1; i < menu.products.length; i++) {
          const a = menu.products[i - 1]!;
          const b = menu.products[i]!;
          const ca = place.get(a.categoryId)!;
          const cb = place.get(b.categoryId)!;
          expect(ca).toBeLessThanOrEqual(cb);
          if (ca === cb) {
            const ra = availabilityRank(a);
            const rb = availabilityRank(b);
            expect(ra).toBeLessThanOrEqual(rb);
            if (ra === rb) expect(a.priority).toBeLessThanOrEqual(b.priority);
          }
        }
      }),
    );
  });

  it('marks every product as menuAvailability says', () => {
    fc.assert(
      fc.property(menuArb, ({ categories, products, source, branchId }) => {
        const menu = orderMenu({ groups, categories, products }, { source, branchId });
        for (const p of menu.products) {
          const { inStock, isAvailableAtBranch, isOrderable } = p;
          expect({ inStock, isAvailableAtBranch, isOrderable }).toEqual(menuAvailability(p, branchId));
        }
        if (branchId === null) expect(menu.products.every((p) => p.isAvailableAtBranch)).toBe(true);
      }),
    );
  });

  it('shows categories with a product and the groups they belong to, each sorted by priority', () => {
    fc.assert(
      fc.property(menuArb, ({ categories, products, source, branchId }) => {
        const menu = orderMenu({ groups, categories, products }, { source, branchId });
        const used = new Set(menu.products.map((p) => p.categoryId));
        expect(menu.categories.map((c) => c.id).sort()).toEqual([...used].sort());
        const priorities = (rows: readonly (MenuCategoryLike | { priority: number })[]) => rows.map((r) => r.priority);
        expect(priorities(menu.categories)).toEqual([...priorities(menu.categories)].sort((a, b) => a - b));
        const usedGroups = new Set<string | null>(menu.categories.map((c) => c.groupId));
        expect(menu.groups.map((g) => g.id).sort()).toEqual(
          groups
            .filter((g) => usedGroups.has(g.id))
            .map((g) => g.id)
            .sort(),
        );
        expect(priorities(menu.groups)).toEqual([...priorities(menu.groups)].sort((a, b) => a - b));
      }),
    );
  });

  it('gives the same order whatever order the rows were read in', () => {
    fc.assert(
      fc.property(menuArb, fc.integer(), ({ categories, products, source, branchId }, seed) => {
        const shuffled = <T>(rows: readonly T[]): T[] => {
          const out = [...rows];
          let s = seed;
          for (let i = out.length - 1; i > 0; i--) {
            s = (s * 1103515245 + 12345) & 0x7fffffff;
            const j = s % (i + 1);
            [out[i], out[j]] = [out[j]!, out[i]!];
          }
          return out;
        };
        const a = orderMenu({ groups, categories, products }, { source, branchId });
        const b = orderMenu(
          { groups: shuffled(groups), categories: shuffled(categories), products: shuffled(products) as MenuProductLike[] },
          { source, branchId },
        );
        expect(b.products.map((p) => p.id)).toEqual(a.products.map((p) => p.id));
        expect(b.categories.map((c) => c.id)).toEqual(a.categories.map((c) => c.id));
      }),
    );
  });
});
