import { describe, expect, it } from 'vitest';
import { chosenOf, type PricedProduct } from '../src/line.ts';

describe('chosenOf', () => {
  // The brand's order: the size group first (standard, large), then the sauces (ketchup, cheese).
  const product: PricedProduct = {
    costPrice: 30_000,
    discount: 0,
    modifications: [
      { id: 'std', groupId: 'size', price: 0 },
      { id: 'large', groupId: 'size', price: 8_000 },
      { id: 'ketchup', groupId: 'sauce', price: 2_000 },
      { id: 'cheese', groupId: 'sauce', price: 3_000 },
    ],
  };

  it('answers the chosen ones in the brand’s order, whatever order they were tapped in, leaving unknown ones out', () => {
    const chosen = chosenOf(product, [
      { id: 'cheese', count: 2 },
      { id: 'other', count: 1 },
      { id: 'large', count: 1 },
      { id: 'ketchup', count: 1 },
    ]);
    expect(chosen.map((m) => [m.id, m.count, m.price])).toEqual([
      ['large', 1, 8_000],
      ['ketchup', 1, 2_000],
      ['cheese', 2, 3_000],
    ]);
  });

  it('reads the same with the caller’s own index by id', () => {
    const indexed = { ...product, modificationsById: new Map(product.modifications.map((m) => [m.id, m])) };
    expect(
      chosenOf(indexed, [
        { id: 'cheese', count: 1 },
        { id: 'std', count: 1 },
      ]).map((m) => m.id),
    ).toEqual(['std', 'cheese']);
  });
});
