import { describe, expect, it } from 'vitest';
import type { Product } from '@dasturxon/domain';
import {
  choicePrice,
  choiceProblems,
  choiceRoom,
  chosenList,
  defaultChoice,
  modificationPrice,
  toggleModification,
  type Chosen,
} from './product-choice.ts';

const mod = (id: string, groupId: string, price: number) => ({ id, groupId, name: { ru: id }, image: '', price, priority: 0 });
const burger = {
  id: 'burger',
  costPrice: 29000,
  discount: 0,
  modificationGroups: [
    { id: 'size', name: { ru: 'Размер' }, min: 1, max: 1, priority: 0, modifications: [mod('std', 'size', 0), mod('large', 'size', 8000)] },
    {
      id: 'sauce',
      name: { ru: 'Соусы' },
      min: 0,
      max: 3,
      priority: 1,
      modifications: [mod('ketchup', 'sauce', 2000), mod('cheese', 'sauce', 3000), mod('garlic', 'sauce', 2000), mod('bbq', 'sauce', 2500)],
    },
  ],
} satisfies Pick<Product, 'id' | 'costPrice' | 'discount' | 'modificationGroups'>;

const tap = (chosen: Chosen, ...ids: string[]) => ids.reduce((c, id) => toggleModification(burger, c, id).chosen, chosen);

describe('defaultChoice', () => {
  it('opens with the options the brand marks as default, no more than a group allows, and nothing when none is marked', () => {
    expect(defaultChoice(burger)).toEqual({});
    const marked: Pick<Product, 'id' | 'modificationGroups'> = {
      id: 'burger',
      modificationGroups: [
        {
          id: 'size',
          name: {},
          min: 1,
          max: 1,
          priority: 0,
          modifications: [mod('std', 'size', 0), { ...mod('large', 'size', 8000), isDefault: true }],
        },
        {
          id: 'sauce',
          name: {},
          min: 0,
          max: 1,
          priority: 1,
          modifications: ['ketchup', 'cheese', 'bbq'].map((id, i) => ({ ...mod(id, 'sauce', 2000), priority: -i, isDefault: true })),
        },
      ],
    };
    // A group of at most one: the first marked in the brand's order (bbq has the lowest priority).
    expect(defaultChoice(marked)).toEqual({ large: 1, bbq: 1 });
    expect(choiceProblems(marked, defaultChoice(marked))).toEqual([]);
  });
});

describe('toggleModification', () => {
  it('lets a group of one work as a radio that cannot be emptied when required', () => {
    let c = tap({}, 'std');
    expect(c).toEqual({ std: 1 });
    c = tap(c, 'large');
    expect(c).toEqual({ large: 1 });
    expect(tap(c, 'large')).toEqual({ large: 1 });
  });

  it('toggles checkboxes and refuses the one over the maximum', () => {
    const three = tap({}, 'ketchup', 'cheese', 'garlic');
    const fourth = toggleModification(burger, three, 'bbq');
    expect(fourth.refused).toEqual({ groupId: 'sauce', max: 3 });
    expect(fourth.chosen).toBe(three);
    expect(tap(three, 'cheese', 'bbq')).toEqual({ ketchup: 1, garlic: 1, bbq: 1 });
  });

  it('ignores a modification of another product', () => {
    expect(toggleModification(burger, {}, 'nope')).toEqual({ chosen: {}, refused: null });
  });
});

describe('choiceProblems', () => {
  it('holds the line until the required size is chosen', () => {
    expect(choiceProblems(burger, {}).map((p) => [p.code, p.details?.groupId])).toEqual([['MODIFICATION_MIN', 'size']]);
    expect(choiceProblems(burger, tap({}, 'std', 'ketchup'))).toEqual([]);
  });
});

describe('choicePrice', () => {
  it('adds the chosen modifications and multiplies by the quantity', () => {
    expect(choicePrice(burger, tap({}, 'large', 'cheese'), 2).net).toBe((29000 + 8000 + 3000) * 2);
  });

  it('takes the product discount off the modifications too', () => {
    const discounted = { ...burger, costPrice: 42000, discount: 15 };
    const price = choicePrice(discounted, tap({}, 'large'), 1);
    expect(price.gross).toBe(50000);
    expect(price.net).toBe(42500);
  });

  it('shows a modification at its discounted price', () => {
    expect(modificationPrice(8000, 0)).toBe(8000);
    expect(modificationPrice(8000, 15)).toBe(6800);
    expect(modificationPrice(2500, 25)).toBe(1875);
  });

  it('lists what is chosen', () => {
    expect(chosenList({ a: 1, b: 0 })).toEqual([{ id: 'a', count: 1 }]);
  });
});

describe('choiceRoom', () => {
  it('lets in what the stock has beside the basket, names the most, and refuses what cannot be ordered', () => {
    expect(choiceRoom({ isOrderable: true, count: 5 }, 3, 2)).toEqual({ ok: true });
    expect(choiceRoom({ isOrderable: true, count: 5 }, 4, 2)).toEqual({ ok: false, reason: 'NOT_ENOUGH', max: 3 });
    expect(choiceRoom({ isOrderable: true, count: 5 }, 1, 7)).toEqual({ ok: false, reason: 'NOT_ENOUGH', max: 0 });
    expect(choiceRoom({ isOrderable: true, count: null }, 40, 7)).toEqual({ ok: true });
    expect(choiceRoom({ isOrderable: false, count: null }, 1, 0)).toEqual({ ok: false, reason: 'UNAVAILABLE' });
  });
});
